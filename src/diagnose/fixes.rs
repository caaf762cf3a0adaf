//! The fixes an answer offers, each with the command or setting that applies it, computed
//! from the log's own figures. The commands are the same in every language; rendering adds
//! why and what each costs (`fix-<id>`). Readers list them cheapest first.

use serde::Serialize;

/// One fix.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
    /// vLLM: fewer sequences per batch (the sampler warm-up and the graphs scale with it).
    MaxNumSeqs(u64),
    /// vLLM: fewer images and videos per prompt for the worst-case profile run.
    LimitMmPerPrompt(u32),
    /// vLLM: fewer tokens in one forward pass (the profile run's batch).
    MaxNumBatchedTokens(u64),
    /// PyTorch: let the allocator grow segments instead of fragmenting.
    ExpandableSegments,
    /// Training: recompute activations in the backward pass.
    GradientCheckpointing,
    /// Training: a 4-bit base model with LoRA adapters.
    Qlora,
    /// Inference: load the weights in 4 bits.
    LoadIn4bit,
    /// Training: a smaller batch, more accumulation steps (the same effective batch).
    SmallerBatch,
    /// Inference outside an engine: fewer inputs at once.
    SmallerInputs,
    /// DeepSpeed: optimizer states (and parameters) in CPU memory.
    ZeroOffload,
    /// Unsloth: its own offloaded checkpointing.
    UnslothCheckpointing,
    /// Something else holds the card: look at what.
    FreeOtherProcesses,
    /// llama.cpp: layers on the GPU.
    GpuLayers(u32),
    /// llama.cpp: context tokens.
    Context(u64),
    /// llama.cpp: flash attention, which needs no n_ctx x n_ubatch attention buffer.
    FlashAttention,
    /// llama.cpp: an 8-bit KV cache (needs flash attention).
    KvCacheQ8,
    /// llama.cpp: a smaller micro-batch shrinks the compute buffer.
    Ubatch(u32),
    /// llama.cpp: how the weights split over the devices, in device order.
    TensorSplit(Vec<u32>),
    /// A smaller quantization of the same model.
    SmallerQuant,
    /// SGLang: the static share of the card (weights + token pool).
    MemFractionStatic(f64),
    /// SGLang: capture CUDA graphs for fewer batch sizes.
    CudaGraphMaxBs(u32),
    /// SGLang: prefill long prompts in smaller chunks.
    ChunkedPrefill(u32),
    /// Ollama: context tokens.
    OllamaNumCtx(u64),
    /// Ollama: layers on the GPU.
    OllamaNumGpu(u32),
    /// Ollama: flash attention and an 8-bit KV cache.
    OllamaFlashAttention,
    /// Free system memory (other programs, other loaded models).
    FreeSystemMemory,
    /// TGI: fewer prefill tokens per batch.
    MaxBatchPrefillTokens(u64),
    /// TGI: fewer tokens in a batch in all.
    MaxBatchTotalTokens(u64),
    /// MLX: a smaller KV cache bound.
    MlxMaxKvSize(u64),
    // The usual fixes of errors that are not about memory.
    /// Update the NVIDIA driver.
    UpdateDriver,
    /// Or install the PyTorch build for the driver's CUDA (`cu116` for 11060).
    TorchForDriver(u32),
    /// Find the kernel that failed.
    CudaLaunchBlocking,
    /// Upgrade an engine whose kernel read out of bounds.
    UpgradeEngine(&'static str),
    /// Ask NCCL why.
    NcclDebug,
    /// Containers: give NCCL shared memory.
    NcclShm,
    /// Newer `tokenizers` and `transformers` read newer tokenizer files.
    UpgradeTokenizers,
    /// Reinstall the package whose module is missing.
    Reinstall(&'static str),
    /// Free disk space or point the cache elsewhere.
    FreeDisk,
    /// Check the path the job reads.
    CheckPath,
    /// Reinstall bitsandbytes for the CUDA that is there.
    UpgradeBitsandbytes,
}

impl Fix {
    /// The message id of the reason, `fix-<id>`.
    pub fn id(&self) -> &'static str {
        match self {
            Fix::MaxModelLen(_) => "max-model-len",
            Fix::GpuMemoryUtilization(_) => "gpu-memory-utilization",
            Fix::KvCacheFp8 | Fix::SglangKvFp8 => "kv-cache-fp8",
            Fix::TensorParallel(_) | Fix::SglangTp(_) => "tensor-parallel",
            Fix::EnforceEager => "enforce-eager",
            Fix::MaxNumSeqs(_) => "max-num-seqs",
            Fix::LimitMmPerPrompt(_) => "limit-mm-per-prompt",
            Fix::MaxNumBatchedTokens(_) => "max-num-batched-tokens",
            Fix::ExpandableSegments => "expandable-segments",
            Fix::GradientCheckpointing => "gradient-checkpointing",
            Fix::Qlora => "qlora",
            Fix::LoadIn4bit => "load-in-4bit",
            Fix::SmallerBatch => "smaller-batch",
            Fix::SmallerInputs => "smaller-inputs",
            Fix::ZeroOffload => "zero-offload",
            Fix::UnslothCheckpointing => "unsloth-checkpointing",
            Fix::FreeOtherProcesses => "free-other-processes",
            Fix::GpuLayers(_) => "gpu-layers",
            Fix::Context(_) => "context",
            Fix::FlashAttention => "flash-attention",
            Fix::KvCacheQ8 => "kv-cache-q8",
            Fix::Ubatch(_) => "ubatch",
            Fix::TensorSplit(_) => "tensor-split",
            Fix::SmallerQuant => "smaller-quant",
            Fix::MemFractionStatic(_) => "mem-fraction-static",
            Fix::CudaGraphMaxBs(_) => "cuda-graph-max-bs",
            Fix::ChunkedPrefill(_) => "chunked-prefill",
            Fix::OllamaNumCtx(_) => "ollama-num-ctx",
            Fix::OllamaNumGpu(_) => "ollama-num-gpu",
            Fix::OllamaFlashAttention => "ollama-flash-attention",
            Fix::FreeSystemMemory => "free-system-memory",
            Fix::MaxBatchPrefillTokens(_) => "max-batch-prefill-tokens",
            Fix::MaxBatchTotalTokens(_) => "max-batch-total-tokens",
            Fix::MlxMaxKvSize(_) => "mlx-max-kv-size",
            Fix::UpdateDriver => "update-driver",
            Fix::TorchForDriver(_) => "torch-for-driver",
            Fix::CudaLaunchBlocking => "cuda-launch-blocking",
            Fix::UpgradeEngine(_) => "upgrade-engine",
            Fix::NcclDebug => "nccl-debug",
            Fix::NcclShm => "nccl-shm",
            Fix::UpgradeTokenizers => "upgrade-tokenizers",
            Fix::Reinstall(_) => "reinstall",
            Fix::FreeDisk => "free-disk",
            Fix::CheckPath => "check-path",
            Fix::UpgradeBitsandbytes => "upgrade-bitsandbytes",
        }
    }

    /// The command line piece or setting, as typed.
    pub fn command(&self) -> String {
        match self {
            Fix::MaxModelLen(n) => format!("--max-model-len {n}"),
            Fix::GpuMemoryUtilization(u) => format!("--gpu-memory-utilization {u:.2}"),
            Fix::KvCacheFp8 => "--kv-cache-dtype fp8".to_string(),
            Fix::TensorParallel(n) => format!("--tensor-parallel-size {n}"),
            Fix::SglangTp(n) => format!("--tp {n}"),
            Fix::SglangKvFp8 => "--kv-cache-dtype fp8_e5m2".to_string(),
            Fix::EnforceEager => "--enforce-eager".to_string(),
            Fix::MaxNumSeqs(n) => format!("--max-num-seqs {n}"),
            Fix::LimitMmPerPrompt(n) => {
                format!("--limit-mm-per-prompt '{{\"image\": {n}, \"video\": 0}}'")
            }
            Fix::MaxNumBatchedTokens(n) => format!("--max-num-batched-tokens {n}"),
            Fix::ExpandableSegments => "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True".to_string(),
            Fix::GradientCheckpointing => "model.gradient_checkpointing_enable()".to_string(),
            Fix::Qlora => "BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type=\"nf4\") + LoraConfig(r=16)".to_string(),
            Fix::LoadIn4bit => "BitsAndBytesConfig(load_in_4bit=True)".to_string(),
            Fix::SmallerBatch => "--per_device_train_batch_size 1 --gradient_accumulation_steps 8".to_string(),
            Fix::SmallerInputs => "batch_size=1".to_string(),
            Fix::ZeroOffload => "\"zero_optimization\": {\"stage\": 3, \"offload_optimizer\": {\"device\": \"cpu\"}, \"offload_param\": {\"device\": \"cpu\"}}".to_string(),
            Fix::UnslothCheckpointing => "use_gradient_checkpointing=\"unsloth\"".to_string(),
            Fix::FreeOtherProcesses => "nvidia-smi --query-compute-apps=pid,used_memory --format=csv".to_string(),
            Fix::GpuLayers(n) => format!("-ngl {n}"),
            Fix::Context(n) => format!("-c {n}"),
            Fix::FlashAttention => "-fa on".to_string(),
            Fix::KvCacheQ8 => "-fa on -ctk q8_0 -ctv q8_0".to_string(),
            Fix::Ubatch(n) => format!("-ub {n}"),
            Fix::TensorSplit(parts) => format!(
                "-ts {}",
                parts.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
            ),
            Fix::SmallerQuant => "Q4_K_M → Q3_K_M / IQ3_XXS".to_string(),
            Fix::MemFractionStatic(f) => format!("--mem-fraction-static {f:.2}"),
            Fix::CudaGraphMaxBs(n) => format!("--cuda-graph-max-bs {n}"),
            Fix::ChunkedPrefill(n) => format!("--chunked-prefill-size {n}"),
            Fix::OllamaNumCtx(n) => format!("/set parameter num_ctx {n}"),
            Fix::OllamaNumGpu(n) => format!("/set parameter num_gpu {n}"),
            Fix::OllamaFlashAttention => "OLLAMA_FLASH_ATTENTION=1 OLLAMA_KV_CACHE_TYPE=q8_0".to_string(),
            Fix::FreeSystemMemory => "ollama ps; ollama stop <model>".to_string(),
            Fix::MaxBatchPrefillTokens(n) => format!("--max-batch-prefill-tokens {n}"),
            Fix::MaxBatchTotalTokens(n) => format!("--max-batch-total-tokens {n}"),
            Fix::MlxMaxKvSize(n) => format!("--max-kv-size {n}"),
            Fix::UpdateDriver => "nvidia-smi  # then https://www.nvidia.com/Download/index.aspx".to_string(),
            Fix::TorchForDriver(v) => {
                format!("pip install torch --index-url https://download.pytorch.org/whl/cu{v}")
            }
            Fix::CudaLaunchBlocking => "CUDA_LAUNCH_BLOCKING=1".to_string(),
            Fix::UpgradeEngine(p) => format!("pip install -U {p}"),
            Fix::NcclDebug => "NCCL_DEBUG=INFO".to_string(),
            Fix::NcclShm => "docker run --ipc=host … (or --shm-size=16g)".to_string(),
            Fix::UpgradeTokenizers => "pip install -U transformers tokenizers".to_string(),
            Fix::Reinstall(p) => format!("pip install --force-reinstall {p}"),
            Fix::FreeDisk => "df -h; export HF_HOME=/path/with/space".to_string(),
            Fix::CheckPath => "ls -l <path>".to_string(),
            Fix::UpgradeBitsandbytes => "pip install -U bitsandbytes; python -m bitsandbytes".to_string(),
        }
    }
}
