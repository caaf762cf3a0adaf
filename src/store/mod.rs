//! The query log and preferences: every answered question is logged ([`log`], for the
//! team's statistics and to show maintainers what the parser missed), plus per-user and
//! per-server settings ([`prefs`]). SQLite by default; Postgres when the URL says so, for
//! several shard processes sharing one log; SQLite in memory when there is no database
//! ([`StoreConfig::in_memory`]): the same code path either way, no in-memory twin.
//!
//! Privacy: user ids are stored only as a keyed hash (see [`hashing`]); `/forget-me` and
//! `vramguide forget` delete a user's rows; `--retention-days` deletes old rows daily.
//!
//! Durability: [`Log::record`] never waits for the database (see `writer`); `shutdown` drains the
//! queue. A `kill -9` loses the rows still queued, at most one batch interval's worth
//! (200 ms by default) plus the batch being written.

pub mod db;
pub mod hashing;
pub mod hub_cache;
pub mod log;
pub mod prefs;
pub mod stats;
mod writer;
pub use writer::Spill;

pub use hub_cache::HubCache;
pub use log::{Log, LogEntry, LogHealth, MAX_LOGGED_CHARS, Source};
pub use prefs::Prefs;
pub use stats::{Stats, StatsFilter, parse_since};

use db::{Db, on_db};
use hashing::UserHasher;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How to open the store.
#[derive(Debug, Clone)]
pub struct StoreConfig {
    /// `sqlite://FILE` (created if missing) or `postgres://...`.
    pub database_url: String,
    /// Where the generated hash key lives.
    pub data_dir: PathBuf,
    /// Key of the user hash; when None it is read from (or generated into) `data_dir`.
    pub hash_key: Option<String>,
    /// Store guild and channel ids of the query log as keyed hashes too.
    pub hash_places: bool,
    /// Delete log rows older than this many days, checked daily.
    pub retention_days: Option<u32>,
    /// Rows kept in memory while the database refuses writes; past them rows go to the
    /// spill file ([`LogSpill`]), and past twice as many (or past them without a spill
    /// file) new rows are dropped and counted.
    pub queue_capacity: usize,
    /// Where rows past `queue_capacity` wait for the database.
    pub log_spill: LogSpill,
    /// The spill file's largest size: past it rows are dropped and counted.
    pub spill_limit_bytes: u64,
    /// Longest time between two commits.
    pub batch_interval: Duration,
}

impl StoreConfig {
    /// SQLite in memory: the same tables and SQL as a file, gone when the process exits.
    /// What the bot uses without a database, and what tests use. The user hash gets a
    /// random key, so no key file is written: nothing outlives the process anyway.
    pub fn in_memory() -> StoreConfig {
        StoreConfig {
            database_url: db::IN_MEMORY.to_string(),
            hash_key: Some(hashing::random_key()),
            ..StoreConfig::default()
        }
    }
}

impl Default for StoreConfig {
    fn default() -> Self {
        StoreConfig {
            database_url: "sqlite://vramguide.db".to_string(),
            data_dir: PathBuf::from("."),
            hash_key: None,
            hash_places: false,
            retention_days: None,
            queue_capacity: 50_000,
            log_spill: LogSpill::default(),
            spill_limit_bytes: DEFAULT_SPILL_LIMIT,
            batch_interval: Duration::from_millis(200),
        }
    }
}

/// Where the query log's rows wait while the database refuses writes and the queue in
/// memory is full.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum LogSpill {
    /// `FILE.spill.jsonl` beside a SQLite database, `vramguide-log.spill.jsonl` in the data
    /// folder for Postgres; none for a database in memory.
    #[default]
    Beside,
    /// No spill file: rows past the queue are dropped (and counted).
    Off,
    /// This file.
    File(PathBuf),
}

