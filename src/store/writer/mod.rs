//! The reply path never waits for the database: `record` sends the row down a tokio
//! channel, and one writer task receives what has accumulated (`recv_many`) and commits
//! it, one transaction per batch, at most `batch_interval` after the first row arrived.
//! A batch counts as written only once its last row is read back through another
//! connection ([`commit`]); a connection on which anything failed is closed, never reused.
//! When the database fails, the writer keeps the batch, reports the failure once, and
//! retries with backoff until it succeeds; each row carries a key, so a batch committed
//! again after a failure the writer could not judge is stored once. (Before, a COMMIT
//! that failed on a read-only file left its pooled connection in a broken transaction, the
//! next commits on it wrote nothing, and up to all of 22,000 acknowledged rows were lost.)
//!
//! Memory stays bounded while the database is down: past `capacity` rows in memory the
//! writer moves what waits in the channel to a spill file (JSON lines, owner-only, user ids
//! already hashed; see [`Spill`]) and, once the database accepts writes again, writes those
//! rows back and deletes the file (at start too, for a file an earlier process left). A row
//! that finds `limit` rows already waiting (twice `capacity` with a spill file, `capacity`
//! without one), or that the spill file cannot take, is dropped: counted in `/metrics` and
//! reported once per outage, never once per row. (Unbounded, a read-only database under
//! load queued 658,630 rows in 20 s and grew the process from 15 to 590 MiB.) Rows already
//! committed are never touched; only `kill -9` (or a crash) loses what is still in memory.
//!
//! A flush is a marker sent down the same channel: the channel keeps order, so once the
//! writer has committed the batch the marker arrived with, every row recorded before it
//! is in the database. A marker that went past while rows were being spilled is answered
//! once the spill file has been written back.

mod commit;
mod spill;

use super::LogEntry;
use super::db::Db;
use super::hashing::UserHasher;
use commit::{CommitError, insert};
use spill::{AppendError, Spilled, append, cut_front};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Once};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio::time::Instant;

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

/// A row waiting for the writer: the entry and when it was logged.
pub struct Pending {
    pub at_ms: i64,
    /// The row's own key ([`RowKeys`]): committing the row again after a failure the
    /// writer cannot judge stores it once, and the key reads it back to confirm a commit.
    /// None only for rows from a spill file written before keys existed.
    pub key: Option<i64>,
    pub entry: LogEntry,
    /// The user's keyed hash, for a row read back from the spill file (which never holds
    /// a raw id); rows from `record` are hashed when written.
    pub user_hash: Option<String>,
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
    /// Rows in the spill file, waiting for the database.
    spilled: AtomicU64,
    /// Rows dropped since start: the queue was at its limit and the spill file could not
    /// take them.
    dropped: AtomicU64,
    /// Dropping was reported in this outage (reset when the database accepts writes).
    drop_reported: AtomicBool,
    /// The last commit failed (or could not be read back): rows wait in memory or in the
    /// spill file. Read by `/healthz`.
    failing: AtomicBool,
    /// Wakes a writer sleeping out its batch interval early: a flush is waiting, or
    /// another `EAGER_ROWS` rows were sent. A nudge given while it is awake is kept.
    nudge: Notify,
}

impl Counters {
    /// Count `rows` dropped; the first drop of an outage is reported, the rest counted.
    fn dropped(&self, rows: u64, why: &str) {
        self.dropped.fetch_add(rows, Ordering::Relaxed);
        if !self.drop_reported.swap(true, Ordering::Relaxed) {
            tracing::error!(
                why,
                "query log: rows are being dropped while the database refuses writes \
                 (counted in /metrics as vramguide_query_log_dropped_rows; reported once)"
            );
        }
    }
}

/// Row keys: one process's keys run upward from a random start, so two processes (shards
/// sharing a Postgres log, a restart writing back an old spill file) practically never meet,
/// and the unique index on them grows at its end.
struct RowKeys(AtomicI64);

impl RowKeys {
    fn new() -> RowKeys {
        // Positive, with 2^62 keys of room above the start: two processes meet only if
        // their starts fall within the rows they write (about 1e-11 for 10 million rows).
        RowKeys(AtomicI64::new((rand::random::<u64>() >> 2) as i64))
    }

    fn next(&self) -> i64 {
        self.0.fetch_add(1, Ordering::Relaxed)
    }
}

