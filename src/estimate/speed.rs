//! Decode and prefill speed: estimates, not measurements.
//!
//! Decoding one token reads every active weight and the KV cache once, so its time is
//! bytes / (efficiency x bandwidth) plus a per-layer launch cost. The efficiency depends on
//! the runtime and on the memory class: llama.cpp reaches a higher share of GDDR bandwidth
//! on consumer cards than of HBM on datacenter cards (fitted on the llama.cpp calibration
//! rows), so one global constant cannot be right. Prefill is compute bound.

use super::precision::Precision;
use super::{HostOffload, Job, Runtime, kv_bytes, offload, weight_bytes};
use crate::catalog::{GpuSpec, MemoryKind, ModelSpec};
use crate::runtime::Split;

/// (share of peak bandwidth reached, fixed milliseconds per layer and token), from the
/// runtime's profile: llama.cpp fitted on 33 published Llama-3-8B rows, transformers on the
/// Qwen2.5 A100 rows; vLLM's CUDA graphs remove most launch cost.
pub(super) fn efficiency(runtime: Runtime, kind: MemoryKind, quantized: bool) -> (f64, f64) {
    let decode = runtime.profile().decode;
    match (decode.quantized, kind) {
        (Some(q), _) if quantized => q,
        (_, MemoryKind::Gddr) => decode.gddr,
        (_, MemoryKind::Hbm) => decode.hbm,
        (_, MemoryKind::Unified) => decode.unified,
    }
}

