//! Server-rendered pages: askama templates (auto-escaping) fed with the localized pieces
//! of `render`, so the page says what the bot and the CLI say.
//!
//! Here is what every page shares: the header with its navigation and language switcher,
//! a guide topic's link, an error box, the 404 page. `answer` holds the question box and
//! its answer, `guide` the guide's pages, `tables` the comparison and the catalog tables.

mod answer;
mod api_docs;
mod guide;
mod stats;
mod tables;

pub use answer::{
    AnswerHtml, EXAMPLE_KINDS, Example, GuideLink, OpenGraph, VerdictBox, answer_page, ask,
    ask_config, chart_png, index,
};
pub use api_docs::api_docs;
pub use guide::{guide_index, guide_topic};
pub use stats::stats;
pub use tables::{DEFAULT_COMPARE, PAGE_ROWS, Row, Source, compare, gpus, models};

use crate::answer::Topic;
use crate::catalog::Catalog;
use crate::error::Error;
use crate::i18n::{Lang, t};
use crate::render;
use crate::render::html::{self, Block};
use askama::Template;
use axum::extract::OriginalUri;
use axum::extract::Query as QueryParams;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
pub struct LangParam {
    lang: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct SetLang {
    set: Option<String>,
    next: Option<String>,
}

/// A link in the header.
pub struct Link {
    pub href: String,
    pub label: String,
    pub current: bool,
}

/// What every page has around its content: language, title, navigation, switcher.
pub struct Chrome {
    pub lang: Lang,
    pub title: String,
    pub nav: Vec<Link>,
    pub langs: Vec<Link>,
    /// "Answered in English because you wrote in English", linking the reader's own
    /// language: shown when the question's words, not the reader, chose the language.
    pub lang_note: Option<(String, Link)>,
}

impl Chrome {
    fn new(lang: Lang, title_id: &str, path: &str, uri: &str) -> Chrome {
        let nav = [
            ("/", "web-nav-ask"),
            ("/compare", "web-nav-compare"),
            ("/guide", "web-nav-guide"),
            ("/models", "web-nav-models"),
            ("/gpus", "web-nav-gpus"),
        ]
        .into_iter()
        .map(|(href, id)| Link {
            href: format!("{href}?lang={}", lang.code()),
            label: t(lang, id),
            current: path == href || (href == "/" && path == "/ask"),
        })
        .collect();
        let next = without_lang(uri);
        let langs = Lang::ALL
            .into_iter()
            .map(|l| Link {
                href: format!("/lang?set={}&next={}", l.code(), urlencode(&next)),
                label: t(l, "web-lang-name"),
                current: l == lang,
            })
            .collect();
        Chrome {
            lang,
            title: t(lang, title_id),
            nav,
            langs,
            lang_note: None,
        }
    }

    /// Note that the question's words chose `answered` over the reader's `preferred`
    /// language, with the switcher's link to `preferred` (which then sticks).
    pub fn note_language(&mut self, preferred: Lang) {
        let Some(link) = self
            .langs
            .iter()
            .find(|l| l.label == t(preferred, "web-lang-name"))
        else {
            return;
        };
        let link = Link {
            href: link.href.clone(),
            label: link.label.clone(),
            current: false,
        };
        self.lang_note = Some((t(self.lang, "web-answered-in-own"), link));
    }

    pub fn t(&self, id: &str) -> String {
        t(self.lang, id)
    }

    /// A message with a `count` (plural) and its number as the locale writes it.
    pub fn t_count(&self, id: &str, count: &usize) -> String {
        let n = *count as u64;
        let args = crate::i18n::Args::new()
            .n(self.lang, "count", n)
            .s("n", crate::i18n::format_int(self.lang, n));
        crate::i18n::tr(self.lang, id, Some(&args))
    }

    pub fn html_lang(&self) -> &'static str {
        self.lang.locale()
    }

    pub fn code(&self) -> &'static str {
        self.lang.code()
    }
}

/// Longest address the language switcher links back to; a longer one (a 64 KiB query
/// string) would be copied into each of the four links, so the switcher goes home instead.
const MAX_SWITCHER_NEXT: usize = 1024;

/// The current path and query without `lang=`, for the switcher to come back to.
fn without_lang(uri: &str) -> String {
    if uri.len() > MAX_SWITCHER_NEXT {
        return "/".to_string();
    }
    let (path, query) = uri.split_once('?').unwrap_or((uri, ""));
    let kept: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("lang="))
        .collect();
    if kept.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", kept.join("&"))
    }
}

