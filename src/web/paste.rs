//! Pasted logs, on the web: `POST /api/v1/ask` with a JSON body `{"q": "...", "lang": "pt"}`
//! (the page's box posts its `log` field to `POST /ask`, in `pages::ask_config`). A paste
//! keeps its lines, which the log readers need to quote the error line and to tell the
//! asker's words from the log, and is read from its end like the CLI's stdin.

use super::AppState;
use super::api::{bad_request, json_response, missing};
use super::ask::{Asked, cached};
use super::input::ClientAddr;
use crate::ask::Who;
use crate::i18n::tr;
use crate::store::Source;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Instant;

/// The body of `POST /api/v1/ask`.
#[derive(Debug, Deserialize)]
struct AskBody {
    q: Option<String>,
    lang: Option<String>,
}

/// A paste as the core reads it: control characters out, line breaks kept (and `\r\n` made
/// `\n`), the asker's words and the last 64 KiB of the log.
pub fn text(raw: &str) -> String {
    let kept: String = raw
        .trim_start()
        .replace("\r\n", "\n")
        .chars()
        .filter(|c| *c == '\n' || *c == '\t' || !c.is_control())
        .collect();
    crate::diagnose::clip(&kept).into_owned()
}

/// `POST /api/v1/ask`: the same answer as `GET /api/v1/ask?q=`, for questions too long for
/// a URL: a pasted log of up to 64 KiB (longer ones are read from their end).
pub async fn api_ask(
    State(state): State<AppState>,
    addr: ClientAddr,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let fallback = super::lang::negotiate(None, &headers);
    let parsed: AskBody = match serde_json::from_slice(&body) {
        Ok(b) => b,
        Err(_) => {
            let text = tr(fallback, "web-paste-bad-json", None);
            return bad_request(fallback, "bad_json", None, text);
        }
    };
    let lang_param = parsed.lang.as_deref();
    let lang = super::lang::negotiate(lang_param, &headers);
    let Some(q) = parsed.q.filter(|q| !q.trim().is_empty()) else {
        return missing(lang, "q");
    };
    let asked = ask(&state, &text(&q), lang_param, &headers, addr).await;
    let status = if asked.reply.outcome.is_ok() {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    json_response(status, asked.json.clone())
}

/// One pasted question through the service: answered (or taken from the cache), counted
/// and logged once, as `/api/v1/ask` does for a short one, without flattening its lines.
async fn ask(
    state: &AppState,
    text: &str,
    lang_param: Option<&str>,
    headers: &HeaderMap,
    addr: ClientAddr,
) -> Arc<Asked> {
    let started = Instant::now();
    let asked = cached(state, text, lang_param, headers, addr).await;
    let elapsed = started.elapsed();
    state.metrics.answer(
        "api",
        asked.lang(),
        asked.reply.outcome.is_ok(),
        elapsed.as_secs_f64(),
    );
    let who = Who::on(Source::Web)
        .with_locale(super::input::accept_language(headers))
        .with_addr(addr.0);
    state.service.record(&who, &asked.reply, elapsed);
    asked
}
