//! End to end: the real bot (poise on serenity) against a fake Discord on 127.0.0.1.
//!
//! Each test starts a fake REST + gateway, runs `vramguide::discord::run` pointed at it,
//! scripts dispatches, and asserts on the request bodies the bot sent: language, numbers,
//! Discord's limits, allowed mentions, ephemeral flags, and Discord's OpenAPI schema.

use crate::fake_discord::fixtures::{
    self, ADMIN_PERMISSIONS, MEMBER_PERMISSIONS, OTHER_USER, Place, USER,
};
use crate::fake_discord::{APP_ID, FakeDiscord, Recorded, TOKEN};
use serde_json::{Value, json};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use vramguide::answer::Topic;
use vramguide::catalog::Catalog;
use vramguide::discord::{self, BotConfig};
use vramguide::i18n::{Lang, format_gib, t};
use vramguide::query::{self, Query};
use vramguide::render;
use vramguide::store::db::Db;
use vramguide::store::{Store, StoreConfig};

const WAIT: Duration = Duration::from_secs(15);
const EPHEMERAL: u64 = 1 << 6;

pub struct Running {
    pub fake: FakeDiscord,
    /// What the bot stores in: SQLite in memory unless a test passes its own.
    pub store: Store,
    stop: Option<oneshot::Sender<()>>,
    handle: JoinHandle<anyhow::Result<()>>,
}

pub fn config(fake: &FakeDiscord) -> BotConfig {
    BotConfig {
        token: TOKEN.to_string(),
        proxy: Some(fake.rest_url.clone()),
        rate_burst: 1000,
        rate_per_minute: 6000,
        ..BotConfig::default()
    }
}

pub async fn start_with(edit: impl FnOnce(&mut BotConfig)) -> Running {
    start_with_store(in_memory().await, edit).await
}

/// A store as the bot has it without a database.
async fn in_memory() -> Store {
    Store::open(StoreConfig::in_memory())
        .await
        .expect("in-memory store opens")
}

