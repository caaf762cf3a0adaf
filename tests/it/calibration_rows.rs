//! Published measurements the estimator is checked against (tests/calibration/*.csv).
//!
//! Pure: callers pass the CSV text (tests and the `calibrate` example embed the files), and
//! get one row per measurement with our estimate and the rule of thumb beside it. Only the
//! tests and that example use it, so it lives here rather than in the shipped library
//! (`examples/calibrate.rs` includes this file as a module).

// A row carries every figure of its measurement; the tests and the example each read
// their own fields.
#![allow(dead_code)]

use vramguide::catalog::{Catalog, GIB};
use vramguide::estimate::{self, Job, Mode, Optimizer, Precision, Runtime, Sharding};
use vramguide::runtime::framework::Framework;

/// One memory measurement and our predictions for it.
#[derive(Debug, Clone)]
pub struct MemoryRow {
    pub model: String,
    pub quantization: String,
    pub input_length: u64,
    pub gpus: u32,
    pub measured_gib: f64,
    pub estimate_gib: f64,
    /// The rule of thumb converted to GiB, for a like-for-like error.
    pub rule_gib: f64,
}

/// One decode-speed measurement and our prediction.
#[derive(Debug, Clone)]
pub struct SpeedRow {
    pub gpu: String,
    pub gpu_id: Option<String>,
    pub quant: String,
    pub measured: f64,
    pub estimate: Option<f64>,
}

impl MemoryRow {
    pub fn error(&self) -> f64 {
        (self.estimate_gib - self.measured_gib) / self.measured_gib
    }
    pub fn rule_error(&self) -> f64 {
        (self.rule_gib - self.measured_gib) / self.measured_gib
    }
}

impl SpeedRow {
    pub fn error(&self) -> Option<f64> {
        self.estimate.map(|e| (e - self.measured) / self.measured)
    }
}

fn quant_precision(name: &str) -> Option<Precision> {
    match name {
        "BF16" => Some(Precision::Bf16),
        "GPTQ-Int8" => Some(Precision::GptqInt8),
        "GPTQ-Int4" => Some(Precision::GptqInt4),
        "AWQ" | "AWQ-INT4" => Some(Precision::AwqInt4),
        // Qwen3's FP8 checkpoints are block-scaled (128 x 128), as DeepSeek's.
        "FP8" => Some(Precision::Fp8Block),
        "F16" => Some(Precision::Fp16),
        other => other.parse().ok(),
    }
}

/// Qwen's speed benchmarks on transformers (Qwen2.5 on A100, Qwen3 on H20): memory rows.
/// The model is read from `model_id` (a catalog id) or else `model` (a name to resolve);
/// memory from `gpu_memory_GiB` or `gpu_memory_MB` (MiB, as Qwen's own arithmetic shows).
pub fn memory_rows(catalog: &Catalog, csv: &str) -> Vec<MemoryRow> {
    named_records(csv)
        .into_iter()
        .filter_map(|f| {
            let name = f.get("model").map(String::as_str).unwrap_or("");
            let model = match f.get("model_id").and_then(|id| catalog.model(id)) {
                Some(m) => m,
                None => catalog.resolve_model(name).ok()?.model,
            };
            let precision = quant_precision(f.get("quantization")?)?;
            let mut job = Job::new(Mode::Inference, precision);
            job.runtime = Runtime::Transformers;
            job.flash_attention = f.get("attn_implementation").is_none_or(|a| a != "eager");
            job.prompt = f.get("input_length")?.parse().ok()?;
            job.generate = f.get("output_length")?.parse().ok()?;
            let gpus: u32 = f.get("gpu_num")?.parse().ok()?;
            let est = estimate::run(model, &job, gpus).ok()?;
            let measured = match f.get("gpu_memory_GiB") {
                Some(g) => g.parse().ok()?,
                None => f.get("gpu_memory_MB")?.parse::<f64>().ok()? / 1024.0,
            };
            Some(MemoryRow {
                model: name.to_string(),
                quantization: f.get("quantization")?.to_string(),
                input_length: job.prompt,
                gpus,
                measured_gib: measured,
                estimate_gib: est.total_gib(),
                rule_gib: est.rule_of_thumb_gb * 1e9 / GIB,
            })
        })
        .collect()
}

