//! The query log and preferences, against SQLite always and against Postgres when
//! VRAMGUIDE_TEST_POSTGRES_URL names a server (`.ci/run` starts one). Every scenario runs
//! the same code on both backends. One module per topic: the log's rows, what is kept
//! about people, the Hub cache, migrations, and outages of the database.

use std::io::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};
use vramguide::i18n::Lang;
use vramguide::store::db::Db;
use vramguide::store::{LogEntry, LogSpill, Source, StatsFilter, Store, StoreConfig};

static COUNTER: AtomicU32 = AtomicU32::new(0);

fn unique(tag: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    // The unique part first: Postgres cuts names at 63 bytes, and a long test name cut
    // the suffix off, so a second run met the first run's database.
    let mut name = format!(
        "vg_{}_{}_{nanos}_{tag}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    name.truncate(63);
    name
}

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(unique(tag));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sqlite_config(tag: &str) -> StoreConfig {
    let dir = temp_dir(tag);
    StoreConfig {
        database_url: format!("sqlite://{}", dir.join("log.db").display()),
        data_dir: dir,
        hash_key: Some("test-key".into()),
        batch_interval: Duration::from_millis(50),
        ..StoreConfig::default()
    }
}

/// A fresh Postgres database per test, or None (with a note on the terminal) when no
/// server was given.
async fn postgres_config(tag: &str) -> Option<StoreConfig> {
    let Ok(admin) = std::env::var("VRAMGUIDE_TEST_POSTGRES_URL") else {
        // Written to the real stderr, past the test harness's capture, so it shows.
        let _ = writeln!(
            std::io::stderr(),
            "postgres_{tag}: SKIPPED, VRAMGUIDE_TEST_POSTGRES_URL is not set (Postgres store tests not run)"
        );
        return None;
    };
    let name = unique(tag);
    let pool = sqlx::PgPool::connect(&admin)
        .await
        .expect("Postgres reachable");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&pool)
        .await
        .expect("CREATE DATABASE");
    pool.close().await;
    let (base, _) = admin.rsplit_once('/').expect("URL with a database");
    Some(StoreConfig {
        database_url: format!("{base}/{name}"),
        data_dir: temp_dir(tag),
        hash_key: Some("test-key".into()),
        batch_interval: Duration::from_millis(50),
        ..StoreConfig::default()
    })
}

/// Generate `sqlite_NAME` and `postgres_NAME` tests running `NAME(config)`.
macro_rules! both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                super::$name(crate::store::sqlite_config(stringify!($name))).await;
            })*
        }
        mod postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                if let Some(config) = crate::store::postgres_config(stringify!($name)).await {
                    super::$name(config).await;
                }
            })*
        }
    };
}

fn entry(question: &str) -> LogEntry {
    LogEntry::new(Source::Discord, Lang::En, question)
}

/// (question, user_hash, model, understood, total_gib, query_json, source) of every row.
type Row = (
    String,
    Option<String>,
    Option<String>,
    bool,
    Option<f64>,
    Option<String>,
    String,
);

async fn rows(store: &Store) -> Vec<Row> {
    const SQL: &str = "SELECT question, user_hash, model_id, understood, total_gib, query_json, source \
                       FROM query_log ORDER BY id";
    match store.db() {
        Db::Sqlite(p) => sqlx::query_as(SQL).fetch_all(p).await.unwrap(),
        Db::Postgres(p) => sqlx::query_as(SQL).fetch_all(p).await.unwrap(),
    }
}

async fn execute(db: &Db, sql: &str) {
    let sql = sqlx::AssertSqlSafe(sql.to_string());
    match db {
        Db::Sqlite(p) => sqlx::raw_sql(sql).execute(p).await.map(|_| ()).unwrap(),
        Db::Postgres(p) => sqlx::raw_sql(sql).execute(p).await.map(|_| ()).unwrap(),
    }
}

mod failing_vfs;
mod hub_cache;
mod log;
mod migrations;
mod outage;
mod people;
mod storage_faults;
