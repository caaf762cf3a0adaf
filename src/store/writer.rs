//! The reply path never waits for the database: `log` appends to an in-memory queue under a
//! short lock, and one writer task commits what has accumulated, one transaction per batch,
//! at least every `batch_interval`. When the database fails, the writer keeps the batch,
//! reports the failure once, and retries with backoff until it succeeds; rows are never
//! dropped while the process lives. Only `kill -9` (or a crash) loses what is still queued.

use super::LogEntry;
use super::db::{Db, on_db};
use super::hashing::UserHasher;
use sqlx::QueryBuilder;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{Notify, watch};

/// Rows per INSERT statement: 15 parameters each stays under SQLite's 32,766 and
/// Postgres's 65,535 bind limits.
const ROWS_PER_STATEMENT: usize = 1_000;
/// Rows per transaction: large enough for throughput, small enough to keep a failed retry
/// and the `kill -9` loss (the batch in flight) bounded.
const MAX_BATCH: usize = 20_000;
/// Wake the writer before its interval when this many rows wait (bursts).
const EAGER_ROWS: usize = 5_000;
/// Retry delays after a failed commit.
const FIRST_RETRY: Duration = Duration::from_millis(250);
const MAX_RETRY: Duration = Duration::from_secs(5);
/// At shutdown, how long to keep retrying a failing database before giving up.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

const INSERT: &str = "INSERT INTO query_log (created_at, source, guild_id, channel_id, user_hash, \
    locale, language, question, query_json, model_id, precision_id, gpu_id, total_gib, \
    understood, latency_us) ";

/// A row waiting for the writer: the entry and when it was logged.
pub struct Pending {
    pub at_ms: i64,
    pub entry: LogEntry,
}

/// Milliseconds since the Unix epoch, the time unit of every table.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

struct Inner {
    rows: VecDeque<Pending>,
    enqueued: u64,
}

/// The queue between the callers of `log` and the writer task.
pub struct Queue {
    inner: Mutex<Inner>,
    wake: Notify,
    capacity: usize,
    closed: AtomicBool,
    flush_wanted: AtomicBool,
    over_capacity: AtomicBool,
    late_warned: AtomicBool,
    in_flight: AtomicUsize,
    write_errors: AtomicU64,
    committed: watch::Sender<u64>,
}