/// llama.cpp decode speed for Llama 3 8B; rows whose GPU is not in the catalog get no estimate.
pub fn speed_rows(catalog: &Catalog, csv: &str) -> Vec<SpeedRow> {
    let model = catalog
        .model("llama-3-8b")
        .expect("llama-3-8b is in the catalog");
    named_records(csv)
        .into_iter()
        .filter_map(|f| {
            let name = f.get("gpu")?;
            let gpu = catalog.resolve_gpu(name).ok().map(|m| m.gpu);
            let quant = f.get("quant")?;
            let precision = quant_precision(quant)?;
            let mut job = Job::new(Mode::Inference, precision);
            job.runtime = Runtime::LlamaCpp;
            job.prompt = 512;
            job.generate = 1024;
            Some(SpeedRow {
                gpu: name.clone(),
                gpu_id: gpu.map(|g| g.id.clone()),
                quant: quant.clone(),
                measured: leading(&f, "generation_tokens_per_s")?,
                estimate: gpu.map(|g| estimate::decode_tokens_per_s(model, &job, g, 1)),
            })
        })
        .collect()
}

/// Median of absolute values.
pub fn median_abs(values: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = values.map(f64::abs).collect();
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    if v.len().is_multiple_of(2) {
        (v[mid - 1] + v[mid]) / 2.0
    } else {
        v[mid]
    }
}

/// Largest absolute value.
pub fn max_abs(values: impl Iterator<Item = f64>) -> f64 {
    values.map(f64::abs).fold(0.0, f64::max)
}

/// One vLLM start-up log: the KV pool it sized, and ours for the same settings.
#[derive(Debug, Clone)]
pub struct KvPoolRow {
    pub model: String,
    pub precision: String,
    pub gpu: String,
    pub tensor_parallel: u32,
    /// The vLLM release of the log ("0.19.0"), sized with that release's figures.
    pub version: String,
    pub measured_gib: f64,
    pub estimate_gib: f64,
    /// Weights + activation peak + non-torch memory, per GPU.
    pub measured_non_kv_gib: f64,
    pub estimate_non_kv_gib: f64,
}

impl KvPoolRow {
    pub fn error(&self) -> f64 {
        (self.estimate_gib - self.measured_gib) / self.measured_gib
    }
    pub fn non_kv_error(&self) -> f64 {
        (self.estimate_non_kv_gib - self.measured_non_kv_gib) / self.measured_non_kv_gib
    }
}

/// Records as maps from the header's column names, so sources may order columns freely.
/// Quoted fields (a note with a comma in it) are read as CSV means them.
fn named_records(text: &str) -> Vec<Record> {
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .flexible(true)
        .from_reader(text.as_bytes());
    let header: Vec<String> = match reader.headers() {
        Ok(h) => h.iter().map(str::to_string).collect(),
        Err(_) => return Vec::new(),
    };
    reader
        .records()
        .filter_map(Result::ok)
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.iter().map(str::to_string))
                .collect()
        })
        .collect()
}

/// The weight format a vLLM log's dtype, quantization and repository name describe.
fn vllm_precision(dtype: &str, quantization: &str, repo: &str) -> Option<Precision> {
    let repo = repo.to_ascii_lowercase();
    Some(match quantization.to_ascii_lowercase().as_str() {
        "" | "none" => match dtype {
            "float32" => Precision::Fp32,
            "float16" => Precision::Fp16,
            _ => Precision::Bf16,
        },
        "fp8" => Precision::Fp8,
        "compressed-tensors" if repo.contains("fp8") => Precision::Fp8,
        "compressed-tensors" if repo.contains("w4a16") => Precision::GptqInt4,
        "awq" | "awq_marlin" => Precision::AwqInt4,
        "gptq" | "gptq_marlin" => Precision::GptqInt4,
        "mxfp4" => Precision::Mxfp4,
        _ => return None,
    })
}

