//! Mentions that ask for something other than an estimate: a guide topic, a comparison,
//! a pasted out-of-memory error (in the message and as a `.log` attachment read from
//! Discord's CDN). Each gets its own answer and is logged once with its intent.

use crate::fake_discord::APP_ID;
use crate::fake_discord::fixtures::{self, USER};
use serde_json::Value;
use std::time::Duration;
use vramguide::i18n::{Lang, t};
use vramguide::store::db::Db;

const WAIT: Duration = Duration::from_secs(15);
const OOM: &str = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free. Process 4242 has 22.51 GiB memory in use. Of the allocated memory 18.20 GiB is allocated by PyTorch, and 3.90 GiB is reserved by PyTorch but unallocated.";

fn first_embed(body: &Value) -> &Value {
    &body["embeds"][0]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mentions_get_guides_comparisons_and_diagnoses_each_logged_once() {
    let bot = crate::discord_e2e::start_with(|c| c.attachment_base = c.proxy.clone()).await;
    let fake = &bot.fake;
    let mention = |content: &str| {
        fixtures::guild_message(
            fake.next_id(),
            USER,
            &format!("<@{APP_ID}> {content}"),
            true,
        )
    };

    let r = bot
        .message(mention("nvlink?"), WAIT)
        .await
        .expect("a reply");
    let e = first_embed(&r.body);
    assert_eq!(e["title"], t(Lang::En, "guide-nvlink-title"), "{}", r.body);
    assert!(r.schema_errors.is_empty(), "{:?}", r.schema_errors);
    // The whole guide first (the answer shows its asked part), then the same next-topic
    // buttons `/explain nvlink` gives, each owned by the asker.
    let buttons = r.body["components"][0]["components"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let ids: Vec<&str> = buttons
        .iter()
        .filter_map(|b| b["custom_id"].as_str())
        .collect();
    assert_eq!(
        ids,
        [
            format!("vg:x:{USER}:en:nvlink"),
            format!("vg:x:{USER}:en:multi-gpu"),
            format!("vg:x:{USER}:en:sxm")
        ],
        "{}",
        r.body
    );
    for b in &buttons {
        assert!(!b["label"].as_str().unwrap_or("").is_empty(), "{b}");
    }

    let r = bot
        .message(mention("4090 vs 3090"), WAIT)
        .await
        .expect("a reply");
    let text = first_embed(&r.body).to_string();
    assert!(
        text.contains("RTX 4090") && text.contains("RTX 3090"),
        "{text}"
    );

    let r = bot
        .message(mention(&format!("o que houve?\n{OOM}")), WAIT)
        .await
        .expect("a reply");
    let text = first_embed(&r.body)["description"].to_string();
    assert!(
        text.contains("PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"),
        "{text}"
    );
    assert!(text.contains("PyTorch"), "{text}");

    let mut log = "INFO step 10 loss 1.23\n".repeat(200);
    log.push_str(OOM);
    let url = fake.attach("train.log", log.clone().into_bytes());
    let mut msg = mention("what happened here?");
    msg["attachments"] = serde_json::json!([{
        "id": "930000000000000009", "filename": "train.log", "size": log.len(),
        "url": url, "proxy_url": url, "content_type": "text/plain"
    }]);
    let r = bot.message(msg, WAIT).await.expect("a reply");
    let text = first_embed(&r.body)["description"].to_string();
    assert!(text.contains("expandable_segments"), "{text}");

    // A budget and no model: the cards it buys, and the choosing guide a click away.
    let r = bot
        .message(mention("which gpu should I buy for $2000?"), WAIT)
        .await
        .expect("a reply");
    let text = first_embed(&r.body)["description"].to_string();
    assert!(text.contains("RTX 3090"), "{text}");
    assert_eq!(
        r.body["components"][0]["components"][0]["custom_id"],
        format!("vg:x:{USER}:en:choosing"),
        "{}",
        r.body
    );

    assert!(bot.store.log().flush(WAIT).await, "log committed");
    let Db::Sqlite(pool) = bot.store.db() else {
        panic!("the bot's test store is SQLite");
    };
    let intents: Vec<Option<String>> =
        sqlx::query_scalar("SELECT intent FROM query_log ORDER BY id")
            .fetch_all(pool)
            .await
            .expect("query log readable");
    let intents: Vec<&str> = intents
        .iter()
        .map(|i| i.as_deref().unwrap_or("-"))
        .collect();
    assert_eq!(
        intents,
        ["explain", "compare", "diagnose", "diagnose", "buy"]
    );
    bot.stop().await;
}
