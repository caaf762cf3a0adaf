//! Inference with part of the weights in host RAM (llama.cpp's `-ngl N` and `--n-cpu-moe K`):
//! what stays on the GPUs, what the host holds, and what one decoded token reads from each.
//!
//! llama.cpp keeps a layer's weights and KV cache on the device that runs it: with `-ngl N`
//! the last N repeating layers run on the GPUs and the others, with the output layer, on the
//! CPU; with `--n-cpu-moe K` only the routed-expert tensors of the first K layers stay in RAM
//! (the CPU computes them), so attention and the KV cache keep the GPU's bandwidth and a
//! token reads only the experts it is routed to from RAM.

use super::precision::{Precision, Scope};
use super::{HostOffload, Job, active_weight_bytes, kv_bytes, weight_bytes};
use crate::catalog::ModelSpec;
use crate::runtime::Offload;

/// Host RAM bandwidth assumed when the user gives none, in GB/s: dual-channel DDR5-5600,
/// 2 channels x 8 bytes x 5,600 MT/s = 89.6 GB/s peak (JEDEC JESD79-5 speed bin DDR5-5600;
/// the usual desktop memory of 2024-2025 machines). Override with `--ram-bandwidth`.
pub const DEFAULT_RAM_GBS: f64 = 89.6;

/// Where the weights and KV cache of an offloaded job live, in bytes over all GPUs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HostSplit {
    /// Weight bytes kept in host RAM.
    pub host_weights: f64,
    /// Share of the KV cache kept on the GPUs (the rest is in RAM with its layers).
    pub gpu_kv_share: f64,
    /// Bytes each GPU's compute buffer grows by: llama.cpp runs prompt batches of offloaded
    /// layers on the GPU (op offload, on by default), copying one offloaded layer's weights
    /// (or experts) into it at a time. Counting it keeps the lever's split on the safe side.
    pub staging: f64,
}

/// The offload in force for `job`, with its runtime's figures; None when nothing is
/// offloaded or the runtime cannot offload.
pub fn offload_of(job: &Job) -> Option<(HostOffload, &'static Offload)> {
    let offload = job.host_offload?;
    let profile = job.runtime.profile();
    if job.mode.is_training() {
        return None;
    }
    let how = profile.offload.as_ref()?;
    match offload {
        HostOffload::CpuMoe(_) if how.cpu_moe.is_none() => None,
        _ => Some((offload, how)),
    }
}

/// Bytes of the output layer (lm_head, or the tied table llama.cpp duplicates for it), at
/// the width the format leaves it.
fn head_bytes(model: &ModelSpec, loaded: Precision) -> f64 {
    let bytes_per = match loaded.scope(model.moe.is_some()) {
        Scope::Everything => loaded.bits_per_weight() / 8.0,
        Scope::Linear | Scope::Experts => 2.0,
    };
    model.embedding_params() as f64 * bytes_per
}

/// Bytes of one MoE layer's routed experts at the loaded format.
fn expert_layer_bytes(model: &ModelSpec, loaded: Precision) -> f64 {
    match &model.moe {
        Some(moe) if moe.moe_layers > 0 => {
            model.expert_params() as f64 / f64::from(moe.moe_layers) * loaded.bits_per_weight()
                / 8.0
        }
        _ => 0.0,
    }
}

/// Layers at the start of a MoE model without experts (DeepSeek's first dense layer):
/// `--n-cpu-moe K` counts them among its K.
fn leading_dense_layers(model: &ModelSpec) -> u32 {
    model
        .moe
        .as_ref()
        .map_or(0, |m| model.num_hidden_layers.saturating_sub(m.moe_layers))
}

/// MoE layers whose experts `--n-cpu-moe k` puts in RAM.
fn expert_layers_in_ram(model: &ModelSpec, k: u32) -> u32 {
    let moe_layers = model.moe.as_ref().map_or(0, |m| m.moe_layers);
    k.saturating_sub(leading_dense_layers(model))
        .min(moe_layers)
}

/// GPU layers as llama.cpp counts them, at most every repeating layer.
fn gpu_layers(model: &ModelSpec, n: u32) -> f64 {
    f64::from(n.min(model.num_hidden_layers))
}

/// How `offload` splits a job whose weights on the GPUs would be `gpu_weights` bytes with
/// nothing offloaded.
pub fn split(
    model: &ModelSpec,
    loaded: Precision,
    offload: HostOffload,
    gpu_weights: f64,
) -> HostSplit {
    let layers = f64::from(model.num_hidden_layers.max(1));
    match offload {
        HostOffload::GpuLayers(n) => {
            let on_gpu = gpu_layers(model, n) / layers;
            let repeating = (gpu_weights - head_bytes(model, loaded)).max(0.0);
            HostSplit {
                host_weights: gpu_weights - repeating * on_gpu,
                gpu_kv_share: on_gpu,
                staging: if on_gpu < 1.0 {
                    repeating / layers
                } else {
                    0.0
                },
            }
        }
        HostOffload::CpuMoe(k) => {
            let in_ram = expert_layers_in_ram(model, k);
            let per_layer = expert_layer_bytes(model, loaded);
            HostSplit {
                host_weights: (f64::from(in_ram) * per_layer).min(gpu_weights),
                gpu_kv_share: 1.0,
                staging: if in_ram > 0 { per_layer } else { 0.0 },
            }
        }
    }
}

