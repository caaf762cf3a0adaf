//! Decode and prefill speed: estimates, not measurements.
//!
//! Decoding one token reads every active weight and the KV cache once, so its time is
//! bytes / (efficiency x bandwidth) plus a per-layer launch cost. The efficiency depends on
//! the runtime and on the memory class: llama.cpp reaches a higher share of GDDR bandwidth
//! on consumer cards than of HBM on datacenter cards (fitted on the llama.cpp calibration
//! rows), so one global constant cannot be right. Prefill is compute bound.

use super::precision::Precision;
use super::{HostOffload, Job, Runtime, active_weight_bytes, kv_bytes, offload};
use crate::catalog::{GpuSpec, MemoryKind, ModelSpec};
use crate::runtime::Split;

/// (share of peak bandwidth reached, fixed milliseconds per layer and token), from the
/// runtime's profile: llama.cpp fitted on 33 published Llama-3-8B rows, transformers on the
/// Qwen2.5 A100 rows; vLLM's CUDA graphs remove most launch cost.
fn efficiency(runtime: Runtime, kind: MemoryKind, quantized: bool) -> (f64, f64) {
    let decode = runtime.profile().decode;
    match (decode.quantized, kind) {
        (Some(q), _) if quantized => q,
        (_, MemoryKind::Gddr) => decode.gddr,
        (_, MemoryKind::Hbm) => decode.hbm,
        (_, MemoryKind::Unified) => decode.unified,
    }
}

/// Share of the summed bandwidth tensor parallelism keeps over `count` GPUs.
fn tensor_parallel_share(gpu: &GpuSpec, count: u32) -> f64 {
    use super::fit::Interconnect;
    if count <= 1 {
        1.0
    } else if matches!(
        Interconnect::of(gpu, count),
        Interconnect::Nvlink | Interconnect::NvlinkBridge
    ) {
        // A bridge joins a pair only: four bridged cards still talk over PCIe.
        0.9
    } else {
        0.7
    }
}

/// Tokens per second one sequence decodes at, on `count` GPUs of this kind.
pub fn decode_tokens_per_s(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> f64 {
    DecodeWork::new(model, job).tokens_per_s(gpu, count)
}

/// What decoding one token costs whatever the GPU: the bytes it reads and the layers it
/// launches. Ranking setups compares dozens of GPUs for one job, so this is worked out
/// once and [`DecodeWork::tokens_per_s`] only adds the device.
#[derive(Debug, Clone, Copy)]
pub struct DecodeWork {
    bytes: f64,
    layers: f64,
    quantized: bool,
    runtime: Runtime,
    /// Of `bytes`, those read from host RAM (offloaded layers or experts), and the seconds
    /// reading them takes whatever the GPU.
    host_bytes: f64,
    host_seconds: f64,
}

impl DecodeWork {
    pub fn new(model: &ModelSpec, job: &Job) -> DecodeWork {
        let precision = effective_precision(job);
        let mid_context = job.prompt + job.generate / 2;
        let (host_bytes, host_seconds) = match offload::offload_of(job) {
            Some((split, how)) => {
                let host = offload::host_read_bytes(model, job, precision);
                let share = match split {
                    HostOffload::CpuMoe(_) => how.expert_share,
                    HostOffload::GpuLayers(_) => how.host_share,
                };
                let rate = offload::ram_gbs(job) * 1e9 * share;
                (host, host / rate + how.sync_ms / 1000.0)
            }
            None => (0.0, 0.0),
        };
        DecodeWork {
            bytes: active_weight_bytes(model, precision)
                + kv_bytes(model, job.kv_precision, mid_context) * f64::from(job.batch),
            layers: f64::from(model.num_hidden_layers),
            quantized: precision.is_quantized(),
            runtime: job.runtime,
            host_bytes,
            host_seconds,
        }
    }

    /// Tokens per second on `count` GPUs of this kind.
    pub fn tokens_per_s(&self, gpu: &GpuSpec, count: u32) -> f64 {
        self.tokens_per_s_kind(gpu, gpu.memory_kind(), count)
    }

    /// [`DecodeWork::tokens_per_s`] for a GPU whose memory kind is known already.
    pub fn tokens_per_s_kind(&self, gpu: &GpuSpec, kind: MemoryKind, count: u32) -> f64 {
        let (share, ms_per_layer) = efficiency(self.runtime, kind, self.quantized);
        let mut bandwidth = gpu.memory_bandwidth_gbs * 1e9 * share;
        // Tensor parallelism splits every layer over the GPUs; a layer split has one GPU
        // working at a time, so a single stream gains no bandwidth.
        if self.runtime.profile().split == Split::Tensor {
            bandwidth *= f64::from(count) * tensor_parallel_share(gpu, count);
        }
        let gpu_bytes = (self.bytes - self.host_bytes).max(0.0);
        let seconds =
            self.layers * ms_per_layer / 1000.0 + gpu_bytes / bandwidth + self.host_seconds;
        1.0 / seconds
    }
}

/// Prompt tokens per second: 2 x active parameters FLOPs per token at a share of peak.
pub fn prefill_tokens_per_s(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> f64 {
    let precision = effective_precision(job);
    let tflops = match precision {
        Precision::Fp8 | Precision::Fp8Block => gpu
            .fp8_tensor_tflops_dense
            .unwrap_or_else(|| gpu.fp16_tflops_effective()),
        Precision::Fp32 => gpu.fp32_tflops.unwrap_or(0.0),
        _ => gpu.fp16_tflops_effective(),
    };
    let profile = job.runtime.profile();
    let share = match profile.split {
        Split::Tensor => {
            profile.decode.prefill_share * f64::from(count) * tensor_parallel_share(gpu, count)
        }
        Split::Layers => profile.decode.prefill_share,
    };
    tflops * 1e12 * share / (2.0 * model.params_active as f64)
}

/// The precision the runtime really reads (transformers dequantizes GGUF to 16 bits).
fn effective_precision(job: &Job) -> Precision {
    job.runtime.profile().loaded(job.precision)
}
