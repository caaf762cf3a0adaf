//! End to end: the real bot (poise on serenity) against a fake Discord on 127.0.0.1.
//!
//! Each test starts a fake REST + gateway, runs `vramguide::discord::run` pointed at it,
//! scripts dispatches, and asserts on the request bodies the bot sent: language, numbers,
//! Discord's limits, allowed mentions, ephemeral flags, and Discord's OpenAPI schema.
//!
//! One module per topic: answers on every surface, the what-if controls, settings and the
//! store behind them, and the bot's life (registration, tokens, shutdown).

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

mod answers;
mod follow_up;
mod lifecycle;
mod privacy;
mod settings;
mod what_if;
