//! Every question the server answers goes to the query log; the page never waits on it.
//!
//! All logging passes through [`QueryLog::record`], which turns what a handler knows into
//! a store row and queues it ([`crate::store::Log::record`] never blocks).

use crate::answer::Answer;
use crate::error::Error;
use crate::i18n::Lang;
use crate::store::{LogEntry, Source, Store};
use std::sync::Arc;

/// One answered question, as the server saw it.
pub struct Question<'a> {
    pub lang: Lang,
    /// The browser's Accept-Language, when it sent one.
    pub locale: Option<&'a str>,
    pub text: &'a str,
    /// The query the core read, as the log's JSON ([`crate::store::log::query_json`]).
    pub query: Option<Arc<str>>,
    pub result: Result<&'a Answer, &'a Error>,
    pub latency_us: u64,
}

/// Where questions go: the store, or nowhere (tests, `--no-log`) but traces.
#[derive(Default, Clone)]
pub struct QueryLog {
    store: Option<Store>,
}

impl QueryLog {
    pub fn new(store: Option<Store>) -> QueryLog {
        QueryLog { store }
    }

    /// Queue the question; never blocks.
    pub fn record(&self, q: Question<'_>) {
        tracing::debug!(
            language = q.lang.code(),
            understood = q.result.is_ok(),
            latency_us = q.latency_us,
            "question"
        );
        if let Some(store) = &self.store {
            store.log().record(entry(q));
        }
    }

    pub fn queue_depth(&self) -> u64 {
        self.store
            .as_ref()
            .map_or(0, |s| s.log().queue_depth() as u64)
    }

    /// Rows in the spill file and rows dropped since start.
    pub fn spilled_and_dropped(&self) -> (u64, u64) {
        self.store
            .as_ref()
            .map_or((0, 0), |s| (s.log().spilled(), s.log().dropped()))
    }

    pub fn write_errors(&self) -> u64 {
        self.store.as_ref().map_or(0, |s| s.log().write_errors())
    }

    /// Write what is queued before the process exits.
    pub async fn shutdown(&self) {
        if let Some(store) = &self.store {
            store.shutdown().await;
        }
    }
}

/// The store row; the store cleans and cuts every text, whatever the handler passed.
fn entry(q: Question<'_>) -> LogEntry {
    let latency = std::time::Duration::from_micros(q.latency_us);
    LogEntry::from_answer(Source::Web, q.lang, q.text, None, q.result, latency)
        .with_query_json(q.query)
        .with_locale(q.locale)
}
