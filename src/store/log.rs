//! The query log: one row per answered question, written behind the caller's back by the
//! [`writer`](super::writer), counted by [`stats`](super::stats), trimmed by retention.
//! Preferences live apart, in [`prefs`](super::prefs).

use super::db::{Db, on_db};
use super::hashing::UserHasher;
use super::stats::{self, Stats, StatsFilter};
use super::writer::{self, Queue, now_ms};
use crate::sanitize::{self, truncate};
use crate::vocab::Lang;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

/// The longest question kept in the log, in characters; longer ones are cut.
pub const MAX_LOGGED_CHARS: usize = 500;
/// How often retention runs.
const RETENTION_PERIOD: Duration = Duration::from_secs(24 * 3_600);
/// How long `stats` waits for queued rows to be committed first.
pub(super) const FLUSH_WAIT: Duration = Duration::from_secs(5);

/// Where a question came from.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "lowercase")]
pub enum Source {
    Discord,
    Web,
    Cli,
}

impl Source {
    /// The stored name: discord | web | cli.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One answered question, as an adapter knows it. The raw user id is hashed by the store.
#[derive(Debug, Clone)]
pub struct LogEntry {
    pub source: Source,
    pub guild_id: Option<u64>,
    pub channel_id: Option<u64>,
    /// Raw id (Discord user id...); only its keyed hash is stored.
    pub user_id: Option<String>,
    /// The client's locale: Discord "pt-BR", the Accept-Language pick, `--lang`.
    pub locale: Option<String>,
    /// Language of the reply.
    pub language: Lang,
    pub question: String,
    /// The parsed query as JSON text, serialized once: the column is
    /// text, and a `serde_json::Value` tree cost an allocation per field on every logged
    /// question. Shared, so the guide server logs the JSON its cached answer keeps, and
    /// the writer binds it as it is, without copying it per row.
    pub query: Option<Arc<str>>,
    pub model: Option<String>,
    pub precision: Option<String>,
    pub gpu: Option<String>,
    pub total_gib: Option<f64>,
    /// False when no answer came out: nothing to estimate in the question, an unknown
    /// model, a job that cannot run. The stats list these as unanswered.
    pub understood: bool,
    pub latency_us: u64,
    /// What the question asked (`estimate`, `compare`, `explain`, `fit`, `max_context`,
    /// `buy`, `diagnose`); None for rows written before intents were logged.
    pub intent: Option<&'static str>,
}

impl LogEntry {
    /// An entry for `question`, cleaned and cut to [`MAX_LOGGED_CHARS`] here whatever
    /// the caller passed; the answer service ([`crate::ask`]) fills in what the answer
    /// resolved and where the question came from.
    pub fn asked(source: Source, language: Lang, question: &str, latency: Duration) -> Self {
        let question = sanitize::clean(truncate(question, MAX_LOGGED_CHARS));
        LogEntry {
            latency_us: u64::try_from(latency.as_micros()).unwrap_or(u64::MAX),
            ..LogEntry::new(source, language, question)
        }
    }

    /// The query's JSON, serialized once with the answer (the guide server's answer cache
    /// logs a hit without serializing the same query again).
    pub fn with_query_json(mut self, json: Option<Arc<str>>) -> Self {
        self.query = json;
        self
    }

    /// The client's locale, cleaned and cut: it comes from a header or a client.
    pub fn with_locale(mut self, locale: Option<&str>) -> Self {
        self.locale = locale.map(|l| sanitize::clean(truncate(l, 64)));
        self
    }

    /// An entry with only the question filled in; adapters set the rest.
    pub fn new(source: Source, language: Lang, question: impl Into<String>) -> Self {
        LogEntry {
            source,
            guild_id: None,
            channel_id: None,
            user_id: None,
            locale: None,
            language,
            question: question.into(),
            query: None,
            model: None,
            precision: None,
            gpu: None,
            total_gib: None,
            understood: false,
            latency_us: 0,
            intent: None,
        }
    }
}

/// The query log of one store: the queue in front of the table and the tasks that empty
/// and trim it.
pub struct Log {
    db: Db,
    /// What the writer stores guild ids as, for the per-server statistics.
    hasher: UserHasher,
    queue: Queue,
    tasks: Mutex<Tasks>,
}

struct Tasks {
    writer: Option<writer::Running>,
    retention: Option<JoinHandle<()>>,
}

/// Whether the query log is keeping every row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogHealth {
    /// Rows are committed and read back.
    Writing,
    /// The database refuses writes: rows wait in memory and the spill file, none lost.
    Delayed,
    /// The database refuses writes and the queue and spill file are full: rows are being
    /// dropped (counted as `vramguide_query_log_dropped_rows`).
    Dropping,
}

