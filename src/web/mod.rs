//! The guide server: the same answers, guides and catalog as the CLI and the bot, over
//! HTTP as server-rendered pages and a JSON API (CONTRACT.md).
//!
//! Thin around the answer service: handlers turn parameters into a
//! [`Question`](crate::ask::Question), ask [`crate::ask::Service`] (which logs it without
//! waiting for the log), and render with a template or `render::json`.

pub mod api;
pub mod api_errors;
pub mod ask;
pub mod caching;
pub mod chart_key;
pub mod compare;
pub mod errors;
pub mod follow_up;
pub mod input;
pub mod lang;
pub mod limits;
pub mod metrics;
pub mod openapi;
pub mod pages;
pub mod paste;
pub mod querylog;
pub mod redirect;
pub mod server;

pub use server::ConnLimits;

use crate::store::LogHealth;
use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::future::Future;
use std::ops::Deref;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

/// Requests are GETs with short query strings, a pasted config.json or a pasted log (POST):
/// a log is read up to its last 64 KiB ([`crate::diagnose::MAX_LOG_BYTES`]), and a form's URL
/// encoding can triple that; anything bigger (a 1 MB body) is refused with a 413 that says
/// what fits.
const MAX_BODY_BYTES: usize = 3 * crate::diagnose::MAX_LOG_BYTES + 4096;
/// An answer takes microseconds; a request still running after this is stuck or slow-loris.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// Page styles and the bar's colours stay in our stylesheet, the Copy buttons' code in
/// `/copy.js`: no inline scripts, handlers or styles.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// What the server is started with.
#[derive(Default)]
pub struct Config {
    /// Requests per minute per IP; 0 turns the limit off.
    pub rate_limit_per_minute: u32,
    pub log: querylog::QueryLog,
    /// How many connections, for how long.
    pub connections: ConnLimits,
    /// Hub look-ups for org/name models the catalog lacks (None: offline).
    pub hub: Option<crate::ask::Hub>,
    /// Where `/metrics` is answered.
    pub metrics: MetricsAccess,
    /// `scheme://host[/prefix]` the site is reached at, for absolute URLs (Open Graph's
    /// image); None: those URLs are relative. Never taken from a request's Host header.
    pub public_url: Option<String>,
    /// `/stats` is routed only when this is set, and answers only to this token.
    pub stats_token: Option<crate::settings::Secret>,
}

/// Where `/metrics` is answered: on the site (the default), nowhere, or only on its own
/// address ([`serve_metrics`]), away from the public one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MetricsAccess {
    #[default]
    On,
    Off,
    Separate,
}

/// Scrapes of `/metrics` allowed per second, all clients together, and the burst: a
/// Prometheus server scrapes every few seconds; encoding costs a little and lists every
/// route, so nobody gets to ask for it in a loop.
const METRICS_PER_SECOND: u32 = 5;
const METRICS_BURST: u32 = 20;

/// Shared by every handler: cheap to clone.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

pub struct Inner {
    pub metrics: metrics::Metrics,
    pub limiter: Option<Arc<limits::Limiter>>,
    pub log: querylog::QueryLog,
    pub answers: ask::AnswerCache,
    pub connections: ConnLimits,
    /// Every question goes here: Hub look-ups and the query log.
    pub service: crate::ask::Service,
    pub metrics_access: MetricsAccess,
    pub metrics_limiter: governor::DefaultDirectRateLimiter,
    /// See [`Config::public_url`]; without a trailing slash.
    pub public_url: Option<String>,
    /// Signs the chart URLs answer pages link, so `/chart.png` draws only those.
    pub chart_key: chart_key::ChartKey,
    pub stats_token: Option<crate::settings::Secret>,
}

impl Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    pub fn new(config: Config) -> AppState {
        AppState(Arc::new(Inner {
            metrics: metrics::Metrics::default(),
            limiter: limits::limiter(config.rate_limit_per_minute),
            service: crate::ask::Service::new(
                config.hub.unwrap_or_else(crate::ask::Hub::offline),
                config.log.store().cloned(),
            ),
            log: config.log,
            answers: ask::AnswerCache::default(),
            connections: config.connections,
            metrics_access: config.metrics,
            public_url: config
                .public_url
                .map(|u| u.trim().trim_end_matches('/').to_string())
                .filter(|u| !u.is_empty()),
            chart_key: chart_key::ChartKey::default(),
            stats_token: config.stats_token,
            metrics_limiter: governor::RateLimiter::direct(
                governor::Quota::per_second(
                    std::num::NonZeroU32::new(METRICS_PER_SECOND).expect("non-zero"),
                )
                .allow_burst(std::num::NonZeroU32::new(METRICS_BURST).expect("non-zero")),
            ),
        }))
    }
}

