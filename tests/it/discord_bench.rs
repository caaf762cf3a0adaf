//! Benchmark through the fake Discord (ignored by default; it measures, it does not check):
//!
//!     cargo test --release --test it discord_bench -- --ignored --nocapture
//!
//! Latency: one /estimate at a time, from the gateway dispatch to the recorded interaction
//! callback (median and p99). Throughput: a burst of interactions sent at once, answered
//! per second. The fake runs in the same process and on the same cores as the bot, so the
//! figures are a lower bound for the bot alone.

use crate::fake_discord::fixtures::{self, ADMIN_PERMISSIONS, Place};
use crate::fake_discord::{FakeDiscord, TOKEN};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use vramguide::discord::{self, BotConfig};
use vramguide::store::{Store, StoreConfig};

const SEQUENTIAL: usize = 300;
const BURST: usize = 2_000;

fn estimate(fake: &FakeDiscord, i: usize) -> Value {
    let models = ["llama 3.1 70b", "qwen2.5 7b", "mistral 7b", "llama 3.1 8b"];
    let gpus = ["rtx 4090", "h100", "a100 80gb", "rtx 3090"];
    let options = json!([
        {"name": "model", "type": 3, "value": models[i % models.len()]},
        {"name": "precision", "type": 4, "value": i % 25},
        {"name": "gpu", "type": 3, "value": gpus[i % gpus.len()]},
        {"name": "gpus", "type": 4, "value": 1 + i % 4}
    ]);
    // A distinct user per request, so the per-user rate limit does not shape the figures.
    let user = 950_000_000_000_000_000 + i as u64;
    let place = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };
    fixtures::slash(fake.next_id(), "estimate", options, user, "pt-BR", place)
}

fn callbacks(fake: &FakeDiscord) -> usize {
    fake.requests()
        .iter()
        .filter(|r| r.path.ends_with("/callback"))
        .count()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "benchmark: run with --ignored --nocapture"]
async fn dispatch_to_reply_latency_and_throughput() {
    let fake = FakeDiscord::start().await;
    let config = BotConfig {
        token: TOKEN.to_string(),
        proxy: Some(fake.rest_url.clone()),
        rate_burst: 1_000,
        rate_per_minute: 60_000,
        ..BotConfig::default()
    };
    // The bot's store without a database: SQLite in memory.
    let store = Store::open(StoreConfig::in_memory()).await.expect("store");
    let (stop, rx) = tokio::sync::oneshot::channel::<()>();
    let bot = tokio::spawn(discord::run(config, store, async move {
        let _ = rx.await;
    }));
    fake.wait_for(Duration::from_secs(15), |r| r.method == "PUT")
        .await;

    // Warm up (first answers build the Fluent bundles and the catalog index).
    for i in 0..20 {
        let before = callbacks(&fake);
        fake.dispatch("INTERACTION_CREATE", estimate(&fake, i));
        fake.wait_until(Duration::from_secs(10), || {
            (callbacks(&fake) > before).then_some(())
        })
        .await
        .expect("warm-up answered");
    }

    let mut latencies = Vec::with_capacity(SEQUENTIAL);
    for i in 0..SEQUENTIAL {
        let payload = estimate(&fake, i);
        let token = payload["token"].as_str().unwrap().to_string();
        let sent = Instant::now();
        fake.dispatch("INTERACTION_CREATE", payload);
        let r = fake
            .wait_for(Duration::from_secs(10), |r| {
                r.path.contains(&format!("/{token}/callback"))
            })
            .await;
        latencies.push(r.at.duration_since(sent));
    }
    latencies.sort();
    let median = percentile(&latencies, 0.5);
    let p99 = percentile(&latencies, 0.99);

    let before = callbacks(&fake);
    let start = Instant::now();
    for i in 0..BURST {
        fake.dispatch("INTERACTION_CREATE", estimate(&fake, SEQUENTIAL + i));
    }
    fake.wait_until(Duration::from_secs(120), || {
        (callbacks(&fake) >= before + BURST).then_some(())
    })
    .await
    .expect("the burst is answered");
    let elapsed = start.elapsed();
    let per_second = BURST as f64 / elapsed.as_secs_f64();

    println!(
        "dispatch -> reply over {SEQUENTIAL} sequential /estimate: median {:.2} ms, p99 {:.2} ms",
        median.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3
    );
    println!(
        "burst of {BURST} /estimate: {:.2} s, {per_second:.0} interactions/s (bot + fake on {} cores)",
        elapsed.as_secs_f64(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let _ = stop.send(());
    let _ = tokio::time::timeout(Duration::from_secs(15), bot).await;
}

/// Resident memory of a process, from /proc (Linux), in MiB.
fn rss_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib: f64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some(kib / 1024.0)
}

/// The real binary (bare `vramguide`: guide server + bot) against the fake Discord:
/// start-up time until commands are registered and /healthz answers, resident memory idle
/// and at its peak while 2,000 interactions are answered.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "benchmark: run with --ignored --nocapture"]
async fn process_startup_and_resident_memory() {
    let fake = FakeDiscord::start().await;
    let dir = std::env::temp_dir().join(format!("vramguide-rss-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let addr = "127.0.0.1:18299";
    let started = Instant::now();
    let mut child = fake
        .bare_command(&dir, addr)
        .env("VRAMGUIDE_RATE_BURST", "1000")
        .env("VRAMGUIDE_RATE_PER_MINUTE", "60000")
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("starts");
    let pid = child.id();
    fake.wait_for(Duration::from_secs(30), |r| {
        r.method == "PUT" && r.path.ends_with("/commands")
    })
    .await;
    let client = reqwest::Client::new();
    while client
        .get(format!("http://{addr}/healthz"))
        .send()
        .await
        .is_err()
    {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let startup = started.elapsed();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = rss_mib(pid).unwrap_or(f64::NAN);
    fake.set_validation(false);
    let before = callbacks(&fake);
    for i in 0..BURST {
        fake.dispatch("INTERACTION_CREATE", estimate(&fake, i));
    }
    let mut peak = idle;
    let deadline = Instant::now() + Duration::from_secs(120);
    while callbacks(&fake) < before + BURST && Instant::now() < deadline {
        peak = peak.max(rss_mib(pid).unwrap_or(0.0));
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    println!(
        "start-up to registered commands and a healthy server: {:.0} ms; resident memory idle {idle:.1} MiB, peak under {BURST} interactions {peak:.1} MiB",
        startup.as_secs_f64() * 1000.0
    );
    let _ = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
