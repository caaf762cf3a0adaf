//! The query log and preferences, against SQLite always and against Postgres when
//! VRAMGUIDE_TEST_POSTGRES_URL names a server (`.ci/run` starts one). Every scenario runs
//! the same code on both backends.

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
                super::$name(super::sqlite_config(stringify!($name))).await;
            })*
        }
        mod postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                if let Some(config) = super::postgres_config(stringify!($name)).await {
                    super::$name(config).await;
                }
            })*
        }
    };
}

both_backends!(
    round_trip,
    injection_strings_stored_verbatim,
    burst_of_100k_is_not_dropped,
    preferences,
    forget_user,
    statistics,
    retention,
    migrations_from_every_earlier_version,
    write_failure_is_retried_not_lost,
    hub_cache_is_shared_and_expires,
    an_outage_past_the_queue_spills_and_writes_back,
    without_a_spill_file_rows_past_the_queue_are_dropped_and_counted,
);

/// Two stores on one database stand for two processes: what one caches, the other reads;
/// an expired row is not returned; a new look-up replaces the old one.
async fn hub_cache_is_shared_and_expires(config: StoreConfig) {
    let a = Store::open(config.clone()).await.unwrap();
    let b = Store::open(config).await.unwrap();
    let (ca, cb) = (a.hub_cache(), b.hub_cache());
    assert_eq!(cb.get("k").await.unwrap(), None);
    ca.put("k", "{\"found\": 1}", Duration::from_secs(60))
        .await
        .unwrap();
    assert_eq!(
        cb.get("k").await.unwrap().as_deref(),
        Some("{\"found\": 1}")
    );
    cb.put(
        "k",
        "two; DROP TABLE hub_cache; --",
        Duration::from_secs(60),
    )
    .await
    .unwrap();
    assert_eq!(
        ca.get("k").await.unwrap().as_deref(),
        Some("two; DROP TABLE hub_cache; --")
    );
    ca.put("old", "x", Duration::from_millis(1)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(20)).await;
    assert_eq!(cb.get("old").await.unwrap(), None, "expired");
    a.shutdown().await;
    b.shutdown().await;
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

async fn round_trip(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    let query = serde_json::json!({"model": "llama-3.1-70b", "precision": "fp16"});
    store.log().record(LogEntry {
        guild_id: Some(1_234_567_890_123_456_789),
        channel_id: Some(42),
        user_id: Some("998877".into()),
        locale: Some("pt-BR".into()),
        query: Some(query.to_string().into()),
        model: Some("llama-3.1-70b".into()),
        precision: Some("fp16".into()),
        gpu: Some("rtx-4090".into()),
        total_gib: Some(136.7),
        understood: true,
        latency_us: 850,
        ..LogEntry::new(Source::Web, Lang::Pt, "llama 70b fp16 em 2x 4090")
    });
    store.log().record(entry("oi"));
    assert!(store.log().flush(Duration::from_secs(10)).await);
    let rows = rows(&store).await;
    assert_eq!(rows.len(), 2);
    let (question, hash, model, understood, total, json, source) = &rows[0];
    assert_eq!(question, "llama 70b fp16 em 2x 4090");
    assert_eq!(hash.as_deref(), Some(store.user_hash("998877").as_str()));
    assert!(!hash.as_deref().unwrap().contains("998877"));
    assert_eq!(model.as_deref(), Some("llama-3.1-70b"));
    assert!(*understood);
    assert_eq!(*total, Some(136.7));
    let stored: serde_json::Value = serde_json::from_str(json.as_deref().unwrap()).unwrap();
    assert_eq!(stored, query);
    assert_eq!(source, "web");
    assert_eq!(rows[1].1, None);
    assert!(!rows[1].3);
    let stats = store
        .log()
        .stats(&StatsFilter {
            since: None,
            guild_id: Some(1_234_567_890_123_456_789),
        })
        .await
        .unwrap();
    assert_eq!(stats.total, 1, "u64 guild ids survive the round trip");
    store.shutdown().await;
    store.shutdown().await; // idempotent
}

async fn injection_strings_stored_verbatim(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    let nasty = [
        "'; DROP TABLE query_log; --",
        "Robert'); DELETE FROM user_prefs; --",
        "\" OR 1=1 --",
        "$1 $2 ? ?1 :name @x",
        "llama 70b' UNION SELECT * FROM user_prefs --",
        "多行\n问题\t'quoted' \\ backslash",
        "emoji 🦙 and ＇full-width＇",
    ];
    for q in nasty {
        store.log().record(LogEntry {
            model: Some(q.to_string()),
            user_id: Some(q.to_string()),
            ..entry(q)
        });
    }
    assert!(store.log().flush(Duration::from_secs(10)).await);
    let stored: Vec<String> = rows(&store).await.into_iter().map(|r| r.0).collect();
    assert_eq!(stored, nasty);
    let stats = store.log().stats(&StatsFilter::default()).await.unwrap();
    assert_eq!(stats.total, nasty.len() as u64);
    assert_eq!(stats.unanswered.len(), nasty.len());
    store.shutdown().await;
}

async fn burst_of_100k_is_not_dropped(config: StoreConfig) {
    const N: u64 = 100_000;
    let store = Store::open(config).await.unwrap();
    let started = Instant::now();
    for i in 0..N {
        store.log().record(LogEntry {
            user_id: Some(format!("u{}", i % 100)),
            understood: true,
            ..entry(&format!("q{i}"))
        });
    }
    let enqueue = started.elapsed();
    // Enqueueing never waits for the database: far below the time it takes to write.
    assert!(enqueue < Duration::from_secs(5), "enqueue took {enqueue:?}");
    store.shutdown().await;
    assert_eq!(store.log().queue_depth(), 0);
    let stats = store.log().stats(&StatsFilter::default()).await.unwrap();
    assert_eq!(stats.total, N);
    assert_eq!(stats.users, 100);
    assert_eq!(store.log().write_errors(), 0);
}

async fn preferences(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    assert_eq!(store.prefs().user_language("u1").await.unwrap(), None);
    store
        .prefs()
        .set_user_language("u1", Some(Lang::Pt))
        .await
        .unwrap();
    store
        .prefs()
        .set_user_language("u1", Some(Lang::Zh))
        .await
        .unwrap();
    store
        .prefs()
        .set_user_language("u2", Some(Lang::Es))
        .await
        .unwrap();
    assert_eq!(
        store.prefs().user_language("u1").await.unwrap(),
        Some(Lang::Zh)
    );
    assert_eq!(
        store.prefs().user_language("u2").await.unwrap(),
        Some(Lang::Es)
    );
    store.prefs().set_user_language("u1", None).await.unwrap();
    assert_eq!(store.prefs().user_language("u1").await.unwrap(), None);

    let guild = u64::MAX - 7;
    store
        .prefs()
        .set_guild_language(guild, Some(Lang::Es))
        .await
        .unwrap();
    assert_eq!(
        store.prefs().guild_language(guild).await.unwrap(),
        Some(Lang::Es)
    );
    store.prefs().set_guild_language(guild, None).await.unwrap();
    assert_eq!(store.prefs().guild_language(guild).await.unwrap(), None);

    assert!(!store.prefs().is_listened(10).await.unwrap());
    store.prefs().set_listened(1, 10, true).await.unwrap();
    store.prefs().set_listened(1, 10, true).await.unwrap();
    assert!(store.prefs().is_listened(10).await.unwrap());
    assert!(!store.prefs().is_listened(11).await.unwrap());
    store.prefs().set_listened(1, 10, false).await.unwrap();
    assert!(!store.prefs().is_listened(10).await.unwrap());
    store.shutdown().await;
}

async fn forget_user(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    for (user, n) in [("alice", 3), ("bob", 2)] {
        for i in 0..n {
            store.log().record(LogEntry {
                user_id: Some(user.into()),
                ..entry(&format!("{user} {i}"))
            });
        }
    }
    store
        .prefs()
        .set_user_language("alice", Some(Lang::Pt))
        .await
        .unwrap();
    // No flush here: forgetting must also catch rows still in the queue.
    assert_eq!(store.forget_user("alice").await.unwrap(), 4);
    assert_eq!(store.prefs().user_language("alice").await.unwrap(), None);
    let hash = store.user_hash("bob");
    assert_eq!(store.forget_user_hash(&hash).await.unwrap(), 2);
    assert_eq!(store.forget_user_hash(&hash).await.unwrap(), 0);
    assert_eq!(
        store
            .log()
            .stats(&StatsFilter::default())
            .await
            .unwrap()
            .total,
        0
    );
    store.shutdown().await;
}

async fn statistics(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    let asked = |model: &str, precision: &str, lang: Lang, guild: u64| LogEntry {
        guild_id: Some(guild),
        user_id: Some(format!("user-{guild}")),
        model: Some(model.into()),
        precision: Some(precision.into()),
        gpu: Some("rtx-4090".into()),
        understood: true,
        language: lang,
        ..entry("q")
    };
    for _ in 0..3 {
        store
            .log()
            .record(asked("llama-3.1-70b", "fp16", Lang::Pt, 1));
    }
    store
        .log()
        .record(asked("qwen2.5-32b", "q4_k_m", Lang::Zh, 2));
    store.log().record(entry("what is love"));
    store.log().record(entry("what is love"));
    store.log().record(LogEntry {
        source: Source::Cli,
        ..entry("???")
    });
    let all = store.log().stats(&StatsFilter::default()).await.unwrap();
    assert_eq!(all.total, 7);
    assert_eq!(all.understood, 4);
    assert_eq!(all.not_understood(), 3);
    assert_eq!(all.users, 2);
    assert_eq!(all.top_models[0], ("llama-3.1-70b".to_string(), 3));
    assert_eq!(all.top_precisions[1], ("q4_k_m".to_string(), 1));
    assert_eq!(all.top_gpus, vec![("rtx-4090".to_string(), 4)]);
    assert_eq!(all.by_source[0], ("discord".to_string(), 6));
    assert_eq!(all.unanswered[0], ("what is love".to_string(), 2));
    assert!(all.languages.contains(&("pt".to_string(), 3)));
    let guild = store
        .log()
        .stats(&StatsFilter {
            since: Some(Duration::from_secs(3_600)),
            guild_id: Some(2),
        })
        .await
        .unwrap();
    assert_eq!(guild.total, 1);
    assert_eq!(guild.top_models, vec![("qwen2.5-32b".to_string(), 1)]);
    // Old rows fall out of a window.
    execute(
        store.db(),
        "UPDATE query_log SET created_at = created_at - 691200000 WHERE guild_id = 1",
    )
    .await;
    let week = store
        .log()
        .stats(&StatsFilter {
            since: Some(Duration::from_secs(7 * 86_400)),
            guild_id: None,
        })
        .await
        .unwrap();
    assert_eq!(week.total, 4);
    let text = vramguide::render::stats::text(Lang::Pt, &all);
    assert!(
        text.contains("llama-3.1-70b") && text.contains("what is love"),
        "{text}"
    );
    store.shutdown().await;
}

async fn retention(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    for i in 0..5 {
        store.log().record(entry(&format!("q{i}")));
    }
    assert!(store.log().flush(Duration::from_secs(10)).await);
    execute(
        store.db(),
        "UPDATE query_log SET created_at = created_at - 3456000000 WHERE question IN ('q0', 'q1')",
    )
    .await;
    assert_eq!(store.log().purge_older_than(30).await.unwrap(), 2);
    assert_eq!(store.log().purge_older_than(30).await.unwrap(), 0);
    assert_eq!(
        store
            .log()
            .stats(&StatsFilter::default())
            .await
            .unwrap()
            .total,
        3
    );
    store.shutdown().await;
}

/// Build each earlier schema with data in it, then open the store (which migrates to the
/// latest): the data survives and every table works. Version 0 is the empty database.
async fn migrations_from_every_earlier_version(config: StoreConfig) {
    let probe = Db::connect(&config.database_url).await.unwrap();
    let versions = probe.migration_versions();
    probe.close().await;
    assert!(versions.len() >= 3, "{versions:?}");
    for (i, &from) in std::iter::once(&0).chain(&versions).enumerate() {
        let mut config = config.clone();
        config.database_url = if config.database_url.starts_with("sqlite") {
            format!(
                "sqlite://{}",
                config.data_dir.join(format!("v{i}.db")).display()
            )
        } else {
            postgres_config(&format!("mig{i}"))
                .await
                .unwrap()
                .database_url
        };
        let db = Db::connect(&config.database_url).await.unwrap();
        if from > 0 {
            db.migrate_to(Some(from)).await.unwrap();
            execute(&db, "INSERT INTO query_log (created_at, source, language, question, understood, latency_us) \
                          VALUES (1, 'cli', 'en', 'from an old version', TRUE, 5)").await;
        }
        db.close().await;
        let store = Store::open(config.clone()).await.unwrap();
        store.log().record(entry("after the upgrade"));
        store
            .prefs()
            .set_user_language("u", Some(Lang::Es))
            .await
            .unwrap();
        store.prefs().set_listened(1, 2, true).await.unwrap();
        let stats = store.log().stats(&StatsFilter::default()).await.unwrap();
        assert_eq!(
            stats.total,
            if from > 0 { 2 } else { 1 },
            "from version {from}"
        );
        store.shutdown().await;
        // Reopening an up-to-date database changes nothing.
        let again = Store::open(config).await.unwrap();
        assert_eq!(
            again
                .log()
                .stats(&StatsFilter::default())
                .await
                .unwrap()
                .total,
            stats.total
        );
        again.shutdown().await;
    }
}

/// The database refuses writes (a trigger stands in for "disk full" or "read-only", which
/// root can't be made to see): answers flow, the failure is counted and logged once, and
/// the rows are committed once it accepts writes again.
async fn write_failure_is_retried_not_lost(config: StoreConfig) {
    let postgres = config.database_url.starts_with("postgres");
    let store = Store::open(config).await.unwrap();
    let (fail, heal) = if postgres {
        (
            "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'database is read-only'; END $$ LANGUAGE plpgsql; \
             CREATE TRIGGER refuse BEFORE INSERT ON query_log FOR EACH ROW EXECUTE FUNCTION refuse();",
            "DROP TRIGGER refuse ON query_log;",
        )
    } else {
        (
            "CREATE TRIGGER refuse BEFORE INSERT ON query_log BEGIN SELECT RAISE(ABORT, 'attempt to write a readonly database'); END;",
            "DROP TRIGGER refuse;",
        )
    };
    execute(store.db(), fail).await;
    let started = Instant::now();
    for i in 0..1_000 {
        store.log().record(entry(&format!("during the outage {i}")));
    }
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "log() waited for the database"
    );
    assert!(
        !store.log().flush(Duration::from_secs(2)).await,
        "nothing can be committed yet"
    );
    assert!(
        store.log().write_errors() >= 2,
        "retried: {}",
        store.log().write_errors()
    );
    assert_eq!(store.log().queue_depth(), 1_000, "rows kept, not dropped");
    execute(store.db(), heal).await;
    assert!(
        store.log().flush(Duration::from_secs(15)).await,
        "rows committed after recovery"
    );
    assert_eq!(
        store
            .log()
            .stats(&StatsFilter::default())
            .await
            .unwrap()
            .total,
        1_000
    );
    store.shutdown().await;
}