/// Bytes one decoded token reads from host RAM (weights and KV cache of the layers the
/// CPU runs; MoE: only the experts the token is routed to).
pub fn host_read_bytes(model: &ModelSpec, job: &Job, loaded: Precision) -> f64 {
    let Some((offload, _)) = offload_of(job) else {
        return 0.0;
    };
    let layers = f64::from(model.num_hidden_layers.max(1));
    match offload {
        HostOffload::GpuLayers(n) => {
            let off = 1.0 - gpu_layers(model, n) / layers;
            let head = head_bytes(model, loaded);
            let repeating = (active_weight_bytes(model, loaded) - head).max(0.0);
            let kv = kv_bytes(model, job.kv_precision, job.prompt + job.generate / 2)
                * f64::from(job.batch);
            repeating * off + head + kv * off
        }
        HostOffload::CpuMoe(k) => {
            let routed = model.moe.as_ref().map_or(0.0, |m| {
                f64::from(m.experts_per_token) / f64::from(m.num_experts.max(1))
            });
            f64::from(expert_layers_in_ram(model, k)) * expert_layer_bytes(model, loaded) * routed
        }
    }
}

/// Bytes of host RAM `job` needs for the model (0 when nothing is offloaded): the offloaded
/// weights, the KV cache of the layers the CPU runs, and what the runtime keeps on the host
/// anyway (llama.cpp's input embeddings), so the answer can say how much RAM to have free.
pub fn host_ram_bytes(model: &ModelSpec, job: &Job) -> f64 {
    let Some((offload, _)) = offload_of(job) else {
        return 0.0;
    };
    let profile = job.runtime.profile();
    let loaded = profile.loaded(job.precision);
    let on_gpu = super::inference::gpu_weight_bytes(profile, model, loaded);
    let split = split(model, loaded, offload, on_gpu);
    let kv = kv_bytes(model, job.kv_precision, job.context()) * f64::from(job.batch);
    let host_anyway = (weight_bytes(model, loaded) - on_gpu).max(0.0);
    split.host_weights + host_anyway + kv * (1.0 - split.gpu_kv_share)
}

/// Peak host RAM bandwidth the job assumes, in GB/s.
pub fn ram_gbs(job: &Job) -> f64 {
    job.ram_bandwidth_gbs.unwrap_or(DEFAULT_RAM_GBS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::estimate::{Mode, Runtime};

    fn llama_cpp(precision: Precision, offload: HostOffload) -> Job {
        let mut job = Job::new(Mode::Inference, precision);
        job.runtime = Runtime::LlamaCpp;
        job.host_offload = Some(offload);
        job
    }

    #[test]
    fn experts_in_ram_are_read_only_when_routed() {
        let model = Catalog::get().model("gpt-oss-120b").unwrap();
        let all = HostOffload::CpuMoe(36);
        let held = split(model, Precision::Mxfp4, all, 1e12).host_weights;
        // 36 layers x 128 experts x 3 matrices of 2,880 x 2,880 at 4.25 bits.
        assert!((held - 114_661_785_600.0 * 4.25 / 8.0).abs() < 1.0);
        let read = host_read_bytes(model, &llama_cpp(Precision::Mxfp4, all), Precision::Mxfp4);
        assert!(
            (read - held * 4.0 / 128.0).abs() < 1.0,
            "4 of 128 experts a token"
        );
        assert_eq!(split(model, Precision::Mxfp4, all, 1e12).gpu_kv_share, 1.0);
    }

    #[test]
    fn gpu_layers_leave_the_others_and_the_output_layer_in_ram() {
        let model = Catalog::get().model("llama-3.1-8b").unwrap();
        let weights = 5e9;
        let every = split(model, Precision::Q4KM, HostOffload::GpuLayers(32), weights);
        assert!((every.host_weights - head_bytes(model, Precision::Q4KM)).abs() < 1.0);
        assert_eq!(every.gpu_kv_share, 1.0);
        let half = split(model, Precision::Q4KM, HostOffload::GpuLayers(16), weights);
        assert_eq!(half.gpu_kv_share, 0.5);
        let repeating = weights - head_bytes(model, Precision::Q4KM);
        assert!((half.host_weights - (weights - repeating / 2.0)).abs() < 1.0);
        // The GPUs hold less, and the estimate says so.
        let full = crate::estimate::run(model, &Job::new(Mode::Inference, Precision::Q4KM), 1);
        let offloaded = crate::estimate::run(
            model,
            &llama_cpp(Precision::Q4KM, HostOffload::GpuLayers(16)),
            1,
        );
        assert!(offloaded.unwrap().per_gpu < 0.6 * full.unwrap().per_gpu);
    }

    #[test]
    fn a_runtime_that_cannot_offload_ignores_it() {
        let model = Catalog::get().model("llama-3.1-8b").unwrap();
        let mut job = Job::new(Mode::Inference, Precision::Bf16);
        let before = crate::estimate::run(model, &job, 1).unwrap().per_gpu;
        job.host_offload = Some(HostOffload::GpuLayers(4));
        assert!(offload_of(&job).is_none());
        assert_eq!(
            crate::estimate::run(model, &job, 1).unwrap().per_gpu,
            before
        );
        assert_eq!(host_ram_bytes(model, &job), 0.0);
    }
}
