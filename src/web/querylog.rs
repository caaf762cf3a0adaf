//! Every question the server answers goes to the query log; the page never waits on it.
//!
//! All logging passes through [`QueryLog::record`], so the store behind it is one small
//! piece to swap.

use crate::answer::Answer;
use crate::error::Error;
use crate::i18n::Lang;
use crate::query::Query;

/// One answered question, as the server saw it.
pub struct Question<'a> {
    pub lang: Lang,
    /// The browser's Accept-Language, when it sent one.
    pub locale: Option<&'a str>,
    pub text: &'a str,
    pub query: Option<&'a Query>,
    pub result: Result<&'a Answer, &'a Error>,
    pub latency_us: u64,
}

/// Where questions go. Without a store they are only traced.
#[derive(Default)]
pub struct QueryLog {}

impl QueryLog {
    /// Hand the question over; never blocks.
    pub fn record(&self, q: Question<'_>) {
        tracing::debug!(
            language = q.lang.code(),
            understood = q.result.is_ok(),
            latency_us = q.latency_us,
            "question"
        );
    }

    pub fn queue_depth(&self) -> u64 {
        0
    }

    pub fn write_errors(&self) -> u64 {
        0
    }

    /// Write what is queued before the process exits.
    pub async fn shutdown(&self) {}
}
