//! What each serving stack does with memory, as data: one [`Profile`] per runtime.
//!
//! The estimator, the fit, the speed model, the parser, the Discord choices and the CLI all
//! read these profiles instead of branching on the runtime, so adding one (SGLang, MLX) is
//! a new entry in [`PROFILES`], its locale strings and its tests.

use crate::vocab::{Format, KvPrecision, Mode, Precision};
use std::fmt;
use std::str::FromStr;

pub use crate::vocab::Runtime;

/// How much of a device a runtime lets the job use.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    /// A share of the total the driver reports (vLLM's `gpu_memory_utilization`); the
    /// CUDA context and every other allocation of the process count inside it.
    Share(f64),
    /// The total less the CUDA context and a share lost to the caching allocator's
    /// fragmentation (PyTorch without a pre-allocated pool).
    Allocator { context_gib: f64, slack: f64 },
    /// The total less the CUDA context and library workspaces (llama.cpp's ggml buffers
    /// are sized exactly, so no fragmentation share).
    Exact { context_gib: f64 },
}

impl Budget {
    /// Whether the engine takes its share of the card up front and fills what the weights
    /// leave with a paged KV pool (the pool's tokens are then part of the answer).
    pub fn pools_kv(self) -> bool {
        matches!(self, Budget::Share(_))
    }
}

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
    /// llama.cpp's compute buffer: the graph of one micro-batch (`n_ubatch`) in f32,
    /// logits included.
    ComputeBuffer { ubatch: f64 },
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
    /// Other names people use (`ollama` runs llama.cpp), lowercase.
    pub aliases: &'static [&'static str],
    /// A regular-expression fragment the free-text parser matches.
    pub pattern: &'static str,
    /// The engine version whose memory behaviour the numbers follow.
    pub version: &'static str,
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
    pub multi_gpu_overhead_gib: (f64, f64),
    /// Per GPU, outside the budget: memory taken after the KV pool is sized (vLLM's CUDA
    /// graphs), so it must fit in what the budget leaves free.
    pub outside_budget_gib: f64,
    pub split: Split,
    pub decode: Decode,
    /// MoE kernels that need the experts' intermediate size rounded up to a multiple of
    /// this for MXFP4 weights (vLLM pads gpt-oss's 2,880 to 3,072 on Hopper).
    pub mxfp4_expert_align: Option<u32>,
    /// Whether sliding-window layers keep only their window in the cache it sizes. vLLM
    /// counts every layer for every token (its logged capacity is the pool over all
    /// layers' bytes per token: Gemma 2 9B, 344,064 bytes), so a long request needs the
    /// full cache of every layer to be admitted.
    pub window_saves_kv: bool,
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

