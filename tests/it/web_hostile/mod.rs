//! The guide server under hostile traffic (issue 16), against the real server on
//! 127.0.0.1: every attack of the probe, with the bounded outcome it must now have.
//! Connection and memory attacks run against the spawned binary so its file descriptors
//! and RSS are measured alone; the rest run in-process. Loops are bounded (a few hundred
//! sockets, 2,000 requests) and each test prints what it measured. One module per kind
//! of attack: bounded input, hostile text, connections, load.

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

    /// The binary with `base` options (instead of `--no-log`) and `extra`, on a port the
    /// server picks itself and names in its start-up log line. A port picked here and
    /// handed over could be taken in between by another test's server (tests of several
    /// checkouts run side by side), whose answers then came back under other limits.
    fn launch(base: &[&str], extra: &[&str]) -> Spawned {
        Spawned::launch_env(base, extra, &[])
    }

    /// [`Spawned::launch`] with more environment variables (the Hub's endpoint).
    fn launch_env(base: &[&str], extra: &[&str], env: &[(&str, &str)]) -> Spawned {
        let mut child = Command::new(BIN)
            .args(["serve", "--rate-limit", "0", "--addr", "127.0.0.1:0"])
            .args(base)
            .args(extra)
            .env_remove("DISCORD_TOKEN")
            .env_remove("VRAMGUIDE_CONFIG")
            .env_remove("VRAMGUIDE_SETTINGS")
            .env("RUST_LOG", "error,vramguide::cli::serve=info")
            .envs(env.iter().copied())
            .current_dir(std::env::temp_dir())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let addr = listening_addr(child.stderr.take().expect("piped"));
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

fn open_store(dir: &Path) -> StoreConfig {
    StoreConfig {
        database_url: format!("sqlite://{}", dir.join("log.db").display()),
        data_dir: dir.to_path_buf(),
        hash_key: Some("test-key".to_string()),
        ..StoreConfig::default()
    }
}

const HOSTILE: &str = "llama\u{1b}[2J\u{1b}[31m 70b\u{202E}evil\u{200B}\u{E0041}\u{7}\r\nfp16";

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

/// The figure `name` in a Prometheus text exposition.
fn metric(text: &str, name: &str) -> u64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("{name} in\n{text}"))
}

/// The `og:image` URL of an answer page, its `&amp;` read back.
fn og_image(page: &str) -> Option<String> {
    let at = page.find("<meta property=\"og:image\" content=\"")?;
    let rest = &page[at..];
    let start = rest.find("content=\"")? + "content=\"".len();
    let end = rest[start..].find('"')? + start;
    Some(rest[start..end].replace("&amp;", "&").replace("&#38;", "&"))
}

mod connections;
mod edges;
mod hub_crowd;
mod input;
mod load;
mod text;

/// The address in the server's "guide server listening addr=…" line; the rest of its
/// log is read and dropped on a thread so the server never blocks on a full pipe.
fn listening_addr(stderr: std::process::ChildStderr) -> String {
    use std::io::BufRead;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            if let Some(rest) = line.split("guide server listening addr=").nth(1) {
                let addr = rest.split_whitespace().next().unwrap_or_default();
                let _ = tx.send(addr.to_string());
            }
        }
    });
    rx.recv_timeout(Duration::from_secs(20))
        .expect("the server names the address it listens on")
}
