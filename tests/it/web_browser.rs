//! The guide server in a real browser: headless Chromium opens `/?lang=pt-BR`, follows the
//! question form with "llama 70b fp16", and must see the Portuguese page, the answer and
//! the SVG memory bar; it also takes a phone-sized screenshot.
//!
//! The sweep (`every_page_type_in_every_language_light_and_dark`) opens every page type
//! in the four languages, at 390 and 1,280 px, light and dark, over the DevTools protocol.
//!
//! Runs when `chromium` (Debian's package; `.ci/run` installs it) or `$CHROMIUM` is
//! present, and says loudly it was skipped otherwise; with `VRAMGUIDE_REQUIRE_BROWSER=1`
//! (CI) a missing browser is a failure. `VRAMGUIDE_SCREENSHOT=docs/screenshot-web.png`
//! writes the phone screenshot there; `VRAMGUIDE_SCREENSHOTS=$PWD/docs/screenshots` writes
//! the sweep's [`SHOTS`] (README's pictures; then `optipng -o2 -strip all` them).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use vramguide::i18n::{Lang, has, t};
use vramguide::web;

/// Chromium for a browser test, or `None` after a loud note that the test was skipped.
/// With `VRAMGUIDE_REQUIRE_BROWSER=1` (`.ci/run` sets it) a missing browser fails the test
/// instead: CI never skips the browser checks.
pub(crate) fn chromium() -> Option<PathBuf> {
    let found = find_chromium();
    if found.is_none() {
        let required = std::env::var("VRAMGUIDE_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "VRAMGUIDE_REQUIRE_BROWSER=1 but no chromium: apt-get install -y chromium, or set CHROMIUM"
        );
        eprintln!(
            "\n*** SKIPPED: no chromium on PATH, the headless browser checks did not run ***\n\
             *** (apt-get install -y chromium, or set CHROMIUM; CI sets VRAMGUIDE_REQUIRE_BROWSER=1) ***\n"
        );
    }
    found
}

