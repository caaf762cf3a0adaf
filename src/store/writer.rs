//! The reply path never waits for the database: `record` sends the row down an unbounded
//! tokio channel, and one writer task receives what has accumulated (`recv_many`) and
//! commits it, one transaction per batch, at most `batch_interval` after the first row
//! arrived. When the database fails, the writer keeps the batch, reports the failure once,
//! and retries with backoff until it succeeds; rows are never dropped while the process
//! lives. Only `kill -9` (or a crash) loses what is still queued.
//!
//! A flush is a marker sent down the same channel: the channel keeps order, so once the
//! writer has committed the batch the marker arrived with, every row recorded before it
//! is in the database.

use super::db::{Db, on_db};
use super::hashing::UserHasher;
use super::{LogEntry, Source};
use crate::vocab::Lang;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Once};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// Rows per INSERT statement, largest first: a batch is cut greedily into these sizes, so
/// only five statements are ever prepared and all stay in sqlx's statement cache. (Cut
/// into 1,000-row chunks, each batch's odd-sized remainder prepared a new statement of up
/// to 15,000 parameters, and the cache kept up to a hundred of them.) 256 rows of 16
/// parameters stay under SQLite's 32,766 and Postgres's 65,535 bind limits.
const STATEMENT_ROWS: [usize; 5] = [256, 64, 16, 4, 1];
/// Rows per transaction: large enough for throughput, small enough to keep a failed retry
/// and the `kill -9` loss (the batch in flight) bounded.
const MAX_BATCH: usize = 20_000;
/// Commit before the interval is over once this many rows are in hand (bursts).
const EAGER_ROWS: usize = 5_000;
/// Retry delays after a failed commit.
const FIRST_RETRY: Duration = Duration::from_millis(250);
const MAX_RETRY: Duration = Duration::from_secs(5);
/// At shutdown, how long to keep retrying a failing database before giving up.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

const INSERT: &str = "INSERT INTO query_log (created_at, source, guild_id, channel_id, user_hash, \
    locale, language, question, query_json, model_id, precision_id, gpu_id, total_gib, \
    understood, latency_us, intent) ";

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

/// What goes down the channel.
// Rows are nearly every message; boxing them would cost an allocation per logged question.
#[allow(clippy::large_enum_variant)]
enum Msg {
    Row(Pending),
    /// Answered once every row sent before it is committed.
    Flush(oneshot::Sender<()>),
}

/// The two figures the server exports, kept by the writer and read by anyone.
#[derive(Default)]
struct Counters {
    /// Rows recorded and not committed yet (queued plus the batch being written).
    uncommitted: AtomicUsize,
    /// Failed commit attempts.
    write_errors: AtomicU64,
    /// Wakes a writer sleeping out its batch interval early: a flush is waiting, or
    /// another `EAGER_ROWS` rows were sent. A nudge given while it is awake is kept.
    nudge: Notify,
}

/// The sending side: what `Log` holds.
pub struct Queue {
    tx: mpsc::UnboundedSender<Msg>,
    counters: Arc<Counters>,
    late: Once,
}

/// The running writer: its task, and the signal that tells it to drain and stop.
pub struct Running {
    stop: oneshot::Sender<()>,
    task: JoinHandle<()>,
}

impl Running {
    /// Commit everything queued, then return. Waits up to `SHUTDOWN_GRACE` past the first
    /// failure for a database that refuses writes.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        if let Err(e) = self.task.await {
            tracing::error!(error = %e, "query log writer stopped abnormally");
        }
    }
}

