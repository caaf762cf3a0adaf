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
use hashlink::LruCache;
use std::sync::{Arc, Mutex, OnceLock};
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
    pub query: Query,
    pub result: Result<Answer, Error>,
    /// The JSON contract object, serialized on first use by `/api/v1/ask`.
    pub json: OnceLock<String>,
}

/// Answers already worked out, keyed by question, `?lang=` and Accept-Language.
///
/// The core is pure, so the same key always gives the same answer; teams ask the same
/// few questions over and over ("llama 70b fp16"), and a hit skips parsing, estimating
/// and rendering. Every request is still timed, counted and logged.
pub struct AnswerCache(Mutex<LruCache<String, Arc<Asked>>>);

/// Distinct questions kept; a few MiB at most.
const CACHE_ENTRIES: usize = 4096;

impl Default for AnswerCache {
    fn default() -> Self {
        AnswerCache(Mutex::new(LruCache::new(CACHE_ENTRIES)))
    }
}

impl AnswerCache {
    fn get(&self, key: &str) -> Option<Arc<Asked>> {
        self.0.lock().ok()?.get(key).cloned()
    }

    fn put(&self, key: String, asked: Arc<Asked>) {
        if let Ok(mut cache) = self.0.lock() {
            cache.insert(key, asked);
        }
    }
}

/// Parse, resolve and build (or reuse); `source` labels the metrics ("web" or "api").
pub fn ask(
    state: &AppState,
    source: &'static str,
    text: &str,
    lang_param: Option<&str>,
    headers: &HeaderMap,
) -> Arc<Asked> {
    let started = Instant::now();
    let text = &clean(text);
    let accept = headers.get(ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    let key = format!(
        "{text}\u{0}{}\u{0}{}",
        lang_param.unwrap_or(""),
        accept.unwrap_or("")
    );
    let asked = state.answers.get(&key).unwrap_or_else(|| {
        let fresh = Arc::new(work_out(text, lang_param, headers));
        state.answers.put(key, fresh.clone());
        fresh
    });
    let (lang, result) = (asked.lang, &asked.result);
    let elapsed = started.elapsed();
    state
        .metrics
        .answer(source, lang, result.is_ok(), elapsed.as_secs_f64());
    state.log.record(Question {
        lang,
        locale: accept,
        text,
        query: Some(&asked.query),
        result: result.as_ref(),
        latency_us: u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
    });
    asked
}

/// The core's answer for one question.
fn work_out(text: &str, lang_param: Option<&str>, headers: &HeaderMap) -> Asked {
    let catalog = Catalog::get();
    let parsed = query::parse(catalog, text);
    let lang = super::lang::for_question(parsed.language, lang_param, headers);
    let result = if parsed.query.has_subject() {
        query::resolve_parsed(catalog, &parsed).and_then(|req| Ok(answer::build(catalog, req)?))
    } else {
        Err(Error::NotUnderstood {
            unparsed: parsed.unparsed.clone(),
        })
    };
    Asked {
        lang,
        query: parsed.query,
        result,
        json: OnceLock::new(),
    }
}

/// Resolve names and build the answer.
pub fn answer_query(catalog: &'static Catalog, q: &Query) -> Result<Answer, Error> {
    let req = query::resolve(catalog, q)?;
    Ok(answer::build(catalog, req)?)
}
