//! The query log under storage faults injected below SQLite (see [`failing_vfs`]): writes
//! refused as by an immutable file or a read-only mount, a full disk, a shared-memory index
//! that cannot be mapped; and the database files deleted under the running server. Every
//! recorded question must be in the log afterwards, or counted as dropped past the spill
//! file's limit; the writer never says the database recovered before it read a row back.

use super::failing_vfs::{self, Fault};
use super::*;
use vramguide::store::LogHealth;

/// One fault at a time: the VFS's fault is process-wide.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A SQLite store on the failing VFS, with a small queue so that an outage spills.
fn faulty_config(tag: &str, capacity: usize) -> StoreConfig {
    failing_vfs::register();
    let config = sqlite_config(tag);
    StoreConfig {
        database_url: format!("{}?vfs={}", config.database_url, failing_vfs::NAME),
        queue_capacity: capacity,
        ..config
    }
}

/// Rows with distinct questions, and how many distinct ones the log holds.
async fn distinct_questions(store: &Store) -> (u64, u64) {
    let Db::Sqlite(pool) = store.db() else {
        unreachable!("SQLite")
    };
    sqlx::query_as::<_, (i64, i64)>("SELECT COUNT(*), COUNT(DISTINCT question) FROM query_log")
        .fetch_one(pool)
        .await
        .map(|(n, d)| (n as u64, d as u64))
        .unwrap()
}

/// 2,000 rows before, 20,000 while `fault` lasts (about as long again after the last one,
/// so the writer fails many times), then the storage heals: all 22,000 are stored, once.
async fn survives(fault: Fault) {
    let _one = SERIAL.lock().await;
    const BEFORE: usize = 2_000;
    const DURING: usize = 20_000;
    let tag = format!("fault_{fault:?}");
    // Twice the capacity holds the whole outage, so no row can be dropped however slowly
    // a loaded machine lets the writer move rows to the spill file; past the capacity
    // they still go there.
    let store = Store::open(faulty_config(&tag, DURING / 2)).await.unwrap();
    for i in 0..BEFORE {
        store.log().record(entry(&format!("{tag} before {i}")));
    }
    assert!(store.log().flush(Duration::from_secs(10)).await);
    failing_vfs::set(fault);
    let started = Instant::now();
    super::outage::record_during_outage(&store, DURING, &format!("{tag} during")).await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let failed_for = started.elapsed();
    let health = store.log().health();
    let errors = store.log().write_errors();
    failing_vfs::set(Fault::None);
    let flushed = store.log().flush(Duration::from_secs(30)).await;
    let (rows, distinct) = distinct_questions(&store).await;
    let dropped = store.log().dropped();
    println!(
        "{fault:?}: {DURING} rows over {failed_for:?} of faults, {errors} write errors, \
         health {health:?}; after: {rows} rows ({distinct} distinct), {dropped} dropped"
    );
    assert!(
        errors >= 2,
        "the writer met the fault and retried: {errors}"
    );
    assert_eq!(health, LogHealth::Delayed, "rows wait, none dropped yet");
    assert!(flushed, "every row committed after the storage healed");
    assert_eq!(dropped, 0, "the spill file took what memory could not");
    assert_eq!(
        rows,
        (BEFORE + DURING) as u64,
        "every recorded row is stored"
    );
    assert_eq!(distinct, rows, "no row stored twice");
    assert_eq!(store.log().health(), LogHealth::Writing);
    store.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_refused_as_by_an_immutable_file_lose_no_row() {
    survives(Fault::ReadOnly).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_loses_no_row() {
    survives(Fault::Full).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_memory_index_that_cannot_be_mapped_loses_no_row() {
    survives(Fault::Shm).await;
}

/// Past the spill file's limit rows are dropped, counted, and `/healthz`'s state says so;
/// every row not counted as dropped is stored once the storage heals.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_spill_limit_rows_are_dropped_and_counted() {
    let _one = SERIAL.lock().await;
    let config = StoreConfig {
        spill_limit_bytes: 256 * 1024,
        ..faulty_config("spill_limit", 500)
    };
    let spill = config.spill_path().unwrap();
    let store = Store::open(config).await.unwrap();
    failing_vfs::set(Fault::Full);
    super::outage::record_during_outage(&store, 20_000, "limited").await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let health = store.log().health();
    let spill_bytes = std::fs::metadata(&spill).map_or(0, |m| m.len());
    failing_vfs::set(Fault::None);
    assert!(store.log().flush(Duration::from_secs(30)).await);
    let (rows, distinct) = distinct_questions(&store).await;
    // Counted after the flush: rows still in the channel when the storage healed may have
    // met the full spill file a moment before.
    let dropped = store.log().dropped();
    println!("spill limit 256 KiB: {spill_bytes} bytes spilled, {dropped} dropped, {rows} stored");
    assert!(spill_bytes <= 256 * 1024, "{spill_bytes}");
    assert!(dropped > 0, "rows past the limit were dropped");
    assert_eq!(health, LogHealth::Dropping);
    assert_eq!(rows + dropped, 20_000, "every row stored or counted");
    assert_eq!(distinct, rows);
    store.shutdown().await;
}

/// The database files deleted under the running server: the next commit notices, the file
/// is made again (owner-only, with its schema) and every row recorded after the deletion
/// is there after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn database_files_deleted_under_the_server_are_made_again() {
    let config = sqlite_config("deleted");
    let file = vramguide::store::db::sqlite_file(&config.database_url).unwrap();
    let store = Store::open(config.clone()).await.unwrap();
    for i in 0..500 {
        store.log().record(entry(&format!("before {i}")));
    }
    assert!(store.log().flush(Duration::from_secs(10)).await);
    for suffix in ["", "-journal", "-wal", "-shm"] {
        let mut name = file.clone().into_os_string();
        name.push(suffix);
        let _ = std::fs::remove_file(&name);
    }
    for i in 0..2_000 {
        store.log().record(entry(&format!("after {i}")));
        if i % 100 == 99 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    assert!(store.log().flush(Duration::from_secs(20)).await);
    store.shutdown().await;
    assert!(file.exists(), "the database file was made again");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "owner-only: {mode:o}");
    }
    let reopened = Store::open(config).await.unwrap();
    let (rows, distinct) = distinct_questions(&reopened).await;
    println!("after deleting the files: {rows} rows in the new file");
    assert_eq!(rows, 2_000, "every row recorded after the deletion");
    assert_eq!(distinct, rows);
    reopened.shutdown().await;
}