/// Start the writer task. `capacity` is the backlog past which it warns that the database
/// is not keeping up (rows are still kept).
pub fn start(db: Db, hasher: UserHasher, capacity: usize, interval: Duration) -> (Queue, Running) {
    let (tx, rx) = mpsc::unbounded_channel();
    let (stop, stop_rx) = oneshot::channel();
    let counters = Arc::new(Counters::default());
    let writer = Writer {
        db,
        hasher,
        rx,
        stop: stop_rx,
        stopping: false,
        counters: counters.clone(),
        interval,
        capacity: capacity.max(1),
        failing_since: None,
        over_capacity: false,
    };
    let queue = Queue {
        tx,
        counters,
        late: Once::new(),
    };
    let task = tokio::spawn(writer.run());
    (queue, Running { stop, task })
}

impl Queue {
    /// Send a row. Never blocks and never drops: the channel is unbounded, because losing
    /// questions or delaying replies would both be worse than memory use during an outage.
    pub fn push(&self, entry: LogEntry) {
        let row = Pending {
            at_ms: now_ms(),
            entry,
        };
        // Counted before sending, so the writer never subtracts a row not yet added.
        let before = self.counters.uncommitted.fetch_add(1, Ordering::Relaxed);
        if self.tx.send(Msg::Row(row)).is_ok() {
            if (before + 1).is_multiple_of(EAGER_ROWS) {
                self.counters.nudge.notify_one();
            }
        } else {
            self.counters.uncommitted.fetch_sub(1, Ordering::Relaxed);
            self.late.call_once(|| {
                tracing::warn!(
                    "a question was logged after the query log was shut down; it will not be written"
                );
            });
        }
    }

    /// Rows not yet committed (queued plus the batch being written).
    pub fn depth(&self) -> usize {
        self.counters.uncommitted.load(Ordering::Relaxed)
    }

    pub fn write_errors(&self) -> u64 {
        self.counters.write_errors.load(Ordering::Relaxed)
    }

    /// Wait until every row pushed before this call is committed, or `timeout` passes.
    /// Returns whether it was.
    pub async fn flush(&self, timeout: Duration) -> bool {
        let (done, committed) = oneshot::channel();
        if self.tx.send(Msg::Flush(done)).is_err() {
            // The writer has stopped: it committed everything it could.
            return self.depth() == 0;
        }
        self.counters.nudge.notify_one();
        matches!(tokio::time::timeout(timeout, committed).await, Ok(Ok(())))
    }
}

/// The receiving side, owned by the writer task.
struct Writer {
    db: Db,
    hasher: UserHasher,
    rx: mpsc::UnboundedReceiver<Msg>,
    stop: oneshot::Receiver<()>,
    /// Shutdown was asked for: the channel is closed to new rows and being drained.
    stopping: bool,
    counters: Arc<Counters>,
    interval: Duration,
    capacity: usize,
    /// When the current database outage began, so each outage is reported once.
    failing_since: Option<Instant>,
    /// The backlog is past `capacity` and was reported.
    over_capacity: bool,
}

impl Writer {
    /// Commit batches until shutdown is asked for and the channel is drained.
    async fn run(mut self) {
        let mut msgs = Vec::with_capacity(EAGER_ROWS);
        while self.receive(&mut msgs).await > 0 {
            let mut rows = Vec::with_capacity(msgs.len());
            let mut waiters = Vec::new();
            for msg in msgs.drain(..) {
                match msg {
                    Msg::Row(row) => rows.push(row),
                    Msg::Flush(done) => waiters.push(done),
                }
            }
            if !rows.is_empty() && !self.commit(&rows).await {
                self.abandon(rows.len());
                return;
            }
            for done in waiters {
                let _ = done.send(());
            }
        }
    }

