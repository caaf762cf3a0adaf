//! A conversation, as the adapters hold it: the question a message asks given the thread
//! before it ([`turn`], over the pure [`crate::query::follow_up::follow`]), and where the
//! last question of each thread is kept ([`Threads`]: bounded, expiring, one entry per
//! key, so one asker's thread is never another's).
//!
//! Discord keys a thread by user and channel, and a reply by the answer it replies to;
//! `vramguide chat` keeps one thread for its session; the web page carries the previous
//! question in its follow-up form.

use crate::ask::{Question, Request};
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::query::Parsed;
use crate::query::follow_up::{Change, Turn, follow};
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::time::{Duration, Instant};

/// What to do with a message in a thread.
#[derive(Debug)]
pub enum Turned {
    /// Ask `question`; `changes` is empty for a question of its own. `parsed` is the
    /// question as it will be answered: the thread's next "previous".
    Ask {
        question: Question,
        changes: Vec<Change>,
        parsed: Box<Parsed>,
    },
    /// A follow-up with nothing before it: answer "follow-up to what?" in `lang`.
    Orphan { lang: Lang },
}

/// Read `text` after `previous` (the thread's last question, if any). `fallback` is the
/// language when the words do not tell.
pub fn turn(text: &str, previous: Option<&Parsed>, fallback: Lang) -> Turned {
    let new = crate::query::parse(Catalog::get(), text);
    let (parsed, changes) = match follow(previous, new, text) {
        Turn::Fresh(p) => (p, Vec::new()),
        Turn::FollowUp { parsed, changes } => (parsed, changes),
        Turn::Orphan { language } => {
            return Turned::Orphan {
                lang: language.unwrap_or(fallback),
            };
        }
    };
    let request = Request::Text {
        text: text.to_string(),
        parsed: parsed.clone(),
    };
    Turned::Ask {
        question: Question::of(request, fallback),
        changes,
        parsed,
    }
}

/// The last question of each thread: at most `capacity` threads, each forgotten `ttl`
/// after its last question. Inserting past the capacity forgets the thread touched least
/// recently, so memory stays bounded however many people write.
#[derive(Debug)]
pub struct Threads<K> {
    capacity: usize,
    ttl: Duration,
    entries: HashMap<K, Entry>,
    /// Keys in the order they were last written, with the write's number: an older
    /// number than the entry's is a stale place in the queue, skipped when popped.
    order: VecDeque<(K, u64)>,
    writes: u64,
}

#[derive(Debug)]
struct Entry {
    at: Instant,
    write: u64,
    parsed: Box<Parsed>,
}

/// Discord's thread length: a follow-up half an hour later is a new conversation.
pub const THREAD_TTL: Duration = Duration::from_secs(30 * 60);
/// Threads kept at once (a question read is about a kilobyte: some 10 MB at most).
pub const THREAD_CAPACITY: usize = 10_000;

impl<K: Hash + Eq + Clone> Threads<K> {
    pub fn new(capacity: usize, ttl: Duration) -> Threads<K> {
        Threads {
            capacity: capacity.max(1),
            ttl,
            entries: HashMap::new(),
            order: VecDeque::new(),
            writes: 0,
        }
    }

    /// The thread's last question, unless it expired by `now`.
    pub fn get(&self, key: &K, now: Instant) -> Option<&Parsed> {
        self.entries
            .get(key)
            .filter(|e| now.saturating_duration_since(e.at) < self.ttl)
            .map(|e| e.parsed.as_ref())
    }

    /// Keep `parsed` as the thread's last question.
    pub fn put(&mut self, key: K, parsed: Box<Parsed>, now: Instant) {
        self.writes += 1;
        let write = self.writes;
        self.order.push_back((key.clone(), write));
        self.entries.insert(
            key,
            Entry {
                at: now,
                write,
                parsed,
            },
        );
        while self.entries.len() > self.capacity {
            self.forget_oldest();
        }
        // Stale places pile up when the same threads are written again and again.
        if self.order.len() > 2 * self.capacity {
            let entries = &self.entries;
            self.order
                .retain(|(k, w)| entries.get(k).is_some_and(|e| e.write == *w));
        }
    }

    fn forget_oldest(&mut self) {
        while let Some((key, write)) = self.order.pop_front() {
            if self.entries.get(&key).is_some_and(|e| e.write == write) {
                self.entries.remove(&key);
                return;
            }
        }
    }

    /// Threads held now (expired ones included until they are pushed out).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(text: &str) -> Box<Parsed> {
        Box::new(crate::query::parse(Catalog::get(), text))
    }

    #[test]
    fn a_hundred_thousand_askers_keep_the_threads_bounded() {
        let mut threads = Threads::new(THREAD_CAPACITY, THREAD_TTL);
        let now = Instant::now();
        let q = asked("llama 3.1 8b on a 4090");
        for user in 0..100_000u64 {
            threads.put((user, 1u64), q.clone(), now);
            assert!(threads.len() <= THREAD_CAPACITY);
        }
        assert_eq!(threads.len(), THREAD_CAPACITY);
        assert!(threads.order.len() <= 2 * THREAD_CAPACITY);
        // The most recent askers are kept, the first ones forgotten.
        assert!(threads.get(&(99_999, 1), now).is_some());
        assert!(threads.get(&(0, 1), now).is_none());
        // One asker writing again and again stays one thread.
        for _ in 0..50_000 {
            threads.put((7, 7), q.clone(), now);
        }
        assert_eq!(threads.len(), THREAD_CAPACITY);
        assert!(threads.order.len() <= 2 * THREAD_CAPACITY);
        assert!(threads.get(&(7, 7), now).is_some());
    }

    #[test]
    fn a_thread_expires_and_is_never_anothers() {
        let mut threads = Threads::new(10, THREAD_TTL);
        let now = Instant::now();
        threads.put((1u64, 5u64), asked("qwen3 14b on a 4090"), now);
        assert!(
            threads
                .get(&(1, 5), now + Duration::from_secs(60))
                .is_some()
        );
        assert!(threads.get(&(2, 5), now).is_none(), "another user");
        assert!(threads.get(&(1, 6), now).is_none(), "another channel");
        assert!(
            threads
                .get(&(1, 5), now + THREAD_TTL + Duration::from_secs(1))
                .is_none()
        );
    }

    #[test]
    fn a_turn_asks_the_previous_question_with_the_change() {
        let prev = asked("llama 3.1 8b fp16 on a rtx 3060 12gb");
        match turn("e com 2 placas?", Some(&prev), Lang::En) {
            Turned::Ask {
                question, changes, ..
            } => {
                assert_eq!(question.language(), Some(Lang::Pt));
                assert_eq!(changes, vec![Change::GpuCount { count: 2 }]);
                assert!(question.has_subject());
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            turn("y si uso 2 placas?", None, Lang::En),
            Turned::Orphan { lang: Lang::Es }
        ));
    }
}