impl LogSpill {
    /// Parse a setting: `off`, `beside` (or empty), or a path.
    pub fn parse(text: &str) -> LogSpill {
        match text.trim() {
            "" | "beside" => LogSpill::Beside,
            "off" | "none" => LogSpill::Off,
            path => LogSpill::File(PathBuf::from(path)),
        }
    }
}

impl StoreConfig {
    /// The spill file this configuration names, if any.
    pub fn spill_path(&self) -> Option<PathBuf> {
        match &self.log_spill {
            LogSpill::Off => None,
            LogSpill::File(path) => Some(path.clone()),
            LogSpill::Beside if db::is_in_memory(&self.database_url) => None,
            LogSpill::Beside => match db::sqlite_file(&self.database_url) {
                Some(file) => {
                    let mut name = file.into_os_string();
                    name.push(".spill.jsonl");
                    Some(PathBuf::from(name))
                }
                None => Some(self.data_dir.join("vramguide-log.spill.jsonl")),
            },
        }
    }
}

/// The spill file's default largest size: 1 GiB, some two million rows.
pub const DEFAULT_SPILL_LIMIT: u64 = 1 << 30;

/// How long `forget` waits for queued rows to be committed first.
const FLUSH_WAIT: Duration = log::FLUSH_WAIT;

/// One database holding the query log and the preferences. Cheap to clone.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    hasher: UserHasher,
    log: Log,
    prefs: Prefs,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.inner.db.backend())
            .field("queue_depth", &self.inner.log.queue_depth())
            .finish()
    }
}

impl Store {
    /// Connect, migrate, load or generate the hash key, and start the log's writer (and
    /// its retention task when configured). Must run inside a tokio runtime.
    pub async fn open(config: StoreConfig) -> anyhow::Result<Store> {
        let hasher = UserHasher::load_or_create(config.hash_key.as_deref(), &config.data_dir)?
            .with_places(config.hash_places);
        let db = Db::connect(&config.database_url).await?;
        db.migrate().await?;
        let log = Log::start(
            db.clone(),
            hasher.clone(),
            config.queue_capacity,
            config.batch_interval,
            config.spill_path().map(|path| writer::Spill {
                path,
                limit: config.spill_limit_bytes,
            }),
            config.retention_days,
        );
        let prefs = Prefs::new(db.clone(), hasher.clone());
        Ok(Store {
            inner: Arc::new(Inner {
                db,
                hasher,
                log,
                prefs,
            }),
        })
    }

    /// The query log: record questions, count them.
    pub fn log(&self) -> &Log {
        &self.inner.log
    }

    /// Users' and servers' languages, listened channels.
    pub fn prefs(&self) -> &Prefs {
        &self.inner.prefs
    }

    /// Commit everything queued, stop the writer and the retention task. Idempotent.
    pub async fn shutdown(&self) {
        self.inner.log.shutdown().await;
    }

    /// The keyed hash under which a user's rows are stored.
    pub fn user_hash(&self, raw_user_id: &str) -> String {
        self.inner.hasher.hash(raw_user_id)
    }

    /// "sqlite" or "postgres".
    pub fn backend(&self) -> &'static str {
        self.inner.db.backend()
    }

    /// Hub look-ups kept with an expiry (see [`crate::hub`]).
    pub fn hub_cache(&self) -> HubCache {
        HubCache::new(self.inner.db.clone())
    }

    /// The pool, for tests and tools that need to look at the tables directly.
    pub fn db(&self) -> &Db {
        &self.inner.db
    }

    /// Delete a user's log rows and preferences; returns the rows deleted.
    pub async fn forget_user(&self, raw_user_id: &str) -> anyhow::Result<u64> {
        self.forget_user_hash(&self.user_hash(raw_user_id)).await
    }

    /// Same, from the hash (what `vramguide forget --user-hash` gets from an operator).
    pub async fn forget_user_hash(&self, hash: &str) -> anyhow::Result<u64> {
        // Rows still queued would come back after the delete otherwise.
        self.inner.log.flush(FLUSH_WAIT).await;
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
}
