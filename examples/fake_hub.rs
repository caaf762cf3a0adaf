//! The tests' fake Hugging Face Hub as a program, with a few hostile repos, for
//! `bench/hostile.sh` to point a release build at (HF_ENDPOINT), outside `cargo test`.
//!
//!   cargo run --release --example fake_hub -- COUNTS_FILE
//!
//! Prints its URL on the first line of stdout, then writes the number of requests it has
//! served to COUNTS_FILE every 200 ms, until killed. The fake itself is
//! `tests/it/fake_hub/mod.rs`, shared with the tests; the repos are built here:
//!
//! - `org/tiny`: a small llama config and one safetensors file (what a real repo costs);
//! - `evil/shards`: an index listing 300,000 shards, one of them in the file list (empty);
//! - `evil/echo`: a config whose `model_type` carries an ESC sequence and a right-to-left
//!   override.

#[allow(dead_code, unused_imports)]
#[path = "../tests/it/fake_hub/mod.rs"]
mod fake_hub;

use fake_hub::{FakeHub, Repo, safetensors};
use serde_json::json;
use std::time::Duration;

/// A config.json of a small llama, with `model_type` as given.
fn config(model_type: &str) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "architectures": ["LlamaForCausalLM"], "model_type": model_type,
        "hidden_size": 1024, "intermediate_size": 4096, "num_hidden_layers": 8,
        "num_attention_heads": 16, "num_key_value_heads": 4, "vocab_size": 32000,
        "max_position_embeddings": 4096, "torch_dtype": "bfloat16"
    }))
    .expect("JSON")
}

fn small_repo(model_type: &str) -> Repo {
    let (weights, _) = safetensors(
        &[
            ("model.embed_tokens.weight", "BF16", &[32000, 1024]),
            ("lm_head.weight", "BF16", &[32000, 1024]),
        ],
        0,
    );
    let mut repo = Repo::default();
    repo.files.insert("config.json".into(), config(model_type));
    repo.files.insert("model.safetensors".into(), weights);
    repo
}

fn many_shards(count: usize) -> Repo {
    let map: serde_json::Map<String, serde_json::Value> = (0..count)
        .map(|i| (format!("t{i}"), json!(format!("{i}.safetensors"))))
        .collect();
    let index = json!({ "metadata": { "total_size": 1 }, "weight_map": map });
    let mut repo = Repo::default();
    repo.files.insert("config.json".into(), config("llama"));
    repo.files.insert(
        "model.safetensors.index.json".into(),
        serde_json::to_vec(&index).expect("JSON"),
    );
    // One shard in the file list is enough to look like a safetensors repo; the others
    // exist only in the index.
    repo.files.insert("0.safetensors".into(), Vec::new());
    repo
}

#[tokio::main]
async fn main() {
    let counts = std::env::args().nth(1);
    let hub = FakeHub::start().await;
    hub.add("org/tiny", small_repo("llama"));
    hub.add("evil/shards", many_shards(300_000));
    hub.add(
        "evil/echo",
        small_repo("\u{202E}llama\u{1b}[2J\u{1b}]0;owned\u{7}"),
    );
    println!("{}", hub.url);
    loop {
        if let Some(file) = &counts {
            let _ = std::fs::write(file, hub.total_requests().to_string());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
