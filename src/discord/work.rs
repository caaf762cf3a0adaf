//! Work in flight, so a shutdown can refuse new work yet let started replies finish.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::Notify;

#[derive(Default)]
pub struct Work {
    stopping: AtomicBool,
    in_flight: Arc<AtomicUsize>,
    idle: Arc<Notify>,
}

/// Held while one reply is being made; dropping it marks the reply done.
pub struct Guard {
    in_flight: Arc<AtomicUsize>,
    idle: Arc<Notify>,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if self.in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.idle.notify_waiters();
        }
    }
}

impl Work {
    /// Start one reply, unless the bot is shutting down.
    pub fn enter(&self) -> Option<Guard> {
        if self.stopping.load(Ordering::SeqCst) {
            return None;
        }
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        Some(Guard {
            in_flight: self.in_flight.clone(),
            idle: self.idle.clone(),
        })
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
