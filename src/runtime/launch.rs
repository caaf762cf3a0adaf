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
    /// Flags always worth passing (flash attention).
    pub always: &'static [&'static str],
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
    always: &["-fa", "on"],
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
};