/// The sending side: what `Log` holds.
pub struct Queue {
    tx: mpsc::UnboundedSender<Msg>,
    keys: RowKeys,
    counters: Arc<Counters>,
    late: Once,
    /// Rows in memory past which a new one is dropped.
    limit: usize,
    /// Nudge the writer every this many rows: `EAGER_ROWS`, or a quarter of a smaller
    /// capacity, so that during an outage the writer moves rows out before the limit.
    nudge_every: usize,
}

/// Where rows go when the database refuses them and the queue is at its capacity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spill {
    pub path: PathBuf,
    /// Largest size in bytes; past it rows are dropped and counted.
    pub limit: u64,
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

/// Start the writer task. `capacity` is the number of rows kept in memory while the
/// database refuses writes; past it rows go to `spill` (or are dropped without one).
pub fn start(
    db: Db,
    hasher: UserHasher,
    capacity: usize,
    interval: Duration,
    spill: Option<Spill>,
) -> (Queue, Running) {
    let (tx, rx) = mpsc::unbounded_channel();
    let (stop, stop_rx) = oneshot::channel();
    let counters = Arc::new(Counters::default());
    let capacity = capacity.max(1);
    let limit = if spill.is_some() {
        capacity.saturating_mul(2)
    } else {
        capacity
    };
    let writer = Writer {
        db,
        hasher,
        rx,
        stop: stop_rx,
        stopping: false,
        counters: counters.clone(),
        interval,
        capacity,
        failing_since: None,
        over_capacity: false,
        spill_dirty: spill.is_some(),
        spill,
        spill_reported: false,
        held_flushes: Vec::new(),
    };
    let queue = Queue {
        tx,
        keys: RowKeys::new(),
        counters,
        late: Once::new(),
        limit,
        nudge_every: EAGER_ROWS.min(capacity / 4).max(1),
    };
    let task = tokio::spawn(writer.run());
    (queue, Running { stop, task })
}

