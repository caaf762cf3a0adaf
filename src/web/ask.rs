//! One free-text question through the core, timed, counted and logged: what the `/ask`
//! page and `/api/v1/ask` share.

use super::AppState;
use super::querylog::Question;
use crate::answer::{self, Answer};
use crate::catalog::Catalog;
use crate::error::Error;
use crate::i18n::Lang;
use crate::query::Query;
use crate::{render, sanitize};
use axum::body::Bytes;
use axum::http::HeaderMap;
use hashlink::LruCache;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Questions longer than this are not questions.
pub const MAX_QUESTION_CHARS: usize = 500;

/// The answer (or why there is none) and the language to say it in.
pub struct Asked {
    pub lang: Lang,
    pub query: Query,
    /// The query as the query log stores it, serialized once with the answer: a cache hit
    /// is logged without serializing the same query again.
    pub query_json: Arc<str>,
    pub result: Result<Answer, Error>,
    /// The JSON contract object `/api/v1/ask` sends; also what the cache weighs. Shared
    /// bytes, so a cache hit hands the response body over without copying it.
    pub json: Bytes,
}

/// Answers already worked out, keyed by the language a reply falls back to and the
/// normalized question: nothing else the client sends changes the answer, so nothing
/// else goes into the key (a raw 400 KB Accept-Language in every key once grew the
/// server to 2 GB).
///
/// The core is pure, so the same key always gives the same answer; teams ask the same
/// few questions over and over ("llama 70b fp16"), and a hit skips parsing, estimating
/// and rendering. Every request is still timed, counted and logged.
pub struct AnswerCache(Mutex<Lru>);

/// Bytes of answers kept, keys and JSON included: a few thousand answers.
pub const CACHE_BYTES: usize = 16 * 1024 * 1024;

struct Lru {
    entries: LruCache<String, (Arc<Asked>, usize)>,
    bytes: usize,
    budget: usize,
}

impl Default for AnswerCache {
    fn default() -> Self {
        AnswerCache::with_budget(CACHE_BYTES)
    }
}

impl AnswerCache {
    /// A cache holding at most `budget` bytes of answers.
    pub fn with_budget(budget: usize) -> Self {
        AnswerCache(Mutex::new(Lru {
            entries: LruCache::new_unbounded(),
            bytes: 0,
            budget,
        }))
    }

    /// What the cache holds now: (answers, bytes).
    pub fn size(&self) -> (usize, usize) {
        self.0.lock().map_or((0, 0), |c| (c.entries.len(), c.bytes))
    }

    fn get(&self, key: &str) -> Option<Arc<Asked>> {
        Some(self.0.lock().ok()?.entries.get(key)?.0.clone())
    }

    fn put(&self, key: String, asked: Arc<Asked>) {
        // The JSON stands for the answer's own heap too, which holds the same facts.
        let cost = key.len()
            + 2 * asked.json.len()
            + asked.query_json.len()
            + std::mem::size_of::<Asked>();
        let Ok(mut cache) = self.0.lock() else {
            return;
        };
        if cost > cache.budget {
            return;
        }
        if let Some((_, old)) = cache.entries.insert(key, (asked, cost)) {
            cache.bytes -= old;
        }
        cache.bytes += cost;
        while cache.bytes > cache.budget {
            match cache.entries.remove_lru() {
                Some((_, (_, freed))) => cache.bytes -= freed,
                None => break,
            }
        }
    }
}

/// Parse, resolve and build (or reuse); `source` labels the metrics ("web" or "api").
/// The caller has checked the length; the text is cleaned and put on one line here.
pub async fn ask(
    state: &AppState,
    source: &'static str,
    text: &str,
    lang_param: Option<&str>,
    headers: &HeaderMap,
) -> Arc<Asked> {
    let started = Instant::now();
    let text = &sanitize::one_line(text);
    let asked = cached(state, text, lang_param, headers).await;
    let (lang, result) = (asked.lang, &asked.result);
    let elapsed = started.elapsed();
    state
        .metrics
        .answer(source, lang, result.is_ok(), elapsed.as_secs_f64());
    state.log.record(Question {
        lang,
        locale: super::input::accept_language(headers),
        text,
        query: Some(asked.query_json.clone()),
        result: result.as_ref(),
        latency_us: u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
    });
    asked
}

/// The answer to a question already on one line, from the cache or worked out and kept;
/// neither counted nor logged (the chart of an answer page comes here: the page logged it).
pub async fn cached(
    state: &AppState,
    text: &str,
    lang_param: Option<&str>,
    headers: &HeaderMap,
) -> Arc<Asked> {
    let fallback = super::lang::negotiate(lang_param, headers);
    let key = cache_key(fallback, text);
    if let Some(asked) = state.answers.get(&key) {
        return asked;
    }
    let catalog = Catalog::get();
    let parsed = crate::query::parse(catalog, text);
    // Hub answers are kept by the Hub cache: a fallback given while the Hub was
    // slow must not outlive the slowness here.
    let keep = parsed.hub_id.is_none();
    let result = state.hub.answer_parsed(catalog, &parsed).await;
    let fresh = Arc::new(asked_from(answer::Reply { parsed, result }, fallback));
    if keep {
        state.answers.put(key, fresh.clone());
    }
    fresh
}

/// The cache's key of a question: the fallback language's code, NUL, the text (built
/// directly: `format!` took longer than the cache look-up itself).
fn cache_key(fallback: Lang, text: &str) -> String {
    let code = fallback.code();
    let mut key = String::with_capacity(code.len() + 1 + text.len());
    key.push_str(code);
    key.push('\0');
    key.push_str(text);
    key
}

/// The core's answer for one question; `fallback` is the reply language when the
/// question does not tell.
#[cfg(test)]
fn work_out(text: &str, fallback: Lang) -> Asked {
    asked_from(answer::for_text(Catalog::get(), text), fallback)
}

/// Render a reply once, as the cache keeps it.
fn asked_from(reply: answer::Reply, fallback: Lang) -> Asked {
    let catalog = Catalog::get();
    let answer::Reply { parsed, result } = reply;
    let lang = parsed.language.unwrap_or(fallback);
    // Serializing our own types into a String cannot fail.
    let json = match &result {
        Ok(a) => serde_json::to_string(&render::json::answer(lang, catalog, a)),
        Err(e) => serde_json::to_string(&render::json::error(lang, catalog, e)),
    }
    .unwrap_or_default()
    .into();
    Asked {
        lang,
        query_json: crate::store::log::query_json(&parsed.query),
        query: parsed.query,
        result,
        json,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_evicts_the_oldest_answers_past_its_budget() {
        let cache = AnswerCache::with_budget(64 * 1024);
        for i in 0..200 {
            let asked = Arc::new(work_out(&format!("llama {i}b fp16"), Lang::En));
            cache.put(format!("en\u{0}{i}"), asked);
        }
        let (entries, bytes) = cache.size();
        assert!(bytes <= 64 * 1024, "{bytes}");
        assert!((1..200).contains(&entries), "{entries}");
        assert!(cache.get("en\u{0}199").is_some(), "the newest stays");
        assert!(cache.get("en\u{0}0").is_none(), "the oldest went");
    }
}
