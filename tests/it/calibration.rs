//! The estimator against published measurements (tests/calibration/, sources in its README):
//! memory within 5% median and 15% max over all 112 Qwen2.5 rows, llama.cpp decode speed
//! for Llama 3 8B within 20% median. `cargo run --release --example calibrate` prints the table.

use crate::calibration_rows::{max_abs, median_abs, memory_rows, speed_rows, vllm_rows};
use vramguide::catalog::Catalog;

#[test]
fn memory_matches_qwen_measurements() {
    let rows = memory_rows(
        Catalog::get(),
        include_str!("../calibration/qwen2.5-transformers-a100.csv"),
    );
    assert_eq!(rows.len(), 112, "every row is estimated");
    let median = median_abs(rows.iter().map(|r| r.error()));
    let max = max_abs(rows.iter().map(|r| r.error()));
    assert!(median <= 0.05, "median error {median}");
    assert!(max <= 0.15, "max error {max}");
    // The rule of thumb, for comparison, is much further off on the same rows.
    assert!(median_abs(rows.iter().map(|r| r.rule_error())) > 2.0 * median);
}

#[test]
fn decode_speed_matches_llamacpp_measurements() {
    let rows = speed_rows(
        Catalog::get(),
        include_str!("../calibration/llamacpp-llama3-8b-tokens.csv"),
    );
    let errors: Vec<f64> = rows.iter().filter_map(|r| r.error()).collect();
    assert!(
        errors.len() >= 15,
        "most rows have their GPU in the catalog"
    );
    let median = median_abs(errors.iter().copied());
    assert!(median <= 0.20, "median error {median}");
}

/// vLLM's constants (sampler bytes per logit, forward factors, non-torch and tensor-parallel
/// buffers) are fitted on these logs: the KV pool vLLM 0.19 sized on H100, 41 rows.
#[test]
fn vllm_kv_pool_matches_llmd_startup_logs() {
    let rows = vllm_rows(
        Catalog::get(),
        include_str!("../calibration/vllm-startup-h100-llmd.csv"),
    );
    assert!(rows.len() >= 30, "{} rows", rows.len());
    let median = median_abs(rows.iter().map(|r| r.error()));
    let max = max_abs(rows.iter().map(|r| r.error()));
    assert!(median <= 0.04, "median error {median}");
    assert!(max <= 0.12, "max error {max}");
}

/// The version sweep (Qwen3-14B on H100, vLLM 0.15.0 to 0.18.0): each release's start-up
/// figures put its KV pool within 2 %, where the newest release's would be 8 % off at
/// 0.15 and 0.16 (a 3.4 GiB larger profile peak).
#[test]
fn vllm_releases_size_their_own_start_up() {
    let rows: Vec<_> = vllm_rows(
        Catalog::get(),
        include_str!("../calibration/vllm-startup-h100-llmd.csv"),
    )
    .into_iter()
    .filter(|r| r.model == "qwen3-14b")
    .collect();
    let versions: Vec<&str> = rows.iter().map(|r| r.version.as_str()).collect();
    assert_eq!(versions, ["0.15.0", "0.16.0", "0.17.0", "0.18.0"]);
    for r in &rows {
        assert!(r.error().abs() <= 0.02, "{} {:+.3}", r.version, r.error());
    }
    // Sized with the newest release's figures instead, 0.15 is 8 % off: its pool is
    // 3.3 GiB smaller than 0.18's, as logged (41.94 against 45.23 GiB).
    use vramguide::estimate::{self, Job, Mode, Precision, Runtime};
    let catalog = Catalog::get();
    let model = catalog.model("qwen3-14b").unwrap();
    let gpu = catalog.gpu("h100-sxm").unwrap();
    let pool = |version: Option<(u32, u32)>| {
        let mut job = Job::new(Mode::Inference, Precision::Bf16);
        job.runtime = Runtime::Vllm;
        job.memory_share = Some(0.95);
        job.engine_version = version;
        let est = estimate::run_on(model, &job, 1, Some(gpu)).unwrap();
        estimate::usable_gib(gpu, &job, 1)
            - (est.weights + est.activations + est.overhead) / vramguide::catalog::GIB
    };
    let (old, new) = (pool(Some((0, 15))), pool(None));
    assert!((new - rows[0].measured_gib) / rows[0].measured_gib > 0.05);
    assert!((new - old - (45.23 - 41.94)).abs() < 0.3, "{old} {new}");
}