/// The leading number of a field ("8192 (model default)" -> 8192).
fn leading<T: std::str::FromStr>(f: &Record, key: &str) -> Option<T> {
    f.get(key)?.split_whitespace().next()?.parse().ok()
}

type Record = std::collections::HashMap<String, String>;

/// vLLM start-up logs: the KV pool and the memory outside it, per GPU, against ours.
/// Rows whose model or GPU the catalog lacks, that use pipeline parallelism, that did not
/// start, or whose log lacks the KV figure are skipped.
pub fn vllm_rows(catalog: &Catalog, csv: &str) -> Vec<KvPoolRow> {
    named_records(csv)
        .into_iter()
        .filter_map(|f| {
            if f.get("status").is_some_and(|s| s != "ok") || leading::<u32>(&f, "pp") != Some(1) {
                return None;
            }
            let model = catalog.model(f.get("model_id")?)?;
            let gpu = catalog.gpu(f.get("gpu_id")?)?;
            let quantization = f
                .get("quantization")
                .and_then(|q| q.split_whitespace().next())
                .unwrap_or("");
            let precision = vllm_precision(
                f.get("dtype").map(String::as_str).unwrap_or(""),
                quantization,
                f.get("hub_repo").map(String::as_str).unwrap_or(""),
            )?;
            let tp: u32 = leading(&f, "tp")?;
            let mut job = Job::new(Mode::Inference, precision);
            job.runtime = Runtime::Vllm;
            if let Some(len) = leading(&f, "max_model_len") {
                job.set_context(len);
            }
            job.memory_share = leading(&f, "gpu_memory_utilization");
            job.batched_tokens = leading(&f, "max_num_batched_tokens");
            let version = f.get("vllm_version").cloned().unwrap_or_default();
            job.engine_version =
                vramguide::query::fields::engine_version(&Some(version.clone())).ok()?;
            let est = estimate::run_on(model, &job, tp, Some(gpu)).ok()?;
            let n = f64::from(tp);
            let non_kv = (est.weights + est.activations + est.overhead) / n / GIB;
            let usable = estimate::usable_gib(gpu, &job, tp);
            let parts: Option<f64> = ["weights_gib", "activation_peak_gib", "non_torch_gib"]
                .iter()
                .map(|k| leading::<f64>(&f, k))
                .sum();
            Some(KvPoolRow {
                model: model.id.clone(),
                precision: precision.name().to_string(),
                gpu: gpu.id.clone(),
                tensor_parallel: tp,
                version,
                measured_gib: leading(&f, "kv_cache_gib")?,
                estimate_gib: usable - non_kv,
                measured_non_kv_gib: leading(&f, "total_non_kv_gib").or(parts)?,
                estimate_non_kv_gib: non_kv,
            })
        })
        .collect()
}

/// One published training run: peak memory per GPU, and ours for the same settings.
#[derive(Debug, Clone)]
pub struct TrainingRow {
    pub model: String,
    pub method: String,
    pub sharding: String,
    pub cpu_offload: bool,
    pub micro_batch: u32,
    pub seq_len: u64,
    pub gpus: u32,
    /// NaN where the source gives an outcome only.
    pub measured_gib: f64,
    pub estimate_gib: f64,
    /// The framework whose profile sized the row ("hf" when the file names none).
    pub framework: String,
    /// "set" when the row shaped a constant, "check" when it is held out ("" if unsaid).
    pub role: String,
    /// What happened on the named card: "fits" or "oom" ("" if unsaid).
    pub outcome: String,
    /// Our verdict on the named card (`gpu_id`), when there is one.
    pub fits: Option<bool>,
    pub gpu: String,
}

impl TrainingRow {
    pub fn error(&self) -> f64 {
        (self.estimate_gib - self.measured_gib) / self.measured_gib
    }
}

