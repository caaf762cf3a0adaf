//! The guide server in a real browser: headless Chromium opens `/?lang=pt-BR`, follows the
//! question form with "llama 70b fp16", and must see the Portuguese page, the answer and
//! the SVG memory bar; it also takes a phone-sized screenshot.
//!
//! Runs when `chromium` (Debian's package; `.ci/run` installs it) or `$CHROMIUM` is
//! present, and says it was skipped otherwise. `VRAMGUIDE_SCREENSHOT=docs/screenshot-web.png`
//! writes the screenshot there (how the committed one was made).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use vramguide::i18n::{Lang, has, t};
use vramguide::web;

fn chromium() -> Option<PathBuf> {
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
        eprintln!("SKIPPED: no chromium on PATH (apt-get install -y chromium, or set CHROMIUM)");
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
    // The chart's legend (render/chart.rs) marks the card's memory, in Portuguese.
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