/// Held out: Qwen3 on transformers (H20), never used to set a constant. A newer
/// transformers than the Qwen2.5 rows' 4.46 shows almost no prefill surplus, so long
/// prompts come out high: this pins today's level (median 6.4 %, max 25 %) so it can only
/// improve; the 4 % / 12 % goal is not met on this source (see the README).
#[test]
fn qwen3_transformers_memory_held_out() {
    let rows = memory_rows(
        Catalog::get(),
        include_str!("../calibration/qwen3-transformers-h20.csv"),
    );
    assert_eq!(rows.len(), 80, "every row is estimated");
    let median = median_abs(rows.iter().map(|r| r.error()));
    let max = max_abs(rows.iter().map(|r| r.error()));
    assert!(median <= 0.07, "median error {median}");
    assert!(max <= 0.26, "max error {max}");
    assert!(median_abs(rows.iter().map(|r| r.rule_error())) > median);
}

/// The ± bands answers carry hold at least 90 % of the rows of the class they claim.
#[test]
fn error_bands_cover_their_measurements() {
    let catalog = Catalog::get();
    let inside = |errors: &[f64], pct: f64| {
        errors.iter().filter(|e| e.abs() * 100.0 <= pct).count() as f64 / errors.len() as f64
    };
    let mut transformers_bf16 = Vec::new();
    for csv in [
        include_str!("../calibration/qwen2.5-transformers-a100.csv"),
        include_str!("../calibration/qwen3-transformers-h20.csv"),
    ] {
        transformers_bf16.extend(
            memory_rows(catalog, csv)
                .iter()
                .filter(|r| r.quantization == "BF16")
                .map(|r| r.error()),
        );
    }
    let job = vramguide::estimate::Job::new(
        vramguide::estimate::Mode::Inference,
        vramguide::estimate::Precision::Bf16,
    );
    let band = vramguide::estimate::error_band(&job);
    assert!(band.measured);
    assert!(inside(&transformers_bf16, band.pct) >= 0.9);
    let vllm: Vec<f64> = vllm_rows(
        catalog,
        include_str!("../calibration/vllm-startup-h100-llmd.csv"),
    )
    .iter()
    .map(|r| r.error())
    .collect();
    let mut vjob = job.clone();
    vjob.runtime = vramguide::estimate::Runtime::Vllm;
    let vband = vramguide::estimate::error_band(&vjob);
    assert!(inside(&vllm, vband.pct) >= 0.9, "{vband:?} {vllm:?}");
    // LoRA and QLoRA bands hold the published training runs; a full fine-tune has no
    // source we model, and says so.
    let mut training = Vec::new();
    for csv in [
        include_str!("../calibration/answerai-fsdp-qlora-peak.csv"),
        include_str!("../calibration/peft-docs-distributed-peak.csv"),
    ] {
        training.extend(crate::calibration_rows::training_rows(catalog, csv));
    }
    for (mode, precision) in [
        (
            vramguide::estimate::Mode::Lora,
            vramguide::estimate::Precision::Bf16,
        ),
        (
            vramguide::estimate::Mode::Qlora,
            vramguide::estimate::Precision::Nf4,
        ),
    ] {
        let errors: Vec<f64> = training
            .iter()
            .filter(|r| r.method == mode.name())
            .map(|r| r.error())
            .collect();
        let band = vramguide::estimate::error_band(&vramguide::estimate::Job::new(mode, precision));
        assert!(band.measured && errors.len() >= 5);
        assert!(inside(&errors, band.pct) >= 0.9, "{mode}: {errors:?}");
    }
    let full: Vec<f64> = [
        include_str!("../calibration/h100-training-ours.csv"),
        include_str!("../calibration/h100-training-ours-heldout.csv"),
    ]
    .iter()
    .flat_map(|csv| crate::calibration_rows::training_rows(catalog, csv))
    .filter(|r| r.method == "full-finetune")
    .map(|r| r.error())
    .collect();
    let band = vramguide::estimate::error_band(&vramguide::estimate::Job::new(
        vramguide::estimate::Mode::FullFinetune,
        vramguide::estimate::Precision::Bf16,
    ));
    assert!(band.measured && inside(&full, band.pct) >= 0.9, "{full:?}");
    let llamacpp: Vec<f64> = crate::calibration_rows::llamacpp_rows(
        catalog,
        include_str!("../calibration/llamacpp-ci-v100-buffers.csv"),
    )
    .iter()
    .map(|r| r.error())
    .collect();
    let gguf = vramguide::estimate::Job::new(
        vramguide::estimate::Mode::Inference,
        vramguide::estimate::Precision::Q4KM,
    );
    assert!(inside(&llamacpp, vramguide::estimate::error_band(&gguf).pct) >= 0.9);
    // A format no measurement backs says so.
    let mut fresh = gguf.clone();
    fresh.precision = vramguide::estimate::Precision::Nvfp4;
    fresh.runtime = vramguide::estimate::Runtime::Transformers;
    assert!(!vramguide::estimate::error_band(&fresh).measured);
}

