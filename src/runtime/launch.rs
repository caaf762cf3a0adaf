//! Each serving runtime's command line, as flag names: the launch line an answer prints is
//! built from these, and a test checks every flag against the engine's own CLI.

use crate::vocab::{KvPrecision, Precision};

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
    /// Flags always worth passing.
    pub always: &'static [&'static str],
    /// Flash attention's flag with its on and off values (`-fa on|off`): written on,
    /// unless the asker runs with it off (the line keeps the asker's setting).
    pub flash_attention: Option<(&'static str, &'static str, &'static str)>,
    /// The flag that limits the items of each modality per prompt (vLLM's
    /// `--limit-mm-per-prompt`), written when the job sets a limit.
    pub mm_limit: Option<&'static str>,
    /// The tool's own model library (`ollama`: tags in `data/ollama_tags.json`), tried
    /// before a GGUF repo on the Hub.
    pub library: Option<&'static str>,
    /// How a GGUF repo on the Hub is named: None, after `GGUF_REPO_FLAG` (`-hf repo:TAG`);
    /// Some(prefix), as one positional word (`hf.co/repo:TAG`).
    pub gguf_repo_prefix: Option<&'static str>,
    /// Settings the runtime reads from its server's environment instead of flags (Ollama):
    /// `context` and `kv_cache` are then variable names written `NAME=value` before it.
    pub server_env: Option<ServerEnv>,
    /// A runtime that downloads with one command and loads with another (LM Studio's
    /// `lms get` then `lms load`): the line is both, joined by `&&`.
    pub fetch: Option<FetchThenLoad>,
}

/// `lms get <Hub URL>[@QUANT] -y && lms load <repo> ...`: how LM Studio's CLI takes a
/// Hugging Face repo (a full `https://huggingface.co/` URL, a quant after `@`) and then
/// loads what it downloaded (src/subcommands/get.ts and load.ts of lmstudio-ai/lms).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FetchThenLoad {
    /// The download command (`lms get`), before the repo's URL.
    pub get: &'static str,
    /// What the repo is written after (`https://huggingface.co/`).
    pub hub_url: &'static str,
    /// Between the repo and the quant it picks (`@`).
    pub quant_sep: &'static str,
    /// The flag that answers the command's prompts (`-y`), on both commands.
    pub yes: &'static str,
}

/// A server configured through its environment (`OLLAMA_CONTEXT_LENGTH=8192 ollama serve`)
/// and a client command that loads the model (`ollama run TAG`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ServerEnv {
    /// The command that starts the server with those variables (`ollama serve`).
    pub serve: &'static str,
    /// The context sized when the asker names none (Ollama 0.12's 4,096). The line writes
    /// the context always: later servers pick their own default from the card's memory.
    pub default_context: u64,
    /// Flash attention's variable with its on and off values: always written, as the
    /// estimate counts it (the server's own default depends on its version and the model).
    pub flash_attention: (&'static str, &'static str, &'static str),
}

pub(super) const VLLM_LAUNCH: LaunchFlags = LaunchFlags {
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
    flash_attention: None,
    mm_limit: Some("--limit-mm-per-prompt"),
    library: None,
    gguf_repo_prefix: None,
    server_env: None,
    fetch: None,
};

pub(super) const LLAMA_SERVER_LAUNCH: LaunchFlags = LaunchFlags {
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
    always: &[],
    flash_attention: Some(("-fa", "on", "off")),
    mm_limit: None,
    library: None,
    gguf_repo_prefix: None,
    server_env: None,
    fetch: None,
};

/// SGLang's `python3 -m sglang.launch_server` (flags of `ServerArgs.add_cli_args`).
pub(super) const SGLANG_LAUNCH: LaunchFlags = LaunchFlags {
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
    flash_attention: None,
    mm_limit: None,
    library: None,
    gguf_repo_prefix: None,
    server_env: None,
    fetch: None,
};

