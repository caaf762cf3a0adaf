//! The query log and preferences: every answered question is logged (for the team's
//! statistics and to show maintainers what the parser missed), plus per-user and
//! per-server settings. SQLite by default; Postgres when the URL says so, for several
//! shard processes sharing one log.
//!
//! Privacy: user ids are stored only as a keyed hash (see [`hashing`]); `/forget-me` and
//! `vramguide forget` delete a user's rows; `--retention-days` deletes old rows daily.
//!
//! Durability: `log` never waits for the database (see [`writer`]); `shutdown` drains the
//! queue. A `kill -9` loses the rows still queued, at most one batch interval's worth
//! (200 ms by default) plus the batch being written.

pub mod db;
pub mod hashing;
mod prefs;
pub mod stats;
pub mod writer;

pub use stats::{Stats, StatsFilter, parse_since};

use crate::i18n::Lang;
use db::{Db, on_db};
use hashing::UserHasher;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;
use tokio::task::JoinHandle;
use writer::{Queue, now_ms};

/// Localized text of [`Stats`], shared by `vramguide stats` and the bot's `/stats`.
pub mod render {
    pub use crate::render::stats::text;
}

/// Where a question came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    Discord,
    Web,
    Cli,
}

impl Source {
    /// The stored name: discord | web | cli.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Discord => "discord",
            Source::Web => "web",
            Source::Cli => "cli",
        }
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
    /// The parsed query as JSON.
    pub query: Option<serde_json::Value>,
    pub model: Option<String>,
    pub precision: Option<String>,
    pub gpu: Option<String>,
    pub total_gib: Option<f64>,
    /// False when the parser found nothing to estimate in the question.
    pub understood: bool,
    pub latency_us: u64,
}

impl LogEntry {
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
        }
    }
}

/// How to open the store.
#[derive(Debug, Clone)]
pub struct StoreConfig {
    /// `sqlite://FILE` (created if missing) or `postgres://...`.
    pub database_url: String,
    /// Where the generated hash key lives.
    pub data_dir: PathBuf,
    /// Key of the user hash; when None it is read from (or generated into) `data_dir`.
    pub hash_key: Option<String>,
    /// Delete log rows older than this many days, checked daily.
    pub retention_days: Option<u32>,
    /// Queue length past which a warning says the database is not keeping up.
    pub queue_capacity: usize,
    /// Longest time between two commits.
    pub batch_interval: Duration,
}

impl Default for StoreConfig {
    fn default() -> Self {
        StoreConfig {
            database_url: "sqlite://vramguide.db".to_string(),
            data_dir: PathBuf::from("."),
            hash_key: None,
            retention_days: None,
            queue_capacity: 200_000,
            batch_interval: Duration::from_millis(200),
        }
    }
}

/// How often retention runs.
const RETENTION_PERIOD: Duration = Duration::from_secs(24 * 3_600);
/// How long `stats` and `forget` wait for queued rows to be committed first.
const FLUSH_WAIT: Duration = Duration::from_secs(5);

/// The query log and preferences. Cheap to clone.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    hasher: UserHasher,
    queue: Arc<Queue>,
    tasks: Mutex<Tasks>,
}

#[derive(Default)]
struct Tasks {
    writer: Option<JoinHandle<()>>,
    retention: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.inner.db.backend())
            .field("queue_depth", &self.queue_depth())
            .finish()
    }
}

impl Store {
    /// Connect, migrate, load or generate the hash key, and start the writer (and the
    /// retention task when configured). Must run inside a tokio runtime.
    pub async fn open(config: StoreConfig) -> anyhow::Result<Store> {
        let hasher = UserHasher::load_or_create(config.hash_key.as_deref(), &config.data_dir)?;
        let db = Db::connect(&config.database_url).await?;
        db.migrate().await?;
        let queue = Queue::new(config.queue_capacity);
        let writer = tokio::spawn(writer::run(
            db.clone(),
            hasher.clone(),
            queue.clone(),
            config.batch_interval,
        ));
        let store = Store {
            inner: Arc::new(Inner {
                db,
                hasher,
                queue,
                tasks: Mutex::new(Tasks::default()),
            }),
        };
        let retention = config
            .retention_days
            .map(|days| store.spawn_retention(days));
        *store.inner.tasks.lock().await = Tasks {
            writer: Some(writer),
            retention,
        };
        Ok(store)
    }

