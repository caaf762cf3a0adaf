//! How long a page may be kept, and by whom. A page's language comes from `?lang=`, the
//! language cookie or Accept-Language, so a shared cache must never hand one visitor's page
//! to another: pages are `private` and vary on both headers. An answer changes only when
//! the catalog does, so a browser may keep it a minute; an error page is not kept.

use axum::http::{HeaderValue, header};
use axum::response::Response;

/// A page that answered: the browser may keep it briefly.
const PAGE: HeaderValue = HeaderValue::from_static("private, max-age=60");
/// An error or a refusal: asked again, it should be answered again.
const NOT_KEPT: HeaderValue = HeaderValue::from_static("no-store");
/// What picks a page's language besides its URL.
const VARY: HeaderValue = HeaderValue::from_static("Accept-Language, Cookie");

/// Cache-Control and Vary on every HTML page that does not set its own.
pub async fn page_headers(mut response: Response) -> Response {
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if !html {
        return response;
    }
    let kept = if response.status().is_success() {
        PAGE
    } else {
        NOT_KEPT
    };
    let headers = response.headers_mut();
    headers.entry(header::CACHE_CONTROL).or_insert(kept);
    headers.entry(header::VARY).or_insert(VARY);
    response
}
