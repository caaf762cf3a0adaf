//! Bounded input: every value, query string and list is measured and refused before any
//! work, redirects stay on the site, and every API error is the JSON error object.

use super::*;

#[tokio::test]
async fn redirect_targets_stay_on_this_site_and_never_fail() {
    let base = start(0).await;
    let evil = [
        "/%09/evil.example",
        "%2F%09%2Fevil.example",
        "/%0a/evil.example",
        "/%0d%0aSet-Cookie:%20x=1",
        "/%00",
        "%00",
        "/%5Cevil.example",
        "%5C%5Cevil.example",
        "//evil.example",
        "%2F%2Fevil.example",
        "https://evil.example",
        "https:evil.example",
        "javascript:alert(1)",
        "/.//evil.example",
        "/%2509/evil.example",
        "/%E2%80%AE/evil.example",
        "/%C2%A0/evil.example",
        "%20//evil.example",
        "/\u{3000}/evil.example",
    ];
    let origin = reqwest::Url::parse(&format!("{base}/")).unwrap();
    for next in evil {
        let r = client()
            .get(format!("{base}/lang?set=pt&next={next}"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "{next}");
        let location = r.headers()["location"].to_str().unwrap();
        assert_eq!(location, "/", "{next} -> {location}");
        assert!(
            r.headers()["set-cookie"]
                .to_str()
                .unwrap()
                .starts_with("lang=pt;")
        );
    }
    // What is kept is a path a browser resolves to this origin.
    for (next, kept) in [
        ("%2Fask%3Fq%3Dllama%2B70b", "/ask?q=llama+70b"),
        ("/guide/nvlink", "/guide/nvlink"),
        ("%2Fask%3Fq%3Dllama%252070b", "/ask?q=llama%2070b"),
    ] {
        let r = client()
            .get(format!("{base}/lang?set=es&next={next}"))
            .send()
            .await
            .unwrap();
        let location = r.headers()["location"].to_str().unwrap();
        assert_eq!(location, kept);
        assert_eq!(origin.join(location).unwrap().origin(), origin.origin());
    }
}

/// One timed GET: its time, status and body.
async fn timed(http: &reqwest::Client, url: &str) -> (Duration, StatusCode, String) {
    let started = Instant::now();
    let r = http.get(url).send().await.unwrap();
    let status = r.status();
    let body = r.text().await.unwrap();
    (started.elapsed(), status, body)
}

/// Nine rounds of `url` and of `baseline` in turn (after a warm-up of each): both sorted
/// fastest first, with the last status and body of `url`. Taking turns exposes both to
/// the same load.
async fn against(url: &str, baseline: &str) -> (Vec<Duration>, Vec<Duration>, StatusCode, String) {
    let http = client();
    timed(&http, url).await;
    timed(&http, baseline).await;
    let (mut times, mut base) = (Vec::new(), Vec::new());
    let mut last = (StatusCode::OK, String::new());
    for _ in 0..9 {
        base.push(timed(&http, baseline).await.0);
        let (t, status, body) = timed(&http, url).await;
        times.push(t);
        last = (status, body);
    }
    times.sort();
    base.sort();
    (times, base, last.0, last.1)
}

/// Bound on what a refused 60,000-character value may cost: 5 ms in all (the issue's
/// bound) in an optimized build; in a debug build, where merely receiving and decoding
/// 60 KB takes longer, at most twice (or 10 ms more than) a route that reads the same
/// query string and ignores it: the unbounded work this guards against took 150-275 ms.
/// The fastest of nine is compared, since load from tests running beside it only adds time.
fn refused_within(fastest: Duration, baseline: Duration) -> bool {
    let bound = Duration::from_millis(5);
    if cfg!(debug_assertions) {
        fastest < baseline + (bound * 2).max(baseline)
    } else {
        fastest < bound
    }
}

#[tokio::test]
async fn oversized_values_are_refused_before_any_work() {
    let _turn = HEAVY.lock().await;
    let base = start(0).await;
    let long = "a".repeat(60_000);
    let ignored = format!("{base}/api/v1/guide?pad={long}");
    let normal = format!("{base}/api/v1/estimate?model=llama-3.1-8b");
    let (normal, ignoring, status, _) = against(&normal, &ignored).await;
    assert_eq!(status, StatusCode::OK);
    let mut report = vec![
        format!("normal estimate {:?}", normal[4]),
        format!("/api/v1/guide ignoring the same 60 KB {:?}", ignoring[4]),
    ];
    let routes = [
        format!("/api/v1/estimate?model={long}"),
        format!("/api/v1/estimate?model=llama-3.1-8b&gpu={long}"),
        format!("/api/v1/compare?gpus=rtx-4090,{long}"),
        format!("/api/v1/ask?q={long}"),
        format!("/compare?gpus=rtx-4090,{long}"),
    ];
    for path in routes {
        let (times, baseline, status, body) = against(&format!("{base}{path}"), &ignored).await;
        let name = &path[..path.rfind('=').unwrap()];
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}");
        if path.starts_with("/api/") {
            let v: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(v["error"]["kind"], "too_long");
            assert!(body.len() < 2_000, "the error does not echo the value");
        } else {
            assert!(
                body.len() < 64_000,
                "the page does not echo 60,000 characters"
            );
        }
        report.push(format!("{name} {:?} (fastest {:?})", times[4], times[0]));
        assert!(
            refused_within(times[0], baseline[0]),
            "{name}: {times:?} against {baseline:?}"
        );
    }
    println!(
        "60,000-character values, median of 9: {}",
        report.join(", ")
    );
}

