//! What each serving stack does with memory, as data: one [`Profile`] per runtime.
//!
//! The estimator, the fit, the speed model, the parser, the Discord choices and the CLI all
//! read these profiles instead of branching on the runtime, so adding one (SGLang, MLX) is
//! a new entry in [`PROFILES`], its locale strings and its tests.

mod budget;
pub mod choice;
pub mod framework;
mod kv_pool;
mod launch;
mod profiles;

pub use budget::{
    AfterProfiling, Budget, PeerBuffers, StaticShare, TRAINING_COLLECTIVE_PEERS,
    TRAINING_COLLECTIVES_GIB, VLLM_AFTER_PROFILING,
};
pub use kv_pool::{MambaCacheMode, PagedGroups, StateShare, SwaCells, SwaPool, WindowKv};
pub use launch::{FetchThenLoad, LaunchFlags, ServerEnv};
pub use profiles::PROFILES;

use crate::vocab::{Format, KvPrecision, Mode, Precision};
use std::fmt;
use std::str::FromStr;

pub use crate::vocab::Runtime;

/// What a runtime allocates beyond weights and KV cache while it runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Activation {
    /// The whole prompt goes through at once (transformers' `generate`): the MLP keeps about
    /// `factor` x tokens x intermediate 16-bit values alive at the peak, and today's
    /// versions compute logits for the last token only.
    Prefill { factor: f64 },
    /// vLLM's start-up profile run: one forward pass of `max_num_batched_tokens` tokens,
    /// then the sampler over `max_num_seqs` rows of vocabulary-sized logits. What it
    /// measures is kept back from the KV pool whatever the real prompts are.
    ProfileRun {
        /// (`max_num_batched_tokens`, `max_num_seqs`) on cards of 70 GiB or more (not A100).
        large: (f64, f64),
        /// The same on every other card.
        small: (f64, f64),
        /// 16-bit values per token and intermediate unit in the forward peak.
        mlp_factor: f64,
        /// 16-bit values per token and hidden unit (residual, norms, attention).
        hidden_factor: f64,
        /// Bytes per logit the sampler holds (fp32 logits, probabilities, sort buffers).
        sampler_bytes: f64,
    },
    /// None inside the budget: the engine's static share leaves the rest of the card for
    /// activations and CUDA graphs (SGLang), so they never take from weights or KV cache.
    Outside,
    /// llama.cpp's compute buffer: the graph of one micro-batch (`n_ubatch`) in f32,
    /// logits included.
    ComputeBuffer { ubatch: f64 },
}

/// One engine release and the start-up figures that differ from one release to the next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Release {
    /// The release the figures were read from, as people write it ("0.19.0").
    pub name: &'static str,
    /// The oldest (major, minor) they hold for: a later row takes over from its own.
    pub since: (u32, u32),
    /// Bytes per logit the profile run's sampler warm-up holds (see
    /// [`Activation::ProfileRun`]).
    pub sampler_bytes: f64,
    /// Non-torch memory on one GPU (see [`Profile::overhead_gib`]).
    pub overhead_gib: f64,
}

/// How a model is spread over several GPUs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    /// Whole layers per GPU (transformers' `device_map="auto"`, llama.cpp's `-sm layer`):
    /// each GPU holds its own activation peak and one works at a time on a stream.
    Layers,
    /// Every layer cut across the GPUs (vLLM's tensor parallel): activations and
    /// bandwidth divide, at the cost of two all-reduces per layer.
    Tensor,
}

/// Decode efficiency: (share of peak bandwidth reached, fixed ms per layer and token).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decode {
    pub gddr: (f64, f64),
    pub hbm: (f64, f64),
    pub unified: (f64, f64),
    /// Quantized weights unpacked in Python-level kernels are slower still.
    pub quantized: Option<(f64, f64)>,
    /// Share of the dense tensor rate prefill reaches on one GPU.
    pub prefill_share: f64,
}

