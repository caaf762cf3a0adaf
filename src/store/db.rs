//! The two databases behind one type: SQLite for one process, Postgres for several shard
//! processes sharing a log. An enum over the two pools (rather than sqlx's `Any` driver)
//! keeps native types (BOOLEAN, BIGINT identity) and lets each backend have its own
//! migrations; the SQL itself is shared, written with `$n` placeholders both understand.

use anyhow::Context as _;
use sqlx::migrate::Migrator;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::str::FromStr;
use std::time::Duration;

/// Migrations, embedded at compile time. Forward-only: a release never edits a shipped file.
pub static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
pub static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

/// How long a SQLite connection waits for another process's write lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// A connection pool to either backend.
#[derive(Debug, Clone)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Run the same code against whichever pool is open; `$pool` is bound to the concrete pool
/// so sqlx type-checks the body once per backend.
macro_rules! on_db {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::store::db::Db::Sqlite($pool) => $body,
            $crate::store::db::Db::Postgres($pool) => $body,
        }
    };
}
pub(crate) use on_db;

/// The URL of a private SQLite database in memory (one connection, gone at exit).
pub const IN_MEMORY: &str = "sqlite::memory:";

/// True for SQLite URLs whose database lives in memory, not in a file.
pub fn is_in_memory(url: &str) -> bool {
    !is_postgres(url) && (url.contains(":memory:") || url.contains("mode=memory"))
}

/// True for URLs that name a Postgres server.
pub fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// The file of a SQLite URL; None for Postgres and in-memory databases.
pub fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    if is_postgres(url) || url.contains(":memory:") || url.contains("mode=memory") {
        return None;
    }
    let options = SqliteConnectOptions::from_str(url).ok()?;
    Some(options.get_filename().to_path_buf())
}

/// Create a missing SQLite file readable by its owner only. SQLite gives the WAL and
/// shared-memory files the database file's mode, so the log's questions are never
/// world-readable (SQLite alone would create all three 0644). An existing file keeps the
/// mode its operator gave it; any error is left for SQLite to report.
fn create_private(path: &std::path::Path) {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    let _ = options.open(path);
}

impl Db {
    /// Connect without migrating. SQLite files are created when missing, in WAL mode so
    /// readers (statistics) never wait for the writer.
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        if is_postgres(url) {
            let pool = PgPoolOptions::new()
                .max_connections(8)
                .acquire_timeout(Duration::from_secs(10))
                .connect(url)
                .await
                .context("cannot connect to the Postgres query log")?;
            return Ok(Db::Postgres(pool));
        }
        let options = SqliteConnectOptions::from_str(url)
            .with_context(|| format!("not a database URL: {url}"))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // NORMAL in WAL mode: a power cut may lose the last commits, never corrupts.
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(BUSY_TIMEOUT);
        // An in-memory database exists once per connection: keep exactly one.
        let in_memory = is_in_memory(url);
        if !in_memory {
            create_private(options.get_filename());
        }
        let pool = SqlitePoolOptions::new()
            .max_connections(if in_memory { 1 } else { 4 })
            .min_connections(if in_memory { 1 } else { 0 })
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options)
            .await
            .with_context(|| format!("cannot open the SQLite query log {url}"))?;
        Ok(Db::Sqlite(pool))
    }

    /// Apply every migration not yet applied.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        self.migrate_to(None).await
    }

    /// Apply migrations up to `version` (all when None); tests use it to build every
    /// earlier schema and upgrade from it.
    pub async fn migrate_to(&self, version: Option<i64>) -> anyhow::Result<()> {
        let result = match (self, version) {
            (Db::Sqlite(p), None) => SQLITE_MIGRATIONS.run(p).await,
            (Db::Sqlite(p), Some(v)) => SQLITE_MIGRATIONS.run_to(v, p).await,
            (Db::Postgres(p), None) => POSTGRES_MIGRATIONS.run(p).await,
            (Db::Postgres(p), Some(v)) => POSTGRES_MIGRATIONS.run_to(v, p).await,
        };
        result.context("cannot apply the query log migrations")
    }

    /// Versions of the migrations this build carries, oldest first.
    pub fn migration_versions(&self) -> Vec<i64> {
        let migrator = match self {
            Db::Sqlite(_) => &SQLITE_MIGRATIONS,
            Db::Postgres(_) => &POSTGRES_MIGRATIONS,
        };
        migrator.iter().map(|m| m.version).collect()
    }

    pub fn backend(&self) -> &'static str {
        match self {
            Db::Sqlite(_) => "sqlite",
            Db::Postgres(_) => "postgres",
        }
    }

    pub async fn close(&self) {
        on_db!(self, p => p.close().await)
    }
}