/// Start the bot on `store`, kept for inspection.
pub async fn start_with_store(store: Store, edit: impl FnOnce(&mut BotConfig)) -> Running {
    let fake = FakeDiscord::start().await;
    let mut cfg = config(&fake);
    edit(&mut cfg);
    let (stop, rx) = oneshot::channel::<()>();
    let handle = tokio::spawn(discord::run(cfg, store.clone(), async move {
        let _ = rx.await;
    }));
    // Commands are registered in the framework's setup, right after READY.
    fake.wait_for(WAIT, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    Running {
        fake,
        store,
        stop: Some(stop),
        handle,
    }
}

impl Running {
    /// Send an interaction and return the bot's callback for it.
    pub async fn interact(&self, payload: Value) -> Recorded {
        let token = payload["token"].as_str().expect("token").to_string();
        self.fake.dispatch("INTERACTION_CREATE", payload);
        self.fake
            .wait_for(WAIT, |r| r.path.contains(&format!("/{token}/callback")))
            .await
    }

    /// Send a message and return the bot's reply in that channel, if any within `limit`.
    pub async fn message(&self, payload: Value, limit: Duration) -> Option<Recorded> {
        let id = payload["id"].as_str().expect("id").to_string();
        let channel = payload["channel_id"].as_str().expect("channel").to_string();
        self.fake.dispatch("MESSAGE_CREATE", payload);
        self.fake
            .wait_until(limit, || {
                self.fake.requests().into_iter().find(|r| {
                    r.path == format!("/api/v10/channels/{channel}/messages")
                        && r.body["message_reference"]["message_id"] == json!(id)
                })
            })
            .await
    }

    /// The model of every logged question, oldest first (once the writer committed them).
    pub async fn logged_models(&self) -> Vec<Option<String>> {
        assert!(self.store.log().flush(WAIT).await, "log committed");
        let Db::Sqlite(pool) = self.store.db() else {
            panic!("the bot's test store is SQLite");
        };
        sqlx::query_scalar("SELECT model_id FROM query_log ORDER BY id")
            .fetch_all(pool)
            .await
            .expect("query log readable")
    }

    /// How many questions the log holds (once the writer committed them).
    pub async fn logged_rows(&self) -> i64 {
        assert!(self.store.log().flush(WAIT).await, "log committed");
        let Db::Sqlite(pool) = self.store.db() else {
            panic!("the bot's test store is SQLite");
        };
        sqlx::query_scalar("SELECT COUNT(*) FROM query_log")
            .fetch_one(pool)
            .await
            .expect("query log readable")
    }

    pub async fn stop(mut self) -> FakeDiscord {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let result = tokio::time::timeout(WAIT, self.handle).await;
        let result = result.expect("bot stops in time").expect("no panic");
        result.expect("clean shutdown");
        self.fake
    }
}

fn embed(r: &Recorded) -> &Value {
    let body = &r.body;
    let e = if body.get("data").is_some() {
        &body["data"]["embeds"][0]
    } else {
        &body["embeds"][0]
    };
    assert!(e.is_object(), "no embed in {body:#}");
    e
}

fn embed_text(e: &Value) -> String {
    let mut out = vec![
        e["title"].as_str().unwrap_or("").to_string(),
        e["description"].as_str().unwrap_or("").to_string(),
        e["footer"]["text"].as_str().unwrap_or("").to_string(),
    ];
    for f in e["fields"].as_array().into_iter().flatten() {
        out.push(f["name"].as_str().unwrap_or("").to_string());
        out.push(f["value"].as_str().unwrap_or("").to_string());
    }
    out.join("\n")
}

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

/// Discord's embed limits, checked on the JSON the bot sent.
pub fn assert_embed_limits(e: &Value) {
    assert!(chars(&e["title"]) <= 256, "title too long");
    assert!(chars(&e["description"]) <= 4096, "description too long");
    assert!(chars(&e["footer"]["text"]) <= 2048, "footer too long");
    let fields = e["fields"].as_array().cloned().unwrap_or_default();
    assert!(fields.len() <= 25, "too many fields");
    let mut total = chars(&e["title"]) + chars(&e["description"]) + chars(&e["footer"]["text"]);
    for f in &fields {
        assert!((1..=256).contains(&chars(&f["name"])), "field name {f}");
        assert!((1..=1024).contains(&chars(&f["value"])), "field value {f}");
        total += chars(&f["name"]) + chars(&f["value"]);
    }
    assert!(total <= 6000, "embed total {total} > 6000");
}

/// Pings nobody: no parsed mentions, no users/roles, no reply ping.
fn assert_no_pings(body: &Value) {
    let am = if body.get("data").is_some() {
        &body["data"]["allowed_mentions"]
    } else {
        &body["allowed_mentions"]
    };
    assert_eq!(am["parse"], json!([]), "allowed_mentions.parse in {body:#}");
    assert_ne!(am["replied_user"], json!(true));
}

fn flags(r: &Recorded) -> u64 {
    r.body["data"]["flags"].as_u64().unwrap_or(0)
}

fn precision_index(name: &str) -> usize {
    vramguide::estimate::precision::ALL
        .iter()
        .position(|(_, n)| *n == name)
        .expect("known precision")
}

fn core_answer(q: &Query) -> vramguide::answer::Answer {
    let c = Catalog::get();
    vramguide::answer::build(c, query::resolve(c, q).expect("resolves")).expect("answers")
}

fn expected_total(q: &Query, lang: Lang) -> String {
    format_gib(lang, core_answer(q).estimate.total_gib())
}

fn button_ids(r: &Recorded) -> Vec<String> {
    let body = if r.body.get("data").is_some() {
        &r.body["data"]
    } else {
        &r.body
    };
    body["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_slash_commands_mentions_dms_and_buttons() {
    let bot = start_with(|_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };

    // The gateway got a proper IDENTIFY: token, and no privileged intent by default.
    let identify = &fake.identifies()[0];
    assert!(identify["token"].as_str().unwrap().ends_with(TOKEN));
    let intents = identify["intents"].as_u64().expect("intents");
    assert_eq!(
        intents & (1 << 15),
        0,
        "MESSAGE_CONTENT must not be requested by default"
    );
    assert_ne!(intents & (1 << 9), 0, "GUILD_MESSAGES");
    assert_ne!(intents & (1 << 12), 0, "DIRECT_MESSAGES");

    // Registration: global, all commands, localized.
    let put = fake.wait_for(WAIT, |r| r.method == "PUT").await;
    assert_eq!(put.path, format!("/api/v10/applications/{APP_ID}/commands"));
    let names: Vec<&str> = put
        .body
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    for n in [
        "estimate",
        "compare",
        "explain",
        "fit",
        "language",
        "stats",
        "forget-me",
        "listen",
    ] {
        assert!(names.contains(&n), "{n} missing from {names:?}");
    }

    // 1. /estimate in pt-BR: public embed, Portuguese texts, pt-formatted numbers, buttons.
    let id = fake.next_id();
    let options = json!([
        {"name": "model", "type": 3, "value": "llama 3.1 70b"},
        {"name": "precision", "type": 4, "value": precision_index("fp16")},
        {"name": "gpu", "type": 3, "value": "rtx 4090"},
        {"name": "gpus", "type": 4, "value": 2}
    ]);
    let r = bot
        .interact(fixtures::slash(
            id, "estimate", options, USER, "pt-BR", admin,
        ))
        .await;
    assert_eq!(r.body["type"], json!(4), "channel message response");
    assert_eq!(flags(&r) & EPHEMERAL, 0, "answers are public");
    let e = embed(&r);
    assert_embed_limits(e);
    assert_no_pings(&r.body);
    let text = embed_text(e);
    assert!(text.contains("Llama 3.1 70B"), "{text}");
    assert_eq!(e["footer"]["text"], json!(t(Lang::Pt, "discord-footer")));
    let q = Query {
        model: Some("llama 3.1 70b".into()),
        precision: Some("fp16".parse().unwrap()),
        gpu: Some("rtx 4090".into()),
        gpu_count: Some(2),
        ..Query::default()
    };
    let total = expected_total(&q, Lang::Pt);
    assert!(total.contains(','), "pt uses a decimal comma: {total}");
    assert!(text.contains(&total), "total {total} missing from {text}");
    let a = core_answer(&q);
    assert_eq!(
        e["title"],
        json!(render::parts::title(Lang::Pt, &a)),
        "Portuguese title"
    );
    // The first view gives the peak in all; its share per GPU is in the verdict above it.
    let peak = vramguide::i18n::tr(
        Lang::Pt,
        "answer-total",
        Some(&vramguide::i18n::Args::new().s("total", total.clone())),
    );
    assert!(
        text.contains(&peak),
        "Portuguese total line {peak} in {text}"
    );
    assert_eq!(
        e["color"],
        json!(0xe7_4c_3c),
        "two 4090s cannot hold 70B fp16: red"
    );
    let ids = button_ids(&r);
    assert!(
        ids.iter().any(|i| i.starts_with("vg:b:")),
        "breakdown button: {ids:?}"
    );
    let labels = r.body["data"]["components"][0]["components"].to_string();
    assert!(
        labels.contains(&t(Lang::Pt, "button-breakdown")),
        "{labels}"
    );
    let logged = bot.logged_models().await;
    assert_eq!(
        logged.last().map(|m| m.as_deref()),
        Some(Some("llama-3.1-70b"))
    );

    // 2. Buttons: someone else's click is refused (ephemeral); the asker's works.
    let breakdown = ids.iter().find(|i| i.starts_with("vg:b:")).unwrap().clone();
    let r2 = bot
        .interact(fixtures::click(
            fake.next_id(),
            &breakdown,
            OTHER_USER,
            "en-US",
        ))
        .await;
    assert_eq!(r2.body["type"], json!(4));
    assert_ne!(flags(&r2) & EPHEMERAL, 0, "refusal is ephemeral");
    // In the clicker's own language (their Discord locale), not the answer's.
    assert_eq!(
        embed(&r2)["description"],
        json!(t(Lang::En, "notice-not-yours"))
    );
    let r3 = bot
        .interact(fixtures::click(fake.next_id(), &breakdown, USER, "pt-BR"))
        .await;
    assert_eq!(r3.body["type"], json!(7), "the answer is updated in place");
    let e3 = embed(&r3);
    assert_embed_limits(e3);
    assert!(embed_text(e3).contains(&t(Lang::Pt, "discord-breakdown-title")));
    if let Some(explain) = ids.iter().find(|i| i.starts_with("vg:x:")) {
        let r4 = bot
            .interact(fixtures::click(fake.next_id(), explain, USER, "pt-BR"))
            .await;
        assert_eq!(r4.body["type"], json!(4));
        assert_embed_limits(embed(&r4));
    }

    // 3. Autocomplete: at most 25, best first, on a misspelled partial.
    let opts = json!([{"name": "model", "type": 3, "value": "lamma 3.1 70"}]);
    let r = bot
        .interact(fixtures::autocomplete(
            fake.next_id(),
            "estimate",
            opts,
            "model",
            USER,
            "en-US",
        ))
        .await;
    assert_eq!(r.body["type"], json!(8));
    let choices = r.body["data"]["choices"].as_array().expect("choices");
    assert!(!choices.is_empty() && choices.len() <= 25);
    assert_eq!(choices[0]["value"], json!("llama-3.1-70b"), "{choices:?}");

    // 4. /compare: one field per GPU, memory and price rows, English.
    let opts = json!([
        {"name": "gpu_a", "type": 3, "value": "rtx 4090"},
        {"name": "gpu_b", "type": 3, "value": "a100 80gb"}
    ]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "compare",
            opts,
            USER,
            "en-US",
            admin,
        ))
        .await;
    let e = embed(&r);
    assert_embed_limits(e);
    let fields = e["fields"].as_array().expect("fields");
    assert_eq!(fields.len(), 2);
    assert!(fields[0]["name"].as_str().unwrap().contains("4090"));
    assert!(
        fields[0]["value"].as_str().unwrap().contains("24 GB"),
        "{}",
        fields[0]["value"]
    );
    assert_eq!(flags(&r) & EPHEMERAL, 0);

    // 5. /explain in zh-CN.
    let topic = Topic::ALL.iter().position(|t| *t == Topic::Nvlink).unwrap();
    let opts = json!([{"name": "topic", "type": 4, "value": topic}]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "explain",
            opts,
            USER,
            "zh-CN",
            Place::Dm,
        ))
        .await;
    let e = embed(&r);
    assert_embed_limits(e);
    assert_eq!(e["title"], json!(t(Lang::Zh, "guide-nvlink-title")));

    // 5b. /fit: deferred, then the models that fit on two 4090s, largest first.
    let opts = json!([{"name": "gpu", "type": 3, "value": "4090"}, {"name": "count", "type": 4, "value": 2}]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "fit",
            opts,
            USER,
            "en-US",
            admin,
        ))
        .await;
    assert_eq!(
        r.body["type"],
        json!(5),
        "deferred while models are checked"
    );
    let follow = fake
        .wait_for(WAIT, |f| {
            f.method == "POST" && f.path.contains("/webhooks/")
        })
        .await;
    let e = embed(&follow);
    assert_embed_limits(e);
    assert!(
        e["title"]
            .as_str()
            .unwrap()
            .contains("2 × GeForce RTX 4090")
            || e["title"].as_str().unwrap().contains("4090"),
        "{e}"
    );
    assert!(e["description"].as_str().unwrap().contains("tokens"), "{e}");
    assert_eq!(
        follow.body["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
        0,
        "public"
    );

    // 6. Errors are ephemeral and localized; echoed text is escaped and pings nobody.
    let opts = json!([
        {"name": "model", "type": 3, "value": "**zzqqxx** @everyone"},
        {"name": "precision", "type": 4, "value": 0}
    ]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "estimate",
            opts,
            USER,
            "es-ES",
            admin,
        ))
        .await;
    assert_ne!(flags(&r) & EPHEMERAL, 0, "errors are ephemeral");
    assert_no_pings(&r.body);
    let d = embed(&r)["description"].as_str().unwrap().to_string();
    assert!(d.contains("\\*\\*zzqqxx\\*\\*"), "markdown escaped: {d}");
    assert!(!d.contains("@everyone"), "mention defused: {d}");

    // 7. A mention in Spanish: a reply in Spanish, referencing the message, no pings.
    let content = format!("<@{APP_ID}> ¿cuánta memoria necesita llama 3.1 8b en fp16?");
    let msg = fixtures::guild_message(fake.next_id(), USER, &content, true);
    let r = bot
        .message(msg, WAIT)
        .await
        .expect("a reply to the mention");
    assert_no_pings(&r.body);
    assert_eq!(r.body["allowed_mentions"]["replied_user"], json!(false));
    let e = embed(&r);
    assert_embed_limits(e);
    assert_eq!(e["footer"]["text"], json!(t(Lang::Es, "discord-footer")));
    assert!(embed_text(e).contains("8B"), "{}", embed_text(e));
    let parsed = query::parse(
        Catalog::get(),
        "¿cuánta memoria necesita llama 3.1 8b en fp16?",
    );
    assert_eq!(parsed.language, Some(Lang::Es));
    let a = core_answer(&parsed.query);
    assert_eq!(
        e["title"],
        json!(render::parts::title(Lang::Es, &a)),
        "Spanish title"
    );
    assert!(embed_text(e).contains(&render::parts::total_line(Lang::Es, &a)));

    // 8. A DM in Chinese.
    let msg = fixtures::dm_message(fake.next_id(), USER, "qwen2.5 7b 需要多少显存？");
    let r = bot.message(msg, WAIT).await.expect("a reply to the DM");
    let e = embed(&r);
    assert_eq!(e["footer"]["text"], json!(t(Lang::Zh, "discord-footer")));
    let parsed = query::parse(Catalog::get(), "qwen2.5 7b 需要多少显存？");
    assert_eq!(
        e["title"],
        json!(render::parts::title(Lang::Zh, &core_answer(&parsed.query)))
    );
    assert_no_pings(&r.body);

    // 9. Garbage that mentions the bot: localized help with examples.
    let content = format!("<@{APP_ID}> hello there, nice weather");
    let msg = fixtures::guild_message(fake.next_id(), USER, &content, true);
    let r = bot.message(msg, WAIT).await.expect("help for garbage");
    let d = embed(&r)["description"].as_str().unwrap().to_string();
    assert!(d.contains(&t(Lang::En, "help-example-1")), "{d}");

    // 10. A message that neither mentions the bot nor is in a listened channel: ignored.
    let msg = fixtures::guild_message(fake.next_id(), USER, "llama 70b fp16", false);
    assert!(bot.message(msg, Duration::from_millis(500)).await.is_none());

    // Every request body the bot sent obeys Discord's OpenAPI schema.
    fake.assert_requests_follow_schema();
    bot.stop().await;
}