/// Every route, with limits, metrics and security headers around them.
pub fn router(state: AppState) -> Router {
    let routes = Router::new()
        .route("/", get(pages::index))
        .route("/ask", get(pages::ask).post(pages::ask_config))
        .route("/compare", get(pages::compare))
        .route("/guide", get(pages::guide_index))
        .route("/guide/{topic}", get(pages::guide_topic))
        .route("/models", get(pages::models))
        .route("/gpus", get(pages::gpus))
        .route("/lang", get(pages::set_lang))
        .route("/style.css", get(pages::style))
        .route("/copy.js", get(pages::copy_js))
        .route("/favicon.ico", get(pages::favicon))
        .route("/api", get(pages::api_docs))
        .route("/api/v1", get(pages::api_docs))
        .route("/docs", get(pages::api_docs))
        .route("/chart.png", get(pages::chart_png))
        .route("/api/v1/ask", get(api::ask).post(paste::api_ask))
        .route(
            "/api/v1/estimate",
            get(api::estimate).post(api::estimate_config),
        )
        .route("/api/v1/compare", get(api::compare))
        .route("/api/v1/models", get(api::models))
        .route("/api/v1/gpus", get(api::gpus))
        .route("/api/v1/guide", get(api::guide_index))
        .route("/api/v1/guide/{topic}", get(api::guide_topic))
        .route("/api/v1/openapi.json", get(api::openapi))
        .route("/healthz", get(healthz));
    let routes = if state.metrics_access == MetricsAccess::On {
        routes.route("/metrics", get(metrics_text))
    } else {
        routes
    };
    // Off unless the settings name a token: then the team's page, behind it.
    let routes = if state.stats_token.is_some() {
        routes.route("/stats", get(pages::stats))
    } else {
        routes
    };
    routes
        .fallback(pages::not_found)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            limits::rate_limit,
        ))
        .layer(middleware::from_fn_with_state(state.clone(), track))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        .layer(CatchPanicLayer::new())
        .layer(middleware::from_fn(errors::uniform))
        .layer(middleware::map_response(caching::page_headers))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .with_state(state)
}

/// Serve until `shutdown` resolves, then finish the requests in flight, within the
/// state's connection limits.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let limits = state.connections;
    server::run(listener, router(state), limits, shutdown).await?;
    Ok(())
}

/// `/healthz` and `/metrics` alone, for [`MetricsAccess::Separate`]: an address for the
/// operator's scraper, with its own small connection cap.
pub fn metrics_router(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics_text))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        .with_state(state)
}

/// Serve [`metrics_router`] on `listener` until `shutdown` resolves.
pub async fn serve_metrics(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let limits = ConnLimits {
        max_connections: 16,
        per_address: 0,
        ..state.connections
    };
    server::run(listener, metrics_router(state), limits, shutdown).await?;
    Ok(())
}

/// Up, and whether the query log keeps every row. Always 200: the answers still go out
/// while the log's database refuses writes, and a restart would only lose the rows waiting
/// in memory; monitors read the first word ("ok" or "degraded").
async fn healthz(State(state): State<AppState>) -> &'static str {
    match state.log.health() {
        LogHealth::Writing => "ok",
        LogHealth::Delayed => {
            "degraded: the query log's database refuses writes; rows wait in memory and the spill file"
        }
        LogHealth::Dropping => {
            "degraded: the query log is dropping rows (queue and spill file full); see vramguide_query_log_dropped_rows"
        }
    }
}

/// Count and time every request by the route it matched.
async fn track(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string());
    let response = next.run(req).await;
    state.metrics.request(
        route.as_deref().unwrap_or("unmatched"),
        response.status().as_u16(),
        started.elapsed().as_secs_f64(),
    );
    response
}

async fn metrics_text(State(state): State<AppState>) -> Response {
    if state.metrics_limiter.check().is_err() {
        let mut response = StatusCode::TOO_MANY_REQUESTS.into_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(1));
        return response;
    }
    let (spilled, dropped) = state.log.spilled_and_dropped();
    let body = state.metrics.encode(&metrics::Scraped {
        queue_depth: state.log.queue_depth(),
        write_errors: state.log.write_errors(),
        spilled,
        dropped,
        charts: crate::chart_pool::ChartPool::shared().stats(),
    });
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        body,
    )
        .into_response()
}
