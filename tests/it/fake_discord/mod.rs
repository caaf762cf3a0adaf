//! A fake Discord on 127.0.0.1: enough REST and gateway for serenity 0.12 and poise 0.7.
//!
//! REST records every request (method, path, JSON body) and checks each body against
//! Discord's OpenAPI spec; the gateway sends HELLO, answers IDENTIFY with READY and every
//! heartbeat with an ACK, then forwards the dispatches a test scripts. Tests point the bot
//! at it with `BotConfig::proxy`.

pub mod fixtures;
pub mod multipart;
pub mod schema;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{Notify, broadcast};
use tokio_tungstenite::tungstenite::Message as Ws;

/// A syntactically valid token (serenity checks the shape before anything else).
pub const TOKEN: &str =
    "OTAwMDAwMDAwMDAwMDAwMDAx.GfAkE1.dGVzdC10b2tlbi1mb3ItdGhlLWZha2UtZGlzY29yZA";
pub const APP_ID: u64 = 900_000_000_000_000_001;

/// One REST request the bot made.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    pub body: Value,
    /// Violations of Discord's OpenAPI spec (empty when valid).
    pub schema_errors: Vec<String>,
    pub at: Instant,
    /// Files of a multipart request (whose JSON, `payload_json`, is `body`).
    pub files: Vec<multipart::Upload>,
    /// The id this fake gave a message the bot posted in a channel (a reply to it names it).
    pub sent_id: Option<u64>,
}

#[derive(Default)]
struct Shared {
    requests: Mutex<Vec<Recorded>>,
    identify: Mutex<Vec<Value>>,
    close_codes: Mutex<Vec<Option<u16>>>,
    changed: Notify,
    next_id: AtomicU64,
    /// Check bodies against the spec (the benchmark turns it off to measure the bot).
    validate: std::sync::atomic::AtomicBool,
    /// Files the fake CDN serves under /attachments/ (path -> bytes).
    files: Mutex<std::collections::HashMap<String, Vec<u8>>>,
}

pub struct FakeDiscord {
    pub rest_url: String,
    shared: Arc<Shared>,
    dispatch: broadcast::Sender<Value>,
}

#[derive(Clone)]
struct Rest {
    shared: Arc<Shared>,
    ws_url: String,
    spec: Arc<schema::Spec>,
}

