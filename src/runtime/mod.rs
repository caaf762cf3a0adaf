//! What each serving stack does with memory, as data: one [`Profile`] per runtime.
//!
//! The estimator, the fit, the speed model, the parser, the Discord choices and the CLI all
//! read these profiles instead of branching on the runtime, so adding one (SGLang, MLX) is
//! a new entry in [`PROFILES`], its locale strings and its tests.

pub mod framework;

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
    /// A share of the card chosen from its memory and the tensor-parallel size (SGLang's
    /// `mem_fraction_static`); what it leaves is for activations and CUDA graphs.
    Static(&'static StaticShare),
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
        matches!(self, Budget::Share(_) | Budget::Static(_))
    }

    /// The share of each card it takes on cards of `card_gib` in tensor-parallel groups of
    /// `tp` (None for budgets that are not a share).
    pub fn share_on(self, card_gib: f64, tp: u32) -> Option<f64> {
        match self {
            Budget::Share(s) => Some(s),
            Budget::Static(rule) => Some(rule.share(card_gib, tp)),
            Budget::Allocator { .. } | Budget::Exact { .. } => None,
        }
    }
}

/// How an engine sizes its static share from the card (SGLang's
/// `ServerArgs._handle_gpu_memory_settings`): a reserve in MiB for attention metadata, the
/// activations of one chunked prefill, the CUDA graphs and the tensor-parallel group, and
/// the share is what the card has beyond it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StaticShare {
    /// Card tiers, smallest first: (cards below this many MiB, chunked prefill tokens,
    /// largest CUDA-graph batch below TP `graphs_tp`, and from it).
    pub tiers: &'static [(f64, f64, f64, f64)],
    /// The same for cards above every tier.
    pub largest: (f64, f64, f64),
    /// Tensor-parallel size from which the larger CUDA-graph batch is captured.
    pub graphs_tp: u32,
    /// Fixed reserve (attention metadata), MiB.
    pub base_mib: f64,
    /// MiB per chunked-prefill token, and the fewest tokens counted.
    pub per_prefill_token_mib: (f64, f64),
    /// MiB per CUDA-graph batch entry.
    pub per_graph_mib: f64,
    /// MiB per GPU of the tensor-parallel group.
    pub per_tp_mib: f64,
    /// On cards above the first many MiB, the reserve is at least the second.
    pub floor_mib: (f64, f64),
    /// GiB the CUDA context and the NCCL group take before the share is measured.
    pub context_gib: f64,
}

impl StaticShare {
    /// The share of a card of `card_gib` GiB in a tensor-parallel group of `tp`, rounded
    /// to three decimals as the engine does.
    pub fn share(&self, card_gib: f64, tp: u32) -> f64 {
        let mib = card_gib * 1024.0;
        let (prefill, small, large) = self
            .tiers
            .iter()
            .find(|t| mib < t.0)
            .map_or(self.largest, |t| (t.1, t.2, t.3));
        let graphs = if tp < self.graphs_tp { small } else { large };
        let (per_token, min_tokens) = self.per_prefill_token_mib;
        let mut reserve = self.base_mib
            + prefill.max(min_tokens) * per_token
            + graphs * self.per_graph_mib
            + f64::from(tp.max(1)) * self.per_tp_mib;
        if mib > self.floor_mib.0 {
            reserve = reserve.max(self.floor_mib.1);
        }
        (((mib - reserve) / mib) * 1000.0).round() / 1000.0
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
    /// None inside the budget: the engine's static share leaves the rest of the card for
    /// activations and CUDA graphs (SGLang), so they never take from weights or KV cache.
    Outside,
    /// llama.cpp's compute buffer: the graph of one micro-batch (`n_ubatch`) in f32,
    /// logits included.
    ComputeBuffer { ubatch: f64 },
}

/// What a runtime's KV cache keeps of the layers that attend to a window (sliding-window
/// layers) or to a chunk (chunked local attention, Llama 4).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WindowKv {
    /// Every layer keeps every token.
    Whole,
    /// Windowed layers keep their window only (llama.cpp's SWA cache).
    Window,
    /// A paged pool shared by groups of layers, each group with its own block table
    /// (vLLM's hybrid KV cache manager, on unless `--disable-hybrid-kv-cache-manager`).
    Grouped(PagedGroups),
}

