//! `/stats`: the team's own statistics from the query log (questions per day, top models
//! and cards, what went unanswered, languages). Counts only, never a user: the log holds
//! keyed hashes, and this page shows none of them. Off unless `stats_token` is set; then
//! only whoever brings that token (`?token=` from the page's own form, or
//! `Authorization: Bearer`) sees it.

use super::{Chrome, Link, not_found_page, page, urlencode};
use crate::i18n::{Lang, format_int, t};
use crate::render::stats as words;
use crate::store::{Stats, StatsFilter, parse_since};
use crate::web::AppState;
use askama::Template;
use axum::extract::{OriginalUri, Query as QueryParams, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use serde::Deserialize;
use std::time::Duration;

/// The window shown when none is asked for.
const DEFAULT_WINDOW: &str = "30d";
/// The windows the page links, as `?since=` takes them.
const WINDOWS: [&str; 4] = ["1d", "7d", "30d", "all"];

#[derive(Debug, Deserialize)]
pub struct StatsParams {
    lang: Option<String>,
    token: Option<String>,
    since: Option<String>,
}

/// One counted thing: its label, its count as the locale writes it, and the bar's value.
pub struct Bar {
    pub label: String,
    pub count: String,
    pub value: u64,
    pub max: u64,
}

/// A titled list of bars.
pub struct List {
    pub heading: String,
    pub bars: Vec<Bar>,
}

#[derive(Template)]
#[template(path = "stats.html")]
struct StatsPage {
    page: Chrome,
    /// No token or the wrong one: the page is only the token's form.
    locked: bool,
    /// Why there are no counts (no query log, the log unreadable, nothing logged yet).
    notice: Option<String>,
    heading: String,
    totals: String,
    windows: Vec<Link>,
    /// Questions per day, then the top lists, then what went unanswered.
    lists: Vec<List>,
}

/// `/stats` (routed only when a token is set, see [`crate::web::router`]).
pub async fn stats(
    State(state): State<AppState>,
    QueryParams(p): QueryParams<StatsParams>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
) -> Response {
    let lang = crate::web::lang::negotiate(p.lang.as_deref(), &headers);
    let uri = uri.to_string();
    let Some(expected) = state.stats_token.as_ref() else {
        return not_found_page(lang, &uri);
    };
    let given = p.token.as_deref().or_else(|| bearer(&headers));
    let mut chrome = Chrome::new(lang, "web-stats-title", "/stats", &uri);
    if !given.is_some_and(|g| same_secret(g.trim(), expected.expose().trim())) {
        // The switcher must not carry a wrong token around.
        chrome = Chrome::new(lang, "web-stats-title", "/stats", "/stats");
        let status = if given.is_some() {
            StatusCode::FORBIDDEN
        } else {
            StatusCode::UNAUTHORIZED
        };
        return private(status, StatsPage::locked(chrome));
    }
    let token = given.unwrap_or_default();
    let window = p.since.as_deref().unwrap_or(DEFAULT_WINDOW);
    let filter = StatsFilter {
        since: since(window),
        guild_id: None,
    };
    let Some(store) = state.log.store() else {
        let notice = t(lang, "web-stats-no-log");
        return private(StatusCode::OK, StatsPage::notice(chrome, notice));
    };
    match store.log().stats(&filter).await {
        Ok(stats) => {
            let body = StatsPage::counts(chrome, &stats, window_links(lang, token, window));
            private(StatusCode::OK, body)
        }
        Err(e) => {
            tracing::error!(error = %e, "the stats page could not read the query log");
            let notice = t(lang, "web-stats-failed");
            private(
                StatusCode::SERVICE_UNAVAILABLE,
                StatsPage::notice(chrome, notice),
            )
        }
    }
}

/// `?since=`: "all" (or anything unreadable) counts every row; the default is 30 days.
fn since(window: &str) -> Option<Duration> {
    match window.trim() {
        "all" => None,
        text => parse_since(text).or_else(|| parse_since(DEFAULT_WINDOW)),
    }
}

/// `Authorization: Bearer <token>`, for scripts that would rather not put it in a URL.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
}

