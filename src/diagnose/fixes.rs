//! The fixes an answer offers, each with the command or setting that applies it. The
//! commands are the same in every language; rendering adds why (`fix-<id>`).

use serde::Serialize;

/// One fix.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "id", content = "value", rename_all = "snake_case")]
pub enum Fix {
    /// vLLM: hold no longer a context than the memory does.
    MaxModelLen(u64),
    /// vLLM: the share of the card the engine may take.
    GpuMemoryUtilization(f64),
    /// vLLM / SGLang: an 8-bit KV cache holds twice the tokens.
    KvCacheFp8,
    /// vLLM: split the weights over more GPUs.
    TensorParallel(u32),
    /// SGLang: split the weights over more GPUs.
    SglangTp(u32),
    /// SGLang: an 8-bit KV cache.
    SglangKvFp8,
    /// vLLM: no CUDA graphs, which hold memory of their own.
    EnforceEager,
    /// PyTorch: let the allocator grow segments instead of fragmenting.
    ExpandableSegments,
    /// Training: recompute activations in the backward pass.
    GradientCheckpointing,
    /// Training: a 4-bit base model with LoRA adapters.
    Qlora,
    /// Inference: load the weights in 4 bits.
    LoadIn4bit,
    /// Training: half the batch, twice the accumulation steps.
    SmallerBatch,
    /// Something else holds the card: look at what.
    FreeOtherProcesses,
    /// llama.cpp: layers on the GPU.
    GpuLayers(u32),
    /// llama.cpp: context tokens.
    Context(u64),
    /// llama.cpp: an 8-bit KV cache (needs flash attention).
    KvCacheQ8,
    /// SGLang: the static share of the card (weights + token pool).
    MemFractionStatic(f64),
    /// SGLang: capture CUDA graphs for fewer batch sizes.
    CudaGraphMaxBs(u32),
    /// SGLang: prefill long prompts in smaller chunks.
    ChunkedPrefill(u32),
}

impl Fix {
    /// The message id of the reason, `fix-<id>`.
    pub fn id(self) -> &'static str {
        match self {
            Fix::MaxModelLen(_) => "max-model-len",
            Fix::GpuMemoryUtilization(_) => "gpu-memory-utilization",
            Fix::KvCacheFp8 => "kv-cache-fp8",
            Fix::TensorParallel(_) => "tensor-parallel",
            Fix::SglangTp(_) => "tensor-parallel",
            Fix::SglangKvFp8 => "kv-cache-fp8",
            Fix::EnforceEager => "enforce-eager",
            Fix::ExpandableSegments => "expandable-segments",
            Fix::GradientCheckpointing => "gradient-checkpointing",
            Fix::Qlora => "qlora",
            Fix::LoadIn4bit => "load-in-4bit",
            Fix::SmallerBatch => "smaller-batch",
            Fix::FreeOtherProcesses => "free-other-processes",
            Fix::GpuLayers(_) => "gpu-layers",
            Fix::Context(_) => "context",
            Fix::KvCacheQ8 => "kv-cache-q8",
            Fix::MemFractionStatic(_) => "mem-fraction-static",
            Fix::CudaGraphMaxBs(_) => "cuda-graph-max-bs",
            Fix::ChunkedPrefill(_) => "chunked-prefill",
        }
    }

    /// The command line piece or setting, as typed.
    pub fn command(self) -> String {
        match self {
            Fix::MaxModelLen(n) => format!("--max-model-len {n}"),
            Fix::GpuMemoryUtilization(u) => format!("--gpu-memory-utilization {u:.2}"),
            Fix::KvCacheFp8 => "--kv-cache-dtype fp8".to_string(),
            Fix::TensorParallel(n) => format!("--tensor-parallel-size {n}"),
            Fix::SglangTp(n) => format!("--tp {n}"),
            Fix::SglangKvFp8 => "--kv-cache-dtype fp8_e5m2".to_string(),
            Fix::EnforceEager => "--enforce-eager".to_string(),
            Fix::ExpandableSegments => "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True".to_string(),
            Fix::GradientCheckpointing => "model.gradient_checkpointing_enable()".to_string(),
            Fix::Qlora => "BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type=\"nf4\") + LoraConfig(r=16)".to_string(),
            Fix::LoadIn4bit => "BitsAndBytesConfig(load_in_4bit=True)".to_string(),
            Fix::SmallerBatch => "--per_device_train_batch_size 1 --gradient_accumulation_steps 8".to_string(),
            Fix::FreeOtherProcesses => "nvidia-smi --query-compute-apps=pid,used_memory --format=csv".to_string(),
            Fix::GpuLayers(n) => format!("-ngl {n}"),
            Fix::Context(n) => format!("-c {n}"),
            Fix::KvCacheQ8 => "-fa on -ctk q8_0 -ctv q8_0".to_string(),
            Fix::MemFractionStatic(f) => format!("--mem-fraction-static {f:.2}"),
            Fix::CudaGraphMaxBs(n) => format!("--cuda-graph-max-bs {n}"),
            Fix::ChunkedPrefill(n) => format!("--chunked-prefill-size {n}"),
        }
    }
}