/// SQL that makes the database refuse inserts, and SQL that heals it.
fn refusal(postgres: bool) -> (&'static str, &'static str) {
    if postgres {
        (
            "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'database is read-only'; END $$ LANGUAGE plpgsql; \
             CREATE TRIGGER refuse BEFORE INSERT ON query_log FOR EACH ROW EXECUTE FUNCTION refuse();",
            "DROP TRIGGER refuse ON query_log;",
        )
    } else {
        (
            "CREATE TRIGGER refuse BEFORE INSERT ON query_log BEGIN SELECT RAISE(ABORT, 'attempt to write a readonly database'); END;",
            "DROP TRIGGER refuse;",
        )
    }
}

/// Record `n` rows at a steady pace (a busy server, not one tight loop), returning the
/// most rows ever held in memory.
async fn record_during_outage(store: &Store, n: usize, tag: &str) -> usize {
    let mut most = 0;
    for i in 0..n {
        store.log().record(LogEntry {
            user_id: Some(format!("user{}", i % 7)),
            ..entry(&format!("{tag} {i}"))
        });
        most = most.max(store.log().queue_depth());
        if i % 100 == 99 {
            tokio::time::sleep(Duration::from_millis(3)).await;
        }
    }
    most
}

async fn total(store: &Store) -> u64 {
    store
        .log()
        .stats(&StatsFilter::default())
        .await
        .unwrap()
        .total
}

