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
    /// The one setting that turns the public outcome around (the flag the answer names):
    /// applied to the setup, the verdict must flip to "fits".
    #[serde(default)]
    lever: Option<RuntimeSettings>,
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
    /// llama.cpp's `-fa` (on, off, auto) / Ollama's `OLLAMA_FLASH_ATTENTION`.
    #[serde(default)]
    flash_attention: Option<String>,
    /// vLLM's `--max-num-seqs`.
    #[serde(default)]
    max_num_seqs: Option<u64>,
    /// vLLM's `--limit-mm-per-prompt` (`{"image":1,"video":0}`).
    #[serde(default)]
    limit_mm_per_prompt: Option<String>,
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
        flash_attn: s
            .runtime_settings
            .as_ref()
            .and_then(|r| r.flash_attention.clone()),
        max_num_seqs: s
            .runtime_settings
            .as_ref()
            .and_then(|r| r.max_num_seqs.map(|n| n.to_string())),
        limit_mm_per_prompt: s
            .runtime_settings
            .as_ref()
            .and_then(|r| r.limit_mm_per_prompt.clone()),
        ..Fields::default()
    }
}

/// [`fields`] with the setup's lever applied over its own settings.
fn with_lever(s: &Setup, lever: &RuntimeSettings) -> Fields {
    let mut f = fields(s);
    if let Some(u) = lever.gpu_memory_utilization {
        f.gpu_memory_utilization = Some(u.to_string());
    }
    if let Some(fa) = &lever.flash_attention {
        f.flash_attn = Some(fa.clone());
    }
    if let Some(n) = lever.max_num_seqs {
        f.max_num_seqs = Some(n.to_string());
    }
    if let Some(l) = &lever.limit_mm_per_prompt {
        f.limit_mm_per_prompt = Some(l.clone());
    }
    if let Some(t) = lever.max_num_batched_tokens {
        f.max_num_batched_tokens = Some(t.to_string());
    }
    f
}

fn verdict(s: &Setup, f: &Fields) -> vramguide::estimate::Fit {
    let catalog = Catalog::get();
    let q = f.query().unwrap_or_else(|e| panic!("{}: {e}", s.id));
    let req = query::resolve(catalog, &q).unwrap_or_else(|e| panic!("{}: {e}", s.id));
    let a = answer::build(catalog, req).unwrap_or_else(|e| panic!("{}: {e}", s.id));
    a.fit.expect("a GPU was named")
}

/// Setups that ran out of memory for a reason an engine setting removes: the setting the
/// answer names (`-fa on`, `--gpu-memory-utilization 0.9`, `--limit-mm-per-prompt`) turns
/// the verdict to "fits", as the sources say it did.
#[test]
fn the_flag_that_changes_each_outcome_changes_it() {
    let all = setups();
    let levers: Vec<&Setup> = all.iter().filter(|s| s.lever.is_some()).collect();
    assert!(levers.len() >= 4, "{} setups with a lever", levers.len());
    for s in levers {
        assert_eq!(s.outcome, "oom", "{}: a lever turns an OOM around", s.id);
        let lever = s.lever.as_ref().unwrap();
        let before = verdict(s, &fields(s));
        let after = verdict(s, &with_lever(s, lever));
        println!(
            "{:<48} {:>7.1} GiB / {:>6.1} usable {} -> with {:?}: {:.1} / {:.1} {}",
            s.id,
            before.per_gpu_gib,
            before.usable_gib,
            if before.fits { "fits" } else { "oom" },
            lever,
            after.per_gpu_gib,
            after.usable_gib,
            if after.fits { "fits" } else { "oom" },
        );
        assert!(!before.fits, "{}: as asked it runs out of memory", s.id);
        assert!(after.fits, "{}: with {lever:?} it fits", s.id);
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

/// Issue 37: the three memory outcomes answer as they happened, and the answer's text names
/// the flag that changes each (`--gpu-memory-utilization 0.9`, `-fa on`,
/// `--limit-mm-per-prompt`) as the first way to make it fit, with a launch line that
/// carries it; the rows' sources are in `tests/known_setups.json`.
#[test]
fn the_answer_names_the_flag_that_changes_each_outcome() {
    let catalog = Catalog::get();
    let all = setups();
    for (id, flag) in [
        (
            "gpt-oss-120b-mxfp4-2xh100-vllm-0.95",
            "--gpu-memory-utilization 0.9",
        ),
        ("qwen3-32b-q5km-2x3090-llamacpp-48k-no-fa", "-fa on"),
        (
            "qwen3-vl-235b-a22b-bf16-8xh100-vllm-262k",
            "--limit-mm-per-prompt",
        ),
    ] {
        let s = all.iter().find(|s| s.id == id).expect(id);
        assert!(s.source.starts_with("https://"), "{id}: a source");
        let q = fields(s).query().unwrap();
        let req = query::resolve(catalog, &q).unwrap();
        let a = answer::build(catalog, req).unwrap();
        assert!(
            !a.fit.as_ref().unwrap().fits,
            "{id}: out of memory, as it happened"
        );
        let lever = a.levers.first().expect("a way to fit");
        assert_eq!(
            lever.kind,
            vramguide::plan::LeverKind::Engine,
            "{id}: the engine setting leads"
        );
        assert!(lever.fit.fits, "{id}");
        for lang in vramguide::i18n::Lang::ALL {
            let text = vramguide::render::text::chat(lang, catalog, &a);
            println!("{id} [{lang:?}]\n{text}\n");
            assert!(text.contains(flag), "{id} [{lang:?}]: {flag} in\n{text}");
        }
        let launch = &a.launch.first().expect("a launch line").command;
        assert!(launch.contains(flag), "{id}: {launch}");
    }
}

/// gpt-oss-120b on one H100 80GB with vLLM is the model's advertised setup (OpenAI's
/// cookbook, https://cookbook.openai.com/articles/gpt-oss/run-vllm: "can fit on a single
/// H100"): it fits at the asker's 0.95 (and at vLLM's default 0.9) at an ordinary context,
/// and the launch line keeps the asker's 0.95 rather than quietly writing 0.9.
#[test]
fn gpt_oss_120b_on_one_h100_keeps_the_askers_share() {
    let catalog = Catalog::get();
    for text in [
        "gpt-oss-120b on 1 h100 with vllm at gpu-memory-utilization 0.95",
        "gpt-oss-120b numa h100 com vllm e --gpu-memory-utilization 0.95",
    ] {
        let parsed = query::parse(catalog, text);
        assert_eq!(parsed.query.memory_share, Some(0.95), "{text}");
        let a = answer::for_parsed(catalog, &parsed).unwrap();
        assert!(a.fit.as_ref().unwrap().fits, "{text}: fits one H100");
        let launch = &a.launch.first().expect("a launch line").command;
        assert!(
            launch.contains("--gpu-memory-utilization 0.95"),
            "{text}: {launch}"
        );
    }
    let a = answer::for_parsed(
        catalog,
        &query::parse(catalog, "gpt-oss-120b on 1 h100 with vllm"),
    )
    .unwrap();
    assert!(a.fit.as_ref().unwrap().fits, "at vLLM's default share too");
}
