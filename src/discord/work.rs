//! Work in flight, so a shutdown can refuse new work yet let started replies finish, and
//! so a burst of interactions is answered a bounded number at a time.
//!
//! Discord can deliver thousands of interactions at once (a busy server, a reconnect
//! replaying events). Answering them all at once opens one HTTP request, and one socket,
//! per interaction and holds every reply's buffers together: the 2,000-interaction burst
//! peaked well over 100 MiB that way. [`MAX_REPLYING`] replies are made at a time; the
//! others wait their turn in order (a semaphore is fair), still counted as in flight, so
//! none is dropped and a shutdown still waits for them.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

/// Replies made at once. Each is microseconds of core work and one HTTP round trip to
/// Discord, so a few dozen keep the connection pool busy without holding a socket and
/// buffers per queued interaction.
pub const MAX_REPLYING: usize = 32;

pub struct Work {
    stopping: AtomicBool,
    in_flight: Arc<AtomicUsize>,
    idle: Arc<Notify>,
    slots: Arc<Semaphore>,
}

impl Default for Work {
    fn default() -> Self {
        Work {
            stopping: AtomicBool::new(false),
            in_flight: Arc::default(),
            idle: Arc::default(),
            slots: Arc::new(Semaphore::new(MAX_REPLYING)),
        }
    }
}

/// Held while one reply is being made; dropping it marks the reply done.
pub struct Guard {
    in_flight: Arc<AtomicUsize>,
    idle: Arc<Notify>,
    _slot: Option<OwnedSemaphorePermit>,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if self.in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.idle.notify_waiters();
        }
    }
}

impl Work {
    /// Start one reply, unless the bot is shutting down: waits for one of the
    /// [`MAX_REPLYING`] slots. The reply counts as in flight while it waits.
    pub async fn enter(&self) -> Option<Guard> {
        if self.stopping.load(Ordering::SeqCst) {
            return None;
        }
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        let mut guard = Guard {
            in_flight: self.in_flight.clone(),
            idle: self.idle.clone(),
            _slot: None,
        };
        // The semaphore is never closed; should it be, the reply goes ahead unbounded.
        guard._slot = self.slots.clone().acquire_owned().await.ok();
        Some(guard)
    }

    pub fn is_stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// Refuse new work from now on.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Wait until nothing is in flight, or `limit` passed.
    pub async fn wait_idle(&self, limit: Duration) {
        let wait = async {
            loop {
                let notified = self.idle.notified();
                if self.in_flight.load(Ordering::SeqCst) == 0 {
                    return;
                }
                notified.await;
            }
        };
        if tokio::time::timeout(limit, wait).await.is_err() {
            tracing::warn!(
                in_flight = self.in_flight.load(Ordering::SeqCst),
                "gave up waiting for replies in flight"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn replies_wait_for_a_slot_and_count_as_in_flight_meanwhile() {
        let work = Arc::new(Work::default());
        let mut held = Vec::new();
        for _ in 0..MAX_REPLYING {
            held.push(work.enter().await.expect("admitted"));
        }
        let waiting = tokio::spawn({
            let work = work.clone();
            async move { work.enter().await.is_some() }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting.is_finished(), "a reply past the limit waits");
        assert_eq!(work.in_flight.load(Ordering::SeqCst), MAX_REPLYING + 1);
        held.pop();
        assert!(waiting.await.unwrap(), "and goes ahead once a slot frees");
        drop(held);
        assert_eq!(work.in_flight.load(Ordering::SeqCst), 0);
        work.stop();
        assert!(work.enter().await.is_none(), "no new work after stop");
    }
}