/// Training tables (torchtune, Answer.AI's FSDP-QLoRA, PEFT's docs): rows whose model the
/// catalog lacks are skipped. Values in GB are converted to GiB.
pub fn training_rows(catalog: &Catalog, csv: &str) -> Vec<TrainingRow> {
    named_records(csv)
        .into_iter()
        .filter_map(|f| {
            let truncated;
            let mut model = catalog.model(f.get("model_id")?)?;
            // A model measured with fewer layers than it has (host RAM under offload):
            // the same width and vocabulary, `layers` of them, `params_total` as built.
            if let (Some(layers), Some(params)) =
                (leading(&f, "layers"), leading(&f, "params_total"))
            {
                truncated = vramguide::catalog::ModelSpec {
                    num_hidden_layers: layers,
                    params_total: params,
                    params_active: params,
                    ..model.clone()
                };
                model = &truncated;
            }
            let mode = match f.get("method")?.as_str() {
                "full" => Mode::FullFinetune,
                "lora" => Mode::Lora,
                "qlora" => Mode::Qlora,
                _ => return None,
            };
            let mut job = Job::new(mode, Precision::Bf16);
            if mode == Mode::Qlora {
                job.precision = Precision::Nf4;
            }
            if let Some(p) = f.get("precision").and_then(|p| p.parse().ok()) {
                job.precision = p;
            }
            let framework: Framework = f
                .get("framework")
                .and_then(|n| n.parse().ok())
                .unwrap_or_default();
            job.follow(framework);
            let sharding = f.get("sharding").map(String::as_str).unwrap_or("none");
            job.sharding = Some(if sharding.contains("full_shard") || sharding == "fsdp" {
                Sharding::Fsdp
            } else if sharding.contains("zero3") {
                Sharding::Zero3
            } else if sharding.contains("zero2") {
                Sharding::Zero2
            } else {
                Sharding::Ddp
            });
            job.cpu_offload = f.get("cpu_offload").is_some_and(|v| v.starts_with("true"));
            let optimizer = f
                .get("optimizer")
                .map_or(String::new(), |o| o.to_ascii_lowercase());
            if optimizer.contains("paged") {
                job.optimizer = Optimizer::PagedAdamw8bit;
            } else if optimizer.contains("8bit") || optimizer.contains("8-bit") {
                job.optimizer = Optimizer::Adamw8bit;
            } else if optimizer.starts_with("adamw") {
                job.optimizer = Optimizer::Adamw;
            }
            let flag = |k: &str| match f.get(k).map(String::as_str) {
                Some(v) if v.starts_with("true") => Some(true),
                Some(v) if v.starts_with("false") => Some(false),
                _ => None,
            };
            if let Some(t) = f.get("lora_targets").and_then(|t| t.parse().ok()) {
                job.lora_targets = t;
            }
            if let Some(c) = flag("chunked_loss").or(flag("chunked_ce")) {
                job.chunked_loss = c;
            }
            if let Some(b) = flag("optimizer_in_bwd") {
                job.optimizer_in_backward = b;
            }
            if let Some(c) = flag("fused_loss") {
                job.fused_loss = c;
            }
            if let Some(c) = flag("offloaded_checkpoints").or(flag("activation_offloading")) {
                job.offloaded_checkpoints = c;
            }
            if let Some(t) = flag("tiled_mlp") {
                job.tiled_mlp = t;
            }
            job.gradient_checkpointing = f
                .get("gradient_checkpointing")
                .or(f.get("activation_checkpointing"))
                .is_some_and(|v| v.starts_with("true"));
            if let Some(m) = flag("master_weights") {
                job.master_weights = m;
            }
            if let Some(rank) = leading(&f, "lora_rank") {
                job.lora_rank = rank;
            }
            job.batch = leading(&f, "micro_batch")?;
            let seq: u64 = leading(&f, "seq_len")?;
            job.set_context(seq);
            let gpus: u32 = leading(&f, "gpus")?;
            // On the named card, paged optimizer states fill what the rest leaves.
            let gpu = f.get("gpu_id").and_then(|id| catalog.gpu(id));
            let est = estimate::run_on(model, &job, gpus, gpu).ok()?;
            let outcome = f.get("outcome").cloned().unwrap_or_default();
            let value: Option<f64> = leading(&f, "peak_memory_per_gpu")
                .or_else(|| leading(&f, "peak_memory_per_gpu_high"));
            if value.is_none() && outcome.is_empty() {
                return None;
            }
            let unit = f.get("unit").map(String::as_str).unwrap_or("GiB");
            let measured = match value {
                Some(v) if unit.starts_with("GB") => v * 1e9 / GIB,
                Some(v) => v,
                None => f64::NAN,
            };
            // A monitoring tool's "memory in use" also counts what PyTorch's allocator
            // does not hold: the CUDA context and NCCL's buffers.
            let metric = f.get("metric").map_or("", String::as_str);
            let device_level = metric.contains("in use") || metric.contains("nvidia-smi");
            let outside = if device_level {
                estimate::Reserve::of(&job)
                    .outside_allocator_gib(gpus, gpu.map(|g| estimate::Interconnect::of(g, gpus)))
            } else {
                0.0
            };
            let fits = gpu.map(|g| est.per_gpu_gib() <= estimate::usable_gib(g, &job, gpus));
            Some(TrainingRow {
                model: model.id.clone(),
                method: mode.name().to_string(),
                sharding: job.sharding_on(gpus).name().to_string(),
                cpu_offload: job.cpu_offload,
                micro_batch: job.batch,
                seq_len: seq,
                gpus,
                measured_gib: measured,
                estimate_gib: est.per_gpu_gib() + outside,
                framework: framework.name().to_string(),
                role: f.get("role").cloned().unwrap_or_default(),
                outcome,
                fits,
                gpu: gpu.map_or(String::new(), |g| g.id.clone()),
            })
        })
        .collect()
}