impl FakeDiscord {
    /// The real `vramguide` binary, bare (bot + guide server), pointed at this fake, with
    /// its SQLite log and data under `dir` and no config file; callers add their own
    /// settings and spawn it.
    pub fn bare_command(&self, dir: &std::path::Path, addr: &str) -> std::process::Command {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_vramguide"));
        cmd.env("DISCORD_TOKEN", TOKEN)
            .env("VRAMGUIDE_DISCORD_PROXY", &self.rest_url)
            .env("VRAMGUIDE_ADDR", addr)
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.join("log.db").display()),
            )
            .env("VRAMGUIDE_DATA_DIR", dir)
            .env_remove("VRAMGUIDE_CONFIG")
            .current_dir(dir);
        cmd
    }

    /// Every request body the bot sent so far obeys Discord's OpenAPI schema.
    pub fn assert_requests_follow_schema(&self) {
        for r in self.requests() {
            assert!(
                r.schema_errors.is_empty(),
                "{} {}: {:#?}",
                r.method,
                r.path,
                r.schema_errors
            );
        }
    }

    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let ws = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let rest_url = format!("http://{}", rest.local_addr().expect("addr"));
        let ws_url = format!("ws://{}", ws.local_addr().expect("addr"));
        let shared = Arc::new(Shared {
            next_id: AtomicU64::new(1_000),
            validate: true.into(),
            ..Shared::default()
        });
        let spec = Arc::new(schema::Spec::load());
        let (dispatch, _) = broadcast::channel(4096);
        let state = Rest {
            shared: shared.clone(),
            ws_url: ws_url.clone(),
            spec,
        };
        let app = axum::Router::new().fallback(rest_handler).with_state(state);
        tokio::spawn(async move {
            let _ = axum::serve(rest, app).await;
        });
        tokio::spawn(gateway(ws, shared.clone(), dispatch.clone(), ws_url));
        FakeDiscord {
            rest_url,
            shared,
            dispatch,
        }
    }

    /// A fresh snowflake for interactions and messages.
    pub fn next_id(&self) -> u64 {
        910_000_000_000_000_000 + self.shared.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Serve `bytes` as an attachment and give the URL a payload carries for it: on
    /// Discord's CDN host, which the bot reads from this fake (`BotConfig::attachment_base`).
    pub fn attach(&self, name: &str, bytes: Vec<u8>) -> String {
        let path = format!("/attachments/1/{}/{name}", self.next_id());
        self.shared
            .files
            .lock()
            .unwrap()
            .insert(path.clone(), bytes);
        format!("https://cdn.discordapp.com{path}?ex=1")
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.requests.lock().unwrap().clone()
    }

    /// The last recorded request that satisfies `pred`.
    pub fn find_last(&self, pred: impl Fn(&Recorded) -> bool) -> Option<Recorded> {
        self.shared
            .requests
            .lock()
            .unwrap()
            .iter()
            .rev()
            .find(|r| pred(r))
            .cloned()
    }

    /// Turn schema validation of request bodies on or off (on by default).
    pub fn set_validation(&self, on: bool) {
        self.shared.validate.store(on, Ordering::Relaxed);
    }

    pub fn identifies(&self) -> Vec<Value> {
        self.shared.identify.lock().unwrap().clone()
    }

    pub fn close_codes(&self) -> Vec<Option<u16>> {
        self.shared.close_codes.lock().unwrap().clone()
    }

    /// Send a dispatch (`t`, `d`) to every connected shard.
    pub fn dispatch(&self, t: &str, d: Value) {
        let _ = self.dispatch.send(json!({ "t": t, "d": d }));
    }

    /// Wait until a recorded request satisfies `pred`, or panic after `limit`.
    pub async fn wait_for(&self, limit: Duration, pred: impl Fn(&Recorded) -> bool) -> Recorded {
        self.wait_until(limit, || self.find_last(&pred))
            .await
            .unwrap_or_else(|| {
                panic!(
                    "no matching request within {limit:?}; got: {:#?}",
                    self.requests()
                        .iter()
                        .map(|r| format!("{} {}", r.method, r.path))
                        .collect::<Vec<_>>()
                )
            })
    }

    /// Poll `f` each time something changes, until it gives Some or `limit` passes.
    pub async fn wait_until<T>(&self, limit: Duration, f: impl Fn() -> Option<T>) -> Option<T> {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let changed = self.shared.changed.notified();
            if let Some(v) = f() {
                return Some(v);
            }
            if tokio::time::timeout_at(deadline, changed).await.is_err() {
                return f();
            }
        }
    }
}

async fn rest_handler(
    State(state): State<Rest>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let at = Instant::now();
    let path = uri.path().to_string();
    if let Some(file) = state.shared.files.lock().unwrap().get(&path) {
        return (StatusCode::OK, file.clone()).into_response();
    }
    // With attachments Discord takes multipart/form-data: the JSON is its payload_json.
    let (body, files) = match multipart::boundary(&headers) {
        Some(boundary) => multipart::parse(&body, &boundary),
        None => (body.to_vec(), Vec::new()),
    };
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let schema_errors = if body.is_null() || !state.shared.validate.load(Ordering::Relaxed) {
        Vec::new()
    } else {
        state.spec.validate(method.as_str(), &path, &body)
    };
    let authorized = headers
        .get("authorization")
        .and_then(|h| h.to_str().ok())
        .is_some_and(|h| h == format!("Bot {TOKEN}"));
    let mut sent_id = None;
    let response = if !authorized && !path.starts_with("/api/v10/interactions/") {
        (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"message": "401: Unauthorized", "code": 0})),
        )
            .into_response()
    } else if let Some(channel) = posted_in(method.as_str(), &path) {
        let id = state.shared.next_id.fetch_add(1, Ordering::Relaxed) + 920_000_000_000_000_000;
        sent_id = Some(id);
        let sent = fixtures::sent_message(id, channel, &body);
        (StatusCode::OK, axum::Json(sent)).into_response()
    } else {
        route(&state, method.as_str(), &path, &body)
    };
    state.shared.requests.lock().unwrap().push(Recorded {
        method: method.to_string(),
        path,
        body,
        schema_errors,
        at,
        files,
        sent_id,
    });
    state.shared.changed.notify_waiters();
    response
}

