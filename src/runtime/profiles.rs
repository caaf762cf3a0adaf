//! The runtime profiles themselves: one [`Profile`] per runtime, with the constants they
//! were fitted or read from, each with its source.

use super::launch::{
    LLAMA_SERVER_LAUNCH, LMS_LAUNCH, MLX_LAUNCH, OLLAMA_LAUNCH, SGLANG_LAUNCH, VLLM_LAUNCH,
};
use super::{
    Activation, Budget, Decode, Offload, PagedGroups, PeerBuffers, Profile, Release, Runtime,
    Split, StateShare, StaticShare, SwaCells, SwaPool, WindowKv,
};
use crate::catalog::StateKind;
use crate::vocab::{Format, KvPrecision, Mode, Precision};

/// Mamba-1 (Jamba) and Mamba-2 (Nemotron-H, Granite 4.0-H, Falcon-H1) classes declare
/// `SupportsMambaPrefixCaching` in vLLM; Gated DeltaNet (Qwen3-Next, Qwen3.5) and
/// MiniMax's lightning attention do not (data/SOURCES.md, "vLLM's hybrid KV cache manager").
const VLLM_HYBRID_KV: PagedGroups = PagedGroups {
    block_tokens: 16,
    widen_below: 1.5,
    all_mode_kinds: &[StateKind::Mamba, StateKind::Mamba2],
};