/// Everything the estimator knows about one runtime.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Profile {
    pub runtime: Runtime,
    /// The contract name (`--runtime`, JSON).
    pub name: &'static str,
    /// Other names people use (`lmstudio` runs llama.cpp), lowercase.
    pub aliases: &'static [&'static str],
    /// A regular-expression fragment the free-text parser matches.
    pub pattern: &'static str,
    /// The engine version whose memory behaviour the numbers follow.
    pub version: &'static str,
    /// Releases whose start-up figures differ, oldest first; the profile's own figures
    /// are the last one's (checked by a test). Empty: one behaviour for every release.
    pub releases: &'static [Release],
    /// Weight formats it loads as stored.
    pub loads: &'static [Format],
    /// Single precisions it loads besides those formats.
    pub also_loads: &'static [Precision],
    /// What it turns formats it cannot run into (transformers dequantizes GGUF to fp16).
    pub converts_unloadable_to: Option<Precision>,
    pub budget: Budget,
    pub activation: Activation,
    /// Per GPU, inside the budget: allocations that are neither weights, KV cache nor
    /// activations (cuBLAS workspaces, NCCL buffers, vLLM's non-torch memory).
    pub overhead_gib: f64,
    /// Per GPU, added to `overhead_gib` when the model is split over several GPUs
    /// (communication buffers): over NVLink/NVSwitch or Infinity Fabric, and over PCIe.
    pub multi_gpu_overhead_gib: (PeerBuffers, PeerBuffers),
    /// Per GPU, outside the budget: memory taken after the KV pool is sized (vLLM's CUDA
    /// graphs), so it must fit in what the budget leaves free.
    pub outside_budget_gib: f64,
    pub split: Split,
    pub decode: Decode,
    /// MoE kernels that need the experts' intermediate size rounded up to a multiple of
    /// this for MXFP4 weights (vLLM pads gpt-oss's 2,880 to 3,072 on Hopper).
    pub mxfp4_expert_align: Option<u32>,
    /// What its KV cache keeps of sliding-window and chunked-local layers.
    pub window_kv: WindowKv,
    /// How far its estimates can be off, per format family and mode: the ± band in percent
    /// from that class's calibration residuals (about the 90th percentile of |error|,
    /// rounded up; the calibration test checks at least 90 % of rows fall inside). A class
    /// not listed is unmeasured and says so (see `estimate::band`).
    pub error_bands: &'static [(Format, Mode, f64)],
    /// Weight formats to step down to when a job does not fit, nearest (most bits) first:
    /// the formats people actually download or quantize to for this runtime.
    pub lower_precisions: &'static [Precision],
    /// KV cache formats smaller than fp16 it can store, largest first.
    pub kv_precisions: &'static [KvPrecision],
    /// Its server command, as flag names (None: a library with no command line).
    pub launch: Option<&'static LaunchFlags>,
    /// Whether FP8 weights need the GPU's own FP8 tensor cores (compute capability 8.9+).
    /// transformers' FP8 quantizer refuses older cards or dequantizes the weights to 16 bits
    /// (huggingface/transformers#42926), so FP8 saves nothing there; vLLM runs FP8 weight-only
    /// on Ampere with its Marlin kernels (vllm-project/vllm#5975).
    pub fp8_needs_fp8_cores: bool,
    /// How it keeps part of an inference job in host RAM (None: it cannot, or only so
    /// slowly that nobody would: transformers' `device_map` offload, vLLM's
    /// `--cpu-offload-gb`, which streams weights over PCIe every step).
    pub offload: Option<Offload>,
}

/// Partial offload to host RAM, as data: the layers or experts the GPUs do not hold are
/// read by the CPU from RAM each token, so decode time adds their bytes over the RAM's
/// bandwidth (see `estimate::offload`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Offload {
    /// Flag that keeps the routed experts of the first K layers in RAM (MoE models), the
    /// better split for them: attention and the KV cache keep the GPU's bandwidth.
    pub cpu_moe: Option<&'static str>,
    /// Share of the host RAM's peak bandwidth the CPU reaches reading offloaded layers.
    pub host_share: f64,
    /// The same for offloaded experts (`cpu_moe`): each token reads a few small expert
    /// matrices scattered through RAM, which streams less well than whole layers.
    pub expert_share: f64,
    /// Fixed milliseconds per token for handing activations between GPU and CPU.
    pub sync_ms: f64,
}

/// One profile per runtime, in the enum's order: a new runtime without its profile, or
/// profiles listed out of order, does not compile.
const _: () = {
    assert!(PROFILES.len() == Runtime::ALL.len());
    let mut i = 0;
    while i < PROFILES.len() {
        assert!(PROFILES[i].runtime as usize == i);
        i += 1;
    }
};

impl Runtime {
    /// Every runtime, in the order choices list them (the enum's, as [`PROFILES`] lists
    /// their profiles).
    pub const ALL: &'static [Runtime] = <Runtime as strum::VariantArray>::VARIANTS;

    /// Training runs under PyTorch (transformers, PEFT, TRL, accelerate, torchtune)
    /// whatever runtime would serve the model.
    pub const TRAINING: Runtime = Runtime::Transformers;

    /// Its profile: [`PROFILES`] lists them in this enum's order (checked when compiling),
    /// so the estimator's many look-ups are an index.
    pub fn profile(self) -> &'static Profile {
        &PROFILES[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.profile().name
    }

    /// The profile used when the user names none: GGUF files are run by llama.cpp,
    /// everything else by Hugging Face transformers.
    pub fn default_for(precision: Precision) -> Runtime {
        if precision.format() == Format::Gguf {
            Runtime::LlamaCpp
        } else {
            Runtime::Transformers
        }
    }

    /// Find the runtime a name or alias means.
    pub fn from_name(name: &str) -> Option<Runtime> {
        let key = name.trim().to_ascii_lowercase();
        PROFILES
            .iter()
            .find(|p| p.name == key || p.aliases.contains(&key.as_str()))
            .map(|p| p.runtime)
    }
}