impl Log {
    /// Start the writer, and the retention task when `retention_days` is set.
    pub(super) fn start(
        db: Db,
        hasher: UserHasher,
        queue_capacity: usize,
        batch_interval: Duration,
        spill: Option<writer::Spill>,
        retention_days: Option<u32>,
    ) -> Log {
        let (queue, writer) = writer::start(
            db.clone(),
            hasher.clone(),
            queue_capacity,
            batch_interval,
            spill,
        );
        let retention = retention_days.map(|days| tokio::spawn(retention(db.clone(), days)));
        Log {
            db,
            hasher,
            queue,
            tasks: Mutex::new(Tasks {
                writer: Some(writer),
                retention,
            }),
        }
    }

    /// Queue a row. Never blocks on the database, never panics; drops (and counts) the row
    /// only when the database has been refusing writes and the queue and spill are full.
    pub fn record(&self, entry: LogEntry) {
        self.queue.push(entry);
    }

    /// Wait until every row recorded so far is committed (at most `timeout`). True if so.
    pub async fn flush(&self, timeout: Duration) -> bool {
        self.queue.flush(timeout).await
    }

    /// Rows recorded but not committed yet.
    pub fn queue_depth(&self) -> usize {
        self.queue.depth()
    }

    /// Rows in the spill file, waiting for the database to accept writes again.
    pub fn spilled(&self) -> u64 {
        self.queue.spilled()
    }

    /// Rows dropped since start (queue and spill file full or failing).
    pub fn dropped(&self) -> u64 {
        self.queue.dropped()
    }

    /// How the log stands now, for `/healthz`.
    pub fn health(&self) -> LogHealth {
        if self.queue.dropping() {
            LogHealth::Dropping
        } else if self.queue.failing() {
            LogHealth::Delayed
        } else {
            LogHealth::Writing
        }
    }

    /// Failed commit attempts since start (each is retried).
    pub fn write_errors(&self) -> u64 {
        self.queue.write_errors()
    }

    /// Counts over the log; queued rows are committed first so the numbers are current.
    pub async fn stats(&self, filter: &StatsFilter) -> anyhow::Result<Stats> {
        self.flush(FLUSH_WAIT).await;
        // A server's rows are stored under what `place` makes of its id.
        let filter = StatsFilter {
            guild_id: self.hasher.place(filter.guild_id).map(|g| g as u64),
            ..*filter
        };
        stats::compute(&self.db, &filter).await
    }

    /// Delete rows older than `days` days; returns how many.
    pub async fn purge_older_than(&self, days: u32) -> anyhow::Result<u64> {
        purge_older_than(&self.db, days).await
    }

    /// Commit everything queued, stop the writer and the retention task. Idempotent.
    pub(super) async fn shutdown(&self) {
        let mut tasks = self.tasks.lock().await;
        if let Some(retention) = tasks.retention.take() {
            retention.abort();
        }
        if let Some(writer) = tasks.writer.take() {
            writer.stop().await;
        }
    }
}

async fn purge_older_than(db: &Db, days: u32) -> anyhow::Result<u64> {
    let cutoff = now_ms() - i64::from(days) * 86_400_000;
    let deleted = on_db!(db, pool => {
        sqlx::query("DELETE FROM query_log WHERE created_at < $1")
            .bind(cutoff)
            .execute(pool)
            .await?
            .rows_affected()
    });
    Ok(deleted)
}

/// Delete old rows now and then once a day, for as long as the log runs.
async fn retention(db: Db, days: u32) {
    loop {
        match purge_older_than(&db, days).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(rows = n, days, "query log retention: old rows deleted"),
            Err(e) => tracing::warn!(error = %e, "query log retention failed; retrying tomorrow"),
        }
        tokio::time::sleep(RETENTION_PERIOD).await;
    }
}