/// The database refuses writes under load: memory holds at most twice the queue, the rows
/// past it wait in the spill file, the rows committed before stay, and recovery writes the
/// spilled rows back once each (their user ids hashed like every other row).
async fn an_outage_past_the_queue_spills_and_writes_back(config: StoreConfig) {
    const CAPACITY: usize = 1_000;
    const DURING: usize = 10_000;
    let postgres = config.database_url.starts_with("postgres");
    let config = StoreConfig {
        queue_capacity: CAPACITY,
        ..config
    };
    let spill = config.spill_path().expect("a spill file by default");
    let store = Store::open(config).await.unwrap();
    for i in 0..300 {
        store.log().record(entry(&format!("before {i}")));
    }
    assert!(store.log().flush(Duration::from_secs(10)).await);
    let (fail, heal) = refusal(postgres);
    execute(store.db(), fail).await;
    let started = Instant::now();
    let most = record_during_outage(&store, DURING, "during").await;
    let took = started.elapsed();
    // Let the writer's next try move the rest out.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (depth, spilled, dropped) = (
        store.log().queue_depth(),
        store.log().spilled(),
        store.log().dropped(),
    );
    println!(
        "{DURING} rows in {took:?} during the outage: at most {most} in memory, \
         {depth} now, {spilled} spilled, {dropped} dropped, {} write errors",
        store.log().write_errors()
    );
    assert!(most <= 2 * CAPACITY, "{most} rows held in memory");
    assert!(
        spilled > 0 && spill.exists(),
        "rows went to {}",
        spill.display()
    );
    assert_eq!(
        depth as u64 + spilled + dropped,
        DURING as u64,
        "every row accounted for"
    );
    // How many the spill file takes depends on how fast this machine writes it (the
    // test build hashes and serializes unoptimized); most must get there.
    assert!(dropped < DURING as u64 / 2, "{dropped} dropped");
    let text = std::fs::read_to_string(&spill).unwrap();
    assert!(
        !text.contains("\"user7\"") && !text.contains("user_id"),
        "no raw ids"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&spill).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "the spill file is owner-only: {mode:o}");
    }
    execute(store.db(), heal).await;
    assert!(
        store.log().flush(Duration::from_secs(20)).await,
        "rows committed after recovery"
    );
    assert_eq!(total(&store).await, 300 + DURING as u64 - dropped);
    assert!(
        !spill.exists(),
        "the spill file is deleted once written back"
    );
    assert_eq!(store.log().spilled(), 0);
    let users = store
        .log()
        .stats(&StatsFilter::default())
        .await
        .unwrap()
        .users;
    assert_eq!(users, 7, "spilled rows keep the same user hashes");
    store.shutdown().await;
}