/// The components of a reply, as rows of JSON components.
fn rows(r: &Recorded) -> Vec<Value> {
    let body = if r.body.get("data").is_some() {
        &r.body["data"]
    } else {
        &r.body
    };
    body["components"].as_array().cloned().unwrap_or_default()
}

/// Discord's rules for message components: at most 5 rows; a select menu alone in its row
/// with 1 to 25 options; at most 5 buttons a row; custom ids of 1 to 100 characters.
fn assert_component_limits(r: &Recorded) {
    let rows = rows(r);
    assert!(rows.len() <= 5, "{} rows", rows.len());
    for row in &rows {
        let items = row["components"]
            .as_array()
            .expect("a row holds components");
        assert!((1..=5).contains(&items.len()), "{row}");
        for c in items {
            let id = c["custom_id"].as_str().expect("custom id");
            assert!((1..=100).contains(&id.chars().count()), "{id}");
            if c["type"] == json!(3) {
                assert_eq!(items.len(), 1, "a select menu is alone in its row: {row}");
                let n = c["options"].as_array().map_or(0, Vec::len);
                assert!((1..=25).contains(&n), "{n} options");
            }
        }
    }
}

/// The select menu whose custom id starts with `prefix`.
fn select_menu(r: &Recorded, prefix: &str) -> Value {
    rows(r)
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| {
            c["custom_id"]
                .as_str()
                .is_some_and(|i| i.starts_with(prefix))
        })
        .unwrap_or_else(|| panic!("no {prefix} select in {:#}", r.body))
}