/// Compare without stopping at the first difference, so the time taken says nothing of how
/// much of a guess was right.
fn same_secret(given: &str, expected: &str) -> bool {
    let (a, b) = (given.as_bytes(), expected.as_bytes());
    let differ = a
        .iter()
        .zip(b)
        .fold(a.len() ^ b.len(), |acc, (x, y)| acc | usize::from(x ^ y));
    differ == 0
}

/// The page, never cached nor indexed: it is the team's alone.
fn private(status: StatusCode, body: StatsPage) -> Response {
    let mut response = page(status, body.render());
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    response
}

/// The window links, the token kept so the reader stays in.
fn window_links(lang: Lang, token: &str, current: &str) -> Vec<Link> {
    WINDOWS
        .into_iter()
        .map(|w| Link {
            href: format!(
                "/stats?since={w}&lang={}&token={}",
                lang.code(),
                urlencode(token)
            ),
            label: window_label(lang, w),
            current: w == current,
        })
        .collect()
}

fn window_label(lang: Lang, window: &str) -> String {
    let stats = Stats {
        since_secs: since(window).map(|d| d.as_secs()),
        ..Stats::default()
    };
    words::window_name(lang, &stats)
}

impl StatsPage {
    fn empty(page: Chrome, locked: bool, notice: Option<String>) -> StatsPage {
        StatsPage {
            page,
            locked,
            notice,
            heading: String::new(),
            totals: String::new(),
            windows: Vec::new(),
            lists: Vec::new(),
        }
    }

    fn locked(page: Chrome) -> StatsPage {
        StatsPage::empty(page, true, None)
    }

    fn notice(page: Chrome, notice: String) -> StatsPage {
        StatsPage::empty(page, false, Some(notice))
    }

    fn counts(page: Chrome, stats: &Stats, windows: Vec<Link>) -> StatsPage {
        let lang = page.lang;
        let notice = (stats.total == 0).then(|| t(lang, "stats-empty"));
        let mut body = StatsPage::empty(page, false, notice);
        body.heading = words::title(lang, stats);
        body.windows = windows;
        if stats.total == 0 {
            return body;
        }
        body.totals = words::totals(lang, stats);
        // Oldest first, as a chart of days reads.
        let days: Vec<(String, u64)> = stats.per_day.iter().rev().cloned().collect();
        body.lists = vec![
            list(lang, "web-stats-per-day", &days, |_, d| d.to_string()),
            list(lang, "stats-models", &stats.top_models, words::plain),
            list(lang, "stats-gpus", &stats.top_gpus, words::plain),
            list(
                lang,
                "stats-precisions",
                &stats.top_precisions,
                words::plain,
            ),
            list(
                lang,
                "stats-languages",
                &stats.languages,
                words::language_name,
            ),
            list(lang, "stats-sources", &stats.by_source, words::source_name),
            list(lang, "stats-unanswered", &stats.unanswered, |_, q| {
                words::quote(q)
            }),
        ];
        body
    }
}

fn list(
    lang: Lang,
    heading: &str,
    counts: &[(String, u64)],
    name: fn(Lang, &str) -> String,
) -> List {
    let max = counts.iter().map(|(_, n)| *n).max().unwrap_or(0).max(1);
    List {
        heading: t(lang, heading),
        bars: counts
            .iter()
            .map(|(k, n)| Bar {
                label: name(lang, k),
                count: format_int(lang, *n),
                value: *n,
                max,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("team-token-123456", "team-token-123456"));
        assert!(!same_secret("team-token-12345", "team-token-123456"));
        assert!(!same_secret("team-token-123457", "team-token-123456"));
        assert!(!same_secret("", "team-token-123456"));
    }

    #[test]
    fn windows_default_to_thirty_days() {
        assert_eq!(since("all"), None);
        assert_eq!(since("7d"), Some(Duration::from_secs(7 * 86_400)));
        assert_eq!(since("nonsense"), Some(Duration::from_secs(30 * 86_400)));
    }
}