/// Held out: llama.cpp's own CI logs (V100, a Llama-2-7B-shaped model, 11 quantizations):
/// the model, KV and compute buffers it allocated on the GPU. Nothing was fitted on them.
#[test]
fn llamacpp_buffers_match_ci_logs() {
    let rows = crate::calibration_rows::llamacpp_rows(
        Catalog::get(),
        include_str!("../calibration/llamacpp-ci-v100-buffers.csv"),
    );
    assert!(rows.len() >= 8, "{} rows", rows.len());
    assert!(median_abs(rows.iter().map(|r| r.error())) <= 0.04);
    assert!(max_abs(rows.iter().map(|r| r.error())) <= 0.12);
}

/// Training sources, each at its recorded level (median, max). Our H100 runs: the first
/// set (Llama 3.1 8B LoRA, Llama 3.2 1B full) shaped the training model (fp32 adapter
/// inputs, gradients replacing activations); the second (Qwen2.5, Mistral, other
/// micro-batches) was measured afterwards and is held out. Answer.AI's and PEFT's tables fit
/// nothing; QLoRA's fp32 residual stream comes from PEFT's code, not from a fit.
#[test]
fn training_runs_are_within_their_level() {
    for (csv, median_max, max_max) in [
        (
            include_str!("../calibration/h100-training-ours.csv"),
            0.07,
            0.26,
        ),
        (
            include_str!("../calibration/h100-training-ours-heldout.csv"),
            0.07,
            0.15,
        ),
        // Held out too: checkpointing on (now assumed for every training method), new
        // sequence lengths and two models never measured before, on an H200 (2026-11-26).
        (
            include_str!("../calibration/h200-training-gc-heldout.csv"),
            0.07,
            0.15,
        ),
        (
            include_str!("../calibration/answerai-fsdp-qlora-peak.csv"),
            0.09,
            0.18,
        ),
        (
            include_str!("../calibration/peft-docs-distributed-peak.csv"),
            0.08,
            0.27,
        ),
        // Held out: torchtune's README tables, sized with the torchtune profile (pure bf16,
        // chunked loss, 16-bit LoRA) and each row's flags (optimizer in the backward,
        // activation offloading). The worst rows: the 3B table's unpacked baseline (its
        // sequences are shorter than 4,096), the 8B LoRA/QLoRA rows of the first table
        // (+40 to +83 %) and the A6000 rows whose flags the README does not give.
        (
            include_str!("../calibration/torchtune-finetune-peak.csv"),
            0.21,
            1.10,
        ),
    ] {
        let rows = crate::calibration_rows::training_rows(Catalog::get(), csv);
        assert!(rows.len() >= 5);
        assert!(median_abs(rows.iter().map(|r| r.error())) <= median_max);
        let max = max_abs(rows.iter().map(|r| r.error()));
        assert!(max <= max_max, "{max} > {max_max}");
    }
}

