//! Memory given back to the system after a burst of large, short-lived buffers.
//!
//! Hub look-ups read headers of up to a few MiB each; a crowd of them fills the allocator's
//! pages, and once the crowd is gone the pages stay mapped until something on the same
//! thread allocates again (mimalloc purges freed pages lazily, from that thread's own
//! allocations). An idle server keeps them for good. The library does not know which
//! allocator the binary runs, so it only says when a burst is over ([`burst_over`]); the
//! binary's runtime threads, when they next park, compare [`generation`] with the one they
//! last saw and ask the allocator to give back what they freed.

use std::sync::atomic::{AtomicU64, Ordering};

static GENERATION: AtomicU64 = AtomicU64::new(0);

/// The last of a burst of large buffers is freed: threads may return their pages.
pub fn burst_over() {
    GENERATION.fetch_add(1, Ordering::Release);
}

/// How many bursts have ended: a thread that saw a smaller number has pages to give back.
pub fn generation() -> u64 {
    GENERATION.load(Ordering::Acquire)
}