/// SGLang's `mem_fraction_static` when none is given (server_args.py of SGLang's 2026 main branch,
/// `_handle_gpu_memory_settings`; see data/SOURCES.md): T4/4080, A10/4090/5090,
/// A100 40GB/L40, H100/A100 80GB, H20/H200 tiers; B200 and MI300 above.
pub(super) const SGLANG_STATIC: StaticShare = StaticShare {
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
        aliases: &["llamacpp", "llama-cpp", "llama_cpp", "koboldcpp"],
        pattern: r"llama\.cpp|llamacpp|llama-cpp|llama_cpp|koboldcpp",
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
        decode: LLAMA_CPP_DECODE,
        mxfp4_expert_align: None,
        window_kv: WindowKv::Window(LLAMA_CPP_SWA),
        // llama.cpp's CI buffer logs (V100, 10 rows, GGUF F16 to Q2_K).
        error_bands: &[
            (Format::Gguf, Mode::Inference, 5.0),
            (Format::Float, Mode::Inference, 5.0),
        ],
        lower_precisions: LLAMA_CPP_QUANTS,
        kv_precisions: &[KvPrecision::Q8_0, KvPrecision::Q4_0],
        launch: Some(&LLAMA_SERVER_LAUNCH),
        fp8_needs_fp8_cores: false,
        offload: Some(LLAMA_CPP_OFFLOAD),
    },
    Profile {
        runtime: Runtime::Sglang,
        name: "sglang",
        aliases: &["sgl", "sg-lang"],
        pattern: r"sg\s?lang",
        version: "SGLang 0.5 (server_args.py, 2026 main branch)",
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
        window_kv: WindowKv::SplitPool(SGLANG_SWA, SGLANG_STATES),
        // Checked against three start-up logs (tests/calibration/sglang_kv_pool.csv), too
        // few for a band: its estimates say they are unmeasured.
        error_bands: &[],
        lower_precisions: &[Precision::Fp8, Precision::GptqInt8, Precision::AwqInt4],
        kv_precisions: &[KvPrecision::Fp8],
        launch: Some(&SGLANG_LAUNCH),
        fp8_needs_fp8_cores: false,
        offload: None,
    },
    // Ollama runs llama.cpp's kernels and memory layout (its runner loads GGUF files with
    // llama.cpp's KV cache and compute buffers, splitting layers over GPUs and offloading
    // the rest to the CPU itself), so its memory and speed are llama.cpp's; what differs is
    // its defaults (a 4,096-token context unless OLLAMA_CONTEXT_LENGTH or num_ctx says more,
    // flash attention and a quantized KV cache only through OLLAMA_FLASH_ATTENTION and
    // OLLAMA_KV_CACHE_TYPE) and its launch line (data/SOURCES.md, "Ollama").
    Profile {
        runtime: Runtime::Ollama,
        name: "ollama",
        aliases: &[],
        pattern: r"ollama",
        version: "Ollama 0.12 (llama.cpp runner)",
        releases: &[],
        loads: &[Format::Gguf],
        also_loads: &[Precision::Mxfp4],
        converts_unloadable_to: None,
        budget: Budget::Exact { context_gib: 0.4 },
        activation: Activation::ComputeBuffer { ubatch: 512.0 },
        overhead_gib: 0.1,
        multi_gpu_overhead_gib: (PeerBuffers::NONE, PeerBuffers::NONE),
        outside_budget_gib: 0.0,
        split: Split::Layers,
        // llama.cpp's; no Ollama rows of its own.
        decode: LLAMA_CPP_DECODE,
        mxfp4_expert_align: None,
        window_kv: WindowKv::Window(LLAMA_CPP_SWA),
        // No start-up logs of its own: its estimates say they are unmeasured.
        error_bands: &[],
        lower_precisions: LLAMA_CPP_QUANTS,
        kv_precisions: &[KvPrecision::Q8_0, KvPrecision::Q4_0],
        launch: Some(&OLLAMA_LAUNCH),
        fp8_needs_fp8_cores: false,
        // llama.cpp's offload, without `--n-cpu-moe` (not a flag of this front end).
        offload: Some(Offload {
            cpu_moe: None,
            ..LLAMA_CPP_OFFLOAD
        }),
    },
    // MLX LM (Apple's array framework on Metal): the weights as loaded (16-bit, or an
    // mlx-community 4/8-bit repo), a KV cache that grows in steps of 256 tokens
    // (models/cache.py `KVCache.step`), prefill in chunks of 2,048 tokens
    // (`--prefill-step-size`), all of it in unified memory under the wired limit the server
    // sets to macOS's recommended working set (data/SOURCES.md, "MLX").
    Profile {
        runtime: Runtime::Mlx,
        name: "mlx",
        aliases: &["mlx-lm", "mlx_lm", "mlx lm"],
        pattern: r"mlx(?:[-_ ]lm)?",
        version: "mlx-lm 0.28+",
        releases: &[],
        loads: &[Format::Mlx, Format::Float],
        also_loads: &[],
        converts_unloadable_to: None,
        budget: Budget::Exact { context_gib: 0.2 },
        activation: Activation::Prefill { factor: 3.5 },
        overhead_gib: 0.1,
        multi_gpu_overhead_gib: (PeerBuffers::NONE, PeerBuffers::NONE),
        outside_budget_gib: 0.0,
        split: Split::Layers,
        decode: MLX_DECODE,
        mxfp4_expert_align: None,
        // `RotatingKVCache(max_size=sliding_window)` for windowed layers, grown in steps of
        // 256; recurrent states in the model's 16-bit dtype (`ArraysCache`).
        window_kv: WindowKv::Window(SwaCells {
            extra: 0,
            pad: 256,
            state_value_bytes: 2.0,
        }),
        // No measured memory of its own: its estimates say they are unmeasured.
        error_bands: &[],
        lower_precisions: &[Precision::Mlx8, Precision::Mlx4],
        kv_precisions: &[],
        launch: Some(&MLX_LAUNCH),
        fp8_needs_fp8_cores: false,
        offload: None,
    },
    // LM Studio runs GGUF files with its llama.cpp engine (memory and speed as llama.cpp's,
    // every layer on the GPU with `--gpu max`) and, on a Mac, mlx-community repos with its
    // MLX engine; its CLI downloads and loads (`lms get`, `lms load`).
    Profile {
        runtime: Runtime::LmStudio,
        name: "lm-studio",
        aliases: &["lmstudio", "lms", "lm studio"],
        pattern: r"lm\s?studio|lmstudio",
        version: "LM Studio 0.3 (llama.cpp and MLX engines)",
        releases: &[],
        loads: &[Format::Gguf, Format::Float, Format::Mlx],
        also_loads: &[Precision::Mxfp4],
        converts_unloadable_to: None,
        budget: Budget::Exact { context_gib: 0.4 },
        activation: Activation::ComputeBuffer { ubatch: 512.0 },
        overhead_gib: 0.1,
        multi_gpu_overhead_gib: (PeerBuffers::NONE, PeerBuffers::NONE),
        outside_budget_gib: 0.0,
        split: Split::Layers,
        decode: LLAMA_CPP_DECODE,
        mxfp4_expert_align: None,
        window_kv: WindowKv::Window(LLAMA_CPP_SWA),
        error_bands: &[],
        lower_precisions: LLAMA_CPP_QUANTS,
        kv_precisions: &[],
        launch: Some(&LMS_LAUNCH),
        fp8_needs_fp8_cores: false,
        // llama.cpp's offload, without `--n-cpu-moe` (not a flag of this front end).
        offload: Some(Offload {
            cpu_moe: None,
            ..LLAMA_CPP_OFFLOAD
        }),
    },
];

