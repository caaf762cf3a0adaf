//! Query-log throughput: how many logged questions per second the writer commits, and how
//! long `Log::record` holds the caller (enqueue latency p50/p99/max).
//!
//! `cargo bench --bench store_log` (SQLite in a temp folder; set
//! VRAMGUIDE_BENCH_POSTGRES_URL to measure Postgres too). `BENCH_ROWS` overrides the count.

use std::time::{Duration, Instant};
use vramguide::i18n::Lang;
use vramguide::store::{LogEntry, Source, StatsFilter, Store, StoreConfig};

fn entry(i: u64) -> LogEntry {
    LogEntry {
        guild_id: Some(123_456_789_012_345_678),
        channel_id: Some(42),
        user_id: Some(format!("{}", 100_000_000_000 + i % 5_000)),
        locale: Some("pt-BR".into()),
        query: Some(
            serde_json::json!({"model": "llama-3.1-70b", "precision": "fp16", "context": 8192})
                .to_string()
                .into(),
        ),
        model: Some("llama-3.1-70b".into()),
        precision: Some("fp16".into()),
        gpu: Some("rtx-4090".into()),
        total_gib: Some(136.7),
        understood: !i.is_multiple_of(20),
        latency_us: 900,
        ..LogEntry::new(
            Source::Discord,
            Lang::Pt,
            format!("llama 70b fp16 em 2x 4090 #{i}"),
        )
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

async fn bench(label: &str, config: StoreConfig, rows: u64) {
    let store = Store::open(config).await.expect("store opens");
    // Build the entries first so the timing covers `log` and the writer only.
    let entries: Vec<LogEntry> = (0..rows).map(entry).collect();
    let mut latencies = Vec::with_capacity(rows as usize);
    let started = Instant::now();
    for e in entries {
        let t = Instant::now();
        store.log().record(e);
        latencies.push(t.elapsed());
    }
    let enqueued = started.elapsed();
    assert!(
        store.log().flush(Duration::from_secs(600)).await,
        "committed"
    );
    let committed = started.elapsed();
    let total = store
        .log()
        .stats(&StatsFilter::default())
        .await
        .unwrap()
        .total;
    store.shutdown().await;
    assert_eq!(total, rows, "every row committed");
    latencies.sort();
    println!(
        "{label}: {rows} rows committed in {:.2} s = {:.0} rows/s sustained; \
         enqueue of all rows {:.0} ms; log() p50 {:?} p99 {:?} max {:?}; write errors {}",
        committed.as_secs_f64(),
        rows as f64 / committed.as_secs_f64(),
        enqueued.as_secs_f64() * 1e3,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
        latencies.last().unwrap(),
        store.log().write_errors(),
    );
}

fn main() {
    let rows: u64 = std::env::var("BENCH_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500_000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = std::env::temp_dir().join(format!("vg_bench_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    runtime.block_on(async {
        // The whole burst fits the queue: this measures the writer, not the queue's
        // bound (with the default 50,000 rows, a 500,000-row burst is mostly dropped by
        // design, and the bench failed once the queue was bounded).
        let queue_capacity = rows as usize;
        let sqlite = StoreConfig {
            database_url: format!("sqlite://{}", dir.join("bench.db").display()),
            data_dir: dir.clone(),
            hash_key: Some("bench".into()),
            queue_capacity,
            ..StoreConfig::default()
        };
        bench("sqlite", sqlite, rows).await;
        if let Ok(url) = std::env::var("VRAMGUIDE_BENCH_POSTGRES_URL") {
            let pg = StoreConfig {
                database_url: url,
                data_dir: dir.clone(),
                hash_key: Some("bench".into()),
                queue_capacity,
                ..StoreConfig::default()
            };
            bench("postgres", pg, rows).await;
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
}
