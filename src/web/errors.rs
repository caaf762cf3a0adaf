//! Errors that no handler wrote: a query string the extractor refused (a duplicate `q`),
//! a path that is not UTF-8, a wrong method, a timeout, an oversized body, a panic.
//!
//! Under `/api/` every error is the contract's JSON error object with its status, whoever
//! produced it; on pages such errors become one localized line instead of the framework's
//! English text.

use super::lang;
use crate::i18n::{Args, Lang, t, tr};
use axum::Json;
use axum::extract::Request;
use axum::http::header::{ACCEPT_LANGUAGE, CONTENT_TYPE, COOKIE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The contract's error object with its status.
pub fn api_error(
    status: StatusCode,
    lang: Lang,
    kind: &str,
    input: Option<&str>,
    text: String,
) -> Response {
    let body = crate::render::json::ErrorJson::new(lang, kind, input, text);
    (status, Json(body)).into_response()
}

/// A 400 for a value longer than any value can be; `input` names the parameter.
pub fn too_long(lang: Lang, name: &str, max: usize) -> Response {
    let args = Args::new()
        .s("name", name.to_string())
        .s("max", max.to_string());
    let text = tr(lang, "web-value-too-long", Some(&args));
    api_error(StatusCode::BAD_REQUEST, lang, "too_long", Some(name), text)
}

/// Middleware: replace the body of errors no handler wrote (see the module comment).
pub async fn uniform(req: Request, next: Next) -> Response {
    let api = req.uri().path().starts_with("/api/");
    // Cheap clones (shared bytes), read only when the answer is an error.
    let uri = req.uri().clone();
    let headers = language_headers(req.headers());
    let response = next.run(req).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || written_by_us(&response, api) {
        return response;
    }
    let lang = lang::negotiate(query_lang(uri.query()).as_deref(), &headers);
    let (kind, id) = describe(status);
    let text = t(lang, id);
    let mut replaced = if api {
        api_error(status, lang, kind, None, text)
    } else {
        (status, text).into_response()
    };
    // Keep what the framework said about the error (Allow, Retry-After...).
    for (name, value) in response.headers() {
        if name != CONTENT_TYPE && name != axum::http::header::CONTENT_LENGTH {
            replaced.headers_mut().insert(name, value.clone());
        }
    }
    replaced
}

/// Our handlers answer `/api/` errors in JSON and page errors in HTML or (the rate
/// limit) plain text of their own: those pass unchanged.
fn written_by_us(response: &Response, api: bool) -> bool {
    let content_type = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if api {
        content_type.starts_with("application/json")
    } else {
        content_type.starts_with("text/html") || response.status() == StatusCode::TOO_MANY_REQUESTS
    }
}

/// The error kind and message for a status.
fn describe(status: StatusCode) -> (&'static str, &'static str) {
    match status {
        StatusCode::NOT_FOUND => ("not_found", "web-not-found-body"),
        StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", "web-method-not-allowed"),
        StatusCode::REQUEST_TIMEOUT => ("timeout", "web-timeout"),
        StatusCode::PAYLOAD_TOO_LARGE => ("too_large", "web-body-too-large"),
        s if s.is_server_error() => ("internal", "web-internal-error"),
        _ => ("bad_request", "web-bad-request"),
    }
}

/// `lang=` from a query string the extractor may have refused: read leniently, bounded.
pub fn query_lang(query: Option<&str>) -> Option<String> {
    let query = query?;
    form_urlencoded::parse(super::input::truncate_bytes(query, 4096).as_bytes())
        .find(|(k, _)| k == "lang")
        .map(|(_, v)| v.into_owned())
        .filter(|v| super::input::lang(Some(v)).is_some())
}

/// Only the headers language negotiation reads (cheap clones of their values).
fn language_headers(headers: &HeaderMap) -> HeaderMap {
    let mut kept = HeaderMap::new();
    for name in [ACCEPT_LANGUAGE, COOKIE] {
        for value in headers.get_all(&name) {
            kept.append(name.clone(), HeaderValue::clone(value));
        }
    }
    kept
}