/// llama.cpp's decode efficiency (and that of the runtimes that run its kernels: Ollama,
/// LM Studio): GDDR and HBM fitted on 33 published Llama-3-8B rows; unified memory fitted
/// on llama.cpp's Apple Silicon table (#4167: M1/M2/M3 Ultra, M4 Pro, M4 Max; 6 % mean
/// error) and checked on other publishers' rows (tests/calibration/apple-silicon-decode.csv:
/// 14 % mean). The fixed 0.15 ms per layer is what keeps the Ultras (two dies) from the
/// bandwidth their size promises on small models.
const LLAMA_CPP_DECODE: Decode = Decode {
    gddr: (0.92, 0.08),
    hbm: (0.52, 0.08),
    unified: (0.85, 0.15),
    quantized: None,
    prefill_share: 0.3,
};

/// MLX LM's decode efficiency on Apple Silicon: fitted on its M2 Ultra figure (Llama 3 70B
/// 16-bit, wired: 4.7 tokens/s, mlx-examples#1069), checked on an M3 Pro 4-bit row (-5 %;
/// tests/calibration/apple-silicon-decode.csv); MLX runs nowhere else.
const MLX_DECODE: Decode = Decode {
    gddr: (0.86, 0.1),
    hbm: (0.86, 0.1),
    unified: (0.86, 0.1),
    quantized: None,
    prefill_share: 0.3,
};

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

/// SGLang's hybrid SWA memory at its default ratio, for the families whose architectures
/// it runs that way (see [`SwaPool`]).
const SGLANG_SWA: SwaPool = SwaPool {
    full_tokens_ratio: 0.8,
    families: &["gpt-oss", "mimo", "gemma-4"],
};

/// SGLang's share for recurrent states at its defaults (see [`StateShare`]).
const SGLANG_STATES: StateShare = StateShare {
    memory_ratio: 0.9,
    slots_per_request: 3.0,
    matrix_bytes: 4.0,
};

/// llama.cpp's SWA cache: the window plus one micro-batch of 512 tokens (the compute
/// buffer's `ubatch` above), padded to 256 cells (see [`SwaCells`]).
const LLAMA_CPP_SWA: SwaCells = SwaCells {
    extra: 512,
    pad: 256,
    state_value_bytes: 4.0,
};

/// The GGUF quants llama.cpp and the front ends on it (Ollama, LM Studio) step down
/// through when the asked format does not fit, best quality first.
const LLAMA_CPP_QUANTS: &[Precision] = &[
    Precision::Q8_0,
    Precision::Q6K,
    Precision::Q5KM,
    Precision::Q4KM,
    Precision::Q3KM,
    Precision::Iq2M,
];

/// llama.cpp's partial offload: `-ngl N` and `--n-cpu-moe K` (llama-server's README); the
/// figures are checked against tests/calibration/llamacpp-offload-tokens.csv (its README).
const LLAMA_CPP_OFFLOAD: Offload = Offload {
    cpu_moe: Some("--n-cpu-moe"),
    host_share: LLAMA_CPP_HOST_SHARE,
    expert_share: LLAMA_CPP_EXPERT_SHARE,
    sync_ms: LLAMA_CPP_SYNC_MS,
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
/// the top of the NVLink logs' per-peer growth, makes TP 4 hold 0.21 GiB. Past two PCIe
/// GPUs only two public logs turned up and neither fits a figure (tests/calibration/
/// README.md): V0 at TP 16 on 23.58 GiB cards (vllm#14447) logs 0.20 GiB of non-torch
/// memory with NCCL's buffers inside it (at most 0.01 GiB per peer, on consumer cards that
/// may keep NCCL's staging in host memory), and 4 x A10 on 0.8.5 (vllm#17469) gives no
/// utilization in the parts of its log that could be read. So 0.07 stays, the high end of
/// what the PCIe logs allow. The public 4 x A10 OOM of Qwen3-30B-A3B at 0.7
/// (QwenLM/Qwen3#1387, tests/known_setups.json) does not rest on it: under its release's
/// figures (0.8.5) it needs 16.1 GiB per GPU of 15.4 usable, 15.9 with no per-peer buffers.
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
