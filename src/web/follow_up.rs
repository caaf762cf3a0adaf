//! The answer page's follow-up box: the form carries the thread so far (the earlier
//! messages, one a line) in `prev`, and the server replays it through [`crate::chat::turn`]
//! before reading the new message, so the page needs no session and a link to a
//! follow-up's answer is the whole conversation.

use super::AppState;
use super::ask::{Asked, asked_from};
use super::input::ClientAddr;
use crate::ask::Who;
use crate::chat::{Turned, turn};
use crate::i18n::Lang;
use crate::query::Parsed;
use crate::store::Source;
use crate::{render, sanitize};
use axum::http::HeaderMap;
use std::sync::Arc;
use std::time::Instant;

/// The thread a page carries: its last characters, whole lines only.
pub const MAX_THREAD_CHARS: usize = 2000;
/// Earlier messages replayed at most (each is parsed again).
const MAX_THREAD_LINES: usize = 8;

/// What the thread made of the message.
pub enum Threaded {
    /// A follow-up, answered (and logged): `kept` says what it kept.
    Answered { asked: Arc<Asked>, kept: String },
    /// A follow-up with no question before it.
    Orphan { lang: Lang, text: String },
    /// A question of its own: the page answers it as ever.
    Fresh,
}

/// Read `q` after the thread `prev`; answer it here when it continues that thread.
pub async fn ask(
    state: &AppState,
    prev: &str,
    q: &str,
    lang_param: Option<&str>,
    headers: &HeaderMap,
    addr: ClientAddr,
) -> Threaded {
    let fallback = super::lang::negotiate(lang_param, headers);
    let previous = replay(prev, fallback);
    let Some(previous) = previous else {
        // No question before it: an orphan follow-up is said so, anything else is fresh.
        return match turn(q, None, fallback) {
            Turned::Orphan { lang } => orphan(lang),
            Turned::Ask { .. } => Threaded::Fresh,
        };
    };
    let (question, changes, parsed) = match turn(q, Some(&previous), fallback) {
        Turned::Orphan { lang } => return orphan(lang),
        Turned::Ask { changes, .. } if changes.is_empty() => return Threaded::Fresh,
        Turned::Ask {
            question,
            changes,
            parsed,
        } => (question, changes, parsed),
    };
    let started = Instant::now();
    let who = Who::on(Source::Web)
        .with_locale(super::input::accept_language(headers))
        .with_addr(addr.0);
    let reply = state.service.answer_for(question, &who).await;
    let elapsed = started.elapsed();
    let ok = reply.outcome.is_ok();
    state
        .metrics
        .answer("web", reply.lang, ok, elapsed.as_secs_f64());
    state.service.record(&who, &reply, elapsed);
    let kept = render::follow_up::kept_line(
        reply.lang,
        crate::catalog::Catalog::get(),
        &parsed,
        &changes,
    );
    Threaded::Answered {
        asked: Arc::new(asked_from(reply)),
        kept,
    }
}

fn orphan(lang: Lang) -> Threaded {
    Threaded::Orphan {
        lang,
        text: render::follow_up::orphan(lang),
    }
}

/// The last question of the thread `prev`, its messages read in turn.
fn replay(prev: &str, fallback: Lang) -> Option<Parsed> {
    let lines: Vec<&str> = prev
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let from = lines.len().saturating_sub(MAX_THREAD_LINES);
    let mut last: Option<Box<Parsed>> = None;
    for line in &lines[from..] {
        if let Turned::Ask { parsed, .. } = turn(line, last.as_deref(), fallback) {
            last = Some(parsed);
        }
    }
    last.map(|p| *p)
}

/// The thread the next follow-up box carries: this one's with `q` after it when `q`
/// continued it, else `q` alone; its last [`MAX_THREAD_CHARS`] in whole lines.
pub fn next_thread(prev: &str, q: &str, continued: bool) -> String {
    let q = sanitize::one_line(q);
    let mut thread = if continued && !prev.trim().is_empty() {
        format!("{}\n{q}", prev.trim())
    } else {
        q
    };
    while thread.chars().count() > MAX_THREAD_CHARS {
        match thread.split_once('\n') {
            Some((_, rest)) => thread = rest.to_string(),
            None => break,
        }
    }
    thread
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_replays_to_its_last_question() {
        let p = replay(
            "llama 3.1 8b on a rtx 3060 12gb\nand with 2 cards?",
            Lang::En,
        )
        .expect("a question");
        assert_eq!(p.query.gpu_count, Some(2));
        assert!(replay("", Lang::En).is_none());
    }

    #[test]
    fn the_carried_thread_stays_bounded() {
        let long = "llama 3.1 8b on a 4090\n".repeat(500);
        let next = next_thread(&long, "and in q8?", true);
        assert!(next.chars().count() <= MAX_THREAD_CHARS);
        assert!(next.ends_with("and in q8?"));
        assert_eq!(next_thread("a\nb", "qwen3 8b", false), "qwen3 8b");
    }
}
