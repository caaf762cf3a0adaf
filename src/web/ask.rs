//! One free-text question through the core, timed, counted and logged: what the `/ask`
//! page and `/api/v1/ask` share.

use super::AppState;
use super::querylog::Question;
use crate::answer::{self, Answer};
use crate::catalog::Catalog;
use crate::error::Error;
use crate::i18n::Lang;
use crate::query::{self, Query};
use axum::http::HeaderMap;
use axum::http::header::ACCEPT_LANGUAGE;
use std::time::Instant;

/// Questions longer than this are not questions.
pub const MAX_QUESTION_CHARS: usize = 500;

/// User text without control characters or bidi overrides: an invisible U+202E could
/// make an echoed question read backwards, or hide words in the page and the query log.
pub fn clean(text: &str) -> String {
    text.chars()
        .filter(|&c| {
            !c.is_control()
                && !matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        })
        .collect()
}

/// The answer (or why there is none) and the language to say it in.
pub struct Asked {
    pub lang: Lang,
    pub result: Result<Answer, Error>,
}

/// Parse, resolve and build; `source` labels the metrics ("web" or "api").
pub fn ask(
    state: &AppState,
    source: &'static str,
    text: &str,
    lang_param: Option<&str>,
    headers: &HeaderMap,
) -> Asked {
    let started = Instant::now();
    let catalog = Catalog::get();
    let text = &clean(text);
    let parsed = query::parse(catalog, text);
    let lang = super::lang::for_question(parsed.language, lang_param, headers);
    let result = if parsed.query.has_subject() {
        answer_query(catalog, &parsed.query)
    } else {
        Err(Error::NotUnderstood {
            unparsed: parsed.unparsed.clone(),
        })
    };
    let elapsed = started.elapsed();
    state
        .metrics
        .answer(source, lang, result.is_ok(), elapsed.as_secs_f64());
    state.log.record(Question {
        lang,
        locale: headers.get(ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()),
        text,
        query: Some(&parsed.query),
        result: result.as_ref(),
        latency_us: u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
    });
    Asked { lang, result }
}

/// Resolve names and build the answer.
pub fn answer_query(catalog: &'static Catalog, q: &Query) -> Result<Answer, Error> {
    let req = query::resolve(catalog, q)?;
    Ok(answer::build(catalog, req)?)
}