/// Share of the summed bandwidth tensor parallelism keeps over `count` GPUs.
pub(super) fn tensor_parallel_share(gpu: &GpuSpec, count: u32) -> f64 {
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

/// Share of the profile's bandwidth share that routed-expert kernels reach. A fused MoE
/// kernel reads many small expert matrices picked at run time (and unpacks MXFP4 on
/// Hopper, where vLLM warns the path is "not fully optimized"), so it streams far below a
/// dense GEMV. Fitted on the public gpt-oss-120b rows at 4 and 10 concurrent requests on
/// H100 and H200 (tests/calibration/decode-public.csv): with the experts at the dense
/// share, the model promised 1.8x their speed.
const EXPERT_SHARE: f64 = 0.45;

/// Routed experts a decode step touches per MoE layer when `batch` sequences each pick
/// `k` of `e`, routed independently: e x (1 - (1 - k/e)^batch). One sequence reads its k;
/// a full batch reads every expert, which is why a served MoE reads nearly all its weights.
pub fn experts_touched(e: f64, k: f64, batch: f64) -> f64 {
    if e <= 0.0 {
        return 0.0;
    }
    e * (1.0 - (1.0 - (k / e).min(1.0)).powf(batch.max(1.0)))
}

/// What decoding one token costs whatever the GPU: the bytes it reads and the layers it
/// launches. Ranking setups compares dozens of GPUs for one job, so this is worked out
/// once and [`DecodeWork::tokens_per_s`] only adds the device.
#[derive(Debug, Clone, Copy)]
pub struct DecodeWork {
    /// Bytes read once per step whatever the batch: every weight but the routed experts.
    dense_bytes: f64,
    /// Bytes of all routed experts (0 for a dense model) and the experts' (count, picked
    /// per token): a step reads the share [`experts_touched`] gives.
    expert_bytes: f64,
    experts: (f64, f64),
    /// KV-cache bytes one sequence reads per step, at mid generation.
    kv_bytes: f64,
    batch: f64,
    layers: f64,
    quantized: bool,
    runtime: Runtime,
    /// Of `bytes`, those read from host RAM (offloaded layers or experts), and the seconds
    /// reading them takes whatever the GPU.
    host_bytes: f64,
    host_seconds: f64,
    /// Whether the host holds experts (`--cpu-moe`) rather than whole layers.
    host_experts: bool,
}

impl DecodeWork {
    pub fn new(model: &ModelSpec, job: &Job) -> DecodeWork {
        let precision = effective_precision(job);
        let mid_context = job.prompt + job.generate / 2;
        let host_experts = matches!(offload::offload_of(job), Some((HostOffload::CpuMoe(_), _)));
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
        let total = weight_bytes(model, precision);
        let (expert_bytes, experts) = match model.moe.as_ref() {
            Some(m) if model.params_total > 0 && m.num_experts > 0 => {
                let bytes =
                    (model.expert_params() as f64 * precision.bits_per_weight() / 8.0).min(total);
                let experts = (f64::from(m.num_experts), f64::from(m.experts_per_token));
                (bytes, experts)
            }
            _ => (0.0, (0.0, 0.0)),
        };
        DecodeWork {
            dense_bytes: total - expert_bytes,
            expert_bytes,
            experts,
            kv_bytes: kv_bytes(model, job.kv_precision, mid_context),
            batch: f64::from(job.batch.max(1)),
            layers: f64::from(model.num_hidden_layers),
            quantized: precision.is_quantized(),
            runtime: job.runtime,
            host_bytes,
            host_seconds,
            host_experts,
        }
    }

    /// Tokens per second on `count` GPUs of this kind.
    pub fn tokens_per_s(&self, gpu: &GpuSpec, count: u32) -> f64 {
        self.tokens_per_s_kind(gpu, gpu.memory_kind(), count)
    }

    /// [`DecodeWork::tokens_per_s`] for a GPU whose memory kind is known already: each of
    /// the job's `batch` sequences advances one token per step.
    pub fn tokens_per_s_kind(&self, gpu: &GpuSpec, kind: MemoryKind, count: u32) -> f64 {
        1.0 / self.step_seconds(gpu, kind, count, self.batch)
    }

    /// Generated tokens per second summed over `streams` sequences decoded together (the
    /// memory side of the roofline: the weights once, each sequence's KV; the caller caps
    /// it at the compute side).
    pub fn batched_tokens_per_s(&self, gpu: &GpuSpec, count: u32, streams: f64) -> f64 {
        let streams = streams.max(1.0);
        streams / self.step_seconds(gpu, gpu.memory_kind(), count, streams)
    }

    /// What one decode step of `batch` sequences reads from the GPUs' memory: (every
    /// weight but the routed experts plus each sequence's KV, the routed experts the batch
    /// touches), in bytes, less what is read from host RAM. The speed-at-load model
    /// ([`super::at_load`]) prices the two at their own shares of the bandwidth.
    pub fn step_bytes(&self, batch: f64) -> (f64, f64) {
        let (e, k) = self.experts;
        let touched = if e > 0.0 {
            experts_touched(e, k, batch) / e
        } else {
            0.0
        };
        let experts = self.expert_bytes * touched;
        let dense = self.dense_bytes + self.kv_bytes * batch;
        if self.host_experts {
            (dense, experts - self.host_bytes.min(experts))
        } else {
            let host_dense = self.host_bytes.min(dense);
            let host_experts = (self.host_bytes - host_dense).min(experts);
            (dense - host_dense, experts - host_experts)
        }
    }

    /// Seconds a step spends reading offloaded weights from host RAM (0 when all is on GPU).
    pub fn host_seconds(&self) -> f64 {
        self.host_seconds
    }

    /// The routed experts (count, picked per token); (0, 0) for a dense model.
    pub fn experts(&self) -> (f64, f64) {
        self.experts
    }

    /// Layers a step launches.
    pub fn layers(&self) -> f64 {
        self.layers
    }

    /// Whether the weights read are quantized (the profile's quantized share applies).
    pub fn quantized(&self) -> bool {
        self.quantized
    }

    /// Seconds one decode step of `batch` sequences takes: launch cost per layer, the bytes
    /// read over the bandwidth reached (routed experts at [`EXPERT_SHARE`] of it), and the
    /// time to read offloaded bytes from host RAM.
    fn step_seconds(&self, gpu: &GpuSpec, kind: MemoryKind, count: u32, batch: f64) -> f64 {
        let (share, ms_per_layer) = efficiency(self.runtime, kind, self.quantized);
        let mut bandwidth = gpu.memory_bandwidth_gbs * 1e9 * share;
        // Tensor parallelism splits every layer over the GPUs; a layer split has one GPU
        // working at a time, so a single stream gains no bandwidth.
        if self.runtime.profile().split == Split::Tensor {
            bandwidth *= f64::from(count) * tensor_parallel_share(gpu, count);
        }
        // Offloaded layers read their dense weights (and KV) from RAM first; `--cpu-moe`
        // reads its experts there: `step_bytes` leaves out what comes from host RAM.
        let (dense, experts) = self.step_bytes(batch);
        let gpu_seconds = dense / bandwidth + experts / (bandwidth * EXPERT_SHARE);
        self.layers * ms_per_layer / 1000.0 + gpu_seconds + self.host_seconds
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
pub(super) fn effective_precision(job: &Job) -> Precision {
    job.runtime.profile().loaded(job.precision)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn a_batch_touches_more_experts_up_to_all() {
        assert!((experts_touched(128.0, 4.0, 1.0) - 4.0).abs() < 1e-9);
        let four = experts_touched(128.0, 4.0, 4.0);
        assert!(four > 15.0 && four < 16.0, "{four}");
        assert!(experts_touched(128.0, 4.0, 256.0) > 127.0);
        assert_eq!(experts_touched(0.0, 4.0, 8.0), 0.0);
    }

    /// gpt-oss-120b on one H100 decoded at 622 tokens/s, 95 % of the card's bandwidth: the
    /// attention and embeddings are 16-bit, not MXFP4, and expert kernels stream slower.
    #[test]
    fn moe_single_stream_stays_below_the_bandwidth_bound() {
        let catalog = Catalog::get();
        let model = catalog.model("gpt-oss-120b").unwrap();
        let gpu = catalog.gpu("h100-sxm").unwrap();
        let mut job = Job::new(super::super::Mode::Inference, Precision::Mxfp4);
        job.runtime = Runtime::Vllm;
        let speed = decode_tokens_per_s(model, &job, gpu, 1);
        assert!(speed > 150.0 && speed < 400.0, "{speed}");
        let bytes_per_s = speed * super::super::weight_bytes(model, Precision::Mxfp4) * 5.1 / 117.0;
        assert!(bytes_per_s < 0.8 * gpu.memory_bandwidth_gbs * 1e9);
    }
}
