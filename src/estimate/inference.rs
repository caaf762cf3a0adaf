//! Inference memory by runtime profile.

use super::precision::{Format, Precision};
use super::{Estimate, Job, Note, Runtime, kv_bytes, kv_bytes_per_token, weight_bytes};
use crate::catalog::{GIB, ModelSpec};

/// transformers' prefill keeps about 3.5 x prompt x intermediate 16-bit values alive at its
/// peak (gate, up and their product in the MLP): fitted on the Qwen2.5 calibration rows,
/// where the sources' own analysis gives 3 to 4.
const TRANSFORMERS_PREFILL_FACTOR: f64 = 3.5;
/// Allocator-visible workspaces of transformers (cuBLAS and friends): tens of MiB.
const TRANSFORMERS_OVERHEAD: f64 = 32.0 * 1024.0 * 1024.0;
/// vLLM's default `gpu_memory_utilization`.
pub const VLLM_UTILIZATION: f64 = 0.9;
/// Tokens vLLM prefills in one step (chunked prefill, `max_num_batched_tokens`).
const VLLM_CHUNK: f64 = 8192.0;
/// CUDA graphs, sampler and NCCL buffers vLLM keeps per GPU.
const VLLM_OVERHEAD: f64 = 1.0 * GIB;
/// llama.cpp's physical batch (`n_ubatch`).
const LLAMACPP_UBATCH: f64 = 512.0;
/// llama.cpp's small per-device buffers besides the compute buffer.
const LLAMACPP_OVERHEAD: f64 = 0.1 * GIB;

pub(super) fn estimate(model: &ModelSpec, job: &Job, gpus: u32) -> Estimate {
    let n = f64::from(gpus);
    let batch = f64::from(job.batch);
    let loaded = loaded_precision(job);
    let weights = weight_bytes(model, loaded);
    let kv_cache = kv_bytes(model, job.kv_precision, job.context()) * batch;
    let (act_per_gpu, overhead_per_gpu) = match job.runtime {
        Runtime::Transformers => (transformers_peak(model, job), TRANSFORMERS_OVERHEAD),
        Runtime::Vllm => (vllm_peak(model, job) / n, VLLM_OVERHEAD),
        Runtime::LlamaCpp => (llamacpp_compute(model, job), LLAMACPP_OVERHEAD),
    };
    let activations = act_per_gpu * n;
    let overhead = overhead_per_gpu * n;
    Estimate {
        weights,
        kv_cache,
        activations,
        overhead,
        gradients: 0.0,
        optimizer: 0.0,
        per_gpu: (weights + kv_cache) / n + act_per_gpu + overhead_per_gpu,
        gpus,
        kv_bytes_per_token: kv_bytes_per_token(model, job.kv_precision),
        trainable_params: 0,
        rule_of_thumb_gb: 0.0,
        notes: Vec::new(),
    }
}

/// What the answer should say about this inference job.
pub(super) fn notes(model: &ModelSpec, job: &Job) -> Vec<Note> {
    let loaded = loaded_precision(job);
    let mut notes = Vec::new();
    if model.kv_lora_rank.is_some() {
        notes.push(Note::MlaCache {
            bytes_per_token: kv_bytes_per_token(model, job.kv_precision).round() as u64,
        });
    }
    if let Some(window) = model.sliding_window
        && job.context() > u64::from(window)
    {
        notes.push(Note::SlidingWindow { window });
    }
    if job.runtime == Runtime::Vllm {
        notes.push(Note::VllmPreallocates {
            utilization: VLLM_UTILIZATION,
        });
    }
    if loaded != job.precision || !runtime_loads(job.runtime, job.precision) {
        notes.push(Note::RuntimeMismatch {
            runtime: job.runtime,
            precision: job.precision,
        });
    }
    notes
}

/// transformers dequantizes GGUF files to 16 bits on load.
fn loaded_precision(job: &Job) -> Precision {
    if job.runtime == Runtime::Transformers && job.precision.format() == Format::Gguf {
        Precision::Fp16
    } else {
        job.precision
    }
}

/// Whether a runtime loads weights in this format natively.
fn runtime_loads(runtime: Runtime, precision: Precision) -> bool {
    match runtime {
        Runtime::Transformers => precision.format() != Format::Gguf,
        Runtime::Vllm => precision.format() != Format::Gguf && precision != Precision::Nf4,
        Runtime::LlamaCpp => {
            precision.format() == Format::Gguf
                || matches!(
                    precision,
                    Precision::Fp32 | Precision::Fp16 | Precision::Bf16
                )
        }
    }
}

/// Peak of one prefill in transformers, per GPU: each GPU of a layer split hits it in turn.
fn transformers_peak(model: &ModelSpec, job: &Job) -> f64 {
    let tokens = job.prompt as f64 * f64::from(job.batch);
    let mut peak = TRANSFORMERS_PREFILL_FACTOR * tokens * model.active_intermediate() as f64 * 2.0;
    if !job.flash_attention {
        let prompt = job.prompt as f64;
        peak += f64::from(model.num_attention_heads) * prompt * prompt * 4.0 * f64::from(job.batch);
    }
    // AutoAWQ keeps a separate copy of a tied embedding for lm_head while it runs.
    if job.precision == Precision::AwqInt4 && model.tie_word_embeddings {
        peak = peak.max(model.embedding_params() as f64 * 2.0);
    }
    peak
}

/// vLLM's profiled activation peak for one prefill chunk, over all GPUs.
fn vllm_peak(model: &ModelSpec, job: &Job) -> f64 {
    let tokens = (job.prompt as f64 * f64::from(job.batch)).min(VLLM_CHUNK);
    TRANSFORMERS_PREFILL_FACTOR * tokens * model.active_intermediate() as f64 * 2.0
}

/// llama.cpp's compute buffer: logits and MLP scratch for one ubatch in f32.
fn llamacpp_compute(model: &ModelSpec, job: &Job) -> f64 {
    let ubatch = LLAMACPP_UBATCH.min((job.prompt as f64 * f64::from(job.batch)).max(1.0));
    let width = f64::from(model.vocab_size)
        + 2.0 * (f64::from(model.hidden_size) + model.active_intermediate() as f64);
    let mut buffer = ubatch * width * 4.0;
    if !job.flash_attention {
        buffer += f64::from(model.num_attention_heads) * ubatch * job.context() as f64 * 4.0;
    }
    buffer
}
