//! One free-text question through the answer service, timed, counted and logged: what the
//! `/ask` page and `/api/v1/ask` share, with a cache of rendered answers in front.

use super::AppState;
use super::input::ClientAddr;
use crate::ask::{Question, Reply, Who};
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::store::Source;
use crate::{render, sanitize};
use axum::body::Bytes;
use axum::http::HeaderMap;
use hashlink::LruCache;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Questions longer than this are not questions.
pub const MAX_QUESTION_CHARS: usize = 500;

/// The service's reply, with the JSON it renders to.
pub struct Asked {
    /// The answer (or why there is none), the language to say it in, and what the log
    /// keeps of the question (serialized once: a cache hit is logged without serializing
    /// the same query again).
    pub reply: Reply,
    /// The JSON contract object `/api/v1/ask` sends; also what the cache weighs. Shared
    /// bytes, so a cache hit hands the response body over without copying it.
    pub json: Bytes,
}

impl Asked {
    /// The language of the reply.
    pub fn lang(&self) -> Lang {
        self.reply.lang
    }
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
            + asked.reply.query_json.as_ref().map_or(0, |q| q.len())
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

/// Ask the answer service (or reuse its answer); `source` labels the metrics ("web" or
/// "api"). The caller has checked the length; the text is cleaned and put on one line
/// here. Every request is one logged question, a cache hit too.
pub async fn ask(
    state: &AppState,
    source: &'static str,
    text: &str,
    lang_param: Option<&str>,
    headers: &HeaderMap,
    addr: ClientAddr,
) -> Arc<Asked> {
    ask_with(state, source, text, None, lang_param, headers, addr).await
}

/// [`ask`] with the host RAM bandwidth of the page's form field, which the text itself
/// cannot say: it sets the speed of an offload lever.
pub async fn ask_with(
    state: &AppState,
    source: &'static str,
    text: &str,
    ram_gbs: Option<f64>,
    lang_param: Option<&str>,
    headers: &HeaderMap,
    addr: ClientAddr,
) -> Arc<Asked> {
    let started = Instant::now();
    let text = &sanitize::one_line(text);
    // On the site a reader's own choice (`?lang=`, the switcher's cookie) wins over the
    // question's words; over the API `lang` stays the fallback (CONTRACT.md).
    let chosen = if source == "api" {
        None
    } else {
        super::lang::chosen(lang_param, headers)
    };
    let fallback = super::lang::negotiate(lang_param, headers);
    let asked = cached_in(state, text, ram_gbs, fallback, chosen, addr).await;
    let elapsed = started.elapsed();
    let (lang, ok) = (asked.lang(), asked.reply.outcome.is_ok());
    state
        .metrics
        .answer(source, lang, ok, elapsed.as_secs_f64());
    let who = Who::on(Source::Web)
        .with_locale(super::input::accept_language(headers))
        .with_addr(addr.0);
    state.service.record(&who, &asked.reply, elapsed);
    asked
}

/// The answer to a question already on one line, from the cache or worked out and kept;
/// neither counted nor logged (the chart of an answer page comes here: the page logged it).
pub async fn cached(
    state: &AppState,
    text: &str,
    lang_param: Option<&str>,
    headers: &HeaderMap,
    addr: ClientAddr,
) -> Arc<Asked> {
    let fallback = super::lang::negotiate(lang_param, headers);
    let chosen = super::lang::chosen(lang_param, headers);
    cached_in(state, text, None, fallback, chosen, addr).await
}

/// [`cached`] with the form's host RAM bandwidth, which is part of the key, and the
/// reader's chosen language, which replies whatever the question's words are.
async fn cached_in(
    state: &AppState,
    text: &str,
    ram_gbs: Option<f64>,
    fallback: Lang,
    chosen: Option<Lang>,
    addr: ClientAddr,
) -> Arc<Asked> {
    let mut key = cache_key(chosen.unwrap_or(fallback), text);
    if chosen.is_some() {
        // A chosen language is not a fallback: "en\0..." may have replied in Portuguese.
        key.insert(0, '!');
    }
    if let Some(gbs) = ram_gbs {
        key.push('\0');
        key.push_str(&gbs.to_bits().to_string());
    }
    if let Some(asked) = state.answers.get(&key) {
        return asked;
    }
    let who = Who::on(Source::Web).with_addr(addr.0);
    let mut question = Question::text(text, fallback);
    if let crate::ask::Request::Text { parsed, .. } = &mut question.request {
        parsed.query.ram_bandwidth_gbs = ram_gbs;
        if chosen.is_some() {
            parsed.language = chosen;
        }
    }
    let reply = state.service.answer_for(question, &who).await;
    // Hub answers are kept by the Hub cache: a fallback given while the Hub was
    // slow must not outlive the slowness here.
    let keep = reply.reusable();
    let fresh = Arc::new(asked_from(reply));
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

/// Render a reply once, as the cache keeps it.
pub fn asked_from(reply: Reply) -> Asked {
    let json =
        render::kinds_json::to_string(reply.lang, Catalog::get(), reply.outcome.as_ref()).into();
    Asked { reply, json }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_cache_evicts_the_oldest_answers_past_its_budget() {
        let service = crate::ask::Service::offline();
        let cache = AnswerCache::with_budget(64 * 1024);
        for i in 0..200 {
            let question = Question::text(&format!("llama {i}b fp16"), Lang::En);
            let asked = Arc::new(asked_from(service.answer(question).await));
            cache.put(format!("en\u{0}{i}"), asked);
        }
        let (entries, bytes) = cache.size();
        assert!(bytes <= 64 * 1024, "{bytes}");
        assert!((1..200).contains(&entries), "{entries}");
        assert!(cache.get("en\u{0}199").is_some(), "the newest stays");
        assert!(cache.get("en\u{0}0").is_none(), "the oldest went");
    }
}