fn find_chromium() -> Option<PathBuf> {
    let candidates = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .into_iter()
        .chain(["chromium", "chromium-browser"].map(PathBuf::from));
    candidates.into_iter().find(|c| {
        Command::new(c)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// Run headless Chromium with `extra` on `url`; returns stdout. Killed after 60 s.
fn run_chromium(bin: &Path, profile: &Path, extra: &[String], url: &str) -> String {
    let mut child = Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().expect("waitable").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish within 60 s on {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().expect("output");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The value of `attr` in the first tag of `html` that contains `marker`.
fn attr_of(html: &str, marker: &str, attr: &str) -> Option<String> {
    let at = html.find(marker)?;
    let start = html[..at].rfind('<')?;
    let end = at + html[at..].find('>')?;
    let tag = &html[start..end];
    let key = format!("{attr}=\"");
    let from = tag.find(&key)? + key.len();
    Some(tag[from..].split('"').next()?.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn portuguese_answer_page_in_headless_chromium() {
    let Some(bin) = chromium() else {
        return;
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let state = web::AppState::new(web::Config::default());
    tokio::spawn(web::serve(listener, state, std::future::pending()));
    let profile = std::env::temp_dir().join(format!("vramguide-chromium-{}", std::process::id()));
    let dump = ["--dump-dom".to_string()];

    // The home page in Portuguese, with its question form.
    let home = {
        let (bin, profile, url) = (bin.clone(), profile.clone(), format!("{base}/?lang=pt-BR"));
        tokio::task::spawn_blocking(move || run_chromium(&bin, &profile, &dump, &url))
            .await
            .unwrap()
    };
    assert!(home.contains("<html lang=\"pt-BR\">"), "{home}");
    assert!(home.contains(&t(Lang::Pt, "web-ask-heading")));
    assert_eq!(
        attr_of(&home, "class=\"ask\"", "action").as_deref(),
        Some("/ask")
    );
    assert_eq!(attr_of(&home, "id=\"q\"", "name").as_deref(), Some("q"));
    assert_eq!(
        attr_of(&home, "id=\"q\"", "placeholder").as_deref(),
        Some("llama 70b fp16")
    );
    let lang_field = attr_of(&home, "type=\"hidden\" name=\"lang\"", "value").unwrap();

    // Submitting the GET form navigates to action?q=...&lang=...: open that URL.
    let query: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("q", "llama 70b fp16")
        .append_pair("lang", &lang_field)
        .finish();
    let answer_url = format!("{base}/ask?{query}");
    let page = {
        let (bin, profile, url) = (bin.clone(), profile.clone(), answer_url.clone());
        let dump = ["--dump-dom".to_string()];
        tokio::task::spawn_blocking(move || run_chromium(&bin, &profile, &dump, &url))
            .await
            .unwrap()
    };
    assert!(page.contains("<html lang=\"pt-BR\">"));
    assert!(
        page.contains("<article class=\"answer\" lang=\"pt-BR\">"),
        "{page}"
    );
    assert!(
        page.contains("value=\"llama 70b fp16\""),
        "the box keeps the question"
    );
    // The chart's legend (render/chart/) marks the card's memory, in Portuguese.
    assert!(page.contains(&t(Lang::Pt, "chart-capacity")));
    assert!(page.contains(&t(Lang::Pt, "web-guides-title")));
    // The answer's own words, once the Portuguese answers.ftl is in this checkout.
    for id in ["part-weights", "answer-setups-title"] {
        if has(Lang::Pt, id) {
            assert!(page.contains(&t(Lang::Pt, id)), "{id}");
        }
    }
    let svg_at = page.find("<svg id=\"memory-bar\"").expect("the SVG bar");
    let svg = &page[svg_at..page[svg_at..].find("</svg>").unwrap() + svg_at];
    assert!(svg.contains("class=\"seg weights\""), "{svg}");
    assert!(svg.contains("class=\"seg kv\""));
    assert!(svg.contains("class=\"capacity\""), "drawn against a GPU");

    // A phone-sized screenshot of the answer.
    let shot = std::env::var_os("VRAMGUIDE_SCREENSHOT")
        .map(PathBuf::from)
        .unwrap_or_else(|| profile.with_extension("png"));
    let args = [
        format!("--screenshot={}", shot.display()),
        "--window-size=412,915".to_string(),
    ];
    {
        let (bin, profile) = (bin.clone(), profile.clone());
        tokio::task::spawn_blocking(move || run_chromium(&bin, &profile, &args, &answer_url))
            .await
            .unwrap();
    }
    let png = std::fs::read(&shot).expect("screenshot written");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "a real PNG"
    );
    let _ = std::fs::remove_dir_all(&profile);
}

/// The page's h1 in CSS px (1.5rem): the largest type the chart may show on a desktop.
const H1_PX: f64 = 24.0;

/// One page as a browser lays it out: measured in the page by [`MEASURE`].
#[derive(Debug, serde::Deserialize)]
struct Layout {
    /// How far the page scrolls sideways, in CSS px (0: it does not).
    overflow: f64,
    /// Text drawn under 12 px: "tag:size:text", the chart's SVG text at its drawn size.
    small: Vec<String>,
    /// Where the verdict box ends, from the top of the page; None: no verdict on the page.
    verdict_bottom: Option<f64>,
    /// The memory chart's type as drawn; None: no chart on the page.
    chart: Option<ChartType>,
    /// The page's background colour as computed ("rgb(20, 23, 27)").
    bg: String,
    lang: String,
    ready: bool,
    /// Light blocks of at least 2,000 px² (backgrounds, SVG rectangles): "tag.class".
    #[serde(default)]
    bright: Vec<String>,
    /// Where the tab ended up (after a redirect), path and query.
    #[serde(default)]
    href: String,
    /// False while the previous page is still the one shown.
    #[serde(default)]
    fresh: bool,
}

/// The chart's type at the size the page draws it (its SVG's font sizes times its scale).
#[derive(Debug, serde::Deserialize)]
struct ChartType {
    /// The largest, in CSS px (the smallest is checked with all text, in `small`).
    max: f64,
}

/// Run in the page: sideways overflow, text under 12 px, the chart's type, the verdict's place.
const MEASURE: &str = r#"(() => {
  const small = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg')) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const r = el.getBoundingClientRect();
    if (!own || r.width === 0 || r.height === 0) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 11.95) small.push(el.tagName + ':' + size.toFixed(1) + ':' + el.textContent.trim().slice(0, 40));
  }
  const svg = document.querySelector('#memory-bar');
  let chart = null;
  if (svg) {
    const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    for (const t of svg.querySelectorAll('text')) {
      const size = parseFloat(t.getAttribute('font-size')) * k;
      if (size < 11.95) small.push('svg:' + size.toFixed(1) + ':' + t.textContent.slice(0, 40));
      chart = {max: Math.max(chart ? chart.max : 0, size)};
    }
  }
  const v = document.querySelector('.verdict');
  const light = c => {
    const m = /rgba?\(([^)]*)\)/.exec(c || '');
    if (!m) return false;
    const [r, g, b, a = 1] = m[1].split(/[\s,\/]+/).map(Number);
    return a > 0.5 && r > 215 && g > 215 && b > 215;
  };
  const bright = [];
  for (const el of document.querySelectorAll('body, body *')) {
    const r = el.getBoundingClientRect();
    if (r.width * r.height < 2000) continue;
    const cs = getComputedStyle(el);
    const svg = el instanceof SVGElement;
    if (svg ? el.tagName === 'rect' && light(cs.fill) : light(cs.backgroundColor))
      bright.push(el.tagName.toLowerCase() + '.' + (el.getAttribute('class') || ''));
  }
  return JSON.stringify({
    bright,
    href: location.pathname + location.search,
    fresh: !window.__old,
    overflow: document.documentElement.scrollWidth - innerWidth,
    small,
    verdict_bottom: v ? v.getBoundingClientRect().bottom + scrollY : null,
    chart,
    bg: getComputedStyle(document.body).backgroundColor,
    lang: document.documentElement.lang,
    ready: document.readyState === 'complete',
  });
})()"#;

/// A headless Chromium driven over the DevTools protocol: one tab, resized and switched to
/// dark mode between pages. Killed on drop.
pub(crate) struct Browser {
    child: std::process::Child,
    ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    next_id: u64,
    /// What the pages reported since the last [`Browser::take_problems`]: console errors,
    /// uncaught exceptions, CSP violations and failed loads (with `Log` and `Runtime`
    /// enabled by [`Browser::watch`]).
    problems: Vec<String>,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    pub(crate) async fn start(bin: &Path, profile: &Path) -> Browser {
        use std::io::BufRead;
        let mut child = Command::new(bin)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID" on stderr.
        let stderr = child.stderr.take().expect("stderr");
        let port = tokio::task::spawn_blocking(move || {
            let mut lines = std::io::BufReader::new(stderr).lines();
            let port = lines.by_ref().map_while(Result::ok).find_map(|l| {
                let url = l.strip_prefix("DevTools listening on ws://")?.to_string();
                url.split(['/', ':']).nth(1)?.parse::<u16>().ok()
            });
            // Keep draining, so Chromium never blocks on a full pipe.
            std::thread::spawn(move || lines.for_each(drop));
            port
        })
        .await
        .unwrap()
        .expect("DevTools port");
        let targets: serde_json::Value = reqwest::get(format!("http://127.0.0.1:{port}/json/list"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let page = targets
            .as_array()
            .and_then(|t| t.iter().find(|t| t["type"] == "page"))
            .and_then(|t| t["webSocketDebuggerUrl"].as_str())
            .expect("a page target")
            .to_string();
        let (ws, _) = tokio_tungstenite::connect_async(page).await.expect("CDP");
        Browser {
            child,
            ws,
            next_id: 1,
            problems: Vec::new(),
        }
    }

    /// Report console errors, exceptions, failed loads and CSP violations from now on.
    pub(crate) async fn watch(&mut self) {
        for domain in ["Log.enable", "Runtime.enable", "Page.enable"] {
            self.call(domain, serde_json::json!({})).await;
        }
        // Headless tabs lack focus, which the clipboard needs.
        self.call(
            "Emulation.setFocusEmulationEnabled",
            serde_json::json!({"enabled": true}),
        )
        .await;
    }

    /// The problems reported since the last call (see [`Browser::problems`]).
    pub(crate) async fn take_problems(&mut self) -> Vec<String> {
        // One more round trip: events sent before its reply are in by then.
        self.call("Runtime.evaluate", serde_json::json!({"expression": "0"}))
            .await;
        std::mem::take(&mut self.problems)
    }

    /// An event worth reporting, as one line; None for the rest.
    fn problem(event: &serde_json::Value) -> Option<String> {
        let p = &event["params"];
        match event["method"].as_str()? {
            "Log.entryAdded" if p["entry"]["level"] == "error" => Some(format!(
                "{} error: {} ({})",
                p["entry"]["source"].as_str().unwrap_or("log"),
                p["entry"]["text"].as_str().unwrap_or(""),
                p["entry"]["url"].as_str().unwrap_or("")
            )),
            "Runtime.exceptionThrown" => Some(format!(
                "exception: {}",
                p["exceptionDetails"]["exception"]["description"]
                    .as_str()
                    .or(p["exceptionDetails"]["text"].as_str())
                    .unwrap_or("")
            )),
            "Runtime.consoleAPICalled"
                if matches!(p["type"].as_str(), Some("error" | "assert")) =>
            {
                Some(format!("console.{}: {}", p["type"].as_str()?, p["args"]))
            }
            _ => None,
        }
    }

    /// Send one DevTools command and wait for its reply.
    pub(crate) async fn call(
        &mut self,
        method: &str,
        params: serde_json::Value,
    ) -> serde_json::Value {
        use futures_util::{SinkExt, StreamExt};
        use tokio_tungstenite::tungstenite::Message;
        let id = self.next_id;
        self.next_id += 1;
        let msg = serde_json::json!({"id": id, "method": method, "params": params});
        self.ws.send(Message::Text(msg.to_string())).await.unwrap();
        loop {
            let next = tokio::time::timeout(Duration::from_secs(30), self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("no reply to {method}"));
            let Some(Ok(Message::Text(text))) = next else {
                continue;
            };
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            if let Some(problem) = Self::problem(&v) {
                self.problems.push(problem);
            }
            if v["id"] == id {
                assert!(v.get("error").is_none(), "{method}: {v}");
                return v["result"].clone();
            }
        }
    }

    /// Open `url` at `width` x `height`, light or dark, and measure it once it has loaded.
    async fn layout(&mut self, url: &str, width: u32, height: u32, dark: bool) -> Layout {
        let metrics = serde_json::json!({
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600,
        });
        self.call("Emulation.setDeviceMetricsOverride", metrics)
            .await;
        let scheme = if dark { "dark" } else { "light" };
        let media =
            serde_json::json!({"features": [{"name": "prefers-color-scheme", "value": scheme}]});
        self.call("Emulation.setEmulatedMedia", media).await;
        // Marks the page being left, so that it is never measured as the next one.
        let mark = serde_json::json!({"expression": "window.__old = true"});
        self.call("Runtime.evaluate", mark).await;
        self.call("Page.navigate", serde_json::json!({"url": url}))
            .await;
        for _ in 0..200 {
            let r = self
                .call(
                    "Runtime.evaluate",
                    serde_json::json!({"expression": MEASURE, "returnByValue": true}),
                )
                .await;
            if let Some(json) = r["result"]["value"].as_str() {
                let layout: Layout = serde_json::from_str(json).unwrap();
                if layout.ready && layout.fresh && !layout.lang.is_empty() {
                    return layout;
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{url} did not load");
    }
}

/// Every kind of page at a phone's width (390 px) and a desktop's (1,280 px): no sideways
/// scroll, no text under 12 px, an answer's verdict inside the first screen, and dark mode
/// when the system asks for it. The answers also at 360 px (the narrowest common phone),
/// where the memory chart's type still reads at 12 px; on the desktop its largest type
/// stays at the page's own heading size (the chart is a picture and grows with its box).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_fit_a_phone_and_a_desktop() {
    let Some(bin) = chromium() else {
        return;
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let state = web::AppState::new(web::Config::default());
    tokio::spawn(web::serve(listener, state, std::future::pending()));
    let profile = std::env::temp_dir().join(format!("vramguide-cdp-{}", std::process::id()));
    let mut browser = Browser::start(&bin, &profile).await;
    let ask_in = |q: &str, lang: &str| {
        let query: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("q", q)
            .append_pair("lang", lang)
            .finish();
        format!("{base}/ask?{query}")
    };
    let ask = |q: &str| ask_in(q, "en");
    let oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free. Process 4242 has 22.51 GiB memory in use. Of the allocated memory 18.20 GiB is allocated by PyTorch, and 3.90 GiB is reserved by PyTorch but unallocated.";
    let answers = [
        ask("llama 3.1 8b on rtx 4090 with vllm"),
        ask("llama 3.1 70b fp16 on one rtx 4090"),
        ask("fine-tune llama 3.1 8b with lora on rtx 3060"),
        ask("qwen2.5 72b"),
        // Answers of other intents: the same verdict box first.
        ask("what can i run on 2x 3090?"),
        ask("which card should i buy for qwen3 32b q4_k_m under $2000?"),
        ask("which gpu should I buy for $2000?"),
        ask(&format!("help, training crashed\n{oom}")),
        ask_in("qual placa comprar com R$ 10 mil?", "pt-BR"),
        ask_in(&format!("训练的时候报错了\n{oom}"), "zh-CN"),
    ];
    let others = [
        format!("{base}/?lang=en"),
        format!("{base}/compare?lang=en"),
        format!("{base}/gpus?lang=en"),
        format!("{base}/models?lang=en"),
        format!("{base}/guide/nvlink?lang=en"),
        format!("{base}/?lang=zh-CN"),
        format!("{base}/docs?lang=pt"),
        format!("{base}/no-such-page?lang=es"),
    ];
    // The answers that draw the memory chart.
    let charted = &answers[..4];
    let mut bad = Vec::new();
    for (width, height) in [(360, 780), (390, 844), (1280, 800)] {
        let pages = answers
            .iter()
            .chain(if width < 390 { &[][..] } else { &others });
        for url in pages {
            let l = browser.layout(url, width, height, false).await;
            match (&l.chart, charted.contains(url)) {
                (Some(c), true) if width > 600 && c.max > H1_PX + 0.05 => bad.push(format!(
                    "{width}px {url}: chart type up to {:.1} px, over the page's h1",
                    c.max
                )),
                (Some(_), true) | (None, false) => {}
                (chart, _) => bad.push(format!("{width}px {url}: chart {chart:?}")),
            }
            if l.overflow > 0.5 {
                bad.push(format!(
                    "{width}px {url}: scrolls sideways by {}px",
                    l.overflow
                ));
            }
            if !l.small.is_empty() {
                bad.push(format!("{width}px {url}: text under 12 px: {:?}", l.small));
            }
            if answers.contains(url) {
                match l.verdict_bottom {
                    Some(b) if b <= f64::from(height) => {}
                    other => bad.push(format!("{width}px {url}: verdict ends at {other:?}")),
                }
            }
        }
    }
    // Dark mode: the page's own background turns dark.
    let light = browser.layout(&answers[0], 390, 844, false).await;
    let dark = browser.layout(&answers[0], 390, 844, true).await;
    assert_ne!(
        light.bg, dark.bg,
        "prefers-color-scheme: dark changes the page"
    );
    assert_eq!(dark.bg, "rgb(20, 23, 27)");
    drop(browser);
    let _ = std::fs::remove_dir_all(&profile);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Without a browser: every intent the `/ask` page answers itself is a 200 with its verdict
/// box and no error block, in the asker's language; a comparison and a guide question too,
/// with a link to their own pages. (What runs on a setup, a budget's picks and a pasted error used to be
/// redirected to the home page or shown as an error.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_intents_get_their_own_answer_on_the_ask_page() {
    let base = crate::web::start(0).await;
    let oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free. Process 4242 has 22.51 GiB memory in use. Of the allocated memory 18.20 GiB is allocated by PyTorch, and 3.90 GiB is reserved by PyTorch but unallocated.";
    let url = |q: &str| {
        let query: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("q", q)
            .finish();
        format!("{base}/ask?{query}")
    };
    // (question, the page's language, text the verdict box must hold)
    let diag = format!("o que houve?\n{oom}");
    let cases: [(&str, &str, &str); 5] = [
        (
            "what can i run on 2x 3090?",
            "en-US",
            "2 × GeForce RTX 3090",
        ),
        ("which gpu should I buy for $2000?", "en-US", "RTX 3090"),
        ("qual placa comprar com R$ 10 mil?", "pt-BR", "R$ 10.000"),
        (
            &diag,
            "pt-BR",
            "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True",
        ),
        ("qué puedo correr en una rtx 4090?", "es-ES", "RTX 4090"),
    ];
    for (q, lang, wanted) in cases {
        let (status, body) = crate::web::get(&url(q)).await;
        assert_eq!(status, 200, "{q}: {body}");
        assert!(
            body.contains(&format!("<html lang=\"{lang}\"")),
            "{q}: {lang}"
        );
        let verdict = body
            .split("<section class=\"verdict")
            .nth(1)
            .and_then(|v| v.split("</section>").next())
            .unwrap_or_else(|| panic!("{q}: no verdict box"));
        assert!(verdict.contains(wanted), "{q}: {verdict}");
        assert!(!body.contains("class=\"error\""), "{q}: shown as an error");
    }
    // The first fix is a command with the copy button the estimate's launch line has.
    let (_, body) = crate::web::get(&url(&diag)).await;
    assert!(body.contains("class=\"launch\"") && body.contains("class=\"copy\""));
    // A comparison and a guide question open with their verdict too (issue 33), the full
    // sheets below the short table and the whole guide one link away.
    let (_, body) = crate::web::get(&url("5090 vs 2x3090")).await;
    let verdict = body.find("class=\"verdict").expect("a verdict box");
    let pair = body.find("2 × GeForce RTX 3090").expect("the pair");
    assert!(
        verdict < pair && body.contains("48 GB"),
        "the pair, counted"
    );
    let (_, body) = crate::web::get(&url("does the 4090 support nvlink?")).await;
    assert!(body.contains("class=\"verdict") && body.contains("href=\"/guide/nvlink"));
}

impl Browser {
    /// Click the page's first Copy button with a real (trusted) mouse click and wait for
    /// its label to become `copied`. Returns (the command shown, the clipboard, the label);
    /// None when the page has no Copy button. The clipboard holds a marker before the
    /// click, so a click that copies nothing cannot pass for one that copied the command.
    pub(crate) async fn click_copy(&mut self, copied: &str) -> Option<(String, String, String)> {
        let eval = |expr: &str| serde_json::json!({"expression": expr, "returnByValue": true, "awaitPromise": true});
        let find = "(() => { const b = document.querySelector('button.copy'); if (!b) return null; b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect(); return JSON.stringify([r.x + r.width / 2, r.y + r.height / 2, b.parentNode.querySelector('code').textContent]); })()";
        let r = self.call("Runtime.evaluate", eval(find)).await;
        let (x, y, command): (f64, f64, String) =
            serde_json::from_str(r["result"]["value"].as_str()?).unwrap();
        self.call(
            "Runtime.evaluate",
            eval("navigator.clipboard.writeText('(nothing copied)')"),
        )
        .await;
        for kind in ["mousePressed", "mouseReleased"] {
            let click = serde_json::json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1});
            self.call("Input.dispatchMouseEvent", click).await;
        }
        let read = "navigator.clipboard.readText().then(c => JSON.stringify([c, document.querySelector('button.copy').textContent]))";
        let mut state = (String::new(), String::new());
        for _ in 0..100 {
            let r = self.call("Runtime.evaluate", eval(read)).await;
            if let Some(v) = r["result"]["value"].as_str() {
                state = serde_json::from_str(v).unwrap();
                if state.1 == copied {
                    break;
                }
            }
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        Some((command, state.0, state.1))
    }

    /// The viewport as a PNG.
    async fn screenshot(&mut self) -> Vec<u8> {
        let r = self
            .call(
                "Page.captureScreenshot",
                serde_json::json!({"format": "png"}),
            )
            .await;
        base64_decode(r["data"].as_str().expect("screenshot data"))
    }
}

/// Standard base64 (the DevTools protocol's binary data), without a crate for it.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|c| *c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, d)| n | u32::from(*d) << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

#[test]
fn base64_decodes() {
    assert_eq!(base64_decode("aGVsbG8="), b"hello");
    assert_eq!(base64_decode("aGk="), b"hi");
    assert_eq!(base64_decode("YWJj"), b"abc");
}

/// The stats page's token in the sweep.
const STATS_TOKEN: &str = "sweep-token-0123456789";

/// The pages of the sweep in one language: (what it is, path and query).
fn sweep_pages(lang: Lang) -> Vec<(String, String)> {
    let code = lang.code();
    let mut pages = vec![("home".to_string(), format!("/?lang={code}"))];
    for kind in vramguide::web::pages::EXAMPLE_KINDS {
        let query: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("q", &t(lang, &format!("web-example-{kind}")))
            .append_pair("lang", code)
            .finish();
        pages.push((format!("answer:{kind}"), format!("/ask?{query}")));
    }
    for (what, path) in [
        ("guide", format!("/guide?lang={code}")),
        ("models", format!("/models?lang={code}")),
        ("gpus", format!("/gpus?lang={code}")),
        (
            "stats",
            format!("/stats?token={STATS_TOKEN}&since=all&lang={code}"),
        ),
        ("404", format!("/no-such-page?lang={code}")),
    ] {
        pages.push((what.to_string(), path));
    }
    pages
}

/// Where `VRAMGUIDE_SCREENSHOTS` (a folder) gets the README's pictures from the sweep:
/// (language, page, width, dark, file name).
const SHOTS: &[(Lang, &str, u32, bool, &str)] = &[
    (
        Lang::En,
        "answer:estimate",
        1280,
        false,
        "answer-en-1280.png",
    ),
    (
        Lang::Pt,
        "answer:estimate",
        390,
        true,
        "answer-pt-390-dark.png",
    ),
    (Lang::Zh, "answer:fit", 390, false, "fit-zh-390.png"),
    (Lang::Es, "home", 1280, true, "home-es-1280-dark.png"),
    (Lang::En, "gpus", 390, false, "gpus-en-390.png"),
];

/// The page's own dark background (`--bg` of the dark scheme).
const DARK_BG: &str = "rgb(20, 23, 27)";

/// The whole guide in headless Chromium: every page type (home, an answer of each kind
/// the home page offers, a guide, /models, /gpus, /stats with its token, the 404) in the
/// four languages, at a phone's width (390 px) and a desktop's (1,280 px), light and
/// dark. Each page is in its language, scrolls not sideways, shows no text under 12 px,
/// reports no console error, exception, failed load or CSP violation, has its answer's
/// verdict inside the first screen, turns dark with the system (no light block left, the
/// chart included), and its Copy button puts the command on the clipboard.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_type_in_every_language_light_and_dark() {
    use vramguide::settings::Secret;
    use vramguide::store::{Store, StoreConfig};
    let Some(bin) = chromium() else {
        return;
    };
    let store = Store::open(StoreConfig {
        hash_key: Some("sweep-key".to_string()),
        ..StoreConfig::in_memory()
    })
    .await
    .unwrap();
    let base = crate::web::start_with(web::Config {
        rate_limit_per_minute: 0,
        log: web::querylog::QueryLog::new(Some(store.clone())),
        stats_token: Some(Secret::new(STATS_TOKEN)),
        ..web::Config::default()
    })
    .await;
    // Questions in the log, so the stats page has counts to lay out.
    for lang in Lang::ALL {
        for (_, path) in sweep_pages(lang)
            .iter()
            .filter(|(w, _)| w.starts_with("answer"))
        {
            crate::web::get(&format!("{base}{path}")).await;
        }
    }
    assert!(store.log().flush(Duration::from_secs(10)).await);
    let profile = std::env::temp_dir().join(format!("vramguide-sweep-{}", std::process::id()));
    let mut browser = Browser::start(&bin, &profile).await;
    browser.watch().await;
    let grant =
        serde_json::json!({"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]});
    browser.call("Browser.grantPermissions", grant).await;
    let watch = serde_json::json!({"source": "document.addEventListener('securitypolicyviolation', e => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));"});
    browser
        .call("Page.addScriptToEvaluateOnNewDocument", watch)
        .await;
    // The watch itself: an inline handler under a strict policy is reported.
    let trap = "data:text/html,<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'self'\"><html lang=\"en\"><body><img src=\"/nowhere.png\" onerror=\"x()\"></body></html>";
    browser.layout(trap, 390, 844, false).await;
    let caught = browser.take_problems().await;
    assert!(
        caught.iter().any(|p| p.contains("CSP violation")),
        "the watch misses a CSP violation: {caught:?}"
    );
    let shots = std::env::var_os("VRAMGUIDE_SCREENSHOTS").map(PathBuf::from);
    let mut bad = Vec::new();
    let (mut copies, mut loads, mut verdicts) = (0, 0, 0);
    for lang in Lang::ALL {
        let copied = t(lang, "web-copied");
        for (what, path) in sweep_pages(lang) {
            let url = format!("{base}{path}");
            for (width, height) in [(390, 844), (1280, 800)] {
                for dark in [false, true] {
                    let at = format!(
                        "{:?} {what} {width}px {}",
                        lang,
                        if dark { "dark" } else { "light" }
                    );
                    let l = browser.layout(&url, width, height, dark).await;
                    loads += 1;
                    verdicts += usize::from(l.verdict_bottom.is_some());
                    if l.lang != lang.locale() {
                        bad.push(format!("{at}: <html lang=\"{}\">", l.lang));
                    }
                    if l.overflow > 0.5 {
                        bad.push(format!("{at}: scrolls sideways by {} px", l.overflow));
                    }
                    if !l.small.is_empty() {
                        bad.push(format!("{at}: text under 12 px: {:?}", l.small));
                    }
                    // An answer's verdict inside the first screen; a comparison or a guide
                    // topic (their own pages) when they have one.
                    let needs_verdict = l.href.starts_with("/ask");
                    match l.verdict_bottom {
                        Some(b) if b <= f64::from(height) => {}
                        None if !needs_verdict => {}
                        other => bad.push(format!("{at} ({}): verdict ends at {other:?}", l.href)),
                    }
                    if dark && (l.bg != DARK_BG || !l.bright.is_empty()) {
                        bad.push(format!(
                            "{at}: dark page {} with light blocks {:?}",
                            l.bg, l.bright
                        ));
                    }
                    if !dark && l.bg == DARK_BG {
                        bad.push(format!("{at}: dark without asking"));
                    }
                    let problems = browser.take_problems().await;
                    // The 404 page's own status is the one failed load expected.
                    let expected_404 = |p: &String| {
                        what == "404" && p.starts_with("network error") && p.contains(&url)
                    };
                    for p in problems.into_iter().filter(|p| !expected_404(p)) {
                        bad.push(format!("{at}: {p}"));
                    }
                    if let Some((dir, .., name)) = shots.as_ref().and_then(|dir| {
                        SHOTS
                            .iter()
                            .find(|s| (s.0, s.1, s.2, s.3) == (lang, what.as_str(), width, dark))
                            .map(|s| (dir, s.4))
                    }) {
                        let png = browser.screenshot().await;
                        std::fs::write(dir.join(name), png).expect("screenshot written");
                    }
                    if let Some((command, clip, label)) = browser.click_copy(&copied).await {
                        copies += 1;
                        if clip != command || label != copied {
                            bad.push(format!(
                                "{at}: Copy gave {clip:?} (button {label:?}) for {command:?}"
                            ));
                        }
                        for p in browser.take_problems().await {
                            bad.push(format!("{at} after Copy: {p}"));
                        }
                    }
                }
            }
        }
    }
    drop(browser);
    let _ = std::fs::remove_dir_all(&profile);
    store.shutdown().await;
    eprintln!("{loads} page loads, {verdicts} with a verdict, {copies} Copy clicks");
    assert!(
        bad.is_empty(),
        "{} problems:\n{}",
        bad.len(),
        bad.join("\n")
    );
    // The estimate and the pasted error carry a command in every language, at both widths
    // and in both schemes.
    assert!(copies >= 2 * 4 * 4, "only {copies} Copy buttons clicked");
}