/// Our own H100 runs (bench/device/hf_infer.py, transformers 5.17): 21 sdpa rows held out,
/// prompts up to 32k; the eager 8k row set the eager-attention term (10 bytes per score),
/// the eager 2k row checks it.
#[test]
fn our_h100_transformers_runs_match() {
    let rows = memory_rows(
        Catalog::get(),
        include_str!("../calibration/h100-transformers-ours.csv"),
    );
    assert_eq!(rows.len(), 23);
    assert!(median_abs(rows.iter().map(|r| r.error())) <= 0.04);
    assert!(max_abs(rows.iter().map(|r| r.error())) <= 0.12);
}

/// One published llama.cpp partial-offload measurement and our prediction for it.
struct OffloadRow {
    source: String,
    model: String,
    offload: String,
    role: String,
    measured: f64,
    predicted: f64,
    /// The split our own offload lever picks for the row's card at 4,096 tokens (the
    /// llmfit rows' context), to compare with what the user tuned by hand.
    ours: Option<String>,
}

impl OffloadRow {
    fn error(&self) -> f64 {
        self.predicted / self.measured - 1.0
    }
}

/// Our decode speed for each row of tests/calibration/llamacpp-offload-tokens.csv: the
/// row's own `-ngl` / `--n-cpu-moe`, card bandwidth and host RAM bandwidth.
fn offload_rows() -> Vec<OffloadRow> {
    use vramguide::estimate::{HostOffload, Job, Mode, Precision, Runtime, decode_tokens_per_s};
    let catalog = Catalog::get();
    let csv = include_str!("../calibration/llamacpp-offload-tokens.csv");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells.len(), header.len(), "{line}");
            let f = |name: &str| cells[header.iter().position(|h| *h == name).unwrap()];
            let num = |name: &str| f(name).parse::<f64>().unwrap();
            let model = catalog.model(f("model_id")).expect("model in the catalog");
            let mut gpu = catalog
                .gpu(f("gpu_like"))
                .expect("gpu in the catalog")
                .clone();
            gpu.memory_bandwidth_gbs = num("gpu_bandwidth_gbs");
            let mut job = Job::new(
                Mode::Inference,
                f("precision").parse::<Precision>().unwrap(),
            );
            job.runtime = Runtime::LlamaCpp;
            job.prompt = num("prompt") as u64;
            job.generate = num("generate") as u64;
            job.ram_bandwidth_gbs = Some(num("ram_bandwidth_gbs"));
            let n = num("n") as u32;
            job.host_offload = Some(match f("offload") {
                "gpu_layers" => HostOffload::GpuLayers(n),
                "n_cpu_moe" => HostOffload::CpuMoe(n),
                other => panic!("offload {other}"),
            });
            let count = num("gpu_count") as u32;
            let ours = lever_split(model, &job, &gpu, count);
            OffloadRow {
                source: f("source").to_string(),
                model: f("model_id").to_string(),
                offload: format!("{} {n}", f("offload")),
                role: f("role").to_string(),
                measured: num("tokens_per_s"),
                predicted: decode_tokens_per_s(model, &job, &gpu, count),
                ours,
            }
        })
        .collect()
}