/// vLLM's hybrid KV cache manager, as data (vllm-project/vllm at commit
/// 001cabc1be16a59a70d720ed61a13b678c060a18; data/SOURCES.md, "vLLM's hybrid KV cache
/// manager"):
/// - `vllm/v1/core/kv_cache_utils.py`, `_get_kv_cache_groups_uniform_page_size`: the layers
///   of each attention type are cut into groups of `group_size` layers (the fewest layers of
///   any type, or the most when the most are under `widen_below` times the fewest), the last
///   group of a type padded; `get_kv_cache_config_from_groups`: `group_size` tensors, each
///   shared by one layer of every group, so a block costs `group_size` layers' pages
///   whichever group takes it; `_report_kv_cache_config`: "GPU KV cache size" is the
///   blocks over the number of groups times the block size (every group slot counted).
/// - `vllm/v1/kv_cache_interface.py`, `SlidingWindowSpec.max_memory_usage_bytes` (lines
///   370-389): a sliding layer reserves `min(window - 1 + max_num_batched_tokens,
///   max_model_len)` tokens plus one block per request; `ChunkedLocalAttentionSpec`
///   `min(chunk + max_num_batched_tokens, max_model_len)` tokens; full layers every token
///   (`_max_memory_usage_bytes_from_groups` sums them per group and checks one request of
///   `max_model_len` fits at start-up).
///
/// The vLLM 0.19.0 start-up logs agree to the token: Gemma 3 27B's 15,997 blocks over 7
/// groups of 10 layers give the logged 36,560 tokens (tests/calibration).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PagedGroups {
    /// Tokens per block (`--block-size`, 16 by default on CUDA).
    pub block_tokens: u32,
    /// Groups take the larger layer count when it is under this many times the smaller.
    pub widen_below: f64,
}

const VLLM_HYBRID_KV: PagedGroups = PagedGroups {
    block_tokens: 16,
    widen_below: 1.5,
};

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

/// Communication memory each GPU of a tensor-parallel group holds: a fixed part (vLLM's
/// custom all-reduce and NVLS buffers) and a part per other GPU of the group (NCCL keeps
/// send and receive buffers per peer and channel).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PeerBuffers {
    pub fixed_gib: f64,
    pub per_peer_gib: f64,
}

impl PeerBuffers {
    pub const NONE: PeerBuffers = PeerBuffers {
        fixed_gib: 0.0,
        per_peer_gib: 0.0,
    };

    /// GiB on each GPU of a group of `gpus` (none on one GPU).
    pub fn gib(self, gpus: u32) -> f64 {
        if gpus <= 1 {
            return 0.0;
        }
        self.fixed_gib + self.per_peer_gib * f64::from(gpus - 1)
    }
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
    /// The value those flags take per KV format, where it is not the format's own name
    /// (SGLang names the FP8 variant).
    pub kv_cache_values: &'static [(KvPrecision, &'static str)],
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
    kv_cache_values: &[],
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
    kv_cache_values: &[],
    quantization: None,
    gpu_layers: Some(("-ngl", "999")),
    tensor_split: Some("-ts"),
    always: &["-fa", "on"],
};