/// Encode a query value (askama escapes the HTML; this makes it a valid URL).
pub(super) fn urlencode(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

fn page(status: StatusCode, rendered: askama::Result<String>) -> Response {
    match rendered {
        Ok(body) => (status, Html(body)).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "template failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

pub use crate::render::kinds::page::{TopicLink, topic_link};

/// Why there is no answer, in the answer's language.
pub struct ErrorView {
    pub lang: Lang,
    pub blocks: Vec<Block>,
}

impl ErrorView {
    fn new(lang: Lang, err: &Error) -> ErrorView {
        ErrorView {
            lang,
            blocks: html::blocks(&render::error::message(lang, Catalog::get(), err)),
        }
    }

    fn text(lang: Lang, text: String) -> ErrorView {
        ErrorView {
            lang,
            blocks: html::blocks(&text),
        }
    }

    pub fn html_lang(&self) -> &'static str {
        self.lang.locale()
    }
}

/// `/lang?set=pt&next=/ask?q=...`: remember the language in a cookie and go back.
pub async fn set_lang(QueryParams(p): QueryParams<SetLang>) -> Response {
    let lang = crate::web::input::lang(p.set.as_deref())
        .and_then(Lang::from_code)
        .unwrap_or_default();
    // Only paths on this site: "//host" or "https://..." would make an open redirect.
    let next = crate::web::redirect::same_site(p.next.as_deref());
    let location = HeaderValue::from_str(&next).unwrap_or(HeaderValue::from_static("/"));
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response();
    if let Ok(cookie) = HeaderValue::from_str(&crate::web::lang::set_cookie(lang)) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// `/style.css`: the only stylesheet (the CSP allows no inline styles).
pub async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        include_str!("../../../templates/style.css"),
    )
        .into_response()
}

/// `/copy.js`: the Copy buttons' one script (the CSP allows scripts from this site only,
/// never inline handlers).
pub async fn copy_js() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        include_str!("../../../templates/copy.js"),
    )
        .into_response()
}

/// The site's icon, 16 x 16 (1.1 KB), built into the binary: browsers ask for
/// `/favicon.ico` on every page whether or not the page links it.
const FAVICON: &[u8] = include_bytes!("../../../assets/favicon.ico");

/// `/favicon.ico`.
pub async fn favicon() -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/x-icon"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        FAVICON,
    )
        .into_response()
}

#[derive(Template)]
#[template(path = "not_found.html")]
struct NotFoundPage {
    page: Chrome,
    topics: Vec<TopicLink>,
}

fn not_found_page(lang: Lang, uri: &str) -> Response {
    let body = NotFoundPage {
        page: Chrome::new(lang, "web-not-found-title", "", uri),
        topics: Topic::ALL.iter().map(|&tp| topic_link(lang, tp)).collect(),
    };
    page(StatusCode::NOT_FOUND, body.render())
}

/// Anything else: a 404 page, or a JSON 404 under `/api/`.
pub async fn not_found(OriginalUri(uri): OriginalUri, headers: HeaderMap) -> Response {
    let param = crate::web::errors::query_lang(uri.query());
    let lang = crate::web::lang::negotiate(param.as_deref(), &headers);
    if uri.path().starts_with("/api/") {
        return crate::web::api::not_found(lang);
    }
    not_found_page(lang, &uri.to_string())
}

/// The GET link to the same answer as JSON; none for a pasted log, which came by POST
/// and would not fit a link (the question field is then empty).
pub(crate) fn json_link(question: &str, lang: Lang) -> String {
    if question.trim().is_empty() {
        return String::new();
    }
    format!("/api/v1/ask?q={}&lang={}", urlencode(question), lang.code())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_pasted_log_gets_no_json_link_a_question_gets_one() {
        assert_eq!(super::json_link("  \n", Lang::En), "");
        assert_eq!(
            super::json_link("qwen3 8b?", Lang::Pt),
            "/api/v1/ask?q=qwen3+8b%3F&lang=pt"
        );
    }

    use super::*;

    #[test]
    fn the_switcher_drops_lang_and_keeps_the_rest() {
        assert_eq!(without_lang("/ask?q=a&lang=pt"), "/ask?q=a");
        assert_eq!(without_lang("/?lang=pt"), "/");
        assert_eq!(without_lang(&format!("/ask?q={}", "a".repeat(2000))), "/");
        assert_eq!(urlencode("/ask?q=a b"), "%2Fask%3Fq%3Da+b");
    }
}