/// With the spill file turned off, rows past the queue are dropped and counted; the rest
/// are committed after recovery.
async fn without_a_spill_file_rows_past_the_queue_are_dropped_and_counted(config: StoreConfig) {
    let postgres = config.database_url.starts_with("postgres");
    let store = Store::open(StoreConfig {
        queue_capacity: 500,
        log_spill: LogSpill::Off,
        ..config
    })
    .await
    .unwrap();
    let (fail, heal) = refusal(postgres);
    execute(store.db(), fail).await;
    let most = record_during_outage(&store, 3_000, "during").await;
    let (depth, dropped) = (store.log().queue_depth(), store.log().dropped());
    assert!(most <= 500, "{most}");
    assert!(dropped >= 2_000, "{dropped}");
    assert_eq!(depth as u64 + dropped, 3_000);
    execute(store.db(), heal).await;
    assert!(store.log().flush(Duration::from_secs(20)).await);
    assert_eq!(total(&store).await, depth as u64);
    store.shutdown().await;
}

/// A SQLite file opened read-only for real, under load: memory stays within the queue,
/// the rows past it go to the spill file beside the database, the rows committed before
/// are untouched, and the next start on a writable database writes the spilled rows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_read_only_under_load_spills_and_the_next_start_writes_back() {
    let config = StoreConfig {
        queue_capacity: 2_000,
        ..sqlite_config("ro_load")
    };
    let writable = Store::open(config.clone()).await.unwrap();
    for i in 0..100 {
        writable.log().record(entry(&format!("committed {i}")));
    }
    writable.shutdown().await;
    let spill = config.spill_path().unwrap();
    let ro = StoreConfig {
        database_url: format!("{}?mode=ro", config.database_url),
        ..config.clone()
    };
    assert_eq!(ro.spill_path(), Some(spill.clone()));
    let store = Store::open(ro).await.unwrap();
    let most = record_during_outage(&store, 30_000, "read-only").await;
    // Shutdown on a dead database: what is still in memory goes to the spill file too.
    store.shutdown().await;
    let dropped = store.log().dropped();
    println!(
        "read-only: at most {most} rows in memory, {} write errors, {dropped} dropped",
        store.log().write_errors()
    );
    assert!(most <= 4_000, "{most}");
    assert!(store.log().write_errors() >= 1);
    let lines = std::fs::read_to_string(&spill).unwrap().lines().count() as u64;
    assert_eq!(lines + dropped, 30_000);
    let reopened = Store::open(config).await.unwrap();
    assert!(reopened.log().flush(Duration::from_secs(20)).await);
    assert_eq!(total(&reopened).await, 100 + lines);
    assert!(!spill.exists());
    reopened.shutdown().await;
}