/// SGLang's `python3 -m sglang.launch_server` (flags of `ServerArgs.add_cli_args`).
const SGLANG_LAUNCH: LaunchFlags = LaunchFlags {
    program: "python3 -m sglang.launch_server",
    model: Some("--model-path"),
    gguf_file: false,
    tensor_parallel: Some("--tp"),
    pipeline_parallel: Some("--pp-size"),
    context: "--context-length",
    memory_share: Some("--mem-fraction-static"),
    kv_cache: &["--kv-cache-dtype"],
    // Its choices are auto, fp8_e5m2, fp8_e4m3, bf16 (no bare "fp8").
    kv_cache_values: &[(KvPrecision::Fp8, "fp8_e5m2")],
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

/// SGLang's `mem_fraction_static` when none is given (server_args.py at 469c63e5,
/// `_handle_gpu_memory_settings`; see data/SOURCES.md): T4/4080, A10/4090/5090,
/// A100 40GB/L40, H100/A100 80GB, H20/H200 tiers; B200 and MI300 above.
const SGLANG_STATIC: StaticShare = StaticShare {
    tiers: &[
        (20.0 * 1024.0, 2048.0, 8.0, 8.0),
        (35.0 * 1024.0, 2048.0, 24.0, 80.0),
        (60.0 * 1024.0, 4096.0, 32.0, 160.0),
        (90.0 * 1024.0, 8192.0, 256.0, 512.0),
        (160.0 * 1024.0, 8192.0, 256.0, 512.0),
    ],
    largest: (16384.0, 512.0, 512.0),
    graphs_tp: 4,
    base_mib: 512.0,
    per_prefill_token_mib: (1.5, 2048.0),
    per_graph_mib: 2.0,
    per_tp_mib: 1024.0 / 8.0,
    floor_mib: (60.0 * 1024.0, 10.0 * 1024.0),
    // 22.49 GiB L4 cards measured 21.63 GiB free once TP 4 was set up (tests/calibration).
    context_gib: 0.86,
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
        releases: &[],
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
        multi_gpu_overhead_gib: (PeerBuffers::NONE, PeerBuffers::NONE),
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
        // transformers 5.17 keeps every prompt token of a sliding-window layer in the cache
        // a prefill returns: measured on an H200 (bench/device/hybrid_state.py,
        // results/device-run-2026-11-26): gpt-oss-20b 49,152 bytes per token and
        // EXAONE 4.0 32B 262,144, linear to 8,192 tokens, past both windows (128, 4,096).
        window_kv: WindowKv::Whole,
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
        releases: VLLM_RELEASES,
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
        window_kv: WindowKv::Grouped(VLLM_HYBRID_KV),
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
        releases: &[],
        loads: &[Format::Gguf, Format::Float],
        also_loads: &[Precision::Mxfp4],
        converts_unloadable_to: None,
        budget: Budget::Exact { context_gib: 0.4 },
        activation: Activation::ComputeBuffer { ubatch: 512.0 },
        overhead_gib: 0.1,
        multi_gpu_overhead_gib: (PeerBuffers::NONE, PeerBuffers::NONE),
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
        window_kv: WindowKv::Window,
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
    Profile {
        runtime: Runtime::Sglang,
        name: "sglang",
        aliases: &["sgl", "sg-lang"],
        pattern: r"sg\s?lang",
        version: "SGLang 0.5 (server_args.py at 469c63e5)",
        releases: &[],
        loads: &[
            Format::Float,
            Format::Fp8,
            Format::Microscaled,
            Format::WeightOnly,
        ],
        also_loads: &[],
        converts_unloadable_to: None,
        budget: Budget::Static(&SGLANG_STATIC),
        // Its static share holds weights and the token pool only.
        activation: Activation::Outside,
        overhead_gib: 0.0,
        // NCCL buffers are set up before the share is measured (in `context_gib`).
        multi_gpu_overhead_gib: (PeerBuffers::NONE, PeerBuffers::NONE),
        outside_budget_gib: 0.0,
        split: Split::Tensor,
        // CUDA graphs, as vLLM's; no measurement of its own yet.
        decode: Decode {
            gddr: (0.85, 0.01),
            hbm: (0.75, 0.01),
            unified: (0.75, 0.01),
            quantized: None,
            prefill_share: 0.6,
        },
        mxfp4_expert_align: None,
        // No reading of its SWA pool yet: every layer counted for every token.
        window_kv: WindowKv::Whole,
        // Checked against three start-up logs (tests/calibration/sglang_kv_pool.csv), too
        // few for a band: its estimates say they are unmeasured.
        error_bands: &[],
        lower_precisions: &[Precision::Fp8, Precision::GptqInt8, Precision::AwqInt4],
        kv_precisions: &[KvPrecision::Fp8],
        launch: Some(&SGLANG_LAUNCH),
        fp8_needs_fp8_cores: false,
        offload: None,
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
/// Extra non-torch memory per GPU under tensor parallelism, from vLLM's logged
/// "non-torch" figures (tests/calibration/vllm-startup-*.csv). Over NVLink (H100 SXM,
/// 0.19.0): 2.06-2.11 GiB at TP 2 and 2.13-2.21 GiB at TP 4, less the 0.25 of one GPU:
/// 1.785 GiB of custom all-reduce and NVLS buffers plus 0.045 GiB per peer. Over PCIe
/// custom all-reduce is off past two GPUs and NCCL's per-peer buffers are all there is:
/// 0.00 (2 x RTX 4090) and 0.05 GiB (2 x L40S) above one GPU at TP 2; 0.07 GiB per peer,
/// the top of the NVLink logs' per-peer growth, makes TP 4 hold 0.21 GiB, which is what
/// turns the public 4 x A10 OOM of Qwen3-30B-A3B at 0.7 (QwenLM/Qwen3#1387; vllm#17327)
/// from "fits by 0.15 GiB" into "does not fit" (tests/known_setups.json).
const VLLM_TENSOR_PARALLEL_GIB: (PeerBuffers, PeerBuffers) = (
    PeerBuffers {
        fixed_gib: 1.785,
        per_peer_gib: 0.045,
    },
    PeerBuffers {
        fixed_gib: 0.0,
        per_peer_gib: 0.07,
    },
);
/// NCCL's buffers on each rank of a multi-GPU training job (DDP, ZeRO, FSDP), allocated
/// outside PyTorch's caching allocator, so `torch.cuda.max_memory_reserved` never shows
/// them and they come off the memory the job may use. Over NVLink, from
/// NVIDIA/nccl#964 (4 x A100 NVLink, PyTorch, one 4 MB all-reduce per process group):
/// 544 MiB for a group of 2 and 688 MiB for groups of 3 and 4, so 0.46 GiB plus 0.07 GiB
/// per peer; checked against NVIDIA/nccl#1685 (8 x H100, 1.06 GB of NCCL memory after
/// set-up, ours 0.95 GiB). The maintainers (nccl#864/#986): memory is linear in the
/// channels, PCIe links get far fewer channels than NVLink, and past two nodes it no longer
/// grows ([`TRAINING_COLLECTIVE_PEERS`]). Over PCIe, the per-peer figure vLLM's PCIe
/// start-up logs show (`VLLM_TENSOR_PARALLEL_GIB`), with no fixed part.
pub const TRAINING_COLLECTIVES_GIB: (PeerBuffers, PeerBuffers) = (
    PeerBuffers {
        fixed_gib: 0.46,
        per_peer_gib: 0.07,
    },
    PeerBuffers {
        fixed_gib: 0.0,
        per_peer_gib: 0.07,
    },
);
/// Ranks beyond which NCCL's buffers stop growing (two nodes of eight).
pub const TRAINING_COLLECTIVE_PEERS: u32 = 16;
/// vLLM's profile peak per release, from the llm-d planner's version sweep (Qwen3-14B on
/// H100 at 8,192 batched tokens, tests/calibration/vllm-startup-h100-llmd.csv): the
/// "torch peak memory increase" fell from 5.64 GiB (0.15.0, 0.16.0) to 2.23 GiB (0.17.0),
/// the sampler warm-up over 1,024 rows of Qwen3's 151,936-entry vocabulary going from
/// 38.4 to 14.5 bytes per logit; non-torch memory rose from 0.13 to 0.25 GiB at 0.18.0.
/// Releases before 0.15 are sized as 0.15 (not measured; vllm#27508, October 2025, shows
/// the larger peak: gpt-oss-120b on one H100 left 1.71 GiB of KV cache at 0.95).
const VLLM_RELEASES: &[Release] = &[
    Release {
        name: "0.16.0",
        since: (0, 0),
        sampler_bytes: 38.4,
        overhead_gib: 0.13,
    },
    Release {
        name: "0.17.0",
        since: (0, 17),
        sampler_bytes: VLLM_SAMPLER_BYTES,
        overhead_gib: 0.13,
    },
    Release {
        name: "0.19.0",
        since: (0, 18),
        sampler_bytes: VLLM_SAMPLER_BYTES,
        overhead_gib: VLLM_NON_TORCH_GIB,
    },
];

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

    /// SGLang's `mem_fraction_static` for cards as torch reports them (MiB), worked out by
    /// hand from `_handle_gpu_memory_settings`.
    #[test]
    fn sglang_picks_its_share_from_the_card_and_the_tensor_parallel_size() {
        let share = |mib: f64, tp: u32| SGLANG_STATIC.share(mib / 1024.0, tp);
        // RTX 4090: 2k prefill, 24 graphs below TP 4 and 80 from it.
        assert_eq!(share(24_564.0, 1), 0.847);
        assert_eq!(share(24_564.0, 4), 0.827);
        // H100 80 GB: 8k prefill, 256 / 512 graphs, over the 10 GiB floor.
        assert_eq!(share(81_559.0, 1), 0.835);
        assert_eq!(share(81_559.0, 8), 0.818);
        // T4: the 2,048-token minimum and 8 graphs.
        assert_eq!(share(15_360.0, 1), 0.757);
        assert_eq!("sglang".parse::<Runtime>().unwrap(), Runtime::Sglang);
        assert_eq!("sgl".parse::<Runtime>().unwrap(), Runtime::Sglang);
    }
}