/// The offload our lever picks for `job` (its offload removed) on `count` of `gpu` at 4,096
/// tokens of context.
fn lever_split(
    model: &vramguide::catalog::ModelSpec,
    job: &vramguide::estimate::Job,
    gpu: &vramguide::catalog::GpuSpec,
    count: u32,
) -> Option<String> {
    use vramguide::estimate::{Fit, HostOffload};
    use vramguide::plan::Change;
    let mut asked = job.clone();
    asked.host_offload = None;
    asked.set_context(4096);
    let fit = Fit::check(model, &asked, gpu, count).ok()?;
    vramguide::plan::levers::levers(model, &asked, gpu, count, &fit)
        .iter()
        .find_map(|l| match l.change {
            Change::Offload {
                offload: HostOffload::GpuLayers(n),
                ..
            } => Some(format!("gpu_layers {n}")),
            Change::Offload {
                offload: HostOffload::CpuMoe(k),
                ..
            } => Some(format!("n_cpu_moe {k}")),
            _ => None,
        })
}

/// Partial offload to CPU RAM: predicted decode speed against published llama.cpp runs
/// (14 rows, 4 sources). Only the experts' RAM share is fitted, on the RTX 2080 rows (role
/// `fit`); the other sources check (role `check`), and two rows 20 times slower than any
/// RAM bound stay in the table and the overall median as `outlier` (see
/// tests/calibration/README.md). `cargo test --test it calibration::offload --
/// --nocapture` prints the table.
#[test]
fn offload_speed_matches_published_llamacpp_runs() {
    let rows = offload_rows();
    assert!(rows.len() >= 6);
    let sources: std::collections::HashSet<&str> = rows.iter().map(|r| r.source.as_str()).collect();
    assert!(sources.len() >= 2);
    println!(
        "{:<28} {:<28} {:<16} {:>9} {:>9} {:>7}  our lever's split",
        "source", "model", "offload", "measured", "ours", "error"
    );
    for r in &rows {
        println!(
            "{:<28} {:<28} {:<16} {:>9.2} {:>9.2} {:>6.0}%  {}",
            r.source,
            r.model,
            r.offload,
            r.measured,
            r.predicted,
            100.0 * r.error(),
            r.ours.as_deref().unwrap_or("-")
        );
    }
    let median = median_abs(rows.iter().map(|r| r.error()));
    let fit = median_abs(rows.iter().filter(|r| r.role == "fit").map(|r| r.error()));
    let check = median_abs(rows.iter().filter(|r| r.role == "check").map(|r| r.error()));
    println!("median |error|: all {median:.3}, fit rows {fit:.3}, check rows {check:.3}");
    assert!(median <= 0.30, "median error {median}");
    assert!(fit <= 0.30, "median error on the rows fitted on {fit}");
    assert!(check <= 0.30, "median error on the held-out rows {check}");
    for r in rows.iter().filter(|r| r.role == "check") {
        assert!(
            r.error().abs() <= 0.5,
            "{} {}: {:.2}",
            r.source,
            r.model,
            r.error()
        );
    }
}