/// A SQLite file opened read-only for real: log() still returns at once, errors are
/// counted, and nothing queued is discarded while the process lives.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_read_only_database() {
    let config = sqlite_config("ro");
    Store::open(config.clone()).await.unwrap().shutdown().await;
    let ro = StoreConfig {
        database_url: format!("{}?mode=ro", config.database_url),
        ..config
    };
    let store = Store::open(ro).await.unwrap();
    let started = Instant::now();
    for i in 0..100 {
        store.log().record(entry(&format!("q{i}")));
    }
    assert!(started.elapsed() < Duration::from_millis(500));
    assert!(!store.log().flush(Duration::from_secs(1)).await);
    assert!(store.log().write_errors() >= 1);
    assert_eq!(store.log().queue_depth(), 100);
}

/// The writer sleeps out its batch interval instead of waking for every row; a flush (what
/// `stats` and `forget` wait on) still wakes it at once, and the row is committed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flush_does_not_wait_out_the_batch_interval() {
    let store = Store::open(StoreConfig {
        batch_interval: Duration::from_secs(60),
        ..StoreConfig::in_memory()
    })
    .await
    .unwrap();
    for i in 0..3 {
        store.log().record(entry(&format!("q{i}")));
        // Let the writer take the row and fall asleep before the flush is sent.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let started = Instant::now();
    assert!(store.log().flush(Duration::from_secs(5)).await);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(rows(&store).await.len(), 3);
    store.shutdown().await;
}

#[tokio::test]
async fn hash_key_is_generated_once_and_kept() {
    let dir = temp_dir("key");
    let config = StoreConfig {
        database_url: "sqlite::memory:".into(),
        data_dir: dir.clone(),
        ..StoreConfig::default()
    };
    let first = Store::open(config.clone()).await.unwrap();
    let key = std::fs::read_to_string(dir.join("vramguide.key")).unwrap();
    assert_eq!(key.trim().len(), 64);
    let second = Store::open(config.clone()).await.unwrap();
    assert_eq!(first.user_hash("42"), second.user_hash("42"));
    let keyed = Store::open(StoreConfig {
        hash_key: Some("configured".into()),
        ..config
    })
    .await
    .unwrap();
    assert_ne!(first.user_hash("42"), keyed.user_hash("42"));
}
