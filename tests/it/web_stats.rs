//! `/stats`, the team's statistics page: absent unless a token is set, then only for that
//! token, counting what the query log holds (per day, models, cards, languages, what went
//! unanswered) in every language and showing no user.

use crate::web::{client, get, start_with};
use reqwest::StatusCode;
use vramguide::i18n::{Lang, t};
use vramguide::settings::Secret;
use vramguide::store::{Store, StoreConfig};
use vramguide::web::{self, querylog::QueryLog};

const TOKEN: &str = "team-token-0123456789";

#[tokio::test]
async fn without_a_token_setting_there_is_no_stats_page() {
    let store = Store::open(StoreConfig::in_memory()).await.unwrap();
    let base = start_with(web::Config {
        log: QueryLog::new(Some(store.clone())),
        ..web::Config::default()
    })
    .await;
    let (status, _) = get(&format!("{base}/stats?token={TOKEN}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    store.shutdown().await;
}

#[tokio::test]
async fn the_token_opens_the_team_counts_and_nothing_names_a_user() {
    let store = Store::open(StoreConfig {
        hash_key: Some("test-key".to_string()),
        ..StoreConfig::in_memory()
    })
    .await
    .unwrap();
    let base = start_with(web::Config {
        rate_limit_per_minute: 0,
        log: QueryLog::new(Some(store.clone())),
        stats_token: Some(Secret::new(TOKEN)),
        ..web::Config::default()
    })
    .await;
    for q in [
        "qwen+7b+on+a+4090",
        "qwen+7b+on+a+4090",
        "llama+70b+fp16&lang=pt",
        "blah+blah+blah",
    ] {
        get(&format!("{base}/ask?q={q}")).await;
    }
    assert!(store.log().flush(std::time::Duration::from_secs(10)).await);

    // No token: the form, nothing counted; a wrong one: refused.
    let (status, locked) = get(&format!("{base}/stats")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(locked.contains(r#"name="token""#), "{locked}");
    assert!(!locked.contains("qwen"), "{locked}");
    let (status, wrong) = get(&format!("{base}/stats?token=team-token-0123456788")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(!wrong.contains("qwen") && !wrong.contains("0123456788"));

    // The token, by the form's query or a Bearer header.
    let response = client()
        .get(format!("{base}/stats?lang=en"))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let page = response.text().await.unwrap();
    let today = vramguide::store::stats::civil_date(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64
            / 86_400,
    );
    assert!(page.contains(&today), "questions per day: {page}");
    assert!(page.contains("rtx-4090"), "top cards: {page}");
    assert!(page.contains("blah blah blah"), "unanswered: {page}");
    assert!(
        page.contains(r#"<meter min="0" max="4" value="4">"#),
        "{page}"
    );
    assert!(page.contains(&t(Lang::En, "stats-language-pt")), "{page}");
    for lang in Lang::ALL {
        let (status, page) = get(&format!(
            "{base}/stats?token={TOKEN}&since=7d&lang={}",
            lang.code()
        ))
        .await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains(&t(lang, "web-stats-title")), "{lang:?}");
        assert!(page.contains(&t(lang, "web-stats-per-day")), "{lang:?}");
        assert!(
            !page.contains("stats-"),
            "{lang:?}: a raw message id: {page}"
        );
    }
    // The asker's address (the web's "user") is never shown.
    assert!(!page.contains("127.0.0.1"), "{page}");
    store.shutdown().await;
}