/// SGLang's token pool against its start-up logs (tests/calibration/sglang-kv-pool.csv): the
/// profile's static share of the card less our weights, over our KV bytes per token.
#[test]
fn sglang_token_pool_matches_start_up_logs() {
    use vramguide::estimate::{Fit, Job, Mode, Precision, Runtime};
    let catalog = vramguide::catalog::Catalog::get();
    let csv = include_str!("../calibration/sglang-kv-pool.csv");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let mut rows = 0;
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split(',').collect();
        let model = &catalog.resolve_model(f[col("model_id")]).unwrap().model;
        let gpu = catalog.resolve_gpu(f[col("gpu_id")]).unwrap().gpu;
        let tp: u32 = f[col("tp")].parse().unwrap();
        let precision: Precision = f[col("precision")].parse().unwrap();
        let mut job = Job::new(Mode::Inference, precision);
        job.runtime = Runtime::Sglang;
        job.memory_share = Some(f[col("mem_fraction_static")].parse().unwrap());
        job.set_context(4096);
        let fit = Fit::check(model, &job, gpu, tp).unwrap();
        let ours = fit.kv_capacity_tokens.unwrap() as f64;
        let logged: f64 = f[col("kv_tokens")].parse().unwrap();
        let error = ours / logged - 1.0;
        println!(
            "{} on {tp} x {}: ours {ours:.0}, logged {logged:.0} ({:+.1} %)",
            model.id,
            gpu.id,
            error * 100.0
        );
        assert!(error.abs() < 0.15, "{line}: ours {ours:.0} vs {logged:.0}");
        rows += 1;
    }
    assert!(rows >= 3, "at least three start-up logs");
}

/// Decode throughput at a stated concurrency against public vLLM runs of gpt-oss-120b on
/// H100 and H200 (tests/calibration/throughput-public.csv, 8 rows, concurrency 4 to 64, 1 to
/// 8 GPUs): the roofline's step (the dense weights once, the routed experts a batch touches,
/// each sequence's KV) times the concurrency. Tolerance: every row within a factor of 2,
/// and at least 7 of 8 within 40 %. The one row outside 40 % is TP 8 at concurrency 8,
/// where a fixed per-step cost of tensor parallelism (about 3.7 ms) that we do not model
/// dominates; the high-concurrency rows that price a served GPU are within 1 %.
#[test]
fn decode_throughput_matches_public_vllm_runs() {
    use vramguide::estimate::{Job, Mode, Precision, Runtime, decode_tokens_per_s};
    let catalog = Catalog::get();
    let csv = include_str!("../calibration/throughput-public.csv");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let mut errors = Vec::new();
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let cells: Vec<&str> = line.splitn(header.len(), ',').collect();
        let f = |name: &str| cells[header.iter().position(|h| *h == name).unwrap()];
        let num = |name: &str| f(name).parse::<f64>().unwrap();
        let model = catalog.model(f("model")).expect("model in the catalog");
        let gpu = catalog.gpu(f("gpu")).expect("gpu in the catalog");
        assert_eq!(f("engine"), "vllm");
        let mut job = Job::new(Mode::Inference, Precision::Mxfp4);
        job.runtime = Runtime::Vllm;
        job.prompt = num("prompt_tokens") as u64;
        job.generate = num("output_tokens") as u64;
        job.batch = num("concurrency") as u32;
        let count = num("gpu_count") as u32;
        let ours = decode_tokens_per_s(model, &job, gpu, count) * f64::from(job.batch);
        let measured = num("output_tokens_per_s");
        let ratio = ours / measured;
        assert!(
            (0.5..=2.0).contains(&ratio),
            "{line}: ours {ours:.0} tokens/s, measured {measured}"
        );
        errors.push(ratio - 1.0);
    }
    assert!(errors.len() >= 8, "{} rows", errors.len());
    let within = errors.iter().filter(|e| e.abs() <= 0.40).count();
    assert!(within + 1 >= errors.len(), "{errors:?}");
}

