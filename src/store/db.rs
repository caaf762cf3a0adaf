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
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

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

/// Create a missing SQLite file readable by its owner only. SQLite gives the journal the
/// database file's mode, so the log's questions are never world-readable (SQLite alone
/// would create both 0644). An existing file keeps the
/// mode its operator gave it; any error is left for SQLite to report.
fn create_private(path: &Path) {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    let _ = options.open(path);
}

/// A file's identity: device and inode.
type FileId = (u64, u64);

#[cfg(unix)]
fn file_id(path: &Path) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt as _;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn file_id(_path: &Path) -> Option<FileId> {
    None
}

/// The SQLite file the pool's connections have open, checked each time a connection is
/// handed out, so a database file deleted or replaced under the running server (an
/// operator's `rm`, a restore from a backup) is noticed at once. Without it, connections
/// to the old file went on committing to an unlinked inode: 2,000 answered questions were
/// gone at the next start, with no word in the log.
///
/// A connection opened before the file changed is closed instead of handed out; the next
/// one opens the file now at the path (created owner-only, the schema migrated). The writer
/// reads each batch back through another connection, so a batch committed to the old file
/// in the moment of the change is not confirmed and is committed again to the new one.
struct FileWatch {
    path: PathBuf,
    state: std::sync::Mutex<WatchState>,
    /// One connection at a time builds the schema of a replacement file.
    migrating: tokio::sync::Mutex<()>,
}

#[derive(Default)]
struct WatchState {
    /// The file the current connections opened; None until a connection adopts one.
    opened: Option<FileId>,
    /// When the file was last found deleted or replaced: connections older than this
    /// point at the old file.
    replaced_at: Option<Instant>,
}

impl FileWatch {
    /// The pool options with the hooks that watch `path`.
    fn install(options: SqlitePoolOptions, path: &Path) -> SqlitePoolOptions {
        let watch = Arc::new(FileWatch {
            path: path.to_path_buf(),
            state: std::sync::Mutex::default(),
            migrating: tokio::sync::Mutex::new(()),
        });
        let before = watch.clone();
        options
            .before_acquire(move |_conn, meta| {
                let fresh = before.current(meta.age);
                Box::pin(async move { Ok(fresh) })
            })
            .after_connect(move |conn, _meta| {
                let watch = watch.clone();
                Box::pin(async move { watch.adopt(conn).await })
            })
    }

    /// Whether a connection opened `age` ago still has the file at the path open. Says at
    /// ERROR, once per change, when the file was deleted or replaced.
    fn current(&self, age: Duration) -> bool {
        let now = file_id(&self.path);
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.opened.is_some() && now != state.opened {
            tracing::error!(
                file = %self.path.display(),
                deleted = now.is_none(),
                "query log: the database file was deleted or replaced while the server ran; \
                 reopening it at the same path (rows in flight are committed again there)"
            );
            state.opened = None;
            state.replaced_at = Some(Instant::now());
            if now.is_none() {
                create_private(&self.path);
            }
        }
        let opened_before_change = state.replaced_at.is_some_and(|at| age >= at.elapsed());
        state.opened.is_some() && !opened_before_change
    }

    /// A new connection: the file it opened becomes the watched one; after a change, the
    /// new file gets the schema first.
    async fn adopt(&self, conn: &mut sqlx::SqliteConnection) -> Result<(), sqlx::Error> {
        let replaced = self.state().replaced_at.is_some() && self.state().opened.is_none();
        if replaced {
            let _one = self.migrating.lock().await;
            // `run_direct` takes the connection itself: `Migrator::run` inside the pool's
            // hook trips the compiler's "`Acquire` is not general enough" (sqlx's own
            // `migrate!` test support calls it the same way).
            SQLITE_MIGRATIONS
                .run_direct(None, conn, false)
                .await
                .map_err(|e| sqlx::Error::Migrate(Box::new(e)))?;
        }
        let mut state = self.state();
        if state.opened.is_none() {
            state.opened = file_id(&self.path);
        }
        Ok(())
    }

    fn state(&self) -> std::sync::MutexGuard<'_, WatchState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Db {
    /// Connect without migrating. SQLite files are created when missing (owner-only), with
    /// a rollback journal (see below for why not WAL).
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
            // A rollback journal, not WAL: WAL's index is a shared-memory file mapped into
            // the process, and when that file cannot be written (made immutable, a
            // read-only remount) the next store into the mapping kills the whole server
            // with SIGBUS, answers and queued rows with it. A journal is written with
            // write(2), whose failure is an error the writer retries. Commits are batched
            // (at most five a second when idle), so the journal's extra sync costs little;
            // readers share the file between commits, `vramguide stats` from another
            // process included.
            .journal_mode(SqliteJournalMode::Truncate)
            // FULL with a rollback journal: NORMAL could corrupt the file at a power cut.
            .synchronous(SqliteSynchronous::Full)
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
            .max_lifetime(None);
        let pool = if in_memory {
            pool
        } else {
            FileWatch::install(pool, options.get_filename())
        };
        let pool = pool
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