    /// Wait for the next batch: at least one message, then more until `interval` has
    /// passed, `EAGER_ROWS` are in hand, someone waits on a flush, or shutdown is asked.
    /// Returns 0 once shut down and drained.
    ///
    /// Between the first row and the deadline the writer sleeps instead of waking for
    /// every row: at thousands of questions a second, a wake per row (and a timer set
    /// again each time) cost the answer path more than writing the rows did. Senders
    /// nudge it (`Counters::nudge`) only for a flush and every `EAGER_ROWS` rows.
    async fn receive(&mut self, msgs: &mut Vec<Msg>) -> usize {
        loop {
            tokio::select! {
                n = self.rx.recv_many(msgs, MAX_BATCH) => {
                    if n == 0 {
                        return 0;
                    }
                    break;
                }
                _ = &mut self.stop, if !self.stopping => self.begin_stopping(),
            }
        }
        let deadline = Instant::now() + self.interval;
        let mut flushing = msgs.iter().any(|m| matches!(m, Msg::Flush(_)));
        while !self.stopping && !flushing && msgs.len() < EAGER_ROWS {
            tokio::select! {
                () = tokio::time::sleep_until(deadline) => break,
                () = self.counters.nudge.notified() => {}
                _ = &mut self.stop => self.begin_stopping(),
            }
            flushing |= self.take_waiting(msgs);
        }
        self.take_waiting(msgs);
        self.check_backlog();
        msgs.len()
    }

    /// Move what is in the channel now into `msgs`, without waiting, up to `MAX_BATCH`.
    /// True if a flush marker came with it.
    fn take_waiting(&mut self, msgs: &mut Vec<Msg>) -> bool {
        let mut flush = false;
        while msgs.len() < MAX_BATCH {
            match self.rx.try_recv() {
                Ok(msg) => {
                    flush |= matches!(msg, Msg::Flush(_));
                    msgs.push(msg);
                }
                Err(_) => break,
            }
        }
        flush
    }

    /// No new rows from now on; those already sent are still received and committed.
    fn begin_stopping(&mut self) {
        self.stopping = true;
        self.rx.close();
    }

    /// Say once when the backlog passes `capacity` (the database is slow or failing).
    fn check_backlog(&mut self) {
        let depth = self.counters.uncommitted.load(Ordering::Relaxed);
        if depth > self.capacity && !self.over_capacity {
            self.over_capacity = true;
            tracing::warn!(
                depth,
                capacity = self.capacity,
                "query log queue is over capacity: the database is slow or failing; rows are kept in memory"
            );
        } else if depth <= self.capacity / 2 {
            self.over_capacity = false;
        }
    }

    /// Commit one batch, retrying until it succeeds. Returns false only when shutting
    /// down and the database stayed unavailable for `SHUTDOWN_GRACE`.
    async fn commit(&mut self, rows: &[Pending]) -> bool {
        let mut delay = FIRST_RETRY;
        let mut give_up_at: Option<Instant> = None;
        loop {
            match insert(&self.db, &self.hasher, rows).await {
                Ok(()) => {
                    self.committed(rows.len());
                    return true;
                }
                Err(err) => self.failed(&err),
            }
            self.check_backlog();
            if self.stopping {
                let deadline = *give_up_at.get_or_insert_with(|| Instant::now() + SHUTDOWN_GRACE);
                if Instant::now() >= deadline {
                    return false;
                }
                delay = delay.min(Duration::from_millis(500));
            }
            tokio::select! {
                () = tokio::time::sleep(delay) => {}
                _ = &mut self.stop, if !self.stopping => self.begin_stopping(),
            }
            delay = (delay * 2).min(MAX_RETRY);
        }
    }

    fn committed(&mut self, rows: usize) {
        self.counters.uncommitted.fetch_sub(rows, Ordering::Relaxed);
        if let Some(since) = self.failing_since.take() {
            tracing::info!(
                after_s = since.elapsed().as_secs(),
                "query log: the database accepts writes again; delayed rows are being committed"
            );
        }
    }

    fn failed(&mut self, err: &sqlx::Error) {
        self.counters.write_errors.fetch_add(1, Ordering::Relaxed);
        if self.failing_since.is_none() {
            self.failing_since = Some(Instant::now());
            tracing::error!(
                error = %err,
                backend = self.db.backend(),
                "query log: cannot write to the database (full, locked or read-only?). \
                 Answers still go out; rows are kept in memory and retried until it recovers"
            );
        }
    }