/// One llama.cpp load log: the buffers it put on the GPU, and ours.
#[derive(Debug, Clone)]
pub struct BufferRow {
    pub model: String,
    pub quant: String,
    pub n_ctx: u64,
    /// Model + KV + compute buffers on the GPU, GiB.
    pub measured_gib: f64,
    /// Our weights on the GPU + KV cache + compute buffer (no CUDA context), GiB.
    pub estimate_gib: f64,
    pub measured_model_gib: f64,
    pub estimate_model_gib: f64,
    /// The rule of thumb converted to GiB.
    pub rule_gib: f64,
}

impl BufferRow {
    pub fn error(&self) -> f64 {
        (self.estimate_gib - self.measured_gib) / self.measured_gib
    }
    pub fn rule_error(&self) -> f64 {
        (self.rule_gib - self.measured_gib) / self.measured_gib
    }
}

/// llama.cpp's logged buffer sizes (MiB) for a model fully offloaded to one GPU. A model
/// the catalog lacks is read as the catalog model of identical shapes (`arch_equivalent`).
pub fn llamacpp_rows(catalog: &Catalog, csv: &str) -> Vec<BufferRow> {
    named_records(csv)
        .into_iter()
        .filter_map(|f| {
            let id = f
                .get("model_id")
                .filter(|id| !id.is_empty())
                .or(f.get("arch_equivalent"))?;
            let model = catalog.model(id)?;
            let quant = f.get("gguf_quant")?.as_str();
            let precision = quant_precision(quant)?;
            let mut job = Job::new(Mode::Inference, precision);
            job.runtime = Runtime::LlamaCpp;
            let n_ctx: u64 = leading(&f, "n_ctx")?;
            job.prompt = n_ctx;
            job.generate = 0;
            job.flash_attention = leading::<u32>(&f, "flash_attn").is_some_and(|v| v == 1);
            let est = estimate::run(model, &job, 1).ok()?;
            let mib = |k: &str| leading::<f64>(&f, k).map(|v| v / 1024.0);
            let model_gib = mib("cuda0_model_buffer_mib")?;
            let measured =
                model_gib + mib("cuda0_kv_buffer_mib")? + mib("cuda0_compute_buffer_mib")?;
            Some(BufferRow {
                model: model.id.clone(),
                quant: quant.to_string(),
                n_ctx,
                measured_gib: measured,
                estimate_gib: (est.weights + est.kv_cache + est.activations) / GIB,
                measured_model_gib: model_gib,
                estimate_model_gib: est.weights / GIB,
                rule_gib: est.rule_of_thumb_gb * 1e9 / GIB,
            })
        })
        .collect()
}
