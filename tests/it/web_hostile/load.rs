//! Load: huge headers, bursts of questions and of charts, and a read-only database keep
//! memory bounded and lose no row.

use super::*;

#[test]
fn memory_stays_bounded_under_huge_headers_and_many_questions() {
    let _turn = HEAVY.blocking_lock();
    let server = Spawned::start(&[]);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let base = server.base.clone();
    let send = |from: usize, to: usize| {
        let base = base.clone();
        rt.block_on(async move {
            let http = client();
            let tasks: Vec<_> = (0..8)
                .map(|w| {
                    let (http, base) = (http.clone(), base.clone());
                    tokio::spawn(async move {
                        for i in (from + w..to).step_by(8) {
                            // A different 64 KiB Accept-Language, `?lang=` and question
                            // each time: every one was a new cache key before.
                            let header = format!("x-{i},{}", "ab-cd;q=0.5,".repeat(5_400));
                            let lang = format!("pt-{}", "y".repeat(1_000 + i % 50));
                            let url = format!(
                                "{base}/api/v1/ask?q=llama+{}b+fp16&lang={lang}",
                                i % 997 + 1
                            );
                            let r = http
                                .get(url)
                                .header("accept-language", header)
                                .send()
                                .await
                                .unwrap();
                            assert!(r.status().is_success(), "{}", r.status());
                            r.bytes().await.unwrap();
                        }
                    })
                })
                .collect();
            for t in tasks {
                t.await.unwrap();
            }
        });
    };
    send(0, 200);
    let before = server.rss_kib();
    let started = Instant::now();
    send(200, 2_200);
    let after = server.rss_kib();
    let growth_mib = (after.saturating_sub(before)) as f64 / 1024.0;
    println!(
        "2,000 requests with 64 KiB headers in {:?}: RSS {} MiB -> {} MiB (+{growth_mib:.1} MiB)",
        started.elapsed(),
        before / 1024,
        after / 1024
    );
    assert!(growth_mib < 50.0, "RSS grew {growth_mib:.1} MiB");
}

/// 64 clients asking for charts at once, each a different question: charts are drawn a
/// few at a time, the rest answered 503 with Retry-After or from the cache, never a 5xx
/// of another kind; the process's peak memory stays under 300 MiB and `/healthz` answers
/// throughout.
#[test]
fn a_burst_of_charts_stays_within_bounds() {
    let _turn = HEAVY.blocking_lock();
    let server = Spawned::start(&["--max-connections-per-ip", "0"]);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let base = server.base.clone();
    let addr = server.addr.clone();
    let gpus = [
        "rtx-4090",
        "rtx-3090",
        "a100-80gb",
        "h100-sxm",
        "l40s",
        "rtx-a6000",
    ];
    // A chart is drawn only from the signed URL an answer page gives (issue 32): the 90
    // questions' pages first, then the burst on their charts.
    let charts: Vec<String> = rt.block_on(async {
        let http = client();
        let mut charts = Vec::new();
        for j in 0..90 {
            let page = format!(
                "{base}/ask?q=llama+{}b+fp16+on+{}&lang=pt",
                1 + j,
                gpus[j % gpus.len()]
            );
            let page = http.get(page).send().await.unwrap().text().await.unwrap();
            charts.push(format!("{base}{}", og_image(&page).expect("og:image")));
        }
        charts
    });
    let charts = std::sync::Arc::new(charts);
    let prober = std::thread::spawn(move || {
        let mut worst = Duration::ZERO;
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(5) {
            let latency = healthz(&addr, Duration::from_secs(5)).expect("/healthz answers");
            worst = worst.max(latency);
            std::thread::sleep(Duration::from_millis(100));
        }
        worst
    });
    let (ok, busy, retry_after) = rt.block_on(async move {
        let http = client();
        let started = Instant::now();
        let tasks: Vec<_> = (0..64)
            .map(|w| {
                let (http, charts) = (http.clone(), charts.clone());
                tokio::spawn(async move {
                    let (mut ok, mut busy, mut retry_after) = (0, 0, 0);
                    let mut i = w;
                    while started.elapsed() < Duration::from_secs(5) {
                        let url = charts[i % charts.len()].clone();
                        i += 64;
                        let r = http.get(url).send().await.unwrap();
                        match r.status() {
                            StatusCode::OK => {
                                let body = r.bytes().await.unwrap();
                                assert!(body.starts_with(b"\x89PNG"));
                                ok += 1;
                            }
                            StatusCode::SERVICE_UNAVAILABLE => {
                                retry_after += usize::from(r.headers().contains_key("retry-after"));
                                busy += 1;
                            }
                            other => panic!("chart answered {other}"),
                        }
                    }
                    (ok, busy, retry_after)
                })
            })
            .collect();
        let mut sums = (0, 0, 0);
        for t in tasks {
            let (o, b, r) = t.await.unwrap();
            sums = (sums.0 + o, sums.1 + b, sums.2 + r);
        }
        sums
    });
    let worst_health = prober.join().unwrap();
    let peak = server.peak_kib() / 1024;
    let during = server.rss_kib() / 1024;
    std::thread::sleep(Duration::from_secs(3));
    let after = server.rss_kib() / 1024;
    println!(
        "64 clients on /chart.png for 5 s: {ok} PNGs, {busy} busy (503); peak RSS {peak} MiB, \
         {during} MiB at the end, {after} MiB 3 s later; /healthz at worst {worst_health:?}"
    );
    assert!(ok > 0);
    assert_eq!(busy, retry_after, "every 503 says when to come back");
    assert!(peak < 300, "peak RSS {peak} MiB");
    // The test build draws and shapes unoptimized on a shared 2-core machine; the release
    // figure is in bench/hostile.sh.
    assert!(worst_health < Duration::from_secs(2), "{worst_health:?}");
}