impl Queue {
    pub fn new(capacity: usize) -> Arc<Queue> {
        Arc::new(Queue {
            inner: Mutex::new(Inner {
                rows: VecDeque::new(),
                enqueued: 0,
            }),
            wake: Notify::new(),
            capacity: capacity.max(1),
            closed: AtomicBool::new(false),
            flush_wanted: AtomicBool::new(false),
            over_capacity: AtomicBool::new(false),
            late_warned: AtomicBool::new(false),
            in_flight: AtomicUsize::new(0),
            write_errors: AtomicU64::new(0),
            committed: watch::Sender::new(0),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic elsewhere while holding the lock must not stop logging.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Append a row. Never blocks beyond the short lock and never drops: past `capacity`
    /// the queue keeps growing and says so once, because losing questions or delaying
    /// replies would both be worse than memory use during an outage.
    pub fn push(&self, entry: LogEntry) {
        let row = Pending {
            at_ms: now_ms(),
            entry,
        };
        let depth = {
            let mut inner = self.lock();
            inner.rows.push_back(row);
            inner.enqueued += 1;
            inner.rows.len()
        };
        if depth.is_multiple_of(EAGER_ROWS) {
            self.wake.notify_one();
        }
        if depth > self.capacity && !self.over_capacity.swap(true, Ordering::Relaxed) {
            tracing::warn!(
                depth,
                capacity = self.capacity,
                "query log queue is over capacity: the database is slow or failing; rows are kept in memory"
            );
        }
        if self.closed.load(Ordering::Relaxed) && !self.late_warned.swap(true, Ordering::Relaxed) {
            tracing::warn!(
                "a question was logged after the query log was shut down; it will not be written"
            );
        }
    }

    /// Rows not yet committed (queued plus the batch being written).
    pub fn depth(&self) -> usize {
        self.lock().rows.len() + self.in_flight.load(Ordering::Relaxed)
    }

    pub fn write_errors(&self) -> u64 {
        self.write_errors.load(Ordering::Relaxed)
    }

    /// Ask the writer to stop once everything queued is committed.
    pub fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        self.wake.notify_one();
    }

    /// Wait until every row logged before this call is committed, or `timeout` passes.
    /// Returns whether it was.
    pub async fn flush(&self, timeout: Duration) -> bool {
        let target = self.lock().enqueued;
        self.flush_wanted.store(true, Ordering::SeqCst);
        self.wake.notify_one();
        let mut committed = self.committed.subscribe();
        tokio::time::timeout(timeout, committed.wait_for(|c| *c >= target))
            .await
            .is_ok_and(|r| r.is_ok())
    }

    fn take(&self, max: usize) -> Vec<Pending> {
        let mut inner = self.lock();
        let n = inner.rows.len().min(max);
        let batch: Vec<Pending> = inner.rows.drain(..n).collect();
        self.in_flight.store(batch.len(), Ordering::Relaxed);
        if inner.rows.len() <= self.capacity / 2 {
            self.over_capacity.store(false, Ordering::Relaxed);
        }
        batch
    }

    fn len(&self) -> usize {
        self.lock().rows.len()
    }

    /// Drop everything still queued (only when shutting down on a dead database).
    fn abandon(&self) -> usize {
        let mut inner = self.lock();
        let n = inner.rows.len();
        inner.rows.clear();
        n
    }
}

/// The writer task: runs until the queue is closed and empty.
pub async fn run(db: Db, hasher: UserHasher, queue: Arc<Queue>, interval: Duration) {
    let mut state = Health::default();
    loop {
        let closing = queue.closed.load(Ordering::SeqCst);
        let hurried = queue.flush_wanted.swap(false, Ordering::SeqCst);
        if !closing && !hurried && queue.len() < EAGER_ROWS {
            let _ = tokio::time::timeout(interval, queue.wake.notified()).await;
        }
        let batch = queue.take(MAX_BATCH);
        if batch.is_empty() {
            if queue.closed.load(Ordering::SeqCst) {
                break;
            }
            continue;
        }
        if !commit(&db, &hasher, &queue, &batch, &mut state).await {
            let lost = batch.len() + queue.abandon();
            tracing::error!(
                rows = lost,
                "query log: the database stayed unavailable during shutdown; these rows were not written"
            );
            break;
        }
    }
    queue.in_flight.store(0, Ordering::Relaxed);
}

/// Whether the database is currently failing, so each outage is reported once.
#[derive(Default)]
struct Health {
    failing_since: Option<Instant>,
}

/// Commit one batch, retrying until it succeeds. Returns false only when shutting down
/// and the database stayed unavailable for `SHUTDOWN_GRACE`.
async fn commit(
    db: &Db,
    hasher: &UserHasher,
    queue: &Queue,
    batch: &[Pending],
    health: &mut Health,
) -> bool {
    let mut delay = FIRST_RETRY;
    let mut closing_since: Option<Instant> = None;
    loop {
        match insert(db, hasher, batch).await {
            Ok(()) => {
                queue.in_flight.store(0, Ordering::Relaxed);
                queue.committed.send_modify(|c| *c += batch.len() as u64);
                if let Some(since) = health.failing_since.take() {
                    tracing::info!(
                        after_s = since.elapsed().as_secs(),
                        "query log: the database accepts writes again; delayed rows are being committed"
                    );
                }
                return true;
            }
            Err(err) => {
                queue.write_errors.fetch_add(1, Ordering::Relaxed);
                if health.failing_since.is_none() {
                    health.failing_since = Some(Instant::now());
                    tracing::error!(
                        error = %err,
                        backend = db.backend(),
                        "query log: cannot write to the database (full, locked or read-only?). \
                         Answers still go out; rows are kept in memory and retried until it recovers"
                    );
                }
            }
        }
        if queue.closed.load(Ordering::SeqCst) {
            let since = *closing_since.get_or_insert_with(Instant::now);
            if since.elapsed() >= SHUTDOWN_GRACE {
                return false;
            }
            delay = delay.min(Duration::from_millis(500));
        }
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(MAX_RETRY);
    }
}

/// Postgres rejects NUL in text; a question is stored verbatim otherwise.
fn text(s: &str) -> String {
    if s.contains('\0') {
        s.replace('\0', "\u{FFFD}")
    } else {
        s.to_string()
    }
}

/// One transaction for the whole batch, multi-row INSERTs inside.
async fn insert(db: &Db, hasher: &UserHasher, batch: &[Pending]) -> Result<(), sqlx::Error> {
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        for chunk in batch.chunks(ROWS_PER_STATEMENT) {
            let mut qb = QueryBuilder::new(INSERT);
            qb.push_values(chunk, |mut b, p| {
                let e = &p.entry;
                b.push_bind(p.at_ms)
                    .push_bind(e.source.as_str())
                    .push_bind(e.guild_id.map(|g| g as i64))
                    .push_bind(e.channel_id.map(|c| c as i64))
                    .push_bind(e.user_id.as_deref().map(|u| hasher.hash(u)))
                    .push_bind(e.locale.as_deref().map(text))
                    .push_bind(e.language.code())
                    .push_bind(text(&e.question))
                    .push_bind(e.query.as_ref().map(|q| q.to_string()))
                    .push_bind(e.model.as_deref().map(text))
                    .push_bind(e.precision.as_deref().map(text))
                    .push_bind(e.gpu.as_deref().map(text))
                    .push_bind(e.total_gib)
                    .push_bind(e.understood)
                    .push_bind(e.latency_us.min(i64::MAX as u64) as i64);
            });
            qb.build().execute(&mut *tx).await?;
        }
        tx.commit().await
    })
}
