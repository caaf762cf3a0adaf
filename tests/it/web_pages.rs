//! The guide's pages under their own Content-Security-Policy: no inline handler or script
//! on any page, in any language; the Copy buttons' script, the favicon and the 404's
//! question box are served; and in headless Chromium a click on Copy puts the command on
//! the clipboard with no CSP violation (skipped without Chromium, as `web_browser`).

use crate::web::{get, start};
use crate::web_browser::{Browser, chromium};
use std::collections::BTreeSet;
use std::time::Duration;
use vramguide::i18n::{Lang, t};

/// One page of every kind, as `/path?query` without the language.
const PAGES: &[&str] = &[
    "/?",
    "/ask?q=llama+3.1+8b+on+rtx+4090+with+vllm&",
    "/ask?q=llama+3.1+70b+fp16+on+one+rtx+4090&",
    "/ask?q=what+can+i+run+on+2x+3090%3F&",
    "/ask?q=which+gpu+should+I+buy+for+%242000%3F&",
    "/compare?",
    "/guide?",
    "/guide/nvlink?",
    "/models?",
    "/gpus?",
    "/no-such-page?",
    "/docs?",
];

/// `on...=` attributes and `<script>` elements with a body: what `script-src 'self'` blocks.
fn inline_code(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for tag in html.split('<').skip(1) {
        let tag = tag.split('>').next().unwrap_or("");
        let name = tag.split_whitespace().next().unwrap_or("");
        // Attributes only: skip the element's name, look for ` onxxx=`.
        for attr in tag.split_whitespace().skip(1) {
            let key = attr.split('=').next().unwrap_or("").to_ascii_lowercase();
            if key.len() > 2 && key.starts_with("on") && attr.contains('=') {
                found.push(format!("<{name} {attr}"));
            }
        }
        if name.eq_ignore_ascii_case("script") && !tag.contains("src=") {
            found.push("<script> without src".to_string());
        }
    }
    found
}