impl Queue {
    /// Send a row. Never blocks: past the queue's limit (the database has been refusing
    /// writes and the spill file is missing or slow) the row is dropped and counted.
    pub fn push(&self, entry: LogEntry) {
        let row = Pending {
            at_ms: now_ms(),
            key: Some(self.keys.next()),
            entry,
            user_hash: None,
        };
        // Counted before sending, so the writer never subtracts a row not yet added.
        let before = self.counters.uncommitted.fetch_add(1, Ordering::Relaxed);
        if before >= self.limit {
            self.counters.uncommitted.fetch_sub(1, Ordering::Relaxed);
            self.counters.dropped(1, "the queue is full");
            return;
        }
        if self.tx.send(Msg::Row(row)).is_ok() {
            if (before + 1).is_multiple_of(self.nudge_every) {
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

    /// Rows in the spill file, waiting for the database.
    pub fn spilled(&self) -> u64 {
        self.counters.spilled.load(Ordering::Relaxed)
    }

    /// Rows dropped since start.
    pub fn dropped(&self) -> u64 {
        self.counters.dropped.load(Ordering::Relaxed)
    }

    /// Rows not yet committed (queued plus the batch being written).
    pub fn depth(&self) -> usize {
        self.counters.uncommitted.load(Ordering::Relaxed)
    }

    pub fn write_errors(&self) -> u64 {
        self.counters.write_errors.load(Ordering::Relaxed)
    }

    /// True while the database refuses the writer's commits.
    pub fn failing(&self) -> bool {
        self.counters.failing.load(Ordering::Relaxed)
    }

    /// True while rows are being dropped: the database refuses writes and the queue and
    /// the spill file are full (or the spill file cannot be written).
    pub fn dropping(&self) -> bool {
        self.counters.drop_reported.load(Ordering::Relaxed)
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
    /// Where rows past `capacity` go during an outage.
    spill: Option<Spill>,
    /// Spilling was reported in this outage.
    spill_reported: bool,
    /// The spill file may hold rows (set at start, to write back what an earlier process
    /// left, and whenever rows are spilled).
    spill_dirty: bool,
    /// Flush markers that went into the spill with the rows around them: answered once
    /// the spill file is written back.
    held_flushes: Vec<oneshot::Sender<()>>,
}

impl Writer {
    /// Commit batches until shutdown is asked for and the channel is drained.
    async fn run(mut self) {
        self.write_back().await;
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
                self.abandon(rows).await;
                return;
            }
            if self.spill_dirty {
                self.write_back().await;
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
                n = self.rx.recv_many(msgs, self.batch_max()) => {
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
        while !self.stopping && !flushing && msgs.len() < EAGER_ROWS.min(self.batch_max()) {
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

    /// Rows in one batch: `MAX_BATCH`, or the capacity when it is smaller, so the batch
    /// kept in hand through an outage never holds more than the queue may.
    fn batch_max(&self) -> usize {
        MAX_BATCH.min(self.capacity)
    }

    /// Move what is in the channel now into `msgs`, without waiting, up to
    /// [`Writer::batch_max`]. True if a flush marker came with it.
    fn take_waiting(&mut self, msgs: &mut Vec<Msg>) -> bool {
        let mut flush = false;
        while msgs.len() < self.batch_max() {
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
                "query log queue is over capacity: the database is slow or failing; \
                 rows past it go to the spill file, or are dropped without one"
            );
        } else if depth <= self.capacity / 2 {
            self.over_capacity = false;
        }
    }

    /// Commit one batch, retrying until it succeeds. Returns false only when shutting
    /// down and the database stayed unavailable for `SHUTDOWN_GRACE`. Between tries, rows
    /// past `capacity` are moved out of memory ([`Writer::relieve`]).
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
            self.relieve().await;
            if self.stopping {
                let deadline = *give_up_at.get_or_insert_with(|| Instant::now() + SHUTDOWN_GRACE);
                if Instant::now() >= deadline {
                    return false;
                }
                delay = delay.min(Duration::from_millis(500));
            }
            // Senders nudge every `EAGER_ROWS` rows: each nudge checks the backlog, and the
            // retry keeps its own pace.
            let retry_at = Instant::now() + delay;
            loop {
                tokio::select! {
                    () = tokio::time::sleep_until(retry_at) => break,
                    () = self.counters.nudge.notified() => self.relieve().await,
                    _ = &mut self.stop, if !self.stopping => {
                        self.begin_stopping();
                        break;
                    }
                }
            }
            delay = (delay * 2).min(MAX_RETRY);
        }
    }

    /// Past `capacity` rows in memory, move every row waiting in the channel to the spill
    /// file (or drop them, counted, when there is none or it cannot be written).
    async fn relieve(&mut self) {
        if self.counters.uncommitted.load(Ordering::Relaxed) <= self.capacity {
            return;
        }
        let mut rows = Vec::new();
        while let Ok(msg) = self.rx.try_recv() {
            match msg {
                Msg::Row(row) => rows.push(row),
                Msg::Flush(done) => self.held_flushes.push(done),
            }
        }
        if rows.is_empty() {
            return;
        }
        self.counters
            .uncommitted
            .fetch_sub(rows.len(), Ordering::Relaxed);
        self.spill_rows(&rows).await;
    }

    /// Append `rows` to the spill file; count them as dropped if that fails.
    async fn spill_rows(&mut self, rows: &[Pending]) {
        let n = rows.len() as u64;
        let Some(spill) = &self.spill else {
            self.counters.dropped(n, "no spill file is configured");
            return;
        };
        let (path, limit) = (spill.path.clone(), spill.limit);
        match append(&path, rows, &self.hasher, limit).await {
            Ok(()) => {
                self.spill_dirty = true;
                self.counters.spilled.fetch_add(n, Ordering::Relaxed);
                if !self.spill_reported {
                    self.spill_reported = true;
                    tracing::warn!(
                        file = %path.display(),
                        capacity = self.capacity,
                        "query log: the queue is full while the database refuses writes; \
                         further rows go to the spill file and are written back when it recovers"
                    );
                }
            }
            Err(AppendError::Full { limit }) => {
                self.counters
                    .dropped(n, "the spill file is at its size limit (log_spill_max_mb)");
                tracing::debug!(limit, file = %path.display(), "spill file full");
            }
            Err(AppendError::Io(e)) => {
                tracing::debug!(error = %e, file = %path.display(), "spill file not written");
                self.counters.dropped(n, "the spill file cannot be written");
            }
        }
    }

    /// Write the spill file's rows to the database, a batch at a time, then delete it.
    /// When the database fails midway the rows already written are cut from the file, so
    /// none is written twice; the rest wait for the next try.
    async fn write_back(&mut self) {
        use tokio::io::AsyncBufReadExt as _;
        let Some(path) = self.spill.as_ref().map(|s| s.path.clone()) else {
            return;
        };
        let file = match tokio::fs::File::open(&path).await {
            Ok(file) => file,
            Err(e) => {
                // Missing: nothing to write. Unreadable: said once, and left for the next
                // start rather than tried after every commit.
                if e.kind() != std::io::ErrorKind::NotFound {
                    tracing::warn!(
                        error = %e,
                        file = %path.display(),
                        "cannot read the spill file; its rows wait for the next start"
                    );
                }
                self.spill_dirty = false;
                self.answer_held_flushes();
                return;
            }
        };
        let mut lines = tokio::io::BufReader::new(file).lines();
        let (mut done_bytes, mut read_bytes) = (0u64, 0u64);
        let (mut written, mut unreadable) = (0usize, 0usize);
        let mut batch = Vec::new();
        loop {
            let end = match lines.next_line().await {
                Ok(Some(line)) => {
                    read_bytes += line.len() as u64 + 1;
                    match serde_json::from_str::<Spilled>(&line) {
                        Ok(row) => batch.push(row.into_pending()),
                        // A line cut short by a crash: nothing to write.
                        Err(_) => unreadable += 1,
                    }
                    false
                }
                Ok(None) => true,
                Err(e) => {
                    tracing::warn!(
                        error = %e,
                        file = %path.display(),
                        "cannot read the spill file; the rest waits for the next start"
                    );
                    cut_front(&path, done_bytes).await;
                    self.spill_dirty = false;
                    return;
                }
            };
            if batch.len() >= MAX_BATCH || (end && !batch.is_empty()) {
                if let Err(e) = insert(&self.db, &self.hasher, &batch).await {
                    self.failed(&e);
                    cut_front(&path, done_bytes).await;
                    return;
                }
                written += batch.len();
                let n = batch.len() as u64;
                let _ =
                    self.counters
                        .spilled
                        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |v| {
                            Some(v.saturating_sub(n))
                        });
                batch.clear();
                done_bytes = read_bytes;
            }
            if end {
                break;
            }
        }
        if let Err(e) = tokio::fs::remove_file(&path).await {
            tracing::warn!(
                error = %e,
                file = %path.display(),
                "cannot delete the spill file once written: its rows would be written again at the next start"
            );
        }
        self.counters.spilled.store(0, Ordering::Relaxed);
        self.spill_dirty = false;
        tracing::info!(
            rows = written,
            unreadable,
            file = %path.display(),
            "query log: rows from the spill file written to the database"
        );
        self.answer_held_flushes();
    }

    fn answer_held_flushes(&mut self) {
        for done in self.held_flushes.drain(..) {
            let _ = done.send(());
        }
    }

    fn committed(&mut self, rows: usize) {
        self.counters.uncommitted.fetch_sub(rows, Ordering::Relaxed);
        self.counters.drop_reported.store(false, Ordering::Relaxed);
        self.counters.failing.store(false, Ordering::Relaxed);
        self.spill_reported = false;
        if let Some(since) = self.failing_since.take() {
            tracing::info!(
                after_s = since.elapsed().as_secs(),
                "query log: the database accepts writes again (a committed row was read back); \
                 delayed rows are being committed"
            );
        }
    }

    fn failed(&mut self, err: &CommitError) {
        self.counters.write_errors.fetch_add(1, Ordering::Relaxed);
        self.counters.failing.store(true, Ordering::Relaxed);
        if self.failing_since.is_none() {
            self.failing_since = Some(Instant::now());
            tracing::error!(
                error = %err,
                backend = self.db.backend(),
                "query log: cannot write to the database (full, locked or read-only?). \
                 Answers still go out; rows are kept in memory (then in the spill file) and \
                 written when it recovers"
            );
        }
    }

    /// Shutting down on a dead database: what cannot be written goes to the spill file
    /// (written back at the next start), or is counted and reported as lost.
    async fn abandon(&mut self, mut rows: Vec<Pending>) {
        while let Ok(msg) = self.rx.try_recv() {
            if let Msg::Row(row) = msg {
                rows.push(row);
            }
        }
        self.counters
            .uncommitted
            .fetch_sub(rows.len(), Ordering::Relaxed);
        if let Some(spill) = &self.spill {
            let path = spill.path.clone();
            if append(&path, &rows, &self.hasher, spill.limit)
                .await
                .is_ok()
            {
                tracing::warn!(
                    rows = rows.len(),
                    file = %path.display(),
                    "query log: the database stayed unavailable during shutdown; \
                     the rows wait in the spill file for the next start"
                );
                return;
            }
        }
        tracing::error!(
            rows = rows.len(),
            "query log: the database stayed unavailable during shutdown; these rows were not written"
        );
    }
}
