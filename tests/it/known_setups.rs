//! Setups whose outcome is public (model cards, engine docs and issues, papers): every
//! verdict must match what people saw. The table and its sources are in
//! `tests/known_setups.json`; `cargo test --test it known_setups -- --nocapture` prints it.

use serde::Deserialize;
use vramguide::answer;
use vramguide::catalog::Catalog;
use vramguide::query::{self, Fields};

#[derive(Debug, Deserialize)]
struct Setup {
    id: String,
    model: String,
    precision: String,
    mode: String,
    runtime: String,
    context: u64,
    #[serde(default)]
    batch: Option<u64>,
    #[serde(default)]
    kv_precision: Option<String>,
    gpu: String,
    count: u32,
    #[serde(default)]
    training: Option<Training>,
    #[serde(default)]
    runtime_settings: Option<RuntimeSettings>,
    outcome: String,
    source: String,
    /// Why our verdict differs from the public one, for a setup whose outcome came from
    /// engine behaviour the current profiles do not model (an old engine version).
    #[serde(default)]
    known_miss: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Training {
    #[serde(default)]
    sharding: Option<String>,
    #[serde(default)]
    cpu_offload: Option<bool>,
    #[serde(default)]
    optimizer: Option<String>,
    #[serde(default)]
    gradient_checkpointing: Option<bool>,
    #[serde(default)]
    lora_rank: Option<u32>,
    #[serde(default)]
    micro_batch: Option<u64>,
    #[serde(default)]
    master_weights: Option<bool>,
    #[serde(default)]
    optimizer_in_backward: Option<bool>,
    #[serde(default)]
    chunked_loss: Option<bool>,
    #[serde(default)]
    lora_targets: Option<String>,
    /// The training framework whose recipes the run followed (unsloth, llama-factory...).
    #[serde(default)]
    framework: Option<String>,
}

#[derive(Debug, Deserialize)]
struct RuntimeSettings {
    #[serde(default)]
    gpu_memory_utilization: Option<f64>,
    #[serde(default)]
    max_num_batched_tokens: Option<u64>,
    /// The engine release the outcome was seen on ("0.11.2", "0.6.4 (from the log
    /// format; not stated)"): sized with that release's start-up figures.
    #[serde(default)]
    engine_version: Option<String>,
}

fn setups() -> Vec<Setup> {
    serde_json::from_str(include_str!("../known_setups.json")).expect("known_setups.json parses")
}

/// The fields a user would give for this setup, as the CLI and the web API take them.
fn fields(s: &Setup) -> Fields {
    let t = s.training.as_ref();
    let sharding = t.and_then(|t| t.sharding.clone()).filter(|x| x != "none");
    let batch = t.and_then(|t| t.micro_batch).or(s.batch);
    Fields {
        model: Some(s.model.clone()),
        precision: Some(s.precision.clone()),
        kv_precision: s.kv_precision.clone(),
        context: Some(s.context.to_string()),
        batch: batch.map(|b| b.to_string()),
        mode: Some(s.mode.clone()),
        runtime: Some(s.runtime.clone()),
        gpu: Some(s.gpu.clone()),
        gpus: Some(s.count.to_string()),
        optimizer: t.and_then(|t| t.optimizer.clone()),
        gradient_checkpointing: t.and_then(|t| t.gradient_checkpointing.map(|b| b.to_string())),
        lora_rank: t.and_then(|t| t.lora_rank.map(|r| r.to_string())),
        sharding,
        cpu_offload: t.and_then(|t| t.cpu_offload.map(|b| b.to_string())),
        gpu_memory_utilization: s
            .runtime_settings
            .as_ref()
            .and_then(|r| r.gpu_memory_utilization.map(|u| u.to_string())),
        max_num_batched_tokens: s
            .runtime_settings
            .as_ref()
            .and_then(|r| r.max_num_batched_tokens.map(|t| t.to_string())),
        engine_version: s
            .runtime_settings
            .as_ref()
            .and_then(|r| r.engine_version.as_deref())
            .and_then(|v| v.split_whitespace().next())
            .map(str::to_string),
        master_weights: t.and_then(|t| t.master_weights.map(|b| b.to_string())),
        optimizer_in_backward: t.and_then(|t| t.optimizer_in_backward.map(|b| b.to_string())),
        chunked_loss: t.and_then(|t| t.chunked_loss.map(|b| b.to_string())),
        lora_targets: t.and_then(|t| t.lora_targets.clone()),
        framework: t.and_then(|t| t.framework.clone()),
        ..Fields::default()
    }
}

#[test]
fn every_public_verdict_is_right() {
    let catalog = Catalog::get();
    let all = setups();
    assert!(
        all.len() >= 30,
        "at least 30 known setups, got {}",
        all.len()
    );
    let mut wrong = Vec::new();
    for s in &all {
        assert!(s.source.starts_with("http"), "{}: a source URL", s.id);
        let q = fields(s)
            .query()
            .unwrap_or_else(|e| panic!("{}: {e}", s.id));
        let req = query::resolve(catalog, &q).unwrap_or_else(|e| panic!("{}: {e}", s.id));
        let a = answer::build(catalog, req).unwrap_or_else(|e| panic!("{}: {e}", s.id));
        let fit = a.fit.expect("a GPU was named");
        let expected = s.outcome == "fits";
        println!(
            "{:<48} {:>7.1} GiB / {:>6.1} usable  {:<4} (public: {})",
            s.id,
            fit.per_gpu_gib,
            fit.usable_gib,
            if fit.fits { "fits" } else { "oom" },
            s.outcome
        );
        if let Some(why) = &s.known_miss {
            assert_ne!(
                fit.fits, expected,
                "{} is right now: drop its known_miss",
                s.id
            );
            println!("  known miss: {why}");
            continue;
        }
        if fit.fits != expected {
            wrong.push(format!(
                "{}: {:.1} GiB per GPU vs {:.1} usable, public outcome {} ({})",
                s.id, fit.per_gpu_gib, fit.usable_gib, s.outcome, s.source
            ));
        }
    }
    assert!(wrong.is_empty(), "wrong verdicts:\n{}", wrong.join("\n"));
    let misses = all.iter().filter(|s| s.known_miss.is_some()).count();
    assert!(
        misses <= 1,
        "{misses} known misses: the table is a test, not a list of excuses"
    );
}

#[test]
fn the_table_covers_both_outcomes_every_runtime_and_training() {
    let all = setups();
    let count = |f: &dyn Fn(&Setup) -> bool| all.iter().filter(|s| f(s)).count();
    assert!(count(&|s| s.outcome == "oom") >= 8);
    assert!(count(&|s| s.outcome == "fits") >= 8);
    for runtime in ["vllm", "llama.cpp", "transformers"] {
        assert!(count(&|s| s.runtime == runtime) >= 3, "{runtime}");
    }
    assert!(count(&|s| s.mode != "inference") >= 6);
    // Training as people run it: frameworks' own published runs, both outcomes.
    let framework = |s: &Setup| s.training.as_ref().and_then(|t| t.framework.clone());
    assert!(count(&|s| framework(s).is_some()) >= 15);
    assert!(count(&|s| framework(s).is_some() && s.outcome == "oom") >= 2);
    assert!(count(&|s| framework(s).as_deref() == Some("unsloth")) >= 10);
}