#[tokio::test]
async fn a_comparison_of_a_thousand_gpus_is_refused() {
    let base = start(0).await;
    let many = vec!["rtx-4090"; 1_000].join(",");
    let (status, v) = get_json(&format!("{base}/api/v1/compare?gpus={many}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["error"]["kind"], "too_many_gpus");
    let eight = ["rtx-4090"; 8].join(",");
    let (status, v) = get_json(&format!("{base}/api/v1/compare?gpus={eight}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["gpus"].as_array().unwrap().len(), 8);
    // The page shows the first eight, as before.
    let (status, body) = get(&format!("{base}/compare?gpus={many}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.len() < 200_000, "{}", body.len());
}

/// Each request of the probe that got plain text, a 500 or the framework's words.
#[tokio::test]
async fn every_api_error_is_the_json_error_object() {
    let base = start(0).await;
    let http = client();
    let cases: Vec<(reqwest::RequestBuilder, StatusCode)> = vec![
        (
            http.get(format!("{base}/api/v1/ask?q=a&q=b")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.get(format!("{base}/api/v1/guide/%ff")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.get(format!("{base}/api/v1/estimate?model=a&model=b")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.get(format!("{base}/api/v1/compare?gpus=a&gpus=b")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.get(format!("{base}/api/v1/guide?lang=a&lang=b")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.get(format!("{base}/api/v1/nothing-here")),
            StatusCode::NOT_FOUND,
        ),
        (
            http.get(format!("{base}/api/v1/guide/no-such")),
            StatusCode::NOT_FOUND,
        ),
        // POST takes a JSON body (a pasted log): a query string alone is no question.
        (
            http.post(format!("{base}/api/v1/ask?q=llama")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.put(format!("{base}/api/v1/ask?q=llama")),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        // Bodies up to three times a 64 KiB log fit (form encoding); a 1 MB one does not.
        (
            http.get(format!("{base}/api/v1/ask?q=llama"))
                .body(vec![b'x'; 1024 * 1024]),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            http.get(format!("{base}/api/v1/ask?q={}", "a".repeat(600))),
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (request, expected) in cases {
        let r = request
            .header("accept-language", "zh-CN")
            .send()
            .await
            .unwrap();
        let url = r.url().to_string();
        assert_eq!(r.status(), expected, "{url}");
        let content_type = r.headers()["content-type"].to_str().unwrap().to_string();
        assert!(
            content_type.starts_with("application/json"),
            "{url}: {content_type}"
        );
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["understood"], false, "{url}");
        assert_eq!(v["language"], "zh", "{url}");
        assert!(v["error"]["kind"].is_string(), "{url}: {v}");
        assert!(!v["text"].as_str().unwrap().is_empty());
    }
    // Pages answer in the visitor's language, not with the framework's English.
    let r = http
        .get(format!("{base}/ask?q=a&q=b"))
        .header("accept-language", "pt-BR")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let text = r.text().await.unwrap();
    assert!(!text.contains("deserialize"), "{text}");
    assert_eq!(
        text,
        vramguide::i18n::t(vramguide::i18n::Lang::Pt, "web-bad-request")
    );
}

/// Every route a query string can reach.
const ROUTES: &[&str] = &[
    "/",
    "/ask",
    "/compare",
    "/guide",
    "/guide/nvlink",
    "/guide/%ff%fe",
    "/models",
    "/gpus",
    "/lang",
    "/style.css",
    "/healthz",
    "/metrics",
    "/nowhere",
    "/api/v1/ask",
    "/api/v1/estimate",
    "/api/v1/compare",
    "/api/v1/models",
    "/api/v1/gpus",
    "/api/v1/guide",
    "/api/v1/guide/kv-cache",
    "/api/v1/guide/%c3%28",
    "/api/v1/openapi.json",
    "/api/v1/nowhere",
];

/// The largest answer any route gives: the catalog pages, in any language.
const MAX_RESPONSE_BYTES: usize = 1024 * 1024;

fn any_key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "q",
            "lang",
            "model",
            "gpu",
            "gpus",
            "precision",
            "context",
            "batch",
            "mode",
            "runtime",
            "set",
            "next",
            "params_b",
            "lora_rank",
            "kv_precision",
        ])
        .prop_map(str::to_string),
        "[a-z_%]{0,12}",
    ]
}

/// Raw query-string text: printable, percent escapes (invalid UTF-8 and controls
/// included), separators, or one long run.
fn any_value() -> impl Strategy<Value = String> {
    let escape = any::<u8>().prop_map(|b| format!("%{b:02X}"));
    let piece = prop_oneof![
        "[ -~&&[^#&=%]]{0,8}".prop_map(|s| s.replace(' ', "+")),
        escape,
        Just("%".to_string()),
        Just("&".to_string()),
        Just("=".to_string()),
        Just("%E2%80%AE".to_string()),
        Just("%F3%A0%81%81".to_string()),
        Just("rtx-4090,".to_string()),
        Just("llama+70b+fp16".to_string()),
        Just("%2F%2Fevil.example".to_string()),
    ];
    prop_oneof![
        8 => prop::collection::vec(piece, 0..12).prop_map(|v| v.concat()),
        // Six of these stay under the 64 KiB a URL may have.
        1 => (1usize..8_000).prop_map(|n| "x".repeat(n)),
        1 => (1usize..800).prop_map(|n| "%E2%80%8B".repeat(n)),
    ]
}

fn any_query() -> impl Strategy<Value = String> {
    prop::collection::vec((any_key(), any_value()), 0..6).prop_map(|pairs| {
        pairs
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    })
}

#[test]
fn no_query_string_gets_a_5xx_an_unbounded_answer_or_an_unbounded_row() {
    let _turn = HEAVY.blocking_lock();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = temp_dir("fuzz");
    let (base, store) = rt.block_on(async {
        let store = Store::open(open_store(&dir)).await.unwrap();
        let base = start_with(web::Config {
            log: QueryLog::new(Some(store.clone())),
            ..web::Config::default()
        })
        .await;
        (base, store)
    });
    let http = client();
    let config = proptest::test_runner::Config {
        cases: 256,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let strategy = (prop::sample::select(ROUTES), any_query());
    runner
        .run(&strategy, |(route, query)| {
            let url = format!("{base}{route}?{query}");
            let (status, content_type, len) = rt.block_on(async {
                let r = http.get(&url).send().await.unwrap();
                let status = r.status();
                let content_type = r
                    .headers()
                    .get("content-type")
                    .map(|v| v.to_str().unwrap_or("").to_string())
                    .unwrap_or_default();
                (status, content_type, r.bytes().await.unwrap().len())
            });
            prop_assert!(status.as_u16() < 500, "{status} for {url}");
            prop_assert!(len <= MAX_RESPONSE_BYTES, "{len} bytes for {url}");
            if route.starts_with("/api/") && !status.is_success() {
                prop_assert!(content_type.starts_with("application/json"), "{url}");
            }
            Ok(())
        })
        .unwrap();
    rt.block_on(async {
        assert!(store.log().flush(Duration::from_secs(10)).await);
        let Db::Sqlite(pool) = store.db() else {
            unreachable!()
        };
        let rows: Vec<(String, Option<String>)> =
            sqlx::query_as("SELECT question, locale FROM query_log")
                .fetch_all(pool)
                .await
                .unwrap();
        let longest = rows
            .iter()
            .map(|(q, _)| q.chars().count())
            .max()
            .unwrap_or(0);
        println!(
            "{} rows logged, longest question {longest} characters",
            rows.len()
        );
        assert!(longest <= web::input::MAX_LOGGED_CHARS);
        for (q, locale) in &rows {
            assert!(unsafe_chars(q).is_empty(), "{q:?}");
            assert!(locale.as_deref().is_none_or(|l| l.len() <= 64));
        }
        store.shutdown().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn the_answer_cache_key_holds_no_raw_header_or_parameter() {
    let state = web::AppState::new(web::Config::default());
    let mut headers = axum::http::HeaderMap::new();
    let huge = format!("es,{}", "ab-cd;q=0.5,".repeat(5_000));
    headers.insert("accept-language", huge.parse().unwrap());
    let huge_lang = "pt-".to_string() + &"z".repeat(30);
    for i in 0..300 {
        let question = format!("llama {i}b fp16");
        let addr = web::input::ClientAddr::default();
        web::ask::ask(&state, "api", &question, Some(&huge_lang), &headers, addr).await;
        web::ask::ask(
            &state,
            "api",
            &format!(" {question}\n"),
            Some("pt-BR"),
            &headers,
            addr,
        )
        .await;
    }
    let (entries, bytes) = state.answers.size();
    println!("600 questions with 60 KB headers: {entries} answers cached, {bytes} bytes");
    assert_eq!(
        entries, 300,
        "the same question in the same language is one entry"
    );
    assert!(bytes <= web::ask::CACHE_BYTES);
    assert!(
        bytes < 300 * 16 * 1024,
        "{bytes}: no key holds the raw header"
    );
}