fn chosen_option(select: &Value) -> String {
    select["options"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["default"] == json!(true))
        .and_then(|o| o["value"].as_str())
        .unwrap_or_default()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_if_controls_re_answer_in_place_for_the_asker_only() {
    let bot = start_with(|_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };
    let pick = |custom_id: &str, value: &str, user: u64, locale: &str| {
        fixtures::select(fake.next_id(), custom_id, &[value], user, locale)
    };

    // 1. /estimate in pt-BR: 70B in fp16 on two 4090s does not fit. Under the answer: the
    //    buttons (make it fit, full breakdown) and the format, context and runtime menus.
    let options = json!([
        {"name": "model", "type": 3, "value": "llama 3.1 70b"},
        {"name": "precision", "type": 4, "value": precision_index("fp16")},
        {"name": "gpu", "type": 3, "value": "rtx 4090"},
        {"name": "gpus", "type": 4, "value": 2}
    ]);
    let asked = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "estimate",
            options,
            USER,
            "pt-BR",
            admin,
        ))
        .await;
    assert_component_limits(&asked);
    let q = Query {
        model: Some("llama-3.1-70b".into()),
        precision: Some("fp16".parse().unwrap()),
        gpu: Some("rtx-4090".into()),
        gpu_count: Some(2),
        ..Query::default()
    };
    let fp16 = core_answer(&q);
    let precision = select_menu(&asked, "vg:p:");
    assert_eq!(
        chosen_option(&precision),
        "fp16",
        "the asked format is marked"
    );
    let first = precision["options"][0]["value"].as_str().unwrap();
    assert_eq!(first, fp16.model.native_precision.name(), "native first");
    assert!(precision.to_string().contains("\"q4_k_m\""), "{precision}");
    // The first view fits a phone: the buttons and the format menu, two rows.
    assert!(rows(&asked).len() <= 2, "{} rows", rows(&asked).len());
    assert!(
        !asked.body.to_string().contains("vg:c:"),
        "the context menu waits"
    );
    // The full breakdown brings the other menus: context, runtime, card and count.
    let breakdown_id = button_ids(&asked)
        .into_iter()
        .find(|i| i.starts_with("vg:b:"))
        .expect("a breakdown button");
    let full = bot
        .interact(fixtures::click(
            fake.next_id(),
            &breakdown_id,
            USER,
            "pt-BR",
        ))
        .await;
    assert_component_limits(&full);
    let context = select_menu(&full, "vg:c:");
    assert!(context.to_string().contains("\"131072\""), "{context}");
    let setup = select_menu(&full, "vg:s:");
    assert_eq!(chosen_option(&setup), "rtx-4090*2", "{setup}");
    let runtime = select_menu(&full, "vg:r:");
    assert!(
        runtime
            .to_string()
            .contains(&t(Lang::Pt, "runtime-transformers")),
        "{runtime}"
    );
    let ids = button_ids(&asked);
    let make_it_fit = ids
        .iter()
        .find(|i| i.starts_with("vg:f:"))
        .expect("a make-it-fit button: two 4090s are too small")
        .clone();
    let precision_id = precision["custom_id"].as_str().unwrap().to_string();

    // 2. Another member's choice: a short ephemeral note in their language, nothing else.
    let before = fake.requests().len();
    let r = bot
        .interact(pick(&precision_id, "q4_k_m", OTHER_USER, "es-ES"))
        .await;
    assert_eq!(
        r.body["type"],
        json!(4),
        "a new (ephemeral) message, not an update"
    );
    assert_ne!(flags(&r) & EPHEMERAL, 0, "only they see it");
    assert_eq!(
        embed(&r)["description"],
        json!(t(Lang::Es, "controls-not-yours"))
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let after: Vec<String> = fake.requests()[before..]
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert_eq!(after.len(), 1, "nothing but the note: {after:?}");

    // 3. The asker picks q4_k_m: the same message, updated, with the smaller total. The
    //    pick is one more question: exactly one more row.
    let rows_before = bot.logged_rows().await;
    assert_eq!(
        rows_before, 1,
        "the /estimate, and not the other member's pick"
    );
    let started = std::time::Instant::now();
    let r = bot
        .interact(pick(&precision_id, "q4_k_m", USER, "pt-BR"))
        .await;
    assert_eq!(
        bot.logged_rows().await,
        rows_before + 1,
        "one pick, one row"
    );
    println!(
        "what-if pick: dispatch to UPDATE_MESSAGE callback in {:?}",
        started.elapsed()
    );
    assert_eq!(
        bot.logged_rows().await,
        rows_before + 1,
        "one pick, one row"
    );
    assert_eq!(
        r.body["type"],
        json!(7),
        "UPDATE_MESSAGE: re-answered in place"
    );
    assert_component_limits(&r);
    // The update brings the new chart with it, so the picture shows the new numbers.
    crate::discord_chart::assert_chart(&r);
    let e = embed(&r);
    assert_embed_limits(e);
    assert_no_pings(&r.body);
    let q4 = Query {
        precision: Some("q4_k_m".parse().unwrap()),
        ..q.clone()
    };
    let a4 = core_answer(&q4);
    assert!(a4.estimate.total() < fp16.estimate.total() / 2.0);
    let text = embed_text(e);
    // On one GPU the first view's number is the verdict's need per GPU (no total line
    // repeats it): the new one, not the old.
    let verdict = |a| render::parts::fit_lines(Lang::Pt, Catalog::get(), a).remove(0);
    assert!(text.contains(&verdict(&a4)), "{text}");
    assert!(!text.contains(&verdict(&fp16)));
    assert!(text.contains(&format_gib(Lang::Pt, a4.estimate.per_gpu_gib())));
    assert_eq!(e["title"], json!(render::parts::title(Lang::Pt, &a4)));
    assert_eq!(chosen_option(&select_menu(&r, "vg:p:")), "q4_k_m");

    // 4. Then 32k of context, from the updated message's full view.
    let breakdown_id = button_ids(&r)
        .into_iter()
        .find(|i| i.starts_with("vg:b:"))
        .expect("a breakdown button");
    let r = bot
        .interact(fixtures::click(
            fake.next_id(),
            &breakdown_id,
            USER,
            "pt-BR",
        ))
        .await;
    let context_id = select_menu(&r, "vg:c:")["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let r = bot
        .interact(pick(&context_id, "32768", USER, "pt-BR"))
        .await;
    assert_eq!(r.body["type"], json!(7));
    let a32 = core_answer(&Query {
        context: Some(32_768),
        ..q4.clone()
    });
    let text = embed_text(embed(&r));
    assert!(
        text.contains(&render::parts::job_line(Lang::Pt, &a32)),
        "{text}"
    );
    assert!(text.contains("32.768"), "pt-formatted context: {text}");

    // 5. Make it fit (on the fp16 answer): the levers, in place.
    let r = bot
        .interact(fixtures::click(fake.next_id(), &make_it_fit, USER, "pt-BR"))
        .await;
    assert_eq!(r.body["type"], json!(7));
    let e = embed(&r);
    assert_embed_limits(e);
    let text = embed_text(e);
    assert!(
        text.contains(&t(Lang::Pt, "controls-levers-title")),
        "{text}"
    );
    let levers = render::plan::all_lever_lines(Lang::Pt, &fp16);
    assert!(!levers.is_empty());
    for l in &levers {
        assert!(text.contains(l.as_str()), "{l} missing from {text}");
    }

    // 6. The full breakdown: the parts, the rule of thumb in GiB and the assumptions.
    let breakdown = button_ids(&r)
        .into_iter()
        .find(|i| i.starts_with("vg:b:"))
        .expect("breakdown button kept");
    let r = bot
        .interact(fixtures::click(fake.next_id(), &breakdown, USER, "pt-BR"))
        .await;
    assert_eq!(r.body["type"], json!(7));
    let e = embed(&r);
    assert_embed_limits(e);
    let text = embed_text(e);
    assert!(text.contains(&t(Lang::Pt, "discord-more-title")), "{text}");
    assert!(
        text.contains(&render::parts::rule_line_gib(Lang::Pt, &fp16)),
        "{text}"
    );
    assert!(!text.contains(" GB"), "one unit, GiB: {text}");
    let assumed = t(Lang::Pt, "assumed-title");
    assert!(text.contains(assumed.trim_end_matches(':')), "{text}");

    // 7. A runtime pick names it the way people know it.
    let runtime_id = select_menu(&r, "vg:r:")["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let r = bot.interact(pick(&runtime_id, "vllm", USER, "pt-BR")).await;
    assert_eq!(r.body["type"], json!(7));
    assert!(embed_text(embed(&r)).contains("vLLM"));
    assert_eq!(chosen_option(&select_menu(&r, "vg:r:")), "vllm");

    // 8. A mention, in Portuguese, with no format: the answer leads with the one that fits,
    //    and carries the same controls.
    let content = format!("<@{APP_ID}> dá pra rodar qwen 32b numa 3090?");
    let msg = fixtures::guild_message(fake.next_id(), USER, &content, true);
    let r = bot
        .message(msg, WAIT)
        .await
        .expect("a reply to the mention");
    assert_component_limits(&r);
    let parsed = query::parse(Catalog::get(), "dá pra rodar qwen 32b numa 3090?");
    let a = core_answer(&parsed.query);
    let lead = render::parts::best_fit_line(Lang::Pt, Catalog::get(), &a).expect("a lead");
    let e = embed(&r);
    assert_eq!(
        e["description"].as_str().and_then(|d| d.lines().next()),
        Some(lead.as_str())
    );
    let precision_id = select_menu(&r, "vg:p:")["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let best = a.best_fit.as_ref().unwrap().precision.name();
    let r = bot.interact(pick(&precision_id, best, USER, "pt-BR")).await;
    assert_eq!(r.body["type"], json!(7));
    // Now it fits: green, or amber when the fit sits inside the estimate's error band
    // ("tight, may not fit"); never the red of a setup that cannot run it.
    let colour = embed(&r)["color"].clone();
    assert!(
        colour == json!(0x2e_cc_71) || colour == json!(0xf1_c4_0f),
        "now it fits: {colour}"
    );

    // 9. Each of the asker's picks is a question in the query log; another member's is not.
    assert!(bot.store.log().flush(WAIT).await, "log committed");
    let Db::Sqlite(pool) = bot.store.db() else {
        panic!("the bot's test store is SQLite");
    };
    let picks: Vec<String> = sqlx::query_scalar(
        "SELECT question FROM query_log WHERE question LIKE 'what-if %' ORDER BY id",
    )
    .fetch_all(pool)
    .await
    .expect("query log readable");
    assert!(
        picks.contains(&"what-if precision=q4_k_m".to_string())
            && picks.contains(&format!("what-if precision={best}")),
        "{picks:?}"
    );
    // The asker's four picks (q4_k_m, 32k, vLLM, the best format); the other member's none.
    assert_eq!(picks.len(), 4, "{picks:?}");

    fake.assert_requests_follow_schema();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_listen_stats_and_forget_me() {
    let bot = start_with(|_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };
    let member = Place::Guild {
        permissions: MEMBER_PERMISSIONS,
    };
    let lang_index = |code: &str| {
        ["auto", "en", "pt", "es", "zh"]
            .iter()
            .position(|c| *c == code)
            .unwrap()
    };

    // /language es: stored, ephemeral, answered in Spanish; later replies follow it.
    let opts = json!([{"name": "language", "type": 4, "value": lang_index("es")}]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "language",
            opts,
            USER,
            "en-US",
            member,
        ))
        .await;
    assert_ne!(flags(&r) & EPHEMERAL, 0);
    assert_eq!(
        bot.store
            .prefs()
            .user_language(&USER.to_string())
            .await
            .unwrap(),
        Some(Lang::Es)
    );
    let opts = json!([{"name": "topic", "type": 4, "value": 0}]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "explain",
            opts,
            USER,
            "en-US",
            member,
        ))
        .await;
    assert_eq!(embed(&r)["title"], json!(t(Lang::Es, "guide-vram-title")));

    // The server default needs Manage Server.
    let opts = json!([{"name": "language", "type": 4, "value": lang_index("zh")}, {"name": "server", "type": 5, "value": true}]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "language",
            opts.clone(),
            OTHER_USER,
            "en-US",
            member,
        ))
        .await;
    assert_eq!(
        embed(&r)["description"],
        json!(t(Lang::En, "notice-needs-manage-server"))
    );
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "language",
            opts,
            OTHER_USER,
            "en-US",
            admin,
        ))
        .await;
    assert_ne!(flags(&r) & EPHEMERAL, 0);
    assert_eq!(
        bot.store
            .prefs()
            .guild_language(fixtures::GUILD)
            .await
            .unwrap(),
        Some(Lang::Zh)
    );

    // /listen without the Message Content intent says so; then plain questions are
    // answered there, and chatter is left alone.
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "listen",
            json!([]),
            USER,
            "en-US",
            admin,
        ))
        .await;
    let d = embed(&r)["description"].as_str().unwrap().to_string();
    assert!(d.contains(&t(Lang::Es, "notice-listen-no-intent")), "{d}");
    let msg = fixtures::guild_message(fake.next_id(), OTHER_USER, "mistral 7b q4_k_m", false);
    assert!(
        bot.message(msg, WAIT).await.is_some(),
        "listened channel answers questions"
    );
    let msg = fixtures::guild_message(fake.next_id(), OTHER_USER, "lunch anyone?", false);
    assert!(
        bot.message(msg, Duration::from_millis(500)).await.is_none(),
        "chatter is ignored"
    );

    // /stats (Manage Server): deferred, ephemeral, counts the logged questions.
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "stats",
            json!([]),
            USER,
            "en-US",
            admin,
        ))
        .await;
    assert_eq!(r.body["type"], json!(5), "deferred");
    let follow = fake
        .wait_for(WAIT, |f| {
            f.method == "POST" && f.path.starts_with(&format!("/api/v10/webhooks/{APP_ID}/"))
        })
        .await;
    assert_ne!(follow.body["flags"].as_u64().unwrap_or(0) & EPHEMERAL, 0);
    assert!(
        embed(&follow)["description"]
            .as_str()
            .unwrap()
            .contains("mistral"),
        "{:#}",
        follow.body
    );

    // /forget-me: deletes the user's rows and preference, says how many.
    let before = bot.logged_models().await.len();
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "forget-me",
            json!([]),
            OTHER_USER,
            "en-US",
            member,
        ))
        .await;
    assert_eq!(r.body["type"], json!(5));
    let follow = fake
        .wait_until(WAIT, || {
            fake.requests()
                .into_iter()
                .filter(|f| f.method == "POST" && f.path.contains("/webhooks/"))
                .nth(1)
        })
        .await
        .expect("forget-me answer");
    assert!(
        embed(&follow)["description"]
            .as_str()
            .unwrap()
            .contains('1'),
        "{:#}",
        follow.body
    );
    assert_eq!(bot.logged_models().await.len(), before - 1);

    fake.assert_requests_follow_schema();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limit_gives_one_ephemeral_notice() {
    let bot = start_with(|c| {
        c.rate_burst = 2;
        c.rate_per_minute = 1;
    })
    .await;
    let fake = &bot.fake;
    let opts = || json!([{"name": "topic", "type": 4, "value": 0}]);
    for _ in 0..2 {
        let r = bot
            .interact(fixtures::slash(
                fake.next_id(),
                "explain",
                opts(),
                USER,
                "pt-BR",
                Place::Dm,
            ))
            .await;
        assert_eq!(flags(&r) & EPHEMERAL, 0);
    }
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "explain",
            opts(),
            USER,
            "pt-BR",
            Place::Dm,
        ))
        .await;
    assert_ne!(flags(&r) & EPHEMERAL, 0, "the notice is ephemeral");
    let d = embed(&r)["description"].as_str().unwrap().to_string();
    let prefix: String = t(Lang::Pt, "notice-rate-limited")
        .chars()
        .take(20)
        .collect();
    assert!(d.starts_with(&prefix), "{d}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guild_registration_shards_and_clean_shutdown() {
    let bot = start_with(|c| {
        c.guild = Some(fixtures::GUILD);
        c.shards = Some(discord::ShardRange::parse("0-1", 4).unwrap());
        c.message_content = true;
    })
    .await;
    let put = bot.fake.wait_for(WAIT, |r| r.method == "PUT").await;
    assert_eq!(
        put.path,
        format!(
            "/api/v10/applications/{APP_ID}/guilds/{}/commands",
            fixtures::GUILD
        )
    );
    let fake = &bot.fake;
    let two = fake
        .wait_until(WAIT, || (fake.identifies().len() >= 2).then_some(()))
        .await;
    assert!(two.is_some(), "two shards identify");
    let mut shards: Vec<Value> = fake
        .identifies()
        .iter()
        .map(|i| i["shard"].clone())
        .collect();
    shards.sort_by_key(|s| s[0].as_u64());
    assert_eq!(shards, vec![json!([0, 4]), json!([1, 4])]);
    assert_ne!(
        fake.identifies()[0]["intents"].as_u64().unwrap() & (1 << 15),
        0,
        "MESSAGE_CONTENT"
    );
    let fake = bot.stop().await;
    let codes = fake
        .wait_until(WAIT, || {
            (fake.close_codes().len() >= 2).then(|| fake.close_codes())
        })
        .await;
    let codes = codes.expect("both shards closed");
    assert!(
        codes.iter().all(|c| *c == Some(1000)),
        "clean close frames: {codes:?}"
    );
}