/// The channel of `POST /channels/{id}/messages`.
fn posted_in(method: &str, path: &str) -> Option<u64> {
    let rest = path.strip_prefix("/api/v10/channels/")?;
    let (channel, tail) = rest.split_once('/')?;
    (method == "POST" && tail == "messages").then(|| channel.parse().unwrap_or(1))
}

fn route(state: &Rest, method: &str, path: &str, body: &Value) -> Response {
    let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let id = || state.shared.next_id.fetch_add(1, Ordering::Relaxed) + 920_000_000_000_000_000;
    let ok = |v: Value| (StatusCode::OK, axum::Json(v)).into_response();
    match (method, segments.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({ "url": state.ws_url })),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": state.ws_url, "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        })),
        ("GET", ["users", "@me"]) => ok(fixtures::bot_user()),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let cmds: Vec<Value> = body
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|mut c| {
                    c["id"] = json!(id().to_string());
                    c["application_id"] = json!(APP_ID.to_string());
                    c["version"] = json!("1");
                    c["type"] = c.get("type").cloned().unwrap_or(json!(1));
                    c["default_member_permissions"] = c
                        .get("default_member_permissions")
                        .cloned()
                        .unwrap_or(Value::Null);
                    c
                })
                .collect();
            ok(Value::Array(cmds))
        }
        ("POST", ["interactions", _, _, "callback"]) => StatusCode::NO_CONTENT.into_response(),
        ("POST", ["webhooks", _, _]) | ("PATCH", ["webhooks", _, _, "messages", _]) => {
            ok(fixtures::sent_message(id(), 1, body))
        }
        ("GET", ["webhooks", _, _, "messages", _]) => ok(fixtures::sent_message(id(), 1, body)),
        ("POST", ["channels", channel, "messages"]) => ok(fixtures::sent_message(
            id(),
            channel.parse().unwrap_or(1),
            body,
        )),
        _ => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"message": "Unknown route", "code": 0})),
        )
            .into_response(),
    }
}

async fn gateway(
    listener: TcpListener,
    shared: Arc<Shared>,
    dispatch: broadcast::Sender<Value>,
    ws_url: String,
) {
    while let Ok((stream, _)) = listener.accept().await {
        let shared = shared.clone();
        let rx = dispatch.subscribe();
        let ws_url = ws_url.clone();
        tokio::spawn(async move {
            if let Ok(ws) = tokio_tungstenite::accept_async(stream).await {
                session(ws, shared, rx, ws_url).await;
            }
        });
    }
}

/// One shard's connection: HELLO, then IDENTIFY -> READY, heartbeats, scripted dispatches.
async fn session(
    ws: tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
    shared: Arc<Shared>,
    mut rx: broadcast::Receiver<Value>,
    ws_url: String,
) {
    let (mut tx, mut incoming) = ws.split();
    let mut seq = 0u64;
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41_250}, "s": null, "t": null});
    if tx.send(Ws::Text(hello.to_string())).await.is_err() {
        return;
    }
    let mut ready = false;
    loop {
        tokio::select! {
            frame = incoming.next() => {
                let Some(Ok(frame)) = frame else {
                    shared.close_codes.lock().unwrap().push(None);
                    break;
                };
                match frame {
                    Ws::Text(text) => {
                        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                        match v["op"].as_u64() {
                            Some(1) => {
                                let ack = json!({"op": 11, "d": null, "s": null, "t": null});
                                let _ = tx.send(Ws::Text(ack.to_string())).await;
                            }
                            Some(2) => {
                                shared.identify.lock().unwrap().push(v["d"].clone());
                                seq += 1;
                                let shard = v["d"]["shard"].clone();
                                let d = fixtures::ready(&ws_url, shard);
                                let msg = json!({"op": 0, "t": "READY", "s": seq, "d": d});
                                let _ = tx.send(Ws::Text(msg.to_string())).await;
                                ready = true;
                                shared.changed.notify_waiters();
                            }
                            _ => {}
                        }
                    }
                    Ws::Close(frame) => {
                        shared.close_codes.lock().unwrap().push(frame.map(|f| u16::from(f.code)));
                        shared.changed.notify_waiters();
                        break;
                    }
                    _ => {}
                }
            }
            event = rx.recv(), if ready => {
                let Ok(event) = event else { continue };
                seq += 1;
                let msg = json!({"op": 0, "t": event["t"], "s": seq, "d": event["d"]});
                if tx.send(Ws::Text(msg.to_string())).await.is_err() {
                    break;
                }
            }
        }
    }
}
