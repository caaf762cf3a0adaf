//! PNG charts within bounds, for the guide server's `/chart.png` and the bot's
//! attachments alike (one pool per process: both draw on the same cores).
//!
//! Drawing one PNG takes milliseconds of a core and a few MB of pixels and font data. Each
//! was drawn on its own `spawn_blocking` thread, which tokio does not limit: 64 clients
//! asking for charts held 800-950 MiB, 256 held 2 GiB and 516 threads, and `/healthz`
//! waited 7 s. Here at most [`DRAWING`] charts are drawn at once, at most [`WAITING`]
//! more wait their turn, and anything past that is refused at once ([`Busy`]: the web
//! answers 503 with Retry-After, the bot answers without the picture).
//!
//! A drawn chart is kept in a bytes-capped LRU keyed by a hash of its SVG: the SVG is the
//! whole input of the PNG, and costs a small fraction of drawing it, so a repeated chart
//! is a hash and a look-up, and an answer whose content changed (a Hub answer that fell
//! back while the Hub was slow) can never get another answer's picture.

use crate::answer::Answer;
use crate::catalog::Catalog;
use crate::i18n::Lang;
use hashlink::LruCache;
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use tokio::sync::Semaphore;

/// Charts drawn at once (each keeps a core busy and holds its pixels).
pub const DRAWING: usize = 2;
/// Charts that may wait for a turn; more are refused.
pub const WAITING: usize = 16;
/// Bytes of PNGs kept: 50-70 KB each, so about a hundred charts.
pub const CACHE_BYTES: usize = 8 * 1024 * 1024;
/// What a refused client is told to wait, in seconds: a turn takes milliseconds, so the
/// queue is empty again well within it.
pub const RETRY_AFTER_S: u64 = 1;

/// Every chart is refused: the drawers are busy and the queue is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("busy: {DRAWING} charts being drawn and {WAITING} waiting")]
pub struct Busy;

/// Why no PNG came back.
#[derive(Debug, thiserror::Error)]
pub enum ChartPoolError {
    #[error(transparent)]
    Busy(#[from] Busy),
    #[error("chart not rendered: {0}")]
    Render(String),
}

/// A PNG shared by the cache and every response that sends it.
pub type Png = Arc<[u8]>;

/// The pool: who may draw, who may wait, and what was drawn.
pub struct ChartPool {
    /// Permits to draw.
    drawing: Arc<Semaphore>,
    /// Permits to be admitted at all (drawing or waiting); `try_acquire` past it is [`Busy`].
    admitted: Arc<Semaphore>,
    cache: Mutex<Lru>,
    counts: Counts,
}

/// What the pool did since start, for `/metrics`.
#[derive(Default)]
struct Counts {
    hits: AtomicU64,
    drawn: AtomicU64,
    refused: AtomicU64,
}

/// The figures [`ChartPool::stats`] reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChartStats {
    pub cache_hits: u64,
    pub drawn: u64,
    pub refused: u64,
    pub cached: usize,
    pub cached_bytes: usize,
}

struct Lru {
    entries: LruCache<[u8; 32], Png>,
    bytes: usize,
    budget: usize,
}

static SHARED: LazyLock<ChartPool> =
    LazyLock::new(|| ChartPool::new(DRAWING, WAITING, CACHE_BYTES));

