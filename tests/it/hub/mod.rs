//! Hub look-ups end to end: the real binary (and the web server in process) pointed at the
//! fake Hub with HF_ENDPOINT. Each repo is built here, its weight files written byte by
//! byte, and the expected bytes summed here from the shapes, apart from the code under test.
//!
//! One module per topic: the repos the fake Hub serves, exact weight bytes, the cache,
//! failures and slow look-ups, and the surfaces (CLI, web, Discord) that look up or take a
//! config.json.

use crate::fake_hub::{FakeHub, Repo, safetensors};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use repos::{HIDDEN, VOCAB, config, fill};

const BIN: &str = env!("CARGO_BIN_EXE_vramguide");

pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vramguide-hub-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) struct Run {
    pub code: i32,
    pub json: Value,
    pub stderr: String,
    pub elapsed: Duration,
    /// The process's peak resident memory (VmHWM) in KiB, when it was read.
    pub peak_kib: Option<u64>,
}

/// Run the binary against `endpoint` with a SQLite database in `dir`.
pub(crate) async fn run(endpoint: &str, dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(dir)
        .env("HF_ENDPOINT", endpoint)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("q.db").display()),
        )
        .env("VRAMGUIDE_DATA_DIR", dir)
        .env_remove("HF_TOKEN")
        .env_remove("VRAMGUIDE_OFFLINE")
        .env_remove("VRAMGUIDE_HUB_TIMEOUT")
        .env_remove("VRAMGUIDE_CONFIG")
        .args(args)
        .arg("--json");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let started = Instant::now();
    let (out, peak_kib) = tokio::task::spawn_blocking(move || output_and_peak(cmd))
        .await
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    Run {
        code: out.status.code().unwrap_or(-1),
        json: serde_json::from_str(&stdout).unwrap_or(Value::Null),
        stderr: String::from_utf8_lossy(&out.stderr).to_string(),
        elapsed: started.elapsed(),
        peak_kib,
    }
}

/// Run `cmd` to its end, reading its VmHWM (peak RSS, monotonic) from /proc every few
/// milliseconds while it runs; the last reading is its peak up to its last moments.
fn output_and_peak(mut cmd: Command) -> (std::process::Output, Option<u64>) {
    use std::io::Read as _;
    use std::process::Stdio;
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let readers = (
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = out.read_to_end(&mut v);
            v
        }),
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = err.read_to_end(&mut v);
            v
        }),
    );
    let mut peak = None;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        let hwm = std::fs::read_to_string(&status_file).ok().and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        });
        peak = hwm.max(peak);
        std::thread::sleep(Duration::from_millis(2));
    };
    let output = std::process::Output {
        status,
        stdout: readers.0.join().unwrap(),
        stderr: readers.1.join().unwrap(),
    };
    (output, peak)
}

fn exact(r: &Run) -> Option<u64> {
    r.json
        .pointer("/query/weight_bytes_exact")
        .and_then(Value::as_u64)
}

mod bytes;
mod cache;
mod failures;
pub(crate) mod repos;
mod surfaces;