    /// Shutting down on a dead database: count what cannot be written, say so, forget it.
    fn abandon(&mut self, in_batch: usize) {
        let mut lost = in_batch;
        while let Ok(msg) = self.rx.try_recv() {
            lost += usize::from(matches!(msg, Msg::Row(_)));
        }
        self.counters.uncommitted.fetch_sub(lost, Ordering::Relaxed);
        tracing::error!(
            rows = lost,
            "query log: the database stayed unavailable during shutdown; these rows were not written"
        );
    }
}

/// Postgres rejects NUL in text; a question is stored verbatim otherwise. Shared text,
/// because sqlx binds an `Arc<str>` as it is, where a `String` or `&str` is copied again
/// into a new allocation per column and row.
fn text(s: &str) -> Arc<str> {
    if has_nul(s) {
        s.replace('\0', "\u{FFFD}").into()
    } else {
        s.into()
    }
}

/// [`text`] of text already shared: the same allocation, unless it holds NUL.
fn shared_text(s: &Arc<str>) -> Arc<str> {
    if has_nul(s) { text(s) } else { s.clone() }
}

/// Whether `s` holds a NUL: searched with SIMD, as the query's JSON is some 400 bytes a
/// row (`str::contains` went through it a word at a time).
fn has_nul(s: &str) -> bool {
    memchr::memchr(0, s.as_bytes()).is_some()
}

/// The stored names of sources and languages, made once: a row binds another reference
/// to "web" and "en" instead of a new allocation of each per row.
struct Names {
    sources: Vec<(Source, Arc<str>)>,
    languages: Vec<(Lang, Arc<str>)>,
}

static NAMES: LazyLock<Names> = LazyLock::new(|| Names {
    sources: <Source as strum::VariantArray>::VARIANTS
        .iter()
        .map(|&s| (s, s.as_str().into()))
        .collect(),
    languages: Lang::ALL.iter().map(|&l| (l, l.code().into())).collect(),
});

/// The shared name of `key` in `names` (a handful of entries, looked up in order).
fn name<K: PartialEq>(names: &[(K, Arc<str>)], key: K, fallback: &str) -> Arc<str> {
    names
        .iter()
        .find(|(k, _)| *k == key)
        .map_or_else(|| fallback.into(), |(_, n)| n.clone())
}

/// The batch cut into `STATEMENT_ROWS`-sized runs, largest first.
fn statements(mut batch: &[Pending]) -> impl Iterator<Item = &[Pending]> {
    std::iter::from_fn(move || {
        let size = STATEMENT_ROWS.into_iter().find(|&n| n <= batch.len())?;
        let (head, rest) = batch.split_at(size);
        batch = rest;
        Some(head)
    })
}

/// Columns per row.
const COLUMNS: usize = 16;

/// The INSERT of `rows` rows (one of `STATEMENT_ROWS`) in the placeholders of `db`'s
/// backend (`?` for SQLite, `$n` for Postgres), written once per process: written per
/// commit, as `QueryBuilder` does, formatting the placeholders cost more than binding.
fn insert_sql(db: &Db, rows: usize) -> &'static str {
    static SQL: LazyLock<[[String; STATEMENT_ROWS.len()]; 2]> = LazyLock::new(|| {
        [false, true].map(|numbered| STATEMENT_ROWS.map(|rows| values_sql(rows, numbered)))
    });
    let backend = usize::from(matches!(db, Db::Postgres(_)));
    let size = STATEMENT_ROWS.iter().position(|&n| n == rows).unwrap_or(0);
    &SQL[backend][size]
}

