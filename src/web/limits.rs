//! Per-IP rate limit: a generous quota per minute, then 429 with Retry-After.
//!
//! Behind a proxy every request comes from the proxy's address, so deployments there
//! (and benchmarks) turn it off with `--rate-limit 0` and limit at the proxy.

use super::AppState;
use crate::i18n::{Args, tr};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

pub type Limiter = DefaultKeyedRateLimiter<IpAddr>;

/// A limiter allowing `per_minute` requests per IP (bursts up to that), or None for 0.
pub fn limiter(per_minute: u32) -> Option<Arc<Limiter>> {
    let quota = Quota::per_minute(NonZeroU32::new(per_minute)?);
    let limiter = Arc::new(Limiter::keyed(quota));
    // Forget idle addresses now and then so the table does not grow without end.
    let weak = Arc::downgrade(&limiter);
    if let Ok(handle) = tokio::runtime::Handle::try_current() {
        handle.spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                match weak.upgrade() {
                    Some(l) => l.retain_recent(),
                    None => break,
                }
            }
        });
    }
    Some(limiter)
}

/// Middleware: count the request against its IP; health checks and metrics are exempt.
pub async fn rate_limit(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let Some(limiter) = &state.limiter else {
        return next.run(req).await;
    };
    let path = req.uri().path();
    if path == "/healthz" || path == "/metrics" {
        return next.run(req).await;
    }
    let ip = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let Some(ip) = ip else {
        return next.run(req).await;
    };
    match limiter.check_key(&ip) {
        Ok(()) => next.run(req).await,
        Err(not_until) => {
            let wait = not_until.wait_time_from(limiter.clock().now());
            too_many(&req, wait.as_millis().div_ceil(1000).max(1) as u64)
        }
    }
}

fn too_many(req: &Request, seconds: u64) -> Response {
    let lang = super::lang::negotiate(None, req.headers());
    let text = tr(
        lang,
        "web-rate-limited",
        Some(&Args::new().s("seconds", seconds.to_string())),
    );
    let mut response = if req.uri().path().starts_with("/api/") {
        super::errors::api_error(
            StatusCode::TOO_MANY_REQUESTS,
            lang,
            "rate_limited",
            None,
            text,
        )
    } else {
        (StatusCode::TOO_MANY_REQUESTS, text).into_response()
    };
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}
