//! The query log through the real binary: `ask` is logged, still answers without a
//! database, `stats`/`forget`/`migrate` work, and SIGTERM drains the queue before exit.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use vramguide::store::hashing::UserHasher;

const BIN: &str = env!("CARGO_BIN_EXE_vramguide");

fn temp_dir(tag: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let dir = std::env::temp_dir().join(format!("vg_cli_{tag}_{}_{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The binary with the query log in `dir` (and nothing from the caller's environment).
fn vramguide(dir: &Path) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(dir)
        .env_remove("DATABASE_URL")
        .env_remove("VRAMGUIDE_HASH_KEY")
        .env_remove("VRAMGUIDE_DATA_DIR")
        .env_remove("VRAMGUIDE_RETENTION_DAYS")
        .env("RUST_LOG", "warn")
        .arg("--database-url")
        .arg(format!("sqlite://{}", dir.join("log.db").display()))
        .arg("--data-dir")
        .arg(dir);
    cmd
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("the binary runs")
}

fn stats(dir: &Path) -> Value {
    let out = run(vramguide(dir).args(["stats", "--json"]));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stats --json prints JSON")
}

#[test]
fn ask_is_logged_with_its_outcome() {
    let dir = temp_dir("ask");
    let out = run(vramguide(&dir).args(["ask", "llama 3.1 70b fp16 on 2x 4090"]));
    assert!(out.status.success());
    let plain = run(Command::new(BIN)
        .current_dir(&dir)
        .args(["--database-url", "sqlite::memory:", "--hash-key", "k"])
        .args(["ask", "llama 3.1 70b fp16 on 2x 4090"]));
    assert_eq!(
        out.stdout, plain.stdout,
        "logging does not change the answer"
    );
    let out = run(vramguide(&dir).args(["ask", "--lang", "pt", "bom dia, tudo bem?"]));
    assert_eq!(out.status.code(), Some(2));
    let s = stats(&dir);
    assert_eq!(s["total"], 2);
    assert_eq!(s["understood"], 1);
    assert_eq!(s["by_source"][0][0], "cli");
    assert_eq!(s["top_models"][0][0], "llama-3.1-70b");
    assert_eq!(s["top_precisions"][0][0], "fp16");
    assert_eq!(s["unanswered"][0][0], "bom dia, tudo bem?");
    assert!(
        dir.join("vramguide.key").exists(),
        "key generated into --data-dir"
    );
    let text = run(vramguide(&dir).args(["stats", "--lang", "pt", "--since", "7d"]));
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("últimos 7 dias") && text.contains("bom dia"),
        "{text}"
    );
}

/// `estimate`, `compare` and `explain` are questions too: each run writes exactly one row,
/// with what the answer resolved; a bad flag value is one unanswered row.
#[test]
fn estimate_compare_and_explain_are_logged_once_each() {
    let dir = temp_dir("estimate");
    let out = run(vramguide(&dir).args([
        "estimate",
        "--model",
        "llama-3.1-8b",
        "--precision",
        "q4_k_m",
        "--gpu",
        "rtx-4090",
    ]));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = stats(&dir);
    assert_eq!(s["total"], 1, "one estimate, one row: {s}");
    assert_eq!(s["understood"], 1);
    assert_eq!(s["by_source"][0][0], "cli");
    assert_eq!(s["top_models"][0][0], "llama-3.1-8b");
    assert_eq!(s["top_precisions"][0][0], "q4_k_m");
    let out =
        run(vramguide(&dir).args(["estimate", "--model", "llama-3.1-8b", "--precision", "fp5"]));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        run(vramguide(&dir).args(["compare", "rtx-4090", "rtx-3090"]))
            .status
            .success()
    );
    assert!(
        run(vramguide(&dir).args(["explain", "nvlink"]))
            .status
            .success()
    );
    let s = stats(&dir);
    assert_eq!(s["total"], 4, "{s}");
    assert_eq!(s["understood"], 3, "{s}");
}

#[test]
fn ask_answers_when_the_database_cannot_be_opened() {
    let dir = temp_dir("nodb");
    let out = run(Command::new(BIN)
        .current_dir(&dir)
        .env("RUST_LOG", "warn")
        .args([
            "--database-url",
            "sqlite:///nonexistent-dir/sub/log.db",
            "--hash-key",
            "k",
        ])
        .args(["ask", "llama 3.1 8b"]));
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Llama 3.1 8B"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("query log unavailable"), "{err}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("query log"));
}

#[test]
fn migrate_and_forget() {
    let dir = temp_dir("forget");
    let out = run(vramguide(&dir).arg("migrate"));
    assert!(String::from_utf8_lossy(&out.stdout).contains("migrations applied"));
    let out = run(vramguide(&dir).args(["--hash-key", "k", "log-burst", "--rows", "2000"]));
    assert!(out.status.success());
    assert_eq!(stats(&dir)["users"], 1000);
    let hash = UserHasher::new(b"k").hash("user-7");
    let out = run(vramguide(&dir).args(["forget", "--user-hash", &hash]));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "deleted 2 rows"
    );
    assert_eq!(stats(&dir)["total"], 1998);
}

/// SIGTERM while rows are still queued: the process drains them before it exits.
#[cfg(unix)]
#[test]
fn sigterm_drains_the_queue() {
    const ROWS: u64 = 100_000;
    let dir = temp_dir("drain");
    let mut child = vramguide(&dir)
        .args(["log-burst", "--rows", &ROWS.to_string(), "--then-wait"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert_eq!(first, format!("queued {ROWS}"));
    let signalled = Instant::now();
    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "did not exit after SIGTERM");
        std::thread::sleep(Duration::from_millis(10));
    };
    let drained_in = signalled.elapsed();
    assert!(status.success(), "{status:?}");
    let report = lines.next().unwrap().unwrap();
    assert!(report.starts_with("committed"), "{report}");
    assert_eq!(stats(&dir)["total"], ROWS, "every queued row committed");
    eprintln!("SIGTERM drain: {report}; exit {drained_in:?} after the signal");
}