/// Ollama: `ollama run <library tag>` or `ollama run hf.co/<repo>:<quant>` (the `run`
/// command of cmd/cmd.go takes the model as its one positional argument; the Hub form is
/// docs/import.mdx and huggingface.co/docs/hub/ollama). Context and KV cache type are the
/// server's environment (envconfig/config.go: OLLAMA_CONTEXT_LENGTH, default 4,096 tokens
/// per docs/context-length.mdx; OLLAMA_KV_CACHE_TYPE, which needs OLLAMA_FLASH_ATTENTION=1
/// per docs/faq.md).
///
/// Flash attention is written on or off, whichever the estimate counts, because Ollama's
/// default moved: `OLLAMA_FLASH_ATTENTION` unset meant off up to 0.12 except for the
/// architectures `GGML.FlashAttention()` lists (gemma3, gpt-oss, qwen3, qwen3moe, qwen3vl,
/// mistral3: fs/ggml/ggml.go, commits 85ccf73 "gptoss: enable flash attention by default"
/// in v0.11.8 and 0bda728 for qwen3 in v0.12.4); "auto" (on where the GPU runs the kernel)
/// for the llama.cpp engine from v0.13.4 (bd6c1d6 "flash attn: add auto mode", #13052);
/// and through v0.13.x a quantized `OLLAMA_KV_CACHE_TYPE` was dropped with a warning unless
/// the variable forced flash attention on (llm/server.go: "OLLAMA_FLASH_ATTENTION must be
/// enabled to use a quantized OLLAMA_KV_CACHE_TYPE"). `BoolWithDefault` in
/// envconfig/config.go reads "1"/"0" (strconv.ParseBool).
pub(super) const OLLAMA_LAUNCH: LaunchFlags = LaunchFlags {
    program: "ollama run",
    model: None,
    gguf_file: true,
    tensor_parallel: None,
    pipeline_parallel: None,
    context: "OLLAMA_CONTEXT_LENGTH",
    memory_share: None,
    kv_cache: &["OLLAMA_KV_CACHE_TYPE"],
    kv_cache_values: &[],
    quantization: None,
    gpu_layers: None,
    tensor_split: None,
    always: &[],
    flash_attention: None,
    mm_limit: None,
    library: Some("ollama"),
    gguf_repo_prefix: Some("hf.co/"),
    server_env: Some(ServerEnv {
        serve: "ollama serve",
        default_context: 4096,
        flash_attention: ("OLLAMA_FLASH_ATTENTION", "1", "0"),
    }),
    fetch: None,
};

/// MLX LM's server: `mlx_lm.server --model <repo>` (server.py `main`: `--model`, a Hub repo
/// or a local path; no context flag: the KV cache grows with the conversation). It wires
/// the GPU's recommended working set itself (`mx.set_wired_limit` of
/// `max_recommended_working_set_size` at start-up), so the fit is macOS's GPU share.
pub(super) const MLX_LAUNCH: LaunchFlags = LaunchFlags {
    program: "mlx_lm.server",
    model: Some("--model"),
    gguf_file: false,
    tensor_parallel: None,
    pipeline_parallel: None,
    context: "",
    memory_share: None,
    kv_cache: &[],
    kv_cache_values: &[],
    quantization: None,
    gpu_layers: None,
    tensor_split: None,
    always: &[],
    flash_attention: None,
    mm_limit: None,
    library: None,
    gguf_repo_prefix: None,
    server_env: None,
    fetch: None,
};

/// LM Studio's CLI: `lms get https://huggingface.co/<repo>@<QUANT> -y`, then
/// `lms load <repo> -c <context> --gpu max -y` (load.ts: `-c, --context-length`,
/// `--gpu <offload-ratio>` "off", "max" or a share, `-y, --yes`). It runs GGUF files with
/// llama.cpp and, on a Mac, mlx-community repos with MLX.
pub(super) const LMS_LAUNCH: LaunchFlags = LaunchFlags {
    program: "lms load",
    model: None,
    gguf_file: true,
    tensor_parallel: None,
    pipeline_parallel: None,
    context: "-c",
    memory_share: None,
    kv_cache: &[],
    kv_cache_values: &[],
    quantization: None,
    gpu_layers: Some(("--gpu", "max")),
    tensor_split: None,
    always: &[],
    flash_attention: None,
    mm_limit: None,
    library: None,
    gguf_repo_prefix: None,
    server_env: None,
    fetch: Some(FetchThenLoad {
        get: "lms get",
        hub_url: "https://huggingface.co/",
        quant_sep: "@",
        yes: "-y",
    }),
};