    /// Queue a row. Never blocks on the database, never panics, never drops the row.
    pub fn log(&self, entry: LogEntry) {
        self.inner.queue.push(entry);
    }

    /// Commit everything queued, stop the writer and the retention task. Idempotent.
    pub async fn shutdown(&self) {
        let mut tasks = self.inner.tasks.lock().await;
        if let Some(retention) = tasks.retention.take() {
            retention.abort();
        }
        if let Some(writer) = tasks.writer.take() {
            self.inner.queue.close();
            if let Err(e) = writer.await {
                tracing::error!(error = %e, "query log writer stopped abnormally");
            }
        }
    }

    /// Wait until every row logged so far is committed (at most `timeout`). True if so.
    pub async fn flush(&self, timeout: Duration) -> bool {
        self.inner.queue.flush(timeout).await
    }

    /// Rows logged but not committed yet.
    pub fn queue_depth(&self) -> usize {
        self.inner.queue.depth()
    }

    /// Failed commit attempts since start (each is retried).
    pub fn write_errors(&self) -> u64 {
        self.inner.queue.write_errors()
    }

    /// The keyed hash under which a user's rows are stored.
    pub fn user_hash(&self, raw_user_id: &str) -> String {
        self.inner.hasher.hash(raw_user_id)
    }

    /// "sqlite" or "postgres".
    pub fn backend(&self) -> &'static str {
        self.inner.db.backend()
    }

    /// The pool, for tests and tools that need to look at the tables directly.
    pub fn db(&self) -> &Db {
        &self.inner.db
    }

    /// Counts over the log; queued rows are committed first so the numbers are current.
    pub async fn stats(&self, filter: &StatsFilter) -> anyhow::Result<Stats> {
        self.flush(FLUSH_WAIT).await;
        stats::compute(&self.inner.db, filter).await
    }

    /// Delete a user's log rows and preferences; returns the rows deleted.
    pub async fn forget_user(&self, raw_user_id: &str) -> anyhow::Result<u64> {
        self.forget_user_hash(&self.user_hash(raw_user_id)).await
    }

    /// Same, from the hash (what `vramguide forget --user-hash` gets from an operator).
    pub async fn forget_user_hash(&self, hash: &str) -> anyhow::Result<u64> {
        // Rows still queued would come back after the delete otherwise.
        self.flush(FLUSH_WAIT).await;
        let deleted = on_db!(&self.inner.db, pool => {
            let mut tx = pool.begin().await?;
            let log = sqlx::query("DELETE FROM query_log WHERE user_hash = $1")
                .bind(hash)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            let prefs = sqlx::query("DELETE FROM user_prefs WHERE user_hash = $1")
                .bind(hash)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            tx.commit().await?;
            log + prefs
        });
        Ok(deleted)
    }

    /// Delete log rows older than `days` days; returns how many.
    pub async fn purge_older_than(&self, days: u32) -> anyhow::Result<u64> {
        let cutoff = now_ms() - i64::from(days) * 86_400_000;
        let deleted = on_db!(&self.inner.db, pool => {
            sqlx::query("DELETE FROM query_log WHERE created_at < $1")
                .bind(cutoff)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(deleted)
    }

    fn spawn_retention(&self, days: u32) -> JoinHandle<()> {
        let store = self.clone();
        tokio::spawn(async move {
            loop {
                match store.purge_older_than(days).await {
                    Ok(0) => {}
                    Ok(n) => {
                        tracing::info!(rows = n, days, "query log retention: old rows deleted")
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "query log retention failed; retrying tomorrow")
                    }
                }
                tokio::time::sleep(RETENTION_PERIOD).await;
            }
        })
    }
}
