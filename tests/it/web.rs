//! The guide server over real HTTP on 127.0.0.1: the JSON API in every language, the
//! contract's objects and statuses, escaping of hostile input, the rate limit, metrics.

use reqwest::StatusCode;
use serde_json::Value;
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::store::{StatsFilter, Store, StoreConfig};
use vramguide::web::querylog::QueryLog;
use vramguide::{answer, query, render, web};

/// Start a server on a free port; returns its base URL.
pub(crate) async fn start(rate_limit_per_minute: u32) -> String {
    start_with(web::Config {
        rate_limit_per_minute,
        ..web::Config::default()
    })
    .await
}

pub(crate) async fn start_with(config: web::Config) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let state = web::AppState::new(config);
    tokio::spawn(web::serve(listener, state, std::future::pending()));
    format!("http://{addr}")
}

pub(crate) fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

pub(crate) async fn get(url: &str) -> (StatusCode, String) {
    let r = client().get(url).send().await.unwrap();
    (r.status(), r.text().await.unwrap())
}

pub(crate) async fn get_json(url: &str) -> (StatusCode, Value) {
    let (status, body) = get(url).await;
    let value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{url}: {e}: {body}"));
    (status, value)
}

#[tokio::test]
async fn ask_answers_in_every_language_with_the_contract_object() {
    let base = start(0).await;
    for lang in Lang::ALL {
        let url = format!("{base}/api/v1/ask?q=llama+70b+fp16&lang={}", lang.locale());
        let (status, v) = get_json(&url).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(v["language"], lang.code());
        assert_eq!(v["understood"], true);
        assert_eq!(v["query"]["precision"], "fp16");
        assert!(v["estimate"]["total_gib"].as_f64().unwrap() > 100.0);
        // Exactly what `ask --json` prints: the core's object, rendered the same way.
        let catalog = Catalog::get();
        let parsed = query::parse(catalog, "llama 70b fp16");
        let req = query::resolve(catalog, &parsed.query).unwrap();
        let a = answer::build(catalog, req).unwrap();
        assert_eq!(
            v,
            serde_json::to_value(render::json::answer(lang, catalog, &a)).unwrap()
        );
    }
}

#[tokio::test]
async fn the_question_language_and_accept_language_pick_the_reply_language() {
    let base = start(0).await;
    let r = client()
        .get(format!("{base}/api/v1/ask?q=llama+8b"))
        .header("accept-language", "es-MX,es;q=0.9")
        .send()
        .await
        .unwrap();
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["language"], "es");
    let (_, v) = get_json(&format!(
        "{base}/api/v1/ask?q=quanta+memória+preciso+para+rodar+o+llama+70b+em+fp16&lang=en"
    ))
    .await;
    assert_eq!(v["language"], "pt", "the question's language comes first");
}

