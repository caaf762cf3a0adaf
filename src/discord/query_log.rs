//! The query-log row of a question asked on Discord: by slash command, by message, or by
//! a what-if pick under an answer (a pick is a new question, so it is logged like one).

use crate::answer::Answer;
use crate::error::Error as CoreError;
use crate::i18n::Lang;
use crate::query::Query;
use crate::store::{LogEntry, Source};
use std::time::Instant;

/// The row for one question; callers add where it was asked (guild, channel, user).
pub fn entry(
    lang: Lang,
    question: &str,
    q: &Query,
    result: Result<&Answer, &CoreError>,
    started: Instant,
) -> LogEntry {
    LogEntry::from_answer(
        Source::Discord,
        lang,
        question,
        Some(q),
        result,
        started.elapsed(),
    )
}