/// The server on a read-only database under load: answers keep going out, memory stays
/// within the queue's bound, the rows past it are spilled and counted in /metrics, and
/// after SIGTERM and a start on a writable database every row is in the log, the ones
/// committed before included.
#[test]
fn a_read_only_database_under_load_keeps_memory_bounded_and_loses_no_row() {
    let _turn = HEAVY.blocking_lock();
    let dir = temp_dir("ro_server");
    let url = format!("sqlite://{}", dir.join("log.db").display());
    let config = StoreConfig {
        database_url: url.clone(),
        data_dir: dir.clone(),
        hash_key: Some("k".into()),
        ..StoreConfig::default()
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store = Store::open(config.clone()).await.unwrap();
        for i in 0..100 {
            store.log().record(LogEntry::new(
                Source::Web,
                vramguide::i18n::Lang::En,
                format!("before {i}"),
            ));
        }
        store.shutdown().await;
    });
    let ro = format!("{url}?mode=ro");
    let server = Spawned::launch(
        &[
            "--database-url",
            &ro,
            "--hash-key",
            "k",
            "--log-queue",
            "2000",
        ],
        &[],
    );
    let base = server.base.clone();
    let rss_before = server.rss_kib();
    let sent: u64 = rt.block_on(async move {
        let http = client();
        let started = Instant::now();
        let tasks: Vec<_> = (0..8)
            .map(|w| {
                let (http, base) = (http.clone(), base.clone());
                tokio::spawn(async move {
                    let mut n = 0u64;
                    while started.elapsed() < Duration::from_secs(5) {
                        let url =
                            format!("{base}/api/v1/ask?q=llama+{}b+fp16", 1 + (n * 8 + w) % 90);
                        let r = http.get(url).send().await.unwrap();
                        assert_eq!(r.status(), StatusCode::OK);
                        r.bytes().await.unwrap();
                        n += 1;
                    }
                    n
                })
            })
            .collect();
        let mut sent = 0;
        for t in tasks {
            sent += t.await.unwrap();
        }
        sent
    });
    std::thread::sleep(Duration::from_millis(500));
    let metrics = rt.block_on(async { get(&format!("{}/metrics", server.base)).await.1 });
    let (depth, spilled, dropped, errors) = (
        metric(&metrics, "vramguide_query_log_queue_depth"),
        metric(&metrics, "vramguide_query_log_spilled_rows"),
        metric(&metrics, "vramguide_query_log_dropped_rows"),
        metric(&metrics, "vramguide_query_log_write_errors"),
    );
    let (rss_after, peak) = (server.rss_kib(), server.peak_kib());
    println!(
        "read-only database, {sent} questions in 5 s: {depth} rows in memory, {spilled} spilled, \
         {dropped} dropped, {errors} failed writes; RSS {} -> {} MiB (peak {} MiB)",
        rss_before / 1024,
        rss_after / 1024,
        peak / 1024
    );
    assert!(depth <= 4_000, "{depth}");
    assert!(errors >= 1);
    assert_eq!(
        depth + spilled + dropped,
        sent,
        "every question accounted for"
    );
    assert!(
        rss_after.saturating_sub(rss_before) < 40 * 1024,
        "RSS grew {} KiB",
        rss_after - rss_before
    );
    // SIGTERM: the rows still in memory go to the spill file too.
    let pid = server.child.id().to_string();
    let status = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(status.success());
    let mut server = server;
    let deadline = Instant::now() + Duration::from_secs(20);
    while server.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the server did not stop");
        std::thread::sleep(Duration::from_millis(50));
    }
    let total = rt.block_on(async {
        let store = Store::open(config).await.unwrap();
        assert!(store.log().flush(Duration::from_secs(20)).await);
        let stats = store
            .log()
            .stats(&vramguide::store::StatsFilter::default())
            .await
            .unwrap();
        store.shutdown().await;
        stats.total
    });
    assert_eq!(
        total,
        100 + sent - dropped,
        "committed rows kept, spilled rows written back"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