impl Profile {
    /// The release a job asked for sizes by (None: the newest, the profile's own figures):
    /// the newest row not newer than it, or the oldest row for a release before them all.
    pub fn release(&self, asked: Option<(u32, u32)>) -> Option<&'static Release> {
        let releases = self.releases;
        match asked {
            None => releases.last(),
            Some(v) => releases
                .iter()
                .rev()
                .find(|r| r.since <= v)
                .or(releases.first()),
        }
    }

    /// Whether it loads `precision` as stored.
    pub fn loads(&self, precision: Precision) -> bool {
        self.loads.contains(&precision.format()) || self.also_loads.contains(&precision)
    }

    /// Whether it runs `precision` on `gpu` in that format: false for FP8 on a card
    /// without FP8 tensor cores when this runtime needs them (see `fp8_needs_fp8_cores`),
    /// and for FP8 on cards older than Ampere (no bf16 tensor cores) in any runtime: the
    /// weight-only FP8 kernels (vLLM's FP8 Marlin, W8A16) start at Ampere, and vLLM's
    /// quantization table lists FP8 on neither Volta nor Turing.
    pub fn runs_on(&self, precision: Precision, gpu: &crate::catalog::GpuSpec) -> bool {
        if precision.format() != Format::Fp8 {
            return true;
        }
        let fp8_cores = gpu.fp8_tensor_tflops_dense.is_some();
        if self.fp8_needs_fp8_cores {
            return fp8_cores;
        }
        fp8_cores || gpu.bf16 == Some(true)
    }

    /// The precision its weights really occupy once loaded.
    pub fn loaded(&self, precision: Precision) -> Precision {
        match self.converts_unloadable_to {
            Some(p) if !self.loads(precision) => p,
            _ => precision,
        }
    }
}

/// An unknown runtime name.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("unknown runtime '{0}'")]
pub struct UnknownRuntime(pub String);

impl FromStr for Runtime {
    type Err = UnknownRuntime;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Runtime::from_name(s).ok_or_else(|| UnknownRuntime(s.trim().to_string()))
    }
}

impl fmt::Display for Runtime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_runtime_has_one_profile_and_its_names_parse() {
        for &r in Runtime::ALL {
            assert_eq!(r.profile().runtime, r);
            assert_eq!(r.name().parse::<Runtime>().unwrap(), r);
            for a in r.profile().aliases {
                assert_eq!(a.parse::<Runtime>().unwrap(), r, "{a}");
            }
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{}\"", r.name()));
        }
        assert_eq!(PROFILES.len(), Runtime::ALL.len());
        assert!("tgi".parse::<Runtime>().is_err());
    }

    /// The newest release row carries the profile's own figures, and asked releases pick
    /// the newest row not newer than them.
    #[test]
    fn release_rows_end_with_the_profile_figures() {
        for p in PROFILES {
            let Some(last) = p.releases.last() else {
                continue;
            };
            assert_eq!(last.overhead_gib, p.overhead_gib, "{}", p.name);
            if let Activation::ProfileRun { sampler_bytes, .. } = p.activation {
                assert_eq!(last.sampler_bytes, sampler_bytes, "{}", p.name);
            }
            assert!(p.releases.windows(2).all(|w| w[0].since < w[1].since));
        }
        let vllm = Runtime::Vllm.profile();
        assert_eq!(vllm.release(None).unwrap().name, "0.19.0");
        assert_eq!(vllm.release(Some((0, 18))).unwrap().name, "0.19.0");
        assert_eq!(vllm.release(Some((0, 17))).unwrap().name, "0.17.0");
        assert_eq!(vllm.release(Some((0, 11))).unwrap().name, "0.16.0");
        assert_eq!(vllm.release(Some((1, 2))).unwrap().name, "0.19.0");
        assert!(Runtime::LlamaCpp.profile().release(Some((0, 1))).is_none());
    }

    /// vLLM's tensor-parallel buffers per GPU against its logged non-torch memory less the
    /// 0.25 GiB of one GPU: H100 SXM (0.19.0) 1.81-1.86 GiB at TP 2 and 1.88-1.96 at TP 4;
    /// PCIe 0.00-0.05 at TP 2; and growing with the group.
    #[test]
    fn tensor_parallel_buffers_grow_with_the_group() {
        let (fast, pcie) = Runtime::Vllm.profile().multi_gpu_overhead_gib;
        let within = |x: f64, lo: f64, hi: f64| (lo - 0.03..=hi + 0.03).contains(&x);
        assert!(within(fast.gib(2), 1.81, 1.86), "{}", fast.gib(2));
        assert!(within(fast.gib(4), 1.88, 1.96), "{}", fast.gib(4));
        assert!(within(pcie.gib(2), 0.0, 0.05), "{}", pcie.gib(2));
        assert_eq!(pcie.gib(1), 0.0);
        assert!(pcie.gib(4) > pcie.gib(2) && fast.gib(8) > fast.gib(4));
        assert!((pcie.gib(4) - 0.21).abs() < 1e-9);
    }
}
