//! Issue 32, items 5 and 6: what a cache or a link preview may keep of a page, charts only
//! for questions asked, and input at the edges (numbers past any meaning, a log behind
//! terminal colours, a huge Accept-Language).

use super::*;
use reqwest::header::HeaderValue;
use vramguide::catalog::Catalog;

#[tokio::test]
async fn pages_are_private_briefly_kept_and_vary_on_language_and_cookie() {
    let base = start(0).await;
    for path in ["/", "/ask?q=llama+3.1+8b+fp16", "/guide"] {
        let r = client().get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        assert_eq!(
            r.headers()["cache-control"],
            "private, max-age=60",
            "{path}"
        );
        assert_eq!(r.headers()["vary"], "Accept-Language, Cookie", "{path}");
    }
    let r = client()
        .get(format!("{base}/no-such-page"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(r.headers()["cache-control"], "no-store");
    // The chart keeps its own, public, header: a picture speaks no cookie's language.
    let (_, page) = get(&format!("{base}/ask?q=llama+3.1+8b+fp16")).await;
    let image = og_image(&page).expect("og:image");
    let r = client().get(format!("{base}{image}")).send().await.unwrap();
    assert_eq!(r.headers()["cache-control"], "public, max-age=3600");
}

#[tokio::test]
async fn link_previews_use_the_public_url_never_the_host_header() {
    let base = start_with(web::Config {
        public_url: Some("https://vram.example.org/".to_string()),
        ..web::Config::default()
    })
    .await;
    let page = client()
        .get(format!("{base}/ask?q=llama+3.1+8b+fp16&lang=pt"))
        .header("host", "evil.example")
        .header("x-forwarded-proto", "https")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let image = og_image(&page).expect("og:image");
    assert!(
        image.starts_with("https://vram.example.org/chart.png?q="),
        "{image}"
    );
    assert!(!page.contains("evil.example"));
    // Without the setting the URL is relative, whatever Host says.
    let base = start(0).await;
    let page = client()
        .get(format!("{base}/ask?q=llama+3.1+8b+fp16"))
        .header("host", "evil.example")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let image = og_image(&page).expect("og:image");
    assert!(image.starts_with("/chart.png?q="), "{image}");
}

#[tokio::test]
async fn a_chart_is_drawn_only_from_the_key_an_answer_page_gave() {
    let base = start(0).await;
    let (_, page) = get(&format!("{base}/ask?q=llama+3.1+8b+fp16&lang=es")).await;
    let image = og_image(&page).expect("og:image");
    let r = client().get(format!("{base}{image}")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-type"], "image/png");
    let k = image.split("k=").nth(1).unwrap().split('&').next().unwrap();
    let never_asked = [
        // No key, a made-up one, the key of another question or language.
        "/chart.png?q=llama+3.1+70b+fp16&lang=es".to_string(),
        "/chart.png?q=llama+3.1+8b+fp16&k=0123456789abcdef&lang=es".to_string(),
        format!("/chart.png?q=llama+3.1+70b+fp16&k={k}&lang=es"),
        format!("/chart.png?q=llama+3.1+8b+fp16&k={k}&lang=en"),
        format!("/chart.png?q=org/never-asked&k={k}&lang=es"),
    ];
    for path in never_asked {
        let (status, _) = get(&format!("{base}{path}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn numbers_past_any_meaning_are_refused_in_every_intent_and_language() {
    let base = start(0).await;
    let cases = [
        ("what gpu can I buy with $1e400", "en", "1e400"),
        (
            "what can I run on 18446744073709551615 MiB",
            "en",
            "18446744073709551615",
        ),
        (
            "llama 70b 99999999999999999999b on a 4090",
            "en",
            "99999999999999999999",
        ),
        ("qual gpu comprar com R$ 1e400", "pt", "1e400"),
        (
            "¿qué modelo corre en 18446744073709551615 GB?",
            "es",
            "18446744073709551615",
        ),
        ("预算1e400元买什么显卡", "zh", "1e400"),
    ];
    for (q, lang, number) in cases {
        let url = reqwest::Url::parse_with_params(
            &format!("{base}/api/v1/ask"),
            &[("q", q), ("lang", lang)],
        )
        .unwrap();
        let (_, v) = get_json(url.as_str()).await;
        assert_eq!(v["error"]["kind"], "out_of_range", "{q}: {v}");
        assert_eq!(v["error"]["input"], number, "{q}: {v}");
        assert_eq!(v["language"], lang, "{q}: {v}");
        let l = vramguide::i18n::Lang::from_code(lang).unwrap();
        let said = vramguide::i18n::tr(
            l,
            "error-out-of-range",
            Some(&vramguide::i18n::Args::new().s("input", number)),
        );
        let message = v["error"]["message"].as_str().unwrap_or_default();
        assert!(message.starts_with(&said), "{q}: {message}");
    }
    // Ordinary amounts still read.
    let (_, v) = get_json(&format!(
        "{base}/api/v1/ask?q=what+gpu+can+I+buy+with+%242000"
    ))
    .await;
    assert!(v["error"].is_null(), "{v}");
    // A log's absurd size is read without it, not echoed as quadrillions of GiB.
    let log = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate \
               18446744073709551615 MiB. GPU 0 has a total capacity of 23.64 GiB of which \
               1.20 GiB is free.";
    let parsed = vramguide::query::parse(Catalog::get(), log);
    let read = parsed.diagnosis.expect("the OOM is read");
    assert!(
        !format!("{read:?}").contains("18014398509481984"),
        "{read:?}"
    );
}

#[test]
fn a_log_behind_colours_or_replacement_characters_keeps_its_oom_line() {
    const OOM: &str = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. \
                       GPU 0 has a total capacity of 23.64 GiB of which 1.20 GiB is free.";
    let coloured = format!(
        "{}\n{OOM}\n",
        "\u{1b}[1;31mERR\u{1b}[0m \u{1b}]0;title\u{7}".repeat(200)
    );
    let mangled = format!("{}\n{OOM}\n", "\u{FFFD}".repeat(4_000));
    for text in [coloured, mangled] {
        let parsed = vramguide::query::parse(Catalog::get(), &text);
        assert!(parsed.diagnosis.is_some(), "{:?}", &text[..60]);
    }
    // A binary file still is one: its control bytes are no escapes.
    let bytes: Vec<u8> = (0..20_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    let junk = String::from_utf8_lossy(&bytes);
    let parsed = vramguide::query::parse(Catalog::get(), &junk);
    assert_eq!(parsed, vramguide::query::Parsed::default());
}

#[tokio::test]
async fn a_huge_accept_language_answers_in_its_first_language() {
    let base = start(0).await;
    // Its first tag, then 100 KB that is not ASCII (and no comma): Portuguese.
    let mut header = b"pt-BR;q=1.0 ".to_vec();
    header.extend(std::iter::repeat_n(0xE9u8, 100_000));
    let r = client()
        .get(format!("{base}/api/v1/ask?q=llama+3.1+8b+fp16+4090"))
        .header("accept-language", HeaderValue::from_bytes(&header).unwrap())
        .send()
        .await
        .unwrap();
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["language"], "pt", "{v}");
}