#[test]
fn the_finder_finds_handlers_and_inline_scripts() {
    assert_eq!(
        inline_code(r#"<button onclick="x()">"#),
        ["<button onclick=\"x()\""]
    );
    assert_eq!(inline_code("<script>alert(1)</script>").len(), 1);
    assert!(inline_code(r#"<script src="/copy.js" defer></script><p>one=1</p>"#).is_empty());
}

#[tokio::test]
async fn no_page_has_an_inline_handler_and_the_script_is_served() {
    let base = start(0).await;
    let mut bad = Vec::new();
    for lang in Lang::ALL {
        for page in PAGES {
            let url = format!("{base}{page}lang={}", lang.code());
            let response = crate::web::client().get(&url).send().await.unwrap();
            let csp = response
                .headers()
                .get("content-security-policy")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string();
            assert!(csp.contains("script-src 'self'"), "{url}: {csp}");
            assert!(!csp.contains("unsafe-inline"), "{url}: {csp}");
            let html = response.text().await.unwrap();
            assert!(
                html.contains(r#"<script src="/copy.js" defer></script>"#),
                "{url}"
            );
            assert!(
                html.contains(r#"<link rel="icon" href="/favicon.ico""#),
                "{url}"
            );
            for found in inline_code(&html) {
                bad.push(format!("{url}: {found}"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    let r = crate::web::client()
        .get(format!("{base}/copy.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    assert!(r.text().await.unwrap().contains("button.copy"));
    let r = crate::web::client()
        .get(format!("{base}/favicon.ico"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/x-icon");
    let icon = r.bytes().await.unwrap();
    assert!(
        icon.starts_with(&[0, 0, 1, 0]) && icon.len() < 4096,
        "a small ICO"
    );
}

#[tokio::test]
async fn the_404_page_has_the_question_box_in_its_language() {
    let base = start(0).await;
    for lang in Lang::ALL {
        let (status, html) = get(&format!("{base}/nowhere?lang={}", lang.code())).await;
        assert_eq!(status, 404);
        assert!(html.contains(r#"<form class="ask" method="get" action="/ask">"#));
        assert!(html.contains(r#"name="q""#));
        assert!(html.contains(&t(lang, "web-ask-button")), "{html}");
    }
}

/// Page-side: collect CSP violations from the first script on, before the page's own.
const WATCH: &str = "window.__violations = []; document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));";

/// Click Copy with a real (trusted) mouse click on an answer, at a phone's width and a
/// desktop's: the clipboard then holds the command shown, the button says so, and the
/// page reported no CSP violation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn copy_puts_the_command_on_the_clipboard_in_chromium() {
    let Some(bin) = chromium() else {
        return;
    };
    let base = start(0).await;
    let profile = std::env::temp_dir().join(format!("vramguide-copy-{}", std::process::id()));
    let mut browser = Browser::start(&bin, &profile).await;
    browser
        .call(
            "Browser.grantPermissions",
            serde_json::json!({"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]}),
        )
        .await;
    browser
        .call(
            "Page.addScriptToEvaluateOnNewDocument",
            serde_json::json!({"source": WATCH}),
        )
        .await;
    browser.call("Page.enable", serde_json::json!({})).await;
    let url = format!("{base}/ask?q=llama+3.1+8b+on+rtx+4090+with+vllm&lang=en");
    for width in [390, 1280] {
        let metrics = serde_json::json!({
            "width": width, "height": 844, "deviceScaleFactor": 1, "mobile": width < 600,
        });
        browser
            .call("Emulation.setDeviceMetricsOverride", metrics)
            .await;
        browser
            .call("Page.navigate", serde_json::json!({"url": url}))
            .await;
        let eval = |expr: &str| serde_json::json!({"expression": expr, "returnByValue": true, "awaitPromise": true});
        // The button, scrolled into view, and its centre on screen.
        let mut at = None;
        for _ in 0..200 {
            let r = browser
                .call("Runtime.evaluate", eval("(() => { if (document.readyState !== 'complete') return null; const b = document.querySelector('button.copy'); if (!b) return 'none'; b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect(); return JSON.stringify([r.x + r.width / 2, r.y + r.height / 2, b.parentNode.querySelector('code').textContent, b.textContent]); })()"))
                .await;
            if let Some(v) = r["result"]["value"].as_str() {
                at = Some(v.to_string());
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let at = at.expect("the page loads");
        assert_ne!(at, "none", "{url}: no Copy button");
        let (x, y, command, label): (f64, f64, String, String) = serde_json::from_str(&at).unwrap();
        assert!(command.starts_with("vllm serve"), "{command}");
        assert_eq!(label, t(Lang::En, "web-copy"));
        for kind in ["mousePressed", "mouseReleased"] {
            browser
                .call(
                    "Input.dispatchMouseEvent",
                    serde_json::json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
                )
                .await;
        }
        let mut state = String::new();
        for _ in 0..100 {
            let r = browser
                .call("Runtime.evaluate", eval("navigator.clipboard.readText().then(c => JSON.stringify([c, document.querySelector('button.copy').textContent, window.__violations]))"))
                .await;
            state = r["result"]["value"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            if state.contains(&t(Lang::En, "web-copied")) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let (clip, label, violations): (String, String, Vec<String>) =
            serde_json::from_str(&state).unwrap_or_else(|e| panic!("{e}: {state}"));
        assert_eq!(clip, command, "{width}px: the clipboard holds the command");
        assert_eq!(label, t(Lang::En, "web-copied"));
        assert!(
            violations.is_empty(),
            "{width}px: CSP violations {violations:?}"
        );
    }
    drop(browser);
    let _ = std::fs::remove_dir_all(&profile);
}

/// The words a reader sees: text between tags and the `aria-label`s, trimmed, with a
/// letter in them (numbers, sizes and names are checked by the answers' own tests).
fn page_words(html: &str) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for piece in html.split('<').skip(1) {
        let (tag, text) = piece.split_once('>').unwrap_or((piece, ""));
        if let Some(label) = tag.split("aria-label=\"").nth(1) {
            words.insert(
                label
                    .split('"')
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_string(),
            );
        }
        words.insert(text.trim().to_string());
    }
    words.retain(|w| w.chars().count() >= 3 && has_language(w));
    words
}

/// Text with a word in it other than a unit: "16.7 / 21.3 GiB" is the same in English
/// and in Chinese, and says nothing of the page's language.
fn has_language(text: &str) -> bool {
    const UNITS: [&str; 7] = ["B", "GB", "GiB", "MB", "MiB", "TB", "W"];
    text.split(|c: char| !c.is_alphabetic())
        .any(|w| !w.is_empty() && !UNITS.contains(&w))
}

/// Words a language writes as English does, though the other two do not: Brazilian
/// Portuguese says "GPUs" (Spanish and Chinese write "GPU").
const SAME_IN_ENGLISH: &[(Lang, &str)] = &[(Lang::Pt, "GPUs")];

/// An English-worded question ("on", "with") asked by a reader who chose Portuguese,
/// Spanish or Chinese, by `?lang=` or by the switcher's cookie: the whole page, answer,
/// menus and labels, is in that language. A phrase of the English page that the chosen
/// page repeats while both other languages put it in their own words is an English
/// leftover. With no choice, the words answer and the page offers the reader's language.
#[tokio::test]
async fn a_chosen_language_wins_over_the_question_words() {
    let base = start(0).await;
    let q = "/ask?q=llama+3.1+8b+on+rtx+4090+with+vllm";
    let next = "%2Fask%3Fq%3Dllama%2B3.1%2B8b%2Bon%2Brtx%2B4090%2Bwith%2Bvllm";
    let chosen_page = |lang: Lang, html: &str| {
        let locale = lang.locale();
        assert!(
            html.contains(&format!(r#"<html lang="{locale}">"#)),
            "{html}"
        );
        assert!(
            html.contains(&format!(r#"<article class="answer" lang="{locale}">"#)),
            "{html}"
        );
        for id in [
            "web-nav-guide",
            "web-nav-models",
            "web-ask-button",
            "part-weights",
        ] {
            assert!(html.contains(&t(lang, id)), "{lang:?}: {id}");
        }
        assert!(html.contains(&format!("<strong>{}</strong>", t(lang, "web-lang-name"))));
        assert!(
            !html.contains("class=\"lang-note\""),
            "{lang:?}: a choice needs no note"
        );
    };
    let by_param = |lang: Lang| {
        let url = format!("{base}{q}&lang={}", lang.code());
        async move {
            let (status, html) = get(&url).await;
            assert_eq!(status, 200);
            html
        }
    };
    let mut pages = std::collections::HashMap::new();
    for lang in Lang::ALL {
        pages.insert(lang, by_param(lang).await);
    }
    let english = page_words(&pages[&Lang::En]);
    let mut left: Vec<String> = Vec::new();
    for lang in [Lang::Pt, Lang::Es, Lang::Zh] {
        chosen_page(lang, &pages[&lang]);
        let others: Vec<BTreeSet<String>> = [Lang::Pt, Lang::Es, Lang::Zh]
            .into_iter()
            .filter(|l| *l != lang)
            .map(|l| page_words(&pages[&l]))
            .collect();
        let chosen = page_words(&pages[&lang]);
        let leftovers: Vec<&String> = chosen
            .iter()
            .filter(|w| english.contains(*w) && others.iter().all(|o| !o.contains(*w)))
            .filter(|w| !SAME_IN_ENGLISH.contains(&(lang, w.as_str())))
            .collect();
        if !leftovers.is_empty() {
            left.push(format!("{lang:?}: {leftovers:?}"));
        }
    }
    assert!(left.is_empty(), "English left: {}", left.join("; "));
    // The switcher sets the cookie and comes back: the same page, now in that language,
    // though the browser asks for English.
    for lang in [Lang::Pt, Lang::Es, Lang::Zh] {
        let switch = crate::web::client()
            .get(format!("{base}/lang?set={}&next={next}", lang.code()))
            .send()
            .await
            .unwrap();
        assert_eq!(switch.status(), 303);
        let cookie = switch.headers()["set-cookie"].to_str().unwrap();
        let cookie = cookie.split(';').next().unwrap().to_string();
        let to = switch.headers()["location"].to_str().unwrap().to_string();
        let html = crate::web::client()
            .get(format!("{base}{to}"))
            .header("cookie", &cookie)
            .header("accept-language", "en-US")
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        chosen_page(lang, &html);
        assert_eq!(
            page_words(&html),
            page_words(&pages[&lang]),
            "{lang:?}: the cookie gives the page ?lang= gives"
        );
    }
    // No choice, a Portuguese browser, English words: English, with a way to Portuguese.
    let html = crate::web::client()
        .get(format!("{base}{q}"))
        .header("accept-language", "pt-BR,pt;q=0.9")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains(r#"<article class="answer" lang="en-US">"#));
    assert!(html.contains(&t(Lang::En, "web-answered-in-own")), "{html}");
    let note = &html[html.find("class=\"lang-note\"").unwrap()..];
    assert!(note.contains("/lang?set=pt&#38;next="), "{note}");
    assert!(note.contains(">Português</a>"));
    // The tab names the question's model and card.
    let title = &html[html.find("<title>").unwrap()..html.find("</title>").unwrap()];
    assert!(
        title.contains("8B") && title.contains("rtx 4090"),
        "{title}"
    );
}

#[test]
fn an_english_leftover_is_found() {
    let words = page_words(
        r#"<nav aria-label="Idioma"><a>Guia</a><p>Estimated peak memory: <b>16,5</b></p></nav>"#,
    );
    assert!(words.contains("Idioma") && words.contains("Guia"));
    assert!(words.contains("Estimated peak memory:"));
    assert!(!words.contains("16,5 GiB"), "no word of a language");
}

/// The home page shows one example per kind of question in every language, and each
/// opens an answer of that kind with its verdict, not an error; the RAM field sits behind
/// "more options".
#[tokio::test]
async fn every_home_example_answers() {
    let base = start(0).await;
    let mut bad = Vec::new();
    for lang in Lang::ALL {
        let (_, home) = get(&format!("{base}/?lang={}", lang.code())).await;
        assert!(home.contains(&t(lang, "web-more-options")));
        for kind in vramguide::web::pages::EXAMPLE_KINDS {
            let q = t(lang, &format!("web-example-{kind}"));
            assert!(home.contains(&t(lang, &format!("web-example-{kind}-kind"))));
            let query: String = form_urlencoded::Serializer::new(String::new())
                .append_pair("q", &q)
                .append_pair("lang", lang.code())
                .finish();
            let r = crate::web::client()
                .get(format!("{base}/ask?{query}"))
                .send()
                .await
                .unwrap();
            let status = r.status().as_u16();
            let location = r
                .headers()
                .get("location")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string();
            let body = r.text().await.unwrap();
            // Every kind, comparisons and guide questions too, answers with its verdict
            // first on the page (issue 33).
            let fine = status == 200
                && body.contains("class=\"verdict")
                && !body.contains("class=\"error\"");
            if !fine {
                bad.push(format!("{lang:?} {kind} {q:?}: {status} {location}"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// `/api`, `/api/v1` and `/docs` are the API's page, from the OpenAPI document: every
/// endpoint with its parameters, and each GET's example request answers 200.
#[tokio::test]
async fn the_api_page_lists_every_endpoint_with_a_working_example() {
    let base = start(0).await;
    let (_, doc) = crate::web::get_json(&format!("{base}/api/v1/openapi.json")).await;
    // The license Cargo.toml declares, by name (LICENSE holds its text).
    let declared = env!("CARGO_PKG_LICENSE");
    assert!(!declared.is_empty(), "Cargo.toml declares a license");
    assert_eq!(doc["info"]["license"]["name"], declared);
    assert!(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("LICENSE")
            .exists()
    );
    for at in ["/api", "/api/v1", "/docs"] {
        let (status, html) = get(&format!("{base}{at}?lang=pt")).await;
        assert_eq!(status, 200, "{at}");
        assert!(html.contains(&t(Lang::Pt, "web-api-title")), "{at}");
        for path in doc["paths"].as_object().unwrap().keys() {
            assert!(
                html.contains(&format!(" {path}</code>")),
                "{at} lacks {path}"
            );
        }
    }
    let (_, html) = get(&format!("{base}/docs")).await;
    let mut tried = 0;
    for piece in html.split("<a href=\"").skip(1) {
        let href = piece.split('"').next().unwrap().replace("&#38;", "&");
        if !href.starts_with("/api/v1/") {
            continue;
        }
        let (status, _) = get(&format!("{base}{href}")).await;
        assert_eq!(status, 200, "{href}");
        tried += 1;
    }
    assert!(tried >= 7, "{tried} examples");
}

/// `/chart.png?scheme=dark` is the chart in the page's dark colours (its card is the page's
/// dark `--card`), and without it the light one, so a `<picture>` or a link preview can pick.
#[tokio::test]
async fn the_png_chart_has_a_dark_scheme() {
    use resvg::tiny_skia::Pixmap;
    let base = start(0).await;
    let card = |png: &[u8]| {
        let pixmap = Pixmap::decode_png(png).expect("a PNG");
        let p = pixmap.pixel(pixmap.width() / 2, 4).expect("a pixel");
        (p.red(), p.green(), p.blue())
    };
    // The chart URL the answer page signed (its Open Graph image, relative without a
    // public URL): only a question asked there is drawn.
    let (_, page) = get(&format!("{base}/ask?q=llama+3.1+8b+on+rtx+4090&lang=en")).await;
    let marker = "<meta property=\"og:image\" content=\"";
    let at = page.find(marker).expect("an og:image") + marker.len();
    let path = page[at..].split('"').next().unwrap_or_default();
    let path = path.replace("&amp;", "&").replace("&#38;", "&");
    let url = format!("{base}{path}");
    let fetch = |url: String| async move {
        let r = crate::web::client().get(url).send().await.unwrap();
        assert_eq!(r.status(), reqwest::StatusCode::OK);
        r.bytes().await.unwrap().to_vec()
    };
    assert_eq!(card(&fetch(url.clone()).await), (0xff, 0xff, 0xff));
    assert_eq!(
        card(&fetch(format!("{url}&scheme=dark")).await),
        (0x1c, 0x20, 0x26)
    );
}

/// `/models` and `/gpus` search and filter with plain GET forms and page 30 rows at a time.
#[tokio::test]
async fn the_catalogs_search_filter_and_page_without_a_script() {
    let base = start(0).await;
    let rows = |html: &str| html.matches(r#"<th scope="row">"#).count();
    let (_, all) = get(&format!("{base}/models?lang=en")).await;
    assert_eq!(rows(&all), vramguide::web::pages::PAGE_ROWS);
    assert!(
        all.contains(r#"rel="next""#)
            && all.contains(r#"<form class="ask catalog-filter" method="get""#)
    );
    let (_, second) = get(&format!("{base}/models?lang=en&page=2")).await;
    assert!(second.contains(r#"rel="prev""#));
    let (_, found) = get(&format!("{base}/gpus?q=4090&lang=en")).await;
    assert!(found.contains(r#"id="rtx-4090""#), "{found}");
    assert!(!found.contains(r#"id="h100-sxm""#));
    let (_, amd) = get(&format!("{base}/gpus?group=AMD&lang=en")).await;
    assert!(rows(&amd) > 0 && !amd.contains(r#"id="rtx-4090""#));
    for lang in Lang::ALL {
        let (_, page) = get(&format!("{base}/gpus?q=h100&lang={}", lang.code())).await;
        assert!(page.contains(&t(lang, "web-catalog-filter")), "{lang:?}");
        assert!(!page.contains("web-catalog"), "{lang:?}: a raw id");
        for id in ["web-catalog-memory", "web-catalog-price-any"] {
            assert!(page.contains(&t(lang, id)), "{lang:?}: {id}");
        }
        let (_, page) = get(&format!("{base}/models?lang={}", lang.code())).await;
        assert!(page.contains(&t(lang, "web-catalog-size-any")), "{lang:?}");
        assert!(!page.contains("web-catalog"), "{lang:?}: a raw id");
    }
}

/// The catalog rows' ids on one page.
fn row_ids(html: &str) -> Vec<String> {
    html.split("<tr id=\"")
        .skip(1)
        .map(|r| r.split('"').next().unwrap_or_default().to_string())
        .collect()
}

/// The rows of every page of a catalog listing, following its pager.
async fn every_page(base: &str, path: &str) -> Vec<String> {
    let mut all = Vec::new();
    for n in 1.. {
        let (status, html) = get(&format!("{base}{path}&page={n}")).await;
        assert_eq!(status, 200, "{path}");
        let rows = row_ids(&html);
        assert!(rows.len() <= vramguide::web::pages::PAGE_ROWS);
        all.extend(rows);
        if !html.contains(r#"rel="next""#) {
            break;
        }
    }
    all
}

/// The range menus: a model's size, a GPU's memory and price, each a plain `<select>` in
/// the GET form; the rows kept are the ones in range, the choice stays selected and the
/// pager carries it; a value the menu does not offer filters nothing.
#[tokio::test]
async fn the_catalogs_filter_by_size_memory_and_price() {
    use vramguide::catalog::Catalog;
    let base = start(0).await;
    let catalog = Catalog::get();
    // Models of 4 to 10 billion parameters: all of them, and no other.
    let mid = every_page(&base, "/models?size=4-10&lang=en").await;
    let wanted: Vec<&str> = catalog
        .models
        .iter()
        .filter(|m| (4.0..10.0).contains(&m.params_b()))
        .map(|m| m.id.as_str())
        .collect();
    assert_eq!(mid, wanted);
    assert!(mid.iter().any(|id| id == "llama-3.1-8b"));
    assert!(!mid.iter().any(|id| id == "llama-3.1-70b"));
    let (_, html) = get(&format!("{base}/models?size=4-10&lang=en")).await;
    assert!(
        html.contains(r#"<option value="4-10" selected>"#),
        "the choice stays"
    );
    if html.contains(r#"rel="next""#) {
        assert!(html.contains("size=4-10&#38;page=2") || html.contains("size=4-10&amp;page=2"));
    }
    // GPUs with 80 GB or more that cost at most $40,000 today.
    let big = every_page(&base, "/gpus?memory=80&price=40000&lang=pt").await;
    let wanted: Vec<&str> = catalog
        .gpus
        .iter()
        .filter(|g| g.memory_gb >= 80.0 && g.buy_price().is_some_and(|(usd, _)| usd <= 40000.0))
        .map(|g| g.id.as_str())
        .collect();
    assert!(!wanted.is_empty());
    assert_eq!(big, wanted);
    assert!(!big.iter().any(|id| id == "rtx-4090"));
    let cheap = every_page(&base, "/gpus?price=2000&lang=en").await;
    assert!(!cheap.is_empty());
    for id in &cheap {
        let (usd, _) = catalog
            .gpu(id)
            .and_then(|g| g.buy_price())
            .expect("a price");
        assert!(usd <= 2000.0, "{id}: ${usd}");
    }
    // What the menus do not offer is no filter at all.
    let (_, odd) = get(&format!("{base}/models?size=banana&lang=en")).await;
    let (_, all) = get(&format!("{base}/models?lang=en")).await;
    assert_eq!(row_ids(&odd), row_ids(&all));
}

/// Every model row's sources open with the model's own config.json on the Hub.
#[tokio::test]
async fn model_sources_lead_with_the_models_own_config() {
    let base = start(0).await;
    let (_, html) = get(&format!("{base}/models?q=llama&lang=en")).await;
    let rows: Vec<&str> = html.split("<tr id=\"").skip(1).collect();
    assert!(!rows.is_empty());
    for row in rows {
        let sources = row
            .split("class=\"sources\"")
            .nth(1)
            .expect("a sources cell");
        let first = sources.split("href=\"").nth(1).unwrap_or_default();
        let first = first.split('"').next().unwrap_or_default();
        assert!(
            first.starts_with("https://huggingface.co/")
                && first.ends_with("/blob/main/config.json"),
            "{first}"
        );
    }
}

/// The breakdown is text beside the chart (a phone has no tooltips), in the page's
/// language, so "the sum of the parts above" refers to parts the page shows.
#[tokio::test]
async fn the_breakdown_is_text_beside_the_chart() {
    let base = start(0).await;
    for (lang, weights) in [(Lang::En, "weights"), (Lang::Pt, "pesos")] {
        let url = format!(
            "{base}/ask?q=full+finetune+llama+3.1+8b+on+4x+h100&lang={}",
            lang.code()
        );
        let (_, body) = get(&url).await;
        let list = body
            .split("<ul class=\"breakdown\"")
            .nth(1)
            .and_then(|rest| rest.split("</ul>").next())
            .unwrap_or_else(|| panic!("{lang:?}: no breakdown list"));
        assert!(list.contains(weights) && list.contains("GiB"), "{list}");
        assert!(list.matches("<li>").count() >= 3, "{list}");
        let chart = body.find("<figure class=\"chart\"").expect("a chart");
        let breakdown = body.find("class=\"breakdown\"").expect("a list");
        assert!(
            chart < breakdown,
            "the list follows the chart in its figure"
        );
    }
}

/// An API error names the parameter whose value was refused, says what was wrong with it
/// and ends with a request of the same endpoint, in the asked language; that request
/// answers.
#[tokio::test]
async fn api_errors_name_the_parameter_and_give_this_endpoints_example() {
    let base = start(0).await;
    // (request, the parameter named, the endpoint's example's start)
    let cases = [
        (
            "/api/v1/estimate?model=llama-3.1-8b&context=abc",
            "context",
            "/api/v1/estimate?",
        ),
        (
            "/api/v1/estimate?model=no-such-model-x",
            "model",
            "/api/v1/estimate?",
        ),
        (
            "/api/v1/estimate?model=llama-3.1-8b&gpu=rtx-9999",
            "gpu",
            "/api/v1/estimate?",
        ),
        (
            "/api/v1/estimate?model=llama-3.1-8b&kv_precision=q9",
            "kv_precision",
            "/api/v1/estimate?",
        ),
        (
            "/api/v1/estimate?model=llama-3.1-8b&precision=q9",
            "precision",
            "/api/v1/estimate?",
        ),
        (
            "/api/v1/estimate?model=llama-3.1-8b&gpus=0",
            "gpus",
            "/api/v1/estimate?",
        ),
        (
            "/api/v1/estimate?model=llama-3.1-8b&runtime=vlm",
            "runtime",
            "/api/v1/estimate?",
        ),
        (
            "/api/v1/compare?gpus=rtx-4090,no-such-gpu",
            "gpus",
            "/api/v1/compare?",
        ),
        ("/api/v1/compare?gpus=rtx-4090", "gpus", "/api/v1/compare?"),
        ("/api/v1/guide/no-such-topic", "topic", "/api/v1/guide/"),
    ];
    for lang in Lang::ALL {
        for (request, name, endpoint) in cases {
            let sep = if request.contains('?') { '&' } else { '?' };
            let url = format!("{base}{request}{sep}lang={}", lang.code());
            let (status, v) = crate::web::get_json(&url).await;
            assert!(status.is_client_error(), "{request}: {status}");
            assert_eq!(v["language"], lang.code(), "{request}");
            let message = v["error"]["message"].as_str().unwrap_or_default();
            let quoted = [format!("“{name}”"), format!("«{name}»")];
            assert!(
                quoted.iter().any(|q| message.contains(q.as_str())),
                "{lang:?} {request}: {message}"
            );
            let at = message
                .rfind(endpoint)
                .unwrap_or_else(|| panic!("{lang:?} {request}: no {endpoint} example: {message}"));
            let example = message[at..].split_whitespace().next().unwrap_or_default();
            let example = example.trim_end_matches(['.', '。', '`']);
            assert!(!message.contains(&t(lang, "help-example-1")), "{message}");
            let (status, _) = crate::web::get_json(&format!("{base}{example}")).await;
            assert_eq!(status, 200, "{example}");
        }
    }
    // No model at all: the API's own parameter names, not the CLI's flags.
    let (_, v) = crate::web::get_json(&format!("{base}/api/v1/estimate?lang=es")).await;
    let message = v["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("«model»") && message.contains("«params_b»"),
        "{message}"
    );
    assert!(!message.contains("--model"), "{message}");
}

/// The option each job field's errors name is one of the estimate endpoint's parameters,
/// as its OpenAPI description lists them.
#[tokio::test]
async fn every_option_an_error_names_is_a_parameter_of_the_estimate() {
    let base = start(0).await;
    let (_, doc) = crate::web::get_json(&format!("{base}/api/v1/openapi.json")).await;
    let names: Vec<&str> = doc["paths"]["/api/v1/estimate"]["get"]["parameters"]
        .as_array()
        .expect("parameters")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    let mut named: Vec<&str> = vramguide::estimate::Field::ALL
        .iter()
        .map(|f| vramguide::error::field_option(*f))
        .collect();
    named.extend(["model", "gpu", "precision", "kv_precision"]);
    for name in named {
        assert!(
            names.contains(&name),
            "{name} is not a parameter: {names:?}"
        );
    }
}