/// Public training runs as the frameworks run them (tests/calibration/
/// training-frameworks-public.csv: Unsloth's notebooks and context table, Axolotl's example
/// READMEs, a LLaMA-Factory out-of-memory issue). Every outcome on the named card must be
/// ours; peaks are within their level, held-out ("check") rows apart from the rows that
/// set a constant ("set"); an "outlier" row states what the model lacks and counts only in
/// the overall median. `--nocapture` prints the table.
#[test]
fn public_training_outcomes_hold() {
    let rows = crate::calibration_rows::training_rows(
        Catalog::get(),
        include_str!("../calibration/training-frameworks-public.csv"),
    );
    assert!(rows.len() >= 30, "{} rows", rows.len());
    for r in &rows {
        println!(
            "{:<24} {:<13} {:<8} {:<5} mb={:<2} seq={:<7} gpus={} {:<14} {:>7.2} {:>7.2} {:>+7.1}%  {:<5} {}",
            r.model,
            r.framework,
            r.method,
            r.sharding,
            r.micro_batch,
            r.seq_len,
            r.gpus,
            r.gpu,
            r.measured_gib,
            r.estimate_gib,
            r.error() * 100.0,
            r.fits.map_or("-", |f| if f { "fits" } else { "oom" }),
            r.role
        );
    }
    let wrong: Vec<String> = rows
        .iter()
        .filter(|r| !r.outcome.is_empty())
        .filter_map(|r| Some((r, r.fits?)))
        .filter(|(r, fits)| *fits != (r.outcome == "fits"))
        .map(|(r, _)| {
            format!(
                "{} on {} x {}: public {}",
                r.model, r.gpus, r.gpu, r.outcome
            )
        })
        .collect();
    assert!(wrong.is_empty(), "wrong verdicts: {wrong:?}");
    let peaks = |role: &str| -> Vec<f64> {
        rows.iter()
            .filter(|r| r.role == role && r.measured_gib.is_finite())
            .map(|r| r.error())
            .collect()
    };
    let (set, check) = (peaks("set"), peaks("check"));
    let all: Vec<f64> = rows
        .iter()
        .filter(|r| r.measured_gib.is_finite())
        .map(|r| r.error())
        .collect();
    println!(
        "set: {} rows, median {:.1}%, max {:.1}%; check: {} rows, median {:.1}%, max {:.1}%; all {} rows, median {:.1}%",
        set.len(),
        median_abs(set.iter().copied()) * 100.0,
        max_abs(set.iter().copied()) * 100.0,
        check.len(),
        median_abs(check.iter().copied()) * 100.0,
        max_abs(check.iter().copied()) * 100.0,
        all.len(),
        median_abs(all.iter().copied()) * 100.0,
    );
    assert!(check.len() >= 15 && set.len() >= 2);
    assert!(max_abs(set.iter().copied()) <= 0.10);
    assert!(median_abs(check.iter().copied()) <= 0.15);
    assert!(max_abs(check.iter().copied()) <= 0.35);
    assert!(median_abs(all.iter().copied()) <= 0.15);
    // Held out or not, the framework matters: without Unsloth's profile the T4 rows
    // would not fit (gpt-oss-20b QLoRA: 19.8 GiB with the HF profile).
    assert!(
        rows.iter()
            .filter(|r| r.framework == "unsloth" && r.gpu == "t4")
            .count()
            >= 10
    );
}

/// Our own DeepSpeed ZeRO-3 runs on one H200 (bench/device/zero3_offload.sh, 2026-11-26),
/// held out: full fine-tunes of Llama 3.1 8B's and Llama 3.3 70B's width with fewer layers,
/// with and without CPU offload. The estimate is what PyTorch's allocator holds at its peak
/// (`max_memory_allocated`); the device-level reading is larger by the allocator's cache,
/// which the offloaded runs grew to 1.6-2.3 times the allocated peak.
#[test]
fn zero3_on_one_gpu_matches_the_allocated_peak() {
    let rows = crate::calibration_rows::training_rows(
        Catalog::get(),
        include_str!("../calibration/h200-zero3-ours.csv"),
    );
    assert_eq!(rows.len(), 4);
    for r in &rows {
        println!(
            "{:<14} offload={:<5} measured {:>6.2} ours {:>6.2} {:>+6.1}%",
            r.model,
            r.cpu_offload,
            r.measured_gib,
            r.estimate_gib,
            r.error() * 100.0
        );
    }
    let max = max_abs(rows.iter().map(|r| r.error()));
    assert!(max <= 0.10, "largest error {max}");
}