impl ChartPool {
    /// The process's pool, shared by the guide server and the bot.
    pub fn shared() -> &'static ChartPool {
        &SHARED
    }

    /// A pool drawing `drawing` charts at once, with `waiting` more queued, keeping
    /// `cache_bytes` of PNGs.
    pub fn new(drawing: usize, waiting: usize, cache_bytes: usize) -> ChartPool {
        let drawing = drawing.max(1);
        ChartPool {
            drawing: Arc::new(Semaphore::new(drawing)),
            admitted: Arc::new(Semaphore::new(drawing + waiting)),
            cache: Mutex::new(Lru {
                entries: LruCache::new_unbounded(),
                bytes: 0,
                budget: cache_bytes,
            }),
            counts: Counts::default(),
        }
    }

    /// The chart of `a` in `lang` as a PNG: from the cache, or drawn in turn on a
    /// blocking thread. [`Busy`] at once when the queue is full.
    pub async fn png(&self, lang: Lang, a: &Answer) -> Result<Png, ChartPoolError> {
        let svg = crate::render::chart::svg(lang, Catalog::get(), a);
        self.png_of_svg(svg).await
    }

    /// [`ChartPool::png`] from the chart's SVG.
    pub async fn png_of_svg(&self, svg: String) -> Result<Png, ChartPoolError> {
        let key: [u8; 32] = Sha256::digest(svg.as_bytes()).into();
        if let Some(png) = self.get(&key) {
            return Ok(png);
        }
        let Ok(admitted) = self.admitted.clone().try_acquire_owned() else {
            self.counts.refused.fetch_add(1, Ordering::Relaxed);
            return Err(Busy.into());
        };
        let turn = self
            .drawing
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| ChartPoolError::Render(e.to_string()))?;
        // Drawn by another request while this one waited (the same chart asked twice).
        if let Some(png) = self.get(&key) {
            return Ok(png);
        }
        // The permits move into the blocking task: a client that goes away while its
        // chart is drawn does not free the turn before the drawing ends.
        let drawn = tokio::task::spawn_blocking(move || {
            let png = crate::render::chart::svg_to_png(&svg);
            drop((turn, admitted));
            png
        })
        .await
        .map_err(|e| ChartPoolError::Render(e.to_string()))?
        .map_err(|e| ChartPoolError::Render(e.to_string()))?;
        self.counts.drawn.fetch_add(1, Ordering::Relaxed);
        let png: Png = drawn.into();
        self.put(key, png.clone());
        Ok(png)
    }

    /// What the pool did and holds.
    pub fn stats(&self) -> ChartStats {
        let (cached, cached_bytes) = self
            .cache
            .lock()
            .map_or((0, 0), |c| (c.entries.len(), c.bytes));
        ChartStats {
            cache_hits: self.counts.hits.load(Ordering::Relaxed),
            drawn: self.counts.drawn.load(Ordering::Relaxed),
            refused: self.counts.refused.load(Ordering::Relaxed),
            cached,
            cached_bytes,
        }
    }

    fn get(&self, key: &[u8; 32]) -> Option<Png> {
        let png = self.cache.lock().ok()?.entries.get(key)?.clone();
        self.counts.hits.fetch_add(1, Ordering::Relaxed);
        Some(png)
    }

    fn put(&self, key: [u8; 32], png: Png) {
        let Ok(mut cache) = self.cache.lock() else {
            return;
        };
        let cost = png.len() + key.len();
        if cost > cache.budget {
            return;
        }
        if let Some(old) = cache.entries.insert(key, png) {
            cache.bytes -= old.len() + key.len();
        }
        cache.bytes += cost;
        while cache.bytes > cache.budget {
            match cache.entries.remove_lru() {
                Some((k, old)) => cache.bytes -= old.len() + k.len(),
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(text: &str) -> Answer {
        crate::answer::for_text(Catalog::get(), text)
            .result
            .expect("an answer")
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_repeated_chart_is_drawn_once_and_the_cache_keeps_its_budget() {
        let pool = ChartPool::new(1, 4, 200 * 1024);
        let a = answer("llama 3.1 8b fp16 on a 4090");
        let first = pool.png(Lang::En, &a).await.unwrap();
        let again = pool.png(Lang::En, &a).await.unwrap();
        assert!(
            Arc::ptr_eq(&first, &again),
            "the second came from the cache"
        );
        assert_eq!(pool.stats().drawn, 1);
        assert_eq!(pool.stats().cache_hits, 1);
        let pt = pool.png(Lang::Pt, &a).await.unwrap();
        assert_ne!(first, pt, "another language is another chart");
        for b in [1, 3, 7, 13, 32, 70] {
            let a = answer(&format!("llama {b}b fp16"));
            pool.png(Lang::En, &a).await.unwrap();
        }
        let stats = pool.stats();
        assert!(stats.cached_bytes <= 200 * 1024, "{stats:?}");
        assert!(stats.cached < 8, "{stats:?}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn past_the_queue_charts_are_refused_at_once() {
        let pool = Arc::new(ChartPool::new(1, 2, CACHE_BYTES));
        let svgs: Vec<String> = (0..12)
            .map(|i| {
                let a = answer(&format!("llama {}b fp16", 3 + i));
                crate::render::chart::svg(Lang::En, Catalog::get(), &a)
            })
            .collect();
        // Every drawer busy: the first two wait, the other ten are refused at once.
        let held = pool.drawing.clone().acquire_owned().await.unwrap();
        let tasks: Vec<_> = svgs
            .into_iter()
            .map(|svg| {
                let pool = pool.clone();
                tokio::spawn(async move { pool.png_of_svg(svg).await })
            })
            .collect();
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        assert_eq!(
            pool.stats().refused,
            9,
            "one drawing and two waiting admitted"
        );
        drop(held);
        let mut drawn = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(_) => drawn += 1,
                Err(ChartPoolError::Busy(_)) => {}
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(drawn, 3);
        assert_eq!(pool.stats().drawn, 3);
        // Turns all came back.
        assert_eq!(pool.admitted.available_permits(), 3);
    }
}