#[test]
fn missing_or_wrong_token_exits_2_with_a_clear_message() {
    let exe = env!("CARGO_BIN_EXE_vramguide");
    let out = std::process::Command::new(exe)
        .arg("bot")
        .env_remove("DISCORD_TOKEN")
        .env("VRAMGUIDE_DISCORD_PROXY", "http://127.0.0.1:9")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISCORD_TOKEN is not set"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let out = std::process::Command::new(exe)
        .arg("bot")
        .env("DISCORD_TOKEN", "not-a-token")
        .env("VRAMGUIDE_DISCORD_PROXY", "http://127.0.0.1:9")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not look like"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rejected_token_is_reported_not_retried() {
    let fake = FakeDiscord::start().await;
    let mut cfg = config(&fake);
    cfg.token = TOKEN.replace("GfAkE1", "WrOnG1");
    let store = in_memory().await;
    let result = tokio::time::timeout(WAIT, discord::run(cfg, store, std::future::pending())).await;
    let err = result.expect("fails fast").expect_err("rejected");
    assert!(
        matches!(
            err.downcast_ref::<discord::StartError>(),
            Some(discord::StartError::Rejected)
        ),
        "{err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sql_store_backs_language_log_stats_and_forget_me() {
    let dir = std::env::temp_dir().join(format!("vramguide-discord-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let store = vramguide::store::Store::open(vramguide::store::StoreConfig {
        database_url: format!("sqlite://{}", dir.join("log.db").display()),
        data_dir: dir.clone(),
        ..Default::default()
    })
    .await
    .expect("store opens");
    let bot = start_with_store(store.clone(), |_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };

    // /language pt is stored (hashed) and then used for a mention with no language of its own.
    let opts = json!([{"name": "language", "type": 4, "value": 2}]);
    bot.interact(fixtures::slash(
        fake.next_id(),
        "language",
        opts,
        USER,
        "en-US",
        admin,
    ))
    .await;
    assert_eq!(
        store
            .prefs()
            .user_language(&USER.to_string())
            .await
            .unwrap(),
        Some(Lang::Pt)
    );
    let msg = fixtures::guild_message(
        fake.next_id(),
        USER,
        &format!("<@{APP_ID}> llama 3.1 8b fp16"),
        true,
    );
    let r = bot.message(msg, WAIT).await.expect("reply");
    assert_eq!(
        embed(&r)["footer"]["text"],
        json!(t(Lang::Pt, "discord-footer"))
    );

    // /stats reads the log through the store's renderer.
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "stats",
            json!([]),
            USER,
            "en-US",
            admin,
        ))
        .await;
    assert_eq!(r.body["type"], json!(5));
    let follow = fake
        .wait_for(WAIT, |f| {
            f.method == "POST" && f.path.contains("/webhooks/")
        })
        .await;
    let d = embed(&follow)["description"].as_str().unwrap().to_string();
    assert!(
        d.contains("llama-3.1-8b") || d.contains("Llama 3.1 8B"),
        "{d}"
    );

    // /forget-me deletes the row and the preference.
    bot.interact(fixtures::slash(
        fake.next_id(),
        "forget-me",
        json!([]),
        USER,
        "en-US",
        admin,
    ))
    .await;
    fake.wait_until(WAIT, || {
        (fake
            .requests()
            .iter()
            .filter(|f| f.method == "POST" && f.path.contains("/webhooks/"))
            .count()
            >= 2)
            .then_some(())
    })
    .await
    .expect("forget-me answered");
    assert_eq!(
        store
            .prefs()
            .user_language(&USER.to_string())
            .await
            .unwrap(),
        None
    );
    let stats = store
        .log()
        .stats(&vramguide::store::StatsFilter {
            since: None,
            guild_id: Some(fixtures::GUILD),
        })
        .await
        .unwrap();
    assert_eq!(stats.total, 0, "the user's rows are gone");
    bot.stop().await;
    store.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bare_command_runs_the_bot_beside_the_guide_server_and_stops_on_sigterm() {
    let fake = FakeDiscord::start().await;
    let dir = std::env::temp_dir().join(format!("vramguide-bare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = fake
        .bare_command(&dir, "127.0.0.1:0")
        .spawn()
        .expect("starts");
    fake.wait_for(WAIT, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    let r = {
        let opts = json!([{"name": "topic", "type": 4, "value": 0}]);
        let payload = fixtures::slash(fake.next_id(), "explain", opts, USER, "es-ES", Place::Dm);
        let token = payload["token"].as_str().unwrap().to_string();
        fake.dispatch("INTERACTION_CREATE", payload);
        fake.wait_for(WAIT, |r| r.path.contains(&format!("/{token}/callback")))
            .await
    };
    assert_eq!(embed(&r)["title"], json!(t(Lang::Es, "guide-vram-title")));
    let pid = child.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status();
    assert!(killed.expect("kill runs").success());
    let deadline = std::time::Instant::now() + WAIT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("did not exit within {WAIT:?} of SIGTERM");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status.code(), Some(0), "clean exit on SIGTERM");
    let codes = fake
        .wait_until(WAIT, || {
            (!fake.close_codes().is_empty()).then(|| fake.close_codes())
        })
        .await;
    assert_eq!(
        codes,
        Some(vec![Some(1000)]),
        "the gateway was closed cleanly"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// An offload answer's full view offers common RAM bandwidths instead of a CLI flag;
/// picking one re-answers in place with the levers, whose offload speed changes. No reply,
/// in any language, names `--ram-bandwidth`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ram_bandwidth_menu_changes_the_offload_speed_in_every_language() {
    let bot = start_with(|_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };
    let q = Query {
        model: Some("llama-3.1-70b".into()),
        precision: Some("fp16".parse().unwrap()),
        gpu: Some("rtx-4090".into()),
        ..Query::default()
    };
    let speed = |a: &vramguide::answer::Answer| {
        vramguide::discord::controls::offload_speed(a).expect("an offload lever")
    };
    let default = core_answer(&q);
    let server = core_answer(&Query {
        ram_bandwidth_gbs: Some(307.2),
        ..q.clone()
    });
    assert!(speed(&server) > 2.0 * speed(&default), "3.4x the bandwidth");
    for (lang, locale) in [
        (Lang::En, "en-US"),
        (Lang::Pt, "pt-BR"),
        (Lang::Es, "es-ES"),
        (Lang::Zh, "zh-CN"),
    ] {
        let options = json!([
            {"name": "model", "type": 3, "value": "llama 3.1 70b"},
            {"name": "precision", "type": 4, "value": precision_index("fp16")},
            {"name": "gpu", "type": 3, "value": "rtx 4090"}
        ]);
        let asked = bot
            .interact(fixtures::slash(
                fake.next_id(),
                "estimate",
                options,
                USER,
                locale,
                admin,
            ))
            .await;
        assert!(
            !asked.body.to_string().contains("--ram-bandwidth"),
            "{locale}"
        );
        let mut ram_id = None;
        for prefix in ["vg:b:", "vg:f:"] {
            let id = button_ids(&asked)
                .into_iter()
                .find(|i| i.starts_with(prefix))
                .expect("breakdown and make-it-fit buttons");
            let view = bot
                .interact(fixtures::click(fake.next_id(), &id, USER, locale))
                .await;
            assert_component_limits(&view);
            let body = view.body.to_string();
            assert!(
                !body.contains("--ram-bandwidth"),
                "{locale} {prefix}: {body}"
            );
            let menu = select_menu(&view, "vg:m:");
            assert_eq!(chosen_option(&menu), "896", "the default is marked");
            assert!(
                body.contains(&t(lang, "controls-ram-placeholder")),
                "{locale}"
            );
            ram_id = menu["custom_id"].as_str().map(str::to_string);
        }
        let ram_id = ram_id.unwrap();
        let r = bot
            .interact(fixtures::select(
                fake.next_id(),
                &ram_id,
                &["3072"],
                USER,
                locale,
            ))
            .await;
        assert_eq!(r.body["type"], json!(7), "{locale}: re-answered in place");
        assert_component_limits(&r);
        let body = r.body.to_string();
        assert!(!body.contains("--ram-bandwidth"), "{locale}: {body}");
        assert_eq!(chosen_option(&select_menu(&r, "vg:m:")), "3072");
        let text = embed_text(embed(&r));
        for line in render::plan::all_lever_lines(lang, &server) {
            assert!(text.contains(&line), "{locale}: {line} missing from {text}");
        }
        let before = render::plan::all_lever_lines(lang, &default);
        let offload_line = |lines: &[String]| {
            lines
                .iter()
                .find(|l| l.contains("llama.cpp"))
                .cloned()
                .unwrap_or_default()
        };
        assert!(
            !text.contains(&offload_line(&before)),
            "{locale}: the default speed is gone: {text}"
        );
    }
    fake.assert_requests_follow_schema();
    bot.stop().await;
}
