//! A crowd naming Hub repos built to be large (issue 32): 60 asks at once from 10
//! addresses, each address within its own Hub budget, each ask naming another repo of 64
//! shards whose headers are as large as a header may be. The spawned server's resident
//! memory stays under 256 MiB, falls back under 100 MiB within 10 s, and the bytes it pulls
//! from the Hub stay within the shared byte budget (plus what was on the wire when it ran
//! out). Before, 60 such asks reached 1.0 GB and pulled 0.66-1.77 GB in 6 s.

use super::{HEAVY, Spawned};
use crate::fake_hub::{FakeHub, Repo, safetensors};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::net::IpAddr;
use std::time::{Duration, Instant};
use vramguide::hub::safetensors::MAX_HEADER;
use vramguide::hub::traffic::{DEFAULT_BUFFER_BYTES, DEFAULT_IN_FLIGHT};

const MIB: u64 = 1024 * 1024;
const ASKS: usize = 60;
const ADDRESSES: usize = 10;
const SHARDS: usize = 64;

/// A repo of [`SHARDS`] shards, each with a header just under the cap (one file's bytes,
/// served under every shard's name).
fn large_headers() -> Repo {
    let pad = MAX_HEADER as usize - 300;
    let (big, _) = safetensors(&[("w", "BF16", &[4])], pad);
    assert!(big.len() as u64 <= MAX_HEADER + 8);
    let names: Vec<String> = (1..=SHARDS)
        .map(|i| format!("model-{i:05}-of-{SHARDS:05}.safetensors"))
        .collect();
    let map: serde_json::Map<String, Value> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (format!("t.{i}"), json!(n)))
        .collect();
    let mut repo = Repo::default();
    let config = json!({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama",
        "hidden_size": 256, "intermediate_size": 512, "num_hidden_layers": 2,
        "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 64,
        "vocab_size": 1000, "max_position_embeddings": 4096, "torch_dtype": "bfloat16"
    });
    repo.files
        .insert("config.json".into(), serde_json::to_vec(&config).unwrap());
    repo.files.insert(
        "model.safetensors.index.json".into(),
        serde_json::to_vec(&json!({ "weight_map": map })).unwrap(),
    );
    repo.files.insert(names[0].clone(), big);
    for n in &names[1..] {
        repo.files.insert(n.clone(), Vec::new());
        repo.aliases.insert(n.clone(), names[0].clone());
    }
    repo
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sixty_asks_naming_large_header_repos_stay_small_and_pull_within_the_budget() {
    let _turn = HEAVY.lock().await;
    let hub = FakeHub::start().await;
    hub.add("evil/crowd-0", large_headers());
    for i in 1..ASKS {
        hub.add_same(&format!("evil/crowd-{i}"), "evil/crowd-0");
    }
    let server = Spawned::launch_env(&["--no-log"], &[], &[("HF_ENDPOINT", &hub.url)]);
    // Warm: the first answers load the catalog, the locales and the chart's fonts, which
    // stay whatever the Hub does; "before" is the server as it runs.
    let warm = reqwest::Client::builder().no_proxy().build().unwrap();
    for q in [
        "llama+3.1+8b+on+a+4090",
        "qwen3+32b+q4_k_m+on+a+3090",
        "gemma+3+27b",
    ] {
        let url = format!("{}/api/v1/ask?q={q}", server.base);
        assert!(warm.get(url).send().await.unwrap().status().is_success());
    }
    let before = server.rss_kib();
    let started = Instant::now();
    let mut asks = tokio::task::JoinSet::new();
    for i in 0..ASKS {
        // 127.0.0.21-30: ten addresses, six asks each (the default per-client budget).
        let from: IpAddr = format!("127.0.0.{}", 21 + i % ADDRESSES).parse().unwrap();
        let http = reqwest::Client::builder()
            .no_proxy()
            .local_address(from)
            .timeout(Duration::from_secs(30))
            .build()
            .unwrap();
        let url = format!("{}/api/v1/ask?q=evil/crowd-{i}+on+a+4090", server.base);
        asks.spawn(async move {
            let r = http.get(url).send().await?;
            let status = r.status();
            let body: Value = r.json().await.unwrap_or_default();
            Ok::<_, reqwest::Error>((status, body["error"]["kind"].as_str().map(str::to_string)))
        });
    }
    let (mut statuses, mut kinds) = (Vec::new(), std::collections::BTreeMap::new());
    while let Some(done) = asks.join_next().await {
        let (status, kind) = done.unwrap().expect("an answer");
        statuses.push(status);
        *kinds
            .entry(kind.unwrap_or_else(|| "answer".into()))
            .or_insert(0) += 1;
    }
    let took = started.elapsed();
    let peak = server.peak_kib();
    let pulled = hub.bytes_sent();
    // Back under 100 MiB within 10 s (and how long that took).
    let calm = Instant::now();
    let mut after = server.rss_kib();
    let mut settled = None;
    loop {
        if after < 100 * 1024 && settled.is_none() {
            settled = Some(calm.elapsed());
        }
        if calm.elapsed() >= Duration::from_secs(10) {
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
        after = server.rss_kib();
    }
    let ok = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    println!(
        "{ASKS} asks from {ADDRESSES} addresses, {SHARDS} headers of {} MiB a repo: \
         answered in {took:?} ({ok} 200, {kinds:?}); RSS before {} MiB, peak {} MiB, {} MiB 10 s \
         after the last answer (under 100 MiB after {settled:?}); pulled {} MiB from the Hub",
        MAX_HEADER / MIB,
        before / 1024,
        peak / 1024,
        after / 1024,
        pulled / MIB,
    );
    assert!(
        statuses.iter().all(|s| !s.is_server_error()),
        "{statuses:?}"
    );
    assert!(peak < 256 * 1024, "peak RSS {peak} KiB");
    assert!(
        settled.is_some(),
        "RSS still {after} KiB 10 s after the burst"
    );
    assert!(after < 100 * 1024, "RSS {after} KiB 10 s after the burst");
    // The shared budget, plus what each running look-up had on the wire when the budget
    // ran out (its first ranges and two large headers), plus the small files (model info,
    // config, index: a few KiB) each ask's look-up reads before it finds the pool full.
    let in_transit = u64::from(DEFAULT_IN_FLIGHT) * (8 * 256 * 1024 + 2 * MAX_HEADER);
    let small_files = ASKS as u64 * 64 * 1024;
    let bound = DEFAULT_BUFFER_BYTES + in_transit + small_files;
    assert!(pulled <= bound, "pulled {pulled} > {bound} in {took:?}");
}