#[tokio::test]
async fn nothing_understood_and_missing_q_are_400s_with_help() {
    let base = start(0).await;
    // Issue 11: a question the API cannot use is a 400 with the error object, as the CLI
    // exits 2 (it used to be a 200).
    let (status, v) = get_json(&format!("{base}/api/v1/ask?q=hello+there&lang=zh")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["understood"], false);
    assert_eq!(v["error"]["kind"], "not_understood");
    assert!(!v["text"].as_str().unwrap().is_empty());
    let (status, v) = get_json(&format!("{base}/api/v1/ask?q=")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["understood"], false);
    let (status, v) = get_json(&format!("{base}/api/v1/ask")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["error"]["kind"], "missing_parameter");
    let long = "a".repeat(600);
    let (status, v) = get_json(&format!("{base}/api/v1/ask?q={long}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["error"]["kind"], "too_long");
}

#[tokio::test]
async fn estimate_answers_and_rejects_bad_parameters_with_400() {
    let base = start(0).await;
    let (status, v) = get_json(&format!(
        "{base}/api/v1/estimate?model=llama-3.1-8b&precision=q4_k_m&gpu=rtx-4090&context=8192&lang=pt"
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["language"], "pt");
    assert_eq!(v["fit"]["gpu"], "rtx-4090");
    assert_eq!(v["fit"]["fits"], true);
    for (params, kind) in [
        ("model=llama-3.1-8b&context=abc", "not_a_number"),
        ("model=no-such-model-xyz", "unknown_model"),
        ("model=llama-3.1-8b&precision=fp3", "unknown_precision"),
        ("model=llama-3.1-8b&gpu=voodoo-9", "unknown_gpu"),
        ("precision=fp16", "need_model"),
    ] {
        let (status, v) = get_json(&format!("{base}/api/v1/estimate?{params}&lang=es")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{params}");
        assert_eq!(v["understood"], false);
        assert_eq!(v["language"], "es");
        assert_eq!(v["error"]["kind"], kind, "{params}");
    }
}

#[tokio::test]
async fn compare_catalog_guide_and_openapi() {
    let base = start(0).await;
    let (status, v) = get_json(&format!(
        "{base}/api/v1/compare?gpus=rtx-4090,rtx-a6000,rtx-6000-ada&lang=zh"
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["gpus"].as_array().unwrap().len(), 3);
    let (status, v) = get_json(&format!("{base}/api/v1/compare?gpus=rtx-4090,warp-drive")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["error"]["kind"], "unknown_gpu");
    // One GPU is named as one, not "missing", with an example for this endpoint.
    let (status, v) = get_json(&format!("{base}/api/v1/compare?gpus=rtx-4090")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["error"]["kind"], "one_gpu");
    assert_eq!(v["error"]["input"], "gpus");
    let text = v["text"].as_str().unwrap_or_default();
    assert!(text.contains("only one GPU"), "{v}");
    assert!(text.contains("/api/v1/compare?gpus="), "{v}");

    let (_, models) = get_json(&format!("{base}/api/v1/models")).await;
    let models = models.as_array().unwrap();
    assert_eq!(models.len(), Catalog::get().models.len());
    assert!(
        models
            .iter()
            .all(|m| !m["sources"].as_array().unwrap().is_empty())
    );
    let (_, gpus) = get_json(&format!("{base}/api/v1/gpus")).await;
    assert_eq!(gpus.as_array().unwrap().len(), Catalog::get().gpus.len());

    let (status, v) = get_json(&format!("{base}/api/v1/guide/kv-cache?lang=pt")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["topic"], "kv-cache");
    let (status, v) = get_json(&format!("{base}/api/v1/guide/no-such-topic")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(v["error"]["kind"], "unknown_topic");
    let (status, _) = get_json(&format!("{base}/api/v1/nothing-here")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, spec) = get_json(&format!("{base}/api/v1/openapi.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(spec["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/api/v1/ask",
        "/api/v1/estimate",
        "/api/v1/compare",
        "/api/v1/models",
    ] {
        assert!(spec["paths"][path].is_object(), "{path} documented");
    }
}

#[tokio::test]
async fn pages_speak_the_chosen_language() {
    let base = start(0).await;
    for lang in Lang::ALL {
        for path in [
            "/",
            "/compare",
            "/guide",
            "/guide/nvlink",
            "/models",
            "/gpus",
        ] {
            let (status, body) = get(&format!("{base}{path}?lang={}", lang.code())).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert!(
                body.contains(&format!("<html lang=\"{}\">", lang.locale())),
                "{path} {lang:?}"
            );
            let nav = vramguide::i18n::t(lang, "web-nav-guide");
            assert!(body.contains(&nav), "{path} {lang:?} has its navigation");
        }
    }
    let r = client()
        .get(format!("{base}/"))
        .header("accept-language", "pt-PT,pt;q=0.9")
        .send()
        .await
        .unwrap();
    assert!(r.text().await.unwrap().contains("<html lang=\"pt-BR\">"));
    let r = client()
        .get(format!("{base}/guide"))
        .header("cookie", "lang=zh")
        .header("accept-language", "es")
        .send()
        .await
        .unwrap();
    assert!(r.text().await.unwrap().contains("<html lang=\"zh-CN\">"));
    let (status, body) = get(&format!("{base}/guide/not-a-topic?lang=es")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("/guide/vram?lang=es"));
}

#[tokio::test]
async fn the_switcher_sets_a_cookie_and_only_redirects_on_site() {
    let base = start(0).await;
    let r = client()
        .get(format!("{base}/lang?set=zh&next=%2Fask%3Fq%3Dllama"))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_redirection());
    assert_eq!(r.headers()["location"], "/ask?q=llama");
    let cookie = r.headers()["set-cookie"].to_str().unwrap();
    assert!(cookie.starts_with("lang=zh;"), "{cookie}");
    for evil in [
        "%2F%2Fevil.example",
        "https%3A%2F%2Fevil.example",
        "%2F%5Cevil.example",
    ] {
        let r = client()
            .get(format!("{base}/lang?set=pt&next={evil}"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.headers()["location"], "/", "{evil}");
    }
}

#[tokio::test]
async fn hostile_input_is_escaped_everywhere() {
    let base = start(0).await;
    let hostile = [
        "<script>alert(1)</script> llama 70b",
        "\"><img src=x onerror=alert(1)> llama 8b",
        "llama 70b ' onmouseover='alert(1)",
        "<script>alert(1)</script>",
        "\u{202E}llama 70b\u{202C} <b>x</b>",
        "llama-70b-<svg/onload=alert(1)>",
    ];
    for q in hostile {
        let url = reqwest::Url::parse_with_params(&format!("{base}/ask"), &[("q", q)]).unwrap();
        let (status, body) = get(url.as_str()).await;
        assert!(status.is_success(), "{q}: {status}");
        for bad in [
            "<script>alert",
            "<img src",
            "<svg/onload",
            "<b>x",
            "' onmouseover='",
            "\"><img",
        ] {
            assert!(!body.contains(bad), "{q}: page contains {bad}");
        }
        assert!(!body.contains('\u{202E}'), "{q}: bidi override echoed");
        let url =
            reqwest::Url::parse_with_params(&format!("{base}/compare"), &[("gpus", q)]).unwrap();
        let (_, body) = get(url.as_str()).await;
        assert!(!body.contains("<script>alert") && !body.contains("<img src"));
    }
    // The question box keeps what was typed, escaped inside the attribute.
    let url = reqwest::Url::parse_with_params(
        &format!("{base}/ask"),
        &[("q", "llama 70b \"quoted\" <tag>")],
    )
    .unwrap();
    let (_, body) = get(url.as_str()).await;
    assert!(body.contains("value=\"llama 70b &#34;quoted&#34; &#60;tag&#62;\""));
}

#[tokio::test]
async fn pages_send_security_headers() {
    let base = start(0).await;
    let r = client().get(format!("{base}/")).send().await.unwrap();
    let csp = r.headers()["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("default-src 'none'") && !csp.contains("unsafe-inline"));
    assert_eq!(r.headers()["x-content-type-options"], "nosniff");
}

#[tokio::test]
async fn the_rate_limit_answers_429_with_retry_after() {
    let base = start(3).await;
    for _ in 0..3 {
        let (status, _) = get(&format!("{base}/api/v1/ask?q=llama+8b")).await;
        assert_eq!(status, StatusCode::OK);
    }
    let r = client()
        .get(format!("{base}/api/v1/ask?q=llama+8b&lang=pt"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["error"]["kind"], "rate_limited");
    let (status, _) = get(&format!("{base}/")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "pages count too");
    let (status, _) = get(&format!("{base}/healthz")).await;
    assert_eq!(status, StatusCode::OK, "health checks are exempt");
}

#[tokio::test]
async fn metrics_count_requests_and_answers() {
    let base = start(0).await;
    get(&format!("{base}/api/v1/ask?q=llama+70b+fp16&lang=zh")).await;
    get(&format!("{base}/ask?q=hello&lang=es")).await;
    let (status, text) = get(&format!("{base}/metrics")).await;
    assert_eq!(status, StatusCode::OK);
    for needle in [
        "vramguide_answers_total{source=\"api\",language=\"zh\",understood=\"true\"} 1",
        "vramguide_answers_total{source=\"web\",language=\"es\",understood=\"false\"} 1",
        "vramguide_http_requests_total{route=\"/api/v1/ask\",status=\"200\"} 1",
        "vramguide_http_request_duration_seconds_bucket",
        "vramguide_answer_duration_seconds_bucket",
        "vramguide_query_log_queue_depth",
        "vramguide_query_log_write_errors",
    ] {
        assert!(text.contains(needle), "metrics lack {needle}:\n{text}");
    }
}

#[tokio::test]
async fn every_question_is_logged_to_the_store_with_source_web() {
    let dir = std::env::temp_dir().join(format!("vramguide-web-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = StoreConfig {
        database_url: format!("sqlite://{}", dir.join("log.db").display()),
        data_dir: dir.clone(),
        hash_key: Some("test-key".to_string()),
        ..StoreConfig::default()
    };
    let store = Store::open(config).await.unwrap();
    let base = start_with(web::Config {
        rate_limit_per_minute: 0,
        log: QueryLog::new(Some(store.clone())),
        ..web::Config::default()
    })
    .await;
    get(&format!("{base}/api/v1/ask?q=llama+70b+fp16&lang=pt")).await;
    get(&format!("{base}/ask?q=qwen+7b+on+a+4090")).await;
    get(&format!("{base}/ask?q=blah+blah")).await;
    get(&format!(
        "{base}/api/v1/estimate?model=llama-3.1-8b&precision=int4"
    ))
    .await;
    assert!(store.log().flush(std::time::Duration::from_secs(10)).await);
    let stats = store.log().stats(&StatsFilter::default()).await.unwrap();
    assert_eq!(stats.total, 4);
    assert_eq!(stats.understood, 3);
    assert_eq!(stats.by_source, vec![("web".to_string(), 4)]);
    assert!(stats.top_gpus.iter().any(|(g, _)| g == "rtx-4090"));
    assert!(stats.languages.iter().any(|(l, _)| l == "pt"));
    let (_, metrics) = get(&format!("{base}/metrics")).await;
    assert!(metrics.contains("vramguide_query_log_write_errors 0"));
    store.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// A pasted config.json (the page's form, the API's body) is one question: one row each,
/// with the model the config describes.
#[tokio::test]
async fn a_posted_question_writes_exactly_one_row() {
    let store = Store::open(StoreConfig::in_memory()).await.unwrap();
    let base = start_with(web::Config {
        rate_limit_per_minute: 0,
        log: QueryLog::new(Some(store.clone())),
        ..web::Config::default()
    })
    .await;
    let config = serde_json::json!({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama",
        "_name_or_path": "me/pasted-8b",
        "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
        "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128,
        "vocab_size": 128256, "max_position_embeddings": 8192,
        "tie_word_embeddings": false, "torch_dtype": "bfloat16"
    })
    .to_string();
    let rows = || async {
        assert!(store.log().flush(std::time::Duration::from_secs(10)).await);
        store.log().stats(&StatsFilter::default()).await.unwrap()
    };
    let page = client()
        .post(format!("{base}/ask"))
        .form(&[("config", config.as_str()), ("q", "fp16 on a 4090")])
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    let stats = rows().await;
    assert_eq!(stats.total, 1, "the form: one row");
    assert_eq!(stats.understood, 1);
    assert_eq!(stats.by_source, vec![("web".to_string(), 1)]);
    assert!(
        stats.top_gpus.iter().any(|(g, _)| g == "rtx-4090"),
        "{stats:?}"
    );
    let api = client()
        .post(format!("{base}/api/v1/estimate?precision=q4_k_m"))
        .body(config.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 200);
    let stats = rows().await;
    assert_eq!(stats.total, 2, "the API: one more row");
    assert!(
        stats.top_precisions.iter().any(|(p, _)| p == "q4_k_m"),
        "{stats:?}"
    );
    store.shutdown().await;
}

/// A comparison goes through the answer service like any question: the page and the API
/// each write one row, a refused card too.
#[tokio::test]
async fn a_comparison_writes_exactly_one_row() {
    let store = Store::open(StoreConfig::in_memory()).await.unwrap();
    let base = start_with(web::Config {
        rate_limit_per_minute: 0,
        log: QueryLog::new(Some(store.clone())),
        ..web::Config::default()
    })
    .await;
    let rows = || async {
        assert!(store.log().flush(std::time::Duration::from_secs(10)).await);
        store.log().stats(&StatsFilter::default()).await.unwrap()
    };
    let (status, _) = get(&format!("{base}/compare?gpus=rtx-4090,rtx-3090")).await;
    assert_eq!(status, 200);
    let stats = rows().await;
    assert_eq!((stats.total, stats.understood), (1, 1), "the page: one row");
    assert_eq!(stats.by_source, vec![("web".to_string(), 1)]);
    let (status, _) = get(&format!("{base}/api/v1/compare?gpus=4090,a6000")).await;
    assert_eq!(status, 200);
    assert_eq!(rows().await.total, 2, "the API: one more row");
    let (status, _) = get(&format!("{base}/api/v1/compare?gpus=4090,rtx-9090")).await;
    assert_eq!(status, 400);
    let stats = rows().await;
    assert_eq!(
        (stats.total, stats.understood),
        (3, 2),
        "a refused card is a row too"
    );
    store.shutdown().await;
}

#[tokio::test]
async fn repeated_questions_reuse_the_answer_but_are_each_counted() {
    let base = start(0).await;
    let url = format!("{base}/api/v1/ask?q=qwen+32b+q4_k_m&lang=pt");
    let (_, first) = get(&url).await;
    let (_, second) = get(&url).await;
    assert_eq!(first, second, "the same question gives the same answer");
    let (_, other) = get(&format!("{base}/api/v1/ask?q=qwen+32b+q4_k_m&lang=es")).await;
    assert_ne!(first, other, "the language is part of the key");
    let (_, metrics) = get(&format!("{base}/metrics")).await;
    assert!(
        metrics.contains(
            "vramguide_answers_total{source=\"api\",language=\"pt\",understood=\"true\"} 2"
        ),
        "{metrics}"
    );
}

/// The `content` of the first `<meta property="{name}" ...>` of a page, HTML-unescaped.
fn meta(page: &str, name: &str) -> Option<String> {
    let at = page.find(&format!("<meta property=\"{name}\" content=\""))?;
    let rest = &page[at..];
    let start = rest.find("content=\"")? + "content=\"".len();
    let end = rest[start..].find('"')? + start;
    Some(
        rest[start..end]
            .replace("&#38;", "&")
            .replace("&amp;", "&")
            .replace("&#34;", "\"")
            .replace("&#39;", "'"),
    )
}

#[tokio::test]
async fn the_answer_page_embeds_the_chart_and_links_its_png_for_previews() {
    let base = start(0).await;
    let url = format!("{base}/ask?q=llama+3.1+70b+fp16+em+duas+rtx+4090&lang=pt");
    let (status, page) = get(&url).await;
    assert_eq!(status, StatusCode::OK);
    // The same SVG render::chart writes, inline, in Portuguese.
    let svg_at = page.find("<svg id=\"memory-bar\"").expect("the chart");
    let svg = &page[svg_at..svg_at + page[svg_at..].find("</svg>").unwrap()];
    assert!(svg.contains("class=\"seg weights\"") && svg.contains("class=\"capacity\""));
    assert!(
        svg.contains(">pesos<") && svg.contains("GeForce RTX 4090"),
        "{svg}"
    );
    assert!(!svg.contains("style="), "the CSP allows no inline styles");
    // Open Graph: title, description and the chart as a PNG URL, relative with no public
    // URL configured (changed by issue 32: it was absolute from the Host header).
    assert!(meta(&page, "og:title").is_some_and(|t| t.contains("Llama 3.1 70B")));
    assert!(meta(&page, "og:description").is_some_and(|d| d.contains("GiB")));
    let image = meta(&page, "og:image").expect("og:image");
    assert!(image.starts_with("/chart.png?q="), "{image}");
    assert!(image.ends_with("&lang=pt"), "{image}");
    let r = client().get(format!("{base}{image}")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-type"], "image/png");
    let png = r.bytes().await.unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).expect("a PNG that decodes");
    assert_eq!(pixmap.width(), render::chart::WIDTH);
    // The picture of the same answer the page shows, in the same language.
    let a = answer::for_text(Catalog::get(), "llama 3.1 70b fp16 em duas rtx 4090")
        .result
        .unwrap();
    let expected = render::chart::png(Lang::Pt, Catalog::get(), &a).unwrap();
    assert_eq!(png.as_ref(), expected.as_slice());
    // The page's bounds: no question, an over-long one, one with no answer.
    let (status, _) = get(&format!("{base}/chart.png")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let long = "a".repeat(501);
    let (status, _) = get(&format!("{base}/chart.png?q={long}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = get(&format!("{base}/chart.png?q=hello+there")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A Host header never reaches the page: the image URL stays relative.
    let r = client()
        .get(&url)
        .header("host", "evil.example/\"><script>")
        .send()
        .await
        .unwrap();
    let page = r.text().await.unwrap();
    if let Some(image) = meta(&page, "og:image") {
        assert!(image.starts_with("/chart.png?q="), "{image}");
    }
}

/// The offload lever's RAM bandwidth comes from a form field, never a CLI flag: without it
/// the page says the default was assumed and points to the field; with it the speed is the
/// user's; a bad value gets a localized error.
#[tokio::test]
async fn the_ram_bandwidth_field_sets_offload_speeds_and_no_page_names_the_flag() {
    use vramguide::i18n::t;
    let base = start(0).await;
    let q = "llama+3.1+70b+fp16+rtx+4090";
    let escaped = |s: String| s.replace('"', "&quot;").replace('\'', "&#x27;");
    for lang in Lang::ALL {
        let code = lang.code();
        let (status, page) = get(&format!("{base}/ask?q={q}&lang={code}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(!page.contains("--ram-bandwidth"), "{code}: {page}");
        assert!(page.contains(r#"id="ram" name="ram""#), "{code}: the field");
        let hint = t(lang, "web-ram-hint");
        assert!(
            page.contains(&hint) || page.contains(&escaped(hint.clone())),
            "{code}: {hint}"
        );
        let (_, api) = get(&format!("{base}/api/v1/ask?q={q}&lang={code}")).await;
        assert!(!api.contains("--ram-bandwidth"), "{code}: {api}");
        let (status, own) = get(&format!("{base}/ask?q={q}&lang={code}&ram=300")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(!own.contains("--ram-bandwidth"), "{code}");
        assert!(
            own.contains(r#"value="300""#),
            "{code}: the field keeps the value"
        );
        assert!(
            !own.contains(&hint) && !own.contains(&escaped(hint)),
            "{code}: no hint once given"
        );
        let given = vramguide::i18n::tr(
            lang,
            "offload-ram-given",
            Some(
                &vramguide::i18n::Args::new()
                    .s("bandwidth", vramguide::i18n::format_number(lang, 300.0, 1)),
            ),
        );
        assert!(own.contains(&given), "{code}: {given}");
        assert!(!page.contains(&given), "{code}");
        let (status, bad) = get(&format!("{base}/ask?q={q}&lang={code}&ram=fast")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(bad.contains("role=\"alert\""), "{code}: {bad}");
        assert!(bad.contains(&t(lang, "error-bad-ram-bandwidth")), "{code}");
        let (status, zero) = get(&format!("{base}/ask?q={q}&lang={code}&ram=0")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(zero.contains(&t(lang, "error-bad-ram-bandwidth")), "{code}");
        let (status, _) = get(&format!("{base}/ask?q={q}&lang={code}&ram=1e400")).await;
        assert_eq!(status, StatusCode::OK, "{code}: no panic on infinity");
    }
}

/// An answer in another format than the model's own says so once, in the verdict box, and
/// still shows its fit line; one with no checkpoint to launch says which to look for, as
/// the text does.
#[tokio::test]
async fn the_answer_page_says_each_line_once_and_what_the_text_says() {
    let base = start(0).await;
    let q = "meta-llama/Llama-3.1-70B-Instruct with vllm on 2x H100, 32k context";
    let url = format!(
        "{base}/ask?q={}&lang=en",
        q.replace(' ', "+").replace(',', "%2C")
    );
    let (status, page) = get(&url).await;
    assert_eq!(status, StatusCode::OK);
    let catalog = Catalog::get();
    let a = answer::for_text(catalog, q).result.expect("an estimate");
    let best = render::parts::best_fit_line(Lang::En, catalog, &a).expect("another format");
    // The line as the page escapes and splits it: its first words are enough.
    let opening: String = best.chars().take(30).collect();
    assert_eq!(page.matches(opening.as_str()).count(), 1, "{page}");
    assert!(page.contains("✅ Fits on 2 × NVIDIA H100"), "{page}");

    // A model with no GGUF repo listed (Gemma 3 27B now has several).
    let q = "does olmo 2 32b fit in 24gb at q4?";
    let a = answer::for_text(catalog, q).result.expect("an estimate");
    let Some(missing) =
        render::view::AnswerView::new(Lang::En, catalog, &a, &[render::view::Kind::Launch])
            .sections
            .into_iter()
            .find_map(|s| match s {
                render::view::Section::LaunchMissing(l) => Some(l),
                _ => None,
            })
    else {
        panic!("no checkpoint missing for {q}: {:?}", a.launch);
    };
    let url = format!(
        "{base}/ask?q={}&lang=en",
        q.replace(' ', "+").replace('?', "%3F")
    );
    let (_, page) = get(&url).await;
    let opening: String = missing.chars().take(30).collect();
    assert!(page.contains(&opening), "{opening} missing from {page}");
    assert!(render::text::answer(Lang::En, catalog, &a).contains(&opening));
}