/// `INSERT ... VALUES (?, ...), ...` for `rows` rows; `$1, $2, ...` when `numbered`.
fn values_sql(rows: usize, numbered: bool) -> String {
    let mut sql = format!("{INSERT}VALUES ");
    for row in 0..rows {
        sql.push_str(if row == 0 { "(" } else { ", (" });
        for column in 0..COLUMNS {
            if column > 0 {
                sql.push_str(", ");
            }
            if numbered {
                let _ = write!(sql, "${}", row * COLUMNS + column + 1);
            } else {
                sql.push('?');
            }
        }
        sql.push(')');
    }
    sql
}

/// Empty arguments of `pool`'s backend, to bind a statement's values into.
fn arguments<DB: sqlx::Database>(_pool: &sqlx::Pool<DB>) -> DB::Arguments {
    DB::Arguments::default()
}

/// One transaction for the whole batch, multi-row INSERTs inside. The values go into
/// arguments sized for the statement up front: `Query::bind` moved the whole query on
/// each of the 15 values of a row, and the vector of values grew by copying.
async fn insert(db: &Db, hasher: &UserHasher, batch: &[Pending]) -> Result<(), sqlx::Error> {
    use sqlx::Arguments as _;
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        for chunk in statements(batch) {
            let mut args = arguments(pool);
            args.reserve(chunk.len() * COLUMNS, 0);
            let mut add = |p: &Pending| -> Result<(), sqlx::error::BoxDynError> {
                let e = &p.entry;
                args.add(p.at_ms)?;
                args.add(name(&NAMES.sources, e.source, e.source.as_str()))?;
                args.add(e.guild_id.map(|g| g as i64))?;
                args.add(e.channel_id.map(|c| c as i64))?;
                args.add(e.user_id.as_deref().map(|u| hasher.hash(u)))?;
                args.add(e.locale.as_deref().map(text))?;
                args.add(name(&NAMES.languages, e.language, e.language.code()))?;
                args.add(text(&e.question))?;
                args.add(e.query.as_ref().map(shared_text))?;
                args.add(e.model.as_deref().map(text))?;
                args.add(e.precision.as_deref().map(text))?;
                args.add(e.gpu.as_deref().map(text))?;
                args.add(e.total_gib)?;
                args.add(e.understood)?;
                args.add(e.latency_us.min(i64::MAX as u64) as i64)?;
                args.add(e.intent)
            };
            for p in chunk {
                add(p).map_err(sqlx::Error::Encode)?;
            }
            sqlx::query_with(insert_sql(db, chunk.len()), args)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Source;
    use crate::vocab::Lang;

    #[test]
    fn a_batch_is_cut_into_the_few_statement_sizes_in_order() {
        let rows: Vec<Pending> = (0..1_000)
            .map(|i| Pending {
                at_ms: i,
                entry: LogEntry::new(Source::Web, Lang::En, "q"),
            })
            .collect();
        let cut: Vec<&[Pending]> = statements(&rows).collect();
        let sizes: Vec<usize> = cut.iter().map(|c| c.len()).collect();
        assert_eq!(sizes, [256, 256, 256, 64, 64, 64, 16, 16, 4, 4]);
        let order: Vec<i64> = cut.iter().flat_map(|c| c.iter().map(|p| p.at_ms)).collect();
        assert_eq!(order, (0..1_000).collect::<Vec<i64>>());
        assert_eq!(statements(&rows[..3]).count(), 3);
        assert_eq!(statements(&[]).count(), 0);
    }

    #[test]
    fn each_statement_size_has_its_sql_with_one_placeholder_per_value() {
        for rows in STATEMENT_ROWS {
            for numbered in [false, true] {
                let sql = values_sql(rows, numbered);
                let marks = if numbered { '$' } else { '?' };
                assert_eq!(sql.matches(marks).count(), rows * COLUMNS, "{sql}");
                assert_eq!(sql.matches('(').count(), rows + 1, "{sql}");
            }
        }
        assert!(values_sql(2, true).ends_with(
            "($17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32)"
        ));
        assert!(
            values_sql(1, false)
                .ends_with("VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        );
    }
}
