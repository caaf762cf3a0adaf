//! The guide server under hostile traffic (issue 16), against the real server on
//! 127.0.0.1: every attack of the probe, with the bounded outcome it must now have.
//! Connection and memory attacks run against the spawned binary so its file descriptors
//! and RSS are measured alone; the rest run in-process. Loops are bounded (a few hundred
//! sockets, 2,000 requests) and each test prints what it measured.

use super::web::{client, get, get_json, start, start_with};
use proptest::prelude::*;
use reqwest::StatusCode;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use vramguide::sanitize;
use vramguide::store::db::Db;
use vramguide::store::{LogEntry, Source, Store, StoreConfig};
use vramguide::web;
use vramguide::web::querylog::QueryLog;

const BIN: &str = env!("CARGO_BIN_EXE_vramguide");

/// The tests that load the CPU (sockets, 2,000 requests, the property test) and the one
/// that times requests take turns, so the timings measure the server, not its neighbours.
static HEAVY: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn temp_dir(tag: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let dir = std::env::temp_dir().join(format!("vg_hostile_{tag}_{}_{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The real binary serving on a free port, killed when dropped.
struct Spawned {
    child: Child,
    base: String,
    addr: String,
}

impl Spawned {
    fn start(extra: &[&str]) -> Spawned {
        Spawned::launch(&["--no-log"], extra)
    }

    /// The binary with `base` options (instead of `--no-log`) and `extra`.
    fn launch(base: &[&str], extra: &[&str]) -> Spawned {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let addr = format!("127.0.0.1:{port}");
        let child = Command::new(BIN)
            .args(["serve", "--rate-limit", "0", "--addr", &addr])
            .args(base)
            .args(extra)
            .env_remove("DISCORD_TOKEN")
            .env_remove("VRAMGUIDE_CONFIG")
            .env("RUST_LOG", "error")
            .current_dir(std::env::temp_dir())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let spawned = Spawned {
            child,
            base: format!("http://{addr}"),
            addr,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while healthz(&spawned.addr, Duration::from_millis(500)).is_none() {
            assert!(Instant::now() < deadline, "the server did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        spawned
    }

    fn status(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{field} in /proc status"))
    }

    fn rss_kib(&self) -> u64 {
        self.status("VmRSS:")
    }

    /// The most resident memory the process has had.
    fn peak_kib(&self) -> u64 {
        self.status("VmHWM:")
    }

    fn open_fds(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id()))
            .map(|d| d.count())
            .unwrap_or(0)
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// GET /healthz on a new connection with a deadline: Some(latency) when it said "ok".
fn healthz(addr: &str, timeout: Duration) -> Option<Duration> {
    let started = Instant::now();
    let mut s = TcpStream::connect_timeout(&addr.parse().ok()?, timeout).ok()?;
    s.set_read_timeout(Some(timeout)).ok()?;
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .ok()?;
    let mut out = String::new();
    s.read_to_string(&mut out).ok()?;
    out.ends_with("ok").then(|| started.elapsed())
}

/// True once the server has closed `s` (read gives EOF or a reset).
fn closed_by_server(s: &mut TcpStream) -> bool {
    let mut buf = [0u8; 64];
    match s.read(&mut buf) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => !matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ),
    }
}

/// Wait until every socket is closed by the server; returns how long that took.
fn wait_all_closed(sockets: &mut [TcpStream], limit: Duration) -> Duration {
    let started = Instant::now();
    for s in sockets.iter_mut() {
        s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
    }
    let mut open: Vec<usize> = (0..sockets.len()).collect();
    while !open.is_empty() {
        assert!(
            started.elapsed() < limit,
            "{} of {} sockets still open after {limit:?}",
            open.len(),
            sockets.len()
        );
        open.retain(|&i| !closed_by_server(&mut sockets[i]));
    }
    started.elapsed()
}

fn unsafe_chars(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| c != '\n' && sanitize::is_unsafe(c))
        .collect()
}

#[tokio::test]
async fn redirect_targets_stay_on_this_site_and_never_fail() {
    let base = start(0).await;
    let evil = [
        "/%09/evil.example",
        "%2F%09%2Fevil.example",
        "/%0a/evil.example",
        "/%0d%0aSet-Cookie:%20x=1",
        "/%00",
        "%00",
        "/%5Cevil.example",
        "%5C%5Cevil.example",
        "//evil.example",
        "%2F%2Fevil.example",
        "https://evil.example",
        "https:evil.example",
        "javascript:alert(1)",
        "/.//evil.example",
        "/%2509/evil.example",
        "/%E2%80%AE/evil.example",
        "/%C2%A0/evil.example",
        "%20//evil.example",
        "/\u{3000}/evil.example",
    ];
    let origin = reqwest::Url::parse(&format!("{base}/")).unwrap();
    for next in evil {
        let r = client()
            .get(format!("{base}/lang?set=pt&next={next}"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "{next}");
        let location = r.headers()["location"].to_str().unwrap();
        assert_eq!(location, "/", "{next} -> {location}");
        assert!(
            r.headers()["set-cookie"]
                .to_str()
                .unwrap()
                .starts_with("lang=pt;")
        );
    }
    // What is kept is a path a browser resolves to this origin.
    for (next, kept) in [
        ("%2Fask%3Fq%3Dllama%2B70b", "/ask?q=llama+70b"),
        ("/guide/nvlink", "/guide/nvlink"),
        ("%2Fask%3Fq%3Dllama%252070b", "/ask?q=llama%2070b"),
    ] {
        let r = client()
            .get(format!("{base}/lang?set=es&next={next}"))
            .send()
            .await
            .unwrap();
        let location = r.headers()["location"].to_str().unwrap();
        assert_eq!(location, kept);
        assert_eq!(origin.join(location).unwrap().origin(), origin.origin());
    }
}

#[test]
fn idle_and_slow_sockets_are_closed_and_healthz_keeps_answering() {
    let _turn = HEAVY.blocking_lock();
    // Short timeouts so the test takes seconds; the defaults are 10 s and 256.
    let server = Spawned::start(&["--max-connections", "100", "--idle-timeout", "1"]);
    let fds_before = server.open_fds();
    // Under the cap: 80 idle sockets and 20 sending a header byte every 200 ms.
    let mut idle: Vec<TcpStream> = (0..80)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    let mut slow: Vec<TcpStream> = (0..19)
        .map(|_| {
            let mut s = TcpStream::connect(&server.addr).unwrap();
            s.write_all(b"GET / HTTP/1.1\r\nX-Slow: ").unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let latency = healthz(&server.addr, Duration::from_secs(2)).expect("/healthz answers");
    let fds_during = server.open_fds();
    // The slow ones keep sending; the header timeout still ends them.
    let started = Instant::now();
    let feeder = std::thread::spawn(move || {
        while started.elapsed() < Duration::from_secs(3) {
            for s in slow.iter_mut() {
                let _ = s.write_all(b"a");
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        slow
    });
    let idle_closed = wait_all_closed(&mut idle, Duration::from_secs(5));
    let mut slow = feeder.join().unwrap();
    let slow_closed = wait_all_closed(&mut slow, Duration::from_secs(5));
    println!(
        "under the cap: /healthz {latency:?} with 99 sockets held; idle closed within \
         {idle_closed:?}, slow senders closed by {slow_closed:?} after 3 s of feeding; \
         fds {fds_before} -> {fds_during}"
    );
    assert!(latency < Duration::from_secs(1), "{latency:?}");

    // Over the cap: 300 idle sockets. The server holds at most 100 (the rest wait in
    // the backlog), closes each within the timeout, and /healthz is served in turn.
    let mut flood: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let fds_flood = server.open_fds();
    let latency = healthz(&server.addr, Duration::from_secs(8)).expect("/healthz answers");
    let flood_closed = wait_all_closed(&mut flood, Duration::from_secs(10));
    println!(
        "over the cap: 300 idle sockets; server fds {fds_flood} (cap 100 + {fds_before} \
         before); /healthz {latency:?}; all closed within {flood_closed:?}"
    );
    assert!(fds_flood <= fds_before + 100 + 2, "{fds_flood}");
    assert!(latency < Duration::from_secs(6), "{latency:?}");
    assert!(healthz(&server.addr, Duration::from_secs(1)).is_some());
}

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

/// One timed GET: its time, status and body.
async fn timed(http: &reqwest::Client, url: &str) -> (Duration, StatusCode, String) {
    let started = Instant::now();
    let r = http.get(url).send().await.unwrap();
    let status = r.status();
    let body = r.text().await.unwrap();
    (started.elapsed(), status, body)
}

/// Nine rounds of `url` and of `baseline` in turn (after a warm-up of each): both sorted
/// fastest first, with the last status and body of `url`. Taking turns exposes both to
/// the same load.
async fn against(url: &str, baseline: &str) -> (Vec<Duration>, Vec<Duration>, StatusCode, String) {
    let http = client();
    timed(&http, url).await;
    timed(&http, baseline).await;
    let (mut times, mut base) = (Vec::new(), Vec::new());
    let mut last = (StatusCode::OK, String::new());
    for _ in 0..9 {
        base.push(timed(&http, baseline).await.0);
        let (t, status, body) = timed(&http, url).await;
        times.push(t);
        last = (status, body);
    }
    times.sort();
    base.sort();
    (times, base, last.0, last.1)
}

/// Bound on what a refused 60,000-character value may cost: 5 ms in all (the issue's
/// bound) in an optimized build; in a debug build, where merely receiving and decoding
/// 60 KB takes longer, at most twice (or 10 ms more than) a route that reads the same
/// query string and ignores it: the unbounded work this guards against took 150-275 ms.
/// The fastest of nine is compared, since load from tests running beside it only adds time.
fn refused_within(fastest: Duration, baseline: Duration) -> bool {
    let bound = Duration::from_millis(5);
    if cfg!(debug_assertions) {
        fastest < baseline + (bound * 2).max(baseline)
    } else {
        fastest < bound
    }
}

#[tokio::test]
async fn oversized_values_are_refused_before_any_work() {
    let _turn = HEAVY.lock().await;
    let base = start(0).await;
    let long = "a".repeat(60_000);
    let ignored = format!("{base}/api/v1/guide?pad={long}");
    let normal = format!("{base}/api/v1/estimate?model=llama-3.1-8b");
    let (normal, ignoring, status, _) = against(&normal, &ignored).await;
    assert_eq!(status, StatusCode::OK);
    let mut report = vec![
        format!("normal estimate {:?}", normal[4]),
        format!("/api/v1/guide ignoring the same 60 KB {:?}", ignoring[4]),
    ];
    let routes = [
        format!("/api/v1/estimate?model={long}"),
        format!("/api/v1/estimate?model=llama-3.1-8b&gpu={long}"),
        format!("/api/v1/compare?gpus=rtx-4090,{long}"),
        format!("/api/v1/ask?q={long}"),
        format!("/compare?gpus=rtx-4090,{long}"),
    ];
    for path in routes {
        let (times, baseline, status, body) = against(&format!("{base}{path}"), &ignored).await;
        let name = &path[..path.rfind('=').unwrap()];
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}");
        if path.starts_with("/api/") {
            let v: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(v["error"]["kind"], "too_long");
            assert!(body.len() < 2_000, "the error does not echo the value");
        } else {
            assert!(
                body.len() < 64_000,
                "the page does not echo 60,000 characters"
            );
        }
        report.push(format!("{name} {:?} (fastest {:?})", times[4], times[0]));
        assert!(
            refused_within(times[0], baseline[0]),
            "{name}: {times:?} against {baseline:?}"
        );
    }
    println!(
        "60,000-character values, median of 9: {}",
        report.join(", ")
    );
}

#[tokio::test]
async fn a_comparison_of_a_thousand_gpus_is_refused() {
    let base = start(0).await;
    let many = vec!["rtx-4090"; 1_000].join(",");
    let (status, v) = get_json(&format!("{base}/api/v1/compare?gpus={many}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["error"]["kind"], "too_many_gpus");
    let eight = ["rtx-4090"; 8].join(",");
    let (status, v) = get_json(&format!("{base}/api/v1/compare?gpus={eight}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["gpus"].as_array().unwrap().len(), 8);
    // The page shows the first eight, as before.
    let (status, body) = get(&format!("{base}/compare?gpus={many}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.len() < 200_000, "{}", body.len());
}

/// Each request of the probe that got plain text, a 500 or the framework's words.
#[tokio::test]
async fn every_api_error_is_the_json_error_object() {
    let base = start(0).await;
    let http = client();
    let cases: Vec<(reqwest::RequestBuilder, StatusCode)> = vec![
        (
            http.get(format!("{base}/api/v1/ask?q=a&q=b")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.get(format!("{base}/api/v1/guide/%ff")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.get(format!("{base}/api/v1/estimate?model=a&model=b")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.get(format!("{base}/api/v1/compare?gpus=a&gpus=b")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.get(format!("{base}/api/v1/guide?lang=a&lang=b")),
            StatusCode::BAD_REQUEST,
        ),
        (
            http.get(format!("{base}/api/v1/nothing-here")),
            StatusCode::NOT_FOUND,
        ),
        (
            http.get(format!("{base}/api/v1/guide/no-such")),
            StatusCode::NOT_FOUND,
        ),
        (
            http.post(format!("{base}/api/v1/ask?q=llama")),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            http.get(format!("{base}/api/v1/ask?q=llama"))
                .body(vec![b'x'; 70_000]),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            http.get(format!("{base}/api/v1/ask?q={}", "a".repeat(600))),
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (request, expected) in cases {
        let r = request
            .header("accept-language", "zh-CN")
            .send()
            .await
            .unwrap();
        let url = r.url().to_string();
        assert_eq!(r.status(), expected, "{url}");
        let content_type = r.headers()["content-type"].to_str().unwrap().to_string();
        assert!(
            content_type.starts_with("application/json"),
            "{url}: {content_type}"
        );
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["understood"], false, "{url}");
        assert_eq!(v["language"], "zh", "{url}");
        assert!(v["error"]["kind"].is_string(), "{url}: {v}");
        assert!(!v["text"].as_str().unwrap().is_empty());
    }
    // Pages answer in the visitor's language, not with the framework's English.
    let r = http
        .get(format!("{base}/ask?q=a&q=b"))
        .header("accept-language", "pt-BR")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let text = r.text().await.unwrap();
    assert!(!text.contains("deserialize"), "{text}");
    assert_eq!(
        text,
        vramguide::i18n::t(vramguide::i18n::Lang::Pt, "web-bad-request")
    );
}

fn open_store(dir: &Path) -> StoreConfig {
    StoreConfig {
        database_url: format!("sqlite://{}", dir.join("log.db").display()),
        data_dir: dir.to_path_buf(),
        hash_key: Some("test-key".to_string()),
        ..StoreConfig::default()
    }
}

const HOSTILE: &str = "llama\u{1b}[2J\u{1b}[31m 70b\u{202E}evil\u{200B}\u{E0041}\u{7}\r\nfp16";

#[tokio::test]
async fn the_log_and_stats_show_no_control_or_invisible_characters() {
    let dir = temp_dir("stats");
    let store = Store::open(open_store(&dir)).await.unwrap();
    let base = start_with(web::Config {
        log: QueryLog::new(Some(store.clone())),
        ..web::Config::default()
    })
    .await;
    let hostile = |path: &str, key: &str| {
        reqwest::Url::parse_with_params(&format!("{base}{path}"), &[(key, HOSTILE)]).unwrap()
    };
    for url in [
        hostile("/api/v1/estimate", "model"),
        hostile("/api/v1/estimate", "gpu"),
        hostile("/api/v1/ask", "q"),
        hostile("/ask", "q"),
    ] {
        let (status, body) = get(url.as_str()).await;
        assert!(status.as_u16() < 500, "{url}");
        assert!(
            unsafe_chars(&body).is_empty(),
            "{url} echoed {:?}",
            unsafe_chars(&body)
        );
    }
    // A row written before this fix (or by another tool) still prints safely.
    store.log().record(LogEntry::new(
        Source::Web,
        vramguide::i18n::Lang::En,
        HOSTILE,
    ));
    assert!(store.log().flush(Duration::from_secs(10)).await);
    let Db::Sqlite(pool) = store.db() else {
        unreachable!()
    };
    let questions: Vec<String> = sqlx::query_scalar("SELECT question FROM query_log")
        .fetch_all(pool)
        .await
        .unwrap();
    let from_web = &questions[..questions.len() - 1];
    assert_eq!(from_web.len(), 4);
    for q in from_web {
        assert!(unsafe_chars(q).is_empty(), "stored {q:?}");
    }
    store.shutdown().await;
    for json in [false, true] {
        let mut cmd = Command::new(BIN);
        cmd.arg("stats")
            .arg("--database-url")
            .arg(format!("sqlite://{}", dir.join("log.db").display()))
            .arg("--data-dir")
            .arg(&dir)
            .env("RUST_LOG", "error");
        if json {
            cmd.arg("--json");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            unsafe_chars(&text).is_empty(),
            "stats printed {:?}",
            unsafe_chars(&text)
        );
        if json {
            assert!(text.contains("\\u202e"), "written as an escape: {text}");
            let v: Value = serde_json::from_str(&text).unwrap();
            assert!(
                v["unanswered"].to_string().contains('\u{202E}'),
                "the value is kept"
            );
        } else {
            assert!(
                text.contains("\\u{1b}[2J"),
                "escapes are spelled out: {text}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[tokio::test]
async fn sqlite_files_are_private_and_the_key_sits_beside_the_database() {
    use std::os::unix::fs::PermissionsExt as _;
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let dir = temp_dir("modes");
    let store = Store::open(StoreConfig {
        hash_key: None,
        ..open_store(&dir)
    })
    .await
    .unwrap();
    store.log().record(LogEntry::new(
        Source::Web,
        vramguide::i18n::Lang::En,
        "llama 70b",
    ));
    assert!(store.log().flush(Duration::from_secs(10)).await);
    for file in ["log.db", "log.db-wal", "log.db-shm", "vramguide.key"] {
        assert_eq!(mode(&dir.join(file)), 0o600, "{file}");
    }
    store.shutdown().await;
    // The binary with no --data-dir: the key goes beside the database, not into the
    // working directory.
    let work = temp_dir("cwd");
    let db_dir = temp_dir("db");
    let out = Command::new(BIN)
        .arg("migrate")
        .arg("--database-url")
        .arg(format!("sqlite://{}", db_dir.join("q.db").display()))
        .env_remove("VRAMGUIDE_DATA_DIR")
        .env_remove("VRAMGUIDE_HASH_KEY")
        .env_remove("VRAMGUIDE_CONFIG")
        .current_dir(&work)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(mode(&db_dir.join("vramguide.key")), 0o600);
    assert_eq!(mode(&db_dir.join("q.db")), 0o600);
    assert!(!work.join("vramguide.key").exists());
    for d in [dir, work, db_dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// Every route a query string can reach.
const ROUTES: &[&str] = &[
    "/",
    "/ask",
    "/compare",
    "/guide",
    "/guide/nvlink",
    "/guide/%ff%fe",
    "/models",
    "/gpus",
    "/lang",
    "/style.css",
    "/healthz",
    "/metrics",
    "/nowhere",
    "/api/v1/ask",
    "/api/v1/estimate",
    "/api/v1/compare",
    "/api/v1/models",
    "/api/v1/gpus",
    "/api/v1/guide",
    "/api/v1/guide/kv-cache",
    "/api/v1/guide/%c3%28",
    "/api/v1/openapi.json",
    "/api/v1/nowhere",
];

/// The largest answer any route gives: the catalog pages, in any language.
const MAX_RESPONSE_BYTES: usize = 1024 * 1024;

fn any_key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "q",
            "lang",
            "model",
            "gpu",
            "gpus",
            "precision",
            "context",
            "batch",
            "mode",
            "runtime",
            "set",
            "next",
            "params_b",
            "lora_rank",
            "kv_precision",
        ])
        .prop_map(str::to_string),
        "[a-z_%]{0,12}",
    ]
}

/// Raw query-string text: printable, percent escapes (invalid UTF-8 and controls
/// included), separators, or one long run.
fn any_value() -> impl Strategy<Value = String> {
    let escape = any::<u8>().prop_map(|b| format!("%{b:02X}"));
    let piece = prop_oneof![
        "[ -~&&[^#&=%]]{0,8}".prop_map(|s| s.replace(' ', "+")),
        escape,
        Just("%".to_string()),
        Just("&".to_string()),
        Just("=".to_string()),
        Just("%E2%80%AE".to_string()),
        Just("%F3%A0%81%81".to_string()),
        Just("rtx-4090,".to_string()),
        Just("llama+70b+fp16".to_string()),
        Just("%2F%2Fevil.example".to_string()),
    ];
    prop_oneof![
        8 => prop::collection::vec(piece, 0..12).prop_map(|v| v.concat()),
        // Six of these stay under the 64 KiB a URL may have.
        1 => (1usize..8_000).prop_map(|n| "x".repeat(n)),
        1 => (1usize..800).prop_map(|n| "%E2%80%8B".repeat(n)),
    ]
}

fn any_query() -> impl Strategy<Value = String> {
    prop::collection::vec((any_key(), any_value()), 0..6).prop_map(|pairs| {
        pairs
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    })
}

#[test]
fn no_query_string_gets_a_5xx_an_unbounded_answer_or_an_unbounded_row() {
    let _turn = HEAVY.blocking_lock();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = temp_dir("fuzz");
    let (base, store) = rt.block_on(async {
        let store = Store::open(open_store(&dir)).await.unwrap();
        let base = start_with(web::Config {
            log: QueryLog::new(Some(store.clone())),
            ..web::Config::default()
        })
        .await;
        (base, store)
    });
    let http = client();
    let config = proptest::test_runner::Config {
        cases: 256,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let strategy = (prop::sample::select(ROUTES), any_query());
    runner
        .run(&strategy, |(route, query)| {
            let url = format!("{base}{route}?{query}");
            let (status, content_type, len) = rt.block_on(async {
                let r = http.get(&url).send().await.unwrap();
                let status = r.status();
                let content_type = r
                    .headers()
                    .get("content-type")
                    .map(|v| v.to_str().unwrap_or("").to_string())
                    .unwrap_or_default();
                (status, content_type, r.bytes().await.unwrap().len())
            });
            prop_assert!(status.as_u16() < 500, "{status} for {url}");
            prop_assert!(len <= MAX_RESPONSE_BYTES, "{len} bytes for {url}");
            if route.starts_with("/api/") && !status.is_success() {
                prop_assert!(content_type.starts_with("application/json"), "{url}");
            }
            Ok(())
        })
        .unwrap();
    rt.block_on(async {
        assert!(store.log().flush(Duration::from_secs(10)).await);
        let Db::Sqlite(pool) = store.db() else {
            unreachable!()
        };
        let rows: Vec<(String, Option<String>)> =
            sqlx::query_as("SELECT question, locale FROM query_log")
                .fetch_all(pool)
                .await
                .unwrap();
        let longest = rows
            .iter()
            .map(|(q, _)| q.chars().count())
            .max()
            .unwrap_or(0);
        println!(
            "{} rows logged, longest question {longest} characters",
            rows.len()
        );
        assert!(longest <= web::input::MAX_LOGGED_CHARS);
        for (q, locale) in &rows {
            assert!(unsafe_chars(q).is_empty(), "{q:?}");
            assert!(locale.as_deref().is_none_or(|l| l.len() <= 64));
        }
        store.shutdown().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn the_answer_cache_key_holds_no_raw_header_or_parameter() {
    let state = web::AppState::new(web::Config::default());
    let mut headers = axum::http::HeaderMap::new();
    let huge = format!("es,{}", "ab-cd;q=0.5,".repeat(5_000));
    headers.insert("accept-language", huge.parse().unwrap());
    let huge_lang = "pt-".to_string() + &"z".repeat(30);
    for i in 0..300 {
        let question = format!("llama {i}b fp16");
        let addr = web::input::ClientAddr::default();
        web::ask::ask(&state, "api", &question, Some(&huge_lang), &headers, addr).await;
        web::ask::ask(
            &state,
            "api",
            &format!(" {question}\n"),
            Some("pt-BR"),
            &headers,
            addr,
        )
        .await;
    }
    let (entries, bytes) = state.answers.size();
    println!("600 questions with 60 KB headers: {entries} answers cached, {bytes} bytes");
    assert_eq!(
        entries, 300,
        "the same question in the same language is one entry"
    );
    assert!(bytes <= web::ask::CACHE_BYTES);
    assert!(
        bytes < 300 * 16 * 1024,
        "{bytes}: no key holds the raw header"
    );
}

/// One GET on a new connection, optionally from another loopback address; the whole
/// response as text ("" when the server closed the connection without one).
async fn raw_get(addr: &str, from: Option<&str>, path: &str) -> String {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    if let Some(from) = from {
        socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    }
    let mut s = socket.connect(addr.parse().unwrap()).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    if s.write_all(request.as_bytes()).await.is_err() {
        return String::new();
    }
    let mut out = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await;
    assert!(read.is_ok(), "no answer to {path} within 10 s");
    String::from_utf8_lossy(&out).into_owned()
}

/// [`raw_get`] again every 100 ms until the status is `want`, for at most 5 s; the last
/// response either way.
async fn until_status(addr: &str, path: &str, want: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let response = raw_get(addr, None, path).await;
        if status_of(&response) == want || Instant::now() > deadline {
            return response;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn status_of(response: &str) -> &str {
    response.split(' ').nth(1).unwrap_or("")
}

/// Past its cap, one address's new connections get `/healthz` and `/metrics` and a 503
/// with Retry-After for anything else; another address is served as usual, and the first
/// is again once its sockets close.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_past_its_cap_gets_only_health_and_metrics() {
    let _turn = HEAVY.lock().await;
    let server = Spawned::start(&["--max-connections-per-ip", "4", "--idle-timeout", "5"]);
    let held: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    // The server is another process: under a loaded test run it may accept the four
    // held sockets late, so ask until it counts them (a few seconds at most).
    let refused = until_status(&server.addr, "/api/v1/models", "503").await;
    assert_eq!(status_of(&refused), "503", "{refused}");
    assert!(
        refused.to_ascii_lowercase().contains("retry-after: 1"),
        "{refused}"
    );
    assert!(refused.contains("\"too_many_connections\""), "{refused}");
    let page = raw_get(&server.addr, None, "/gpus?lang=pt").await;
    assert_eq!(status_of(&page), "503");
    let health = raw_get(&server.addr, None, "/healthz").await;
    assert!(
        health.starts_with("HTTP/1.1 200") && health.ends_with("ok"),
        "{health}"
    );
    let metrics = raw_get(&server.addr, None, "/metrics").await;
    assert_eq!(status_of(&metrics), "200");
    let other = raw_get(&server.addr, Some("127.0.0.2"), "/api/v1/models").await;
    assert_eq!(status_of(&other), "200", "another address is served");
    drop(held);
    let again = until_status(&server.addr, "/api/v1/models", "200").await;
    assert_eq!(
        status_of(&again),
        "200",
        "served again once its sockets closed"
    );
}

/// The global cap full of idle sockets, more waiting behind them: `/healthz` is answered
/// within a second or two through the reserve (it waited out the idle timeout before),
/// other requests on the reserve get a 503, and the sockets held stay within the cap plus
/// the reserve.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_is_answered_while_the_connection_cap_is_full() {
    let _turn = HEAVY.lock().await;
    let server = Spawned::start(&[
        "--max-connections",
        "8",
        "--max-connections-per-ip",
        "0",
        "--idle-timeout",
        "20",
    ]);
    let fds_before = server.open_fds();
    let held: Vec<TcpStream> = (0..18)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let fds = server.open_fds();
    let started = Instant::now();
    let health = raw_get(&server.addr, None, "/healthz").await;
    let latency = started.elapsed();
    let busy = raw_get(&server.addr, None, "/api/v1/gpus").await;
    println!(
        "cap 8 full, 10 more idle behind it: /healthz {latency:?}; fds {fds_before} -> {fds}; \
         a page on the reserve: {}",
        busy.lines().next().unwrap_or("")
    );
    assert!(health.ends_with("ok"), "{health}");
    assert!(latency < Duration::from_secs(3), "{latency:?}");
    assert_eq!(status_of(&busy), "503", "{busy}");
    assert!(fds <= fds_before + 8 + 2 + 1, "{fds}");
    drop(held);
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
    let gpus = [
        "rtx-4090",
        "rtx-3090",
        "a100-80gb",
        "h100-sxm",
        "l40s",
        "rtx-a6000",
    ];
    let (ok, busy, retry_after) = rt.block_on(async move {
        let http = client();
        let started = Instant::now();
        let tasks: Vec<_> = (0..64)
            .map(|w| {
                let (http, base) = (http.clone(), base.clone());
                tokio::spawn(async move {
                    let (mut ok, mut busy, mut retry_after) = (0, 0, 0);
                    let mut i = w;
                    while started.elapsed() < Duration::from_secs(5) {
                        let url = format!(
                            "{base}/chart.png?q=llama+{}b+fp16+on+{}&lang=pt",
                            1 + i % 90,
                            gpus[i % gpus.len()]
                        );
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

/// `/metrics` off, or on an address of its own, and rate-limited wherever it is.
#[tokio::test]
async fn metrics_can_be_off_or_apart_and_are_rate_limited() {
    let off = start_with(web::Config {
        metrics: web::MetricsAccess::Off,
        ..web::Config::default()
    })
    .await;
    assert_eq!(
        get(&format!("{off}/metrics")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(get(&format!("{off}/healthz")).await.0, StatusCode::OK);

    let state = web::AppState::new(web::Config {
        metrics: web::MetricsAccess::Separate,
        ..web::Config::default()
    });
    let site = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let apart = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let (site_url, apart_url) = (
        format!("http://{}", site.local_addr().unwrap()),
        format!("http://{}", apart.local_addr().unwrap()),
    );
    tokio::spawn(web::serve(site, state.clone(), std::future::pending()));
    tokio::spawn(web::serve_metrics(apart, state, std::future::pending()));
    assert_eq!(
        get(&format!("{site_url}/metrics")).await.0,
        StatusCode::NOT_FOUND
    );
    let (status, text) = get(&format!("{apart_url}/metrics")).await;
    assert_eq!(status, StatusCode::OK);
    for needle in [
        "vramguide_query_log_dropped_rows",
        "vramguide_query_log_spilled_rows",
        "vramguide_charts_drawn",
        "vramguide_chart_cache_hits",
        "vramguide_charts_refused",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    assert_eq!(get(&format!("{apart_url}/healthz")).await.0, StatusCode::OK);
    assert_eq!(get(&format!("{apart_url}/")).await.0, StatusCode::NOT_FOUND);
    let http = client();
    let mut limited = 0;
    for _ in 0..40 {
        let r = http
            .get(format!("{apart_url}/metrics"))
            .send()
            .await
            .unwrap();
        if r.status() == StatusCode::TOO_MANY_REQUESTS {
            assert!(r.headers().contains_key("retry-after"));
            limited += 1;
        }
    }
    assert!(limited > 0, "40 scrapes at once are limited");
}

/// Every string in a JSON value.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
        Value::Object(o) => o.iter().for_each(|(k, v)| {
            out.push(k.clone());
            strings(v, out);
        }),
        _ => {}
    }
}

/// A Hub repo whose config.json carries an ESC sequence and a right-to-left override in
/// `model_type`, and one whose config lacks fields (the error names `model_type`): neither
/// character reaches the JSON, the page, the Discord embed or the terminal text.
#[tokio::test]
async fn hub_and_config_text_is_cleaned_before_any_surface() {
    use crate::fake_hub::{FakeHub, Repo, safetensors};
    const HOSTILE: &str = "\u{202E}llama\u{1b}[2J\u{1b}]0;owned\u{7}\u{2066}x";
    let hub = FakeHub::start().await;
    let config = |full: bool| {
        let mut c = serde_json::json!({
            "model_type": HOSTILE, "hidden_size": 256, "num_hidden_layers": 2,
            "num_attention_heads": 4, "vocab_size": 1000,
            "torch_dtype": "bfloat16",
        });
        if full {
            c["intermediate_size"] = serde_json::json!(512);
        }
        serde_json::to_vec(&c).unwrap()
    };
    let (weights, _) = safetensors(&[("model.embed_tokens.weight", "BF16", &[1000, 256])], 0);
    for (id, full) in [("evil/echo", true), ("evil/broken", false)] {
        let mut repo = Repo::default();
        repo.files.insert("config.json".into(), config(full));
        repo.files
            .insert("model.safetensors".into(), weights.clone());
        hub.add(id, repo);
    }
    let base = start_with(web::Config {
        hub: Some(vramguide::hub::Hub::for_endpoint(&hub.url, None).unwrap()),
        ..web::Config::default()
    })
    .await;
    for q in ["evil/echo+bf16", "evil/broken"] {
        let (_, json) = get(&format!("{base}/api/v1/ask?q={q}&lang=en")).await;
        let value: Value = serde_json::from_str(&json).unwrap();
        let mut all = Vec::new();
        strings(&value, &mut all);
        for s in &all {
            assert!(unsafe_chars(s).is_empty(), "{q}: {s:?}");
        }
        if q == "evil/broken" {
            assert!(
                json.contains("llama[2J"),
                "the error names model_type, cleaned: {json}"
            );
        }
        let (_, page) = get(&format!("{base}/ask?q={q}")).await;
        assert!(
            unsafe_chars(&page).is_empty(),
            "{q}: the page echoes {:?}",
            unsafe_chars(&page)
        );
    }
    // The same spec read from a user's file, rendered for the terminal and for Discord.
    let spec = vramguide::hub::spec_from_user_config("conf\u{202E}ig.json", &config(true)).unwrap();
    assert!(unsafe_chars(&spec.family).is_empty() && unsafe_chars(&spec.id).is_empty());
    let catalog = vramguide::catalog::Catalog::get();
    let q = vramguide::query::Query::default();
    let a = vramguide::answer::for_query_with(catalog, &q, Some(spec)).unwrap();
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, catalog, &a);
    assert!(unsafe_chars(&text).is_empty(), "{text:?}");
    let err = vramguide::hub::spec_from_user_config("c\u{1b}[2J.json", &config(false)).unwrap_err();
    let said = vramguide::render::error::message(vramguide::i18n::Lang::En, catalog, &err);
    assert!(
        said.contains("llama") && unsafe_chars(&said).is_empty(),
        "{said:?}"
    );
}

/// The figure `name` in a Prometheus text exposition.
fn metric(text: &str, name: &str) -> u64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("{name} in\n{text}"))
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