/// The command line that starts a runtime's server, as data: the launch line is built from
/// these names, and a test checks each against the engine's documented flags.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LaunchFlags {
    /// The program and subcommand (`vllm serve`, `llama-server`).
    pub program: &'static str,
    /// The flag before the model (None: the model is positional).
    pub model: Option<&'static str>,
    /// Whether the model is a GGUF file (named after the model and its type) rather than a
    /// Hub id.
    pub gguf_file: bool,
    /// Tensor-parallel size (vLLM).
    pub tensor_parallel: Option<&'static str>,
    /// Pipeline-parallel size (vLLM): written when the layout has more than one stage.
    pub pipeline_parallel: Option<&'static str>,
    /// The context the server allocates for.
    pub context: &'static str,
    /// The share of memory it pre-allocates.
    pub memory_share: Option<&'static str>,
    /// Flags that set the KV cache type (llama.cpp sets keys and values apart).
    pub kv_cache: &'static [&'static str],
    /// The flag that quantizes at load time, with the value per weight precision.
    pub quantization: Option<(&'static str, &'static [(Precision, &'static str)])>,
    /// Flag and value that put every layer on the GPU.
    pub gpu_layers: Option<(&'static str, &'static str)>,
    /// Flag whose comma list splits layers over several GPUs.
    pub tensor_split: Option<&'static str>,
    /// Flags always worth passing (flash attention).
    pub always: &'static [&'static str],
}

const VLLM_LAUNCH: LaunchFlags = LaunchFlags {
    program: "vllm serve",
    model: None,
    gguf_file: false,
    tensor_parallel: Some("--tensor-parallel-size"),
    pipeline_parallel: Some("--pipeline-parallel-size"),
    context: "--max-model-len",
    memory_share: Some("--gpu-memory-utilization"),
    kv_cache: &["--kv-cache-dtype"],
    // Load-time quantization of a 16-bit checkpoint; AWQ/GPTQ checkpoints say their own.
    quantization: Some((
        "--quantization",
        &[
            (Precision::Fp8, "fp8"),
            (Precision::Nf4, "bitsandbytes"),
            (Precision::Int4, "bitsandbytes"),
        ],
    )),
    gpu_layers: None,
    tensor_split: None,
    always: &[],
};

const LLAMA_SERVER_LAUNCH: LaunchFlags = LaunchFlags {
    program: "llama-server",
    model: Some("-m"),
    gguf_file: true,
    tensor_parallel: None,
    pipeline_parallel: None,
    context: "-c",
    memory_share: None,
    kv_cache: &["-ctk", "-ctv"],
    quantization: None,
    gpu_layers: Some(("-ngl", "999")),
    tensor_split: Some("-ts"),
    always: &["-fa", "on"],
};

const GIB_PER_MIB: f64 = 1.0 / 1024.0;

/// The runtimes, in the order choices list them.
pub const PROFILES: &[Profile] = &[
    Profile {
        runtime: Runtime::Transformers,
        name: "transformers",
        aliases: &["hf", "huggingface", "hugging-face", "accelerate"],
        pattern: r"transformers|hugging\s?face|hf",
        version: "transformers 4.57",
        loads: &[
            Format::Float,
            Format::Fp8,
            Format::Microscaled,
            Format::WeightOnly,
        ],
        also_loads: &[],
        converts_unloadable_to: Some(Precision::Fp16),
        budget: Budget::Allocator {
            context_gib: 0.5,
            slack: 0.03,
        },
        // Fitted on the Qwen2.5 A100 rows, where the sources' own analysis gives 3 to 4.
        activation: Activation::Prefill { factor: 3.5 },
        overhead_gib: 32.0 * GIB_PER_MIB,
        multi_gpu_overhead_gib: (0.0, 0.0),
        outside_budget_gib: 0.0,
        split: Split::Layers,
        // Fitted on the Qwen2.5 A100 rows (Python overhead dominates small models).
        decode: Decode {
            gddr: (0.6, 0.8),
            hbm: (0.45, 0.8),
            unified: (0.6, 0.8),
            quantized: Some((0.3, 1.0)),
            prefill_share: 0.4,
        },
        mxfp4_expert_align: None,
        window_saves_kv: true,
        // Qwen2.5 on transformers, A100 (112 rows), Qwen3 on transformers, H20 (80 rows),
        // our H100 runs: bf16, FP8 (block-scaled), GPTQ and AWQ. Training runs under
        // PyTorch too: Answer.AI's FSDP-QLoRA benchmarks, PEFT's docs (peak reserved memory
        // per GPU) and our H100 runs (bench/device).
        error_bands: &[
            (Format::Float, Mode::Inference, 12.0),
            (Format::WeightOnly, Mode::Inference, 15.0),
            (Format::Fp8, Mode::Inference, 16.0),
            (Format::Float, Mode::FullFinetune, 15.0),
            (Format::Float, Mode::Lora, 20.0),
            (Format::WeightOnly, Mode::Qlora, 20.0),
        ],
        lower_precisions: &[Precision::Fp8, Precision::Int8, Precision::Nf4],
        kv_precisions: &[],
        launch: None,
        fp8_needs_fp8_cores: true,
        offload: None,
    },
    Profile {
        runtime: Runtime::Vllm,
        name: "vllm",
        aliases: &[],
        pattern: r"vllm",
        version: "vLLM 0.19 (V1 engine, vllm serve)",
        loads: &[
            Format::Float,
            Format::Fp8,
            Format::Microscaled,
            Format::WeightOnly,
        ],
        also_loads: &[],
        converts_unloadable_to: None,
        budget: Budget::Share(0.9),
        activation: Activation::ProfileRun {
            large: (8192.0, 1024.0),
            small: (2048.0, 256.0),
            mlp_factor: VLLM_MLP_FACTOR,
            hidden_factor: VLLM_HIDDEN_FACTOR,
            sampler_bytes: VLLM_SAMPLER_BYTES,
        },
        overhead_gib: VLLM_NON_TORCH_GIB,
        multi_gpu_overhead_gib: VLLM_TENSOR_PARALLEL_GIB,
        outside_budget_gib: VLLM_CUDA_GRAPHS_GIB,
        split: Split::Tensor,
        // CUDA graphs remove most launch cost.
        decode: Decode {
            gddr: (0.85, 0.01),
            hbm: (0.75, 0.01),
            unified: (0.75, 0.01),
            quantized: None,
            prefill_share: 0.6,
        },
        // gpt-oss loads as 13.64 GiB (20b, llm-d logs) and 65.97 GiB (120b, vllm#23278):
        // the checkpoint's MXFP4 experts padded to 3,072.
        mxfp4_expert_align: Some(256),
        window_saves_kv: false,
        // vLLM 0.19 start-up logs on H100 (llm-d planner, 41 rows): bf16/fp16/fp32, FP8,
        // GPTQ and MXFP4; the band is on the KV pool vLLM sizes.
        error_bands: &[
            (Format::Float, Mode::Inference, 4.0),
            (Format::Fp8, Mode::Inference, 4.0),
            (Format::WeightOnly, Mode::Inference, 4.0),
            (Format::Microscaled, Mode::Inference, 4.0),
        ],
        lower_precisions: &[Precision::Fp8, Precision::GptqInt8, Precision::AwqInt4],
        kv_precisions: &[KvPrecision::Fp8],
        launch: Some(&VLLM_LAUNCH),
        fp8_needs_fp8_cores: false,
        offload: None,
    },
    Profile {
        runtime: Runtime::LlamaCpp,
        name: "llama.cpp",
        aliases: &[
            "llamacpp",
            "llama-cpp",
            "llama_cpp",
            "ollama",
            "lmstudio",
            "lm-studio",
            "koboldcpp",
        ],
        pattern: r"llama\.cpp|llamacpp|llama-cpp|llama_cpp|ollama|lm\s?studio|koboldcpp",
        version: "llama.cpp b6000+",
        loads: &[Format::Gguf, Format::Float],
        also_loads: &[Precision::Mxfp4],
        converts_unloadable_to: None,
        budget: Budget::Exact { context_gib: 0.4 },
        activation: Activation::ComputeBuffer { ubatch: 512.0 },
        overhead_gib: 0.1,
        multi_gpu_overhead_gib: (0.0, 0.0),
        outside_budget_gib: 0.0,
        split: Split::Layers,
        // Fitted on 33 published Llama-3-8B rows.
        decode: Decode {
            gddr: (0.92, 0.08),
            hbm: (0.52, 0.08),
            unified: (0.64, 0.08),
            quantized: None,
            prefill_share: 0.3,
        },
        mxfp4_expert_align: None,
        window_saves_kv: true,
        // llama.cpp's CI buffer logs (V100, 10 rows, GGUF F16 to Q2_K).
        error_bands: &[
            (Format::Gguf, Mode::Inference, 5.0),
            (Format::Float, Mode::Inference, 5.0),
        ],
        lower_precisions: &[
            Precision::Q8_0,
            Precision::Q6K,
            Precision::Q5KM,
            Precision::Q4KM,
            Precision::Q3KM,
            Precision::Iq2M,
        ],
        kv_precisions: &[KvPrecision::Q8_0, KvPrecision::Q4_0],
        launch: Some(&LLAMA_SERVER_LAUNCH),
        fp8_needs_fp8_cores: false,
        // `-ngl N` and `--n-cpu-moe K` (llama-server's README); the figures are checked
        // against tests/calibration/llamacpp-offload-tokens.csv (see its README).
        offload: Some(Offload {
            cpu_moe: Some("--n-cpu-moe"),
            host_share: LLAMA_CPP_HOST_SHARE,
            expert_share: LLAMA_CPP_EXPERT_SHARE,
            sync_ms: LLAMA_CPP_SYNC_MS,
        }),
    },
];

// `Runtime::profile` indexes PROFILES by the variant.
const _: () = {
    let mut i = 0;
    while i < PROFILES.len() {
        assert!(
            PROFILES[i].runtime as usize == i,
            "PROFILES must list the runtimes in Runtime's order"
        );
        i += 1;
    }
};

/// Share of peak RAM bandwidth llama.cpp's CPU kernels reach on offloaded layers: set a
/// priori (CPU-only decode commonly reaches 55-65 % of peak), not fitted; the RTX 2080 rows
/// of tests/calibration/llamacpp-offload-tokens.csv with `-ngl` agree (median error 5 %).
const LLAMA_CPP_HOST_SHARE: f64 = 0.6;
/// The same for `--n-cpu-moe` experts: fitted on the three MoE rows of the RTX 2080 source
/// only (their implied shares are 0.30 to 0.45), checked on the other sources.
const LLAMA_CPP_EXPERT_SHARE: f64 = 0.4;
/// Per-token cost of splitting a graph between GPU and CPU (copies, synchronization), set
/// a priori.
const LLAMA_CPP_SYNC_MS: f64 = 1.0;

// vLLM's constants are fitted on the llm-d planner's vLLM 0.19 start-up logs on H100
// (tests/calibration/vllm-startup-h100-llmd.csv) and checked on the other vLLM logs there.

/// vLLM's forward peak in the profile run, per token: gate/up outputs and their product
/// (about 3 intermediate-wide 16-bit values once fused) plus 2 hidden-wide buffers.
const VLLM_MLP_FACTOR: f64 = 3.0;
const VLLM_HIDDEN_FACTOR: f64 = 2.0;
/// Bytes per logit in vLLM's sampler warm-up (fp32 logits, probabilities, sort buffers):
/// the activation peak grows by 14.5 bytes x 1,024 rows per vocabulary entry (Llama 3
/// 1.89 GiB, Gemma 2 3.6 GiB, CodeLlama 0.77 GiB on H100).
const VLLM_SAMPLER_BYTES: f64 = 14.5;
/// vLLM's non-torch memory per GPU on one GPU: CUDA context and cuBLAS (0.25 GiB logged).
const VLLM_NON_TORCH_GIB: f64 = 0.25;
/// Extra non-torch memory per GPU under tensor parallelism: NCCL (NVLS) and custom
/// all-reduce buffers over NVLink, 2.07-2.21 GiB logged at TP 2 and 4 on H100 SXM; over
/// PCIe (2 x RTX 4090, 2 x L40S) non-torch memory stays at 0.25-0.30 GiB.
const VLLM_TENSOR_PARALLEL_GIB: (f64, f64) = (1.85, 0.05);
/// CUDA graphs vLLM captures after sizing the KV pool (0.5-1.8 GiB logged).
const VLLM_CUDA_GRAPHS_GIB: f64 = 1.0;

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
    /// Whether it loads `precision` as stored.
    pub fn loads(&self, precision: Precision) -> bool {
        self.loads.contains(&precision.format()) || self.also_loads.contains(&precision)
    }

    /// Whether it runs `precision` on `gpu` in that format: false for FP8 on a card
    /// without FP8 tensor cores when this runtime needs them (see `fp8_needs_fp8_cores`).
    pub fn runs_on(&self, precision: Precision, gpu: &crate::catalog::GpuSpec) -> bool {
        !(self.fp8_needs_fp8_cores
            && precision.format() == Format::Fp8
            && gpu.fp8_tensor_tflops_dense.is_none())
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
}