/// Real files made immutable under the running writer (`chattr +i`, as root on a file
/// system that has the flag), the journal included: the process lives on (in WAL mode the
/// mapped shared-memory file killed it with SIGBUS), and
/// every row is stored once the flag is lifted. Skipped, with a note, where `chattr` cannot
/// set the flag.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_immutable_files_including_shm_lose_nothing() {
    let config = StoreConfig {
        queue_capacity: 2_000,
        ..sqlite_config("chattr")
    };
    let file = vramguide::store::db::sqlite_file(&config.database_url).unwrap();
    let store = Store::open(config).await.unwrap();
    for i in 0..1_000 {
        store.log().record(entry(&format!("before {i}")));
    }
    assert!(store.log().flush(Duration::from_secs(10)).await);
    let names: Vec<std::ffi::OsString> = ["", "-journal", "-wal", "-shm"]
        .iter()
        .map(|suffix| {
            let mut name = file.clone().into_os_string();
            name.push(suffix);
            name
        })
        .filter(|name| std::path::Path::new(name).exists())
        .collect();
    let chattr = |flag: &str| {
        std::process::Command::new("chattr")
            .arg(flag)
            .args(&names)
            .status()
            .is_ok_and(|s| s.success())
    };
    if !chattr("+i") {
        let _ = writeln!(
            std::io::stderr(),
            "real_immutable_files_including_shm_lose_nothing: SKIPPED, chattr +i is not available here"
        );
        return;
    }
    super::outage::record_during_outage(&store, 10_000, "immutable").await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let errors = store.log().write_errors();
    assert!(chattr("-i"), "chattr -i");
    assert!(store.log().flush(Duration::from_secs(30)).await);
    let (rows, distinct) = distinct_questions(&store).await;
    println!("immutable files: {errors} write errors, then {rows} rows ({distinct} distinct)");
    assert!(errors >= 1, "{errors}");
    assert_eq!(rows + store.log().dropped(), 11_000);
    assert_eq!(distinct, rows);
    store.shutdown().await;
}
