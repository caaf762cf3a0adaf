//! Real errors as people paste them (from GitHub issues and the engines' own sources).

use super::*;

fn known(text: &str) -> Diagnosis {
    match read(text) {
        Some(Read::Known(d)) => *d,
        other => panic!("not read: {other:?} from {text}"),
    }
}

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() < 0.01)
}

/// The format of PyTorch 2.1 and later, as in the issue that asked for this.
const TORCH_NEW: &str = "Traceback (most recent call last):\n  File \"train.py\", line 88, in <module>\n    loss.backward()\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free. Process 38211 has 22.51 GiB memory in use. Of the allocated memory 18.20 GiB is allocated by PyTorch, and 3.90 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)";

/// The format before 2.1 (pytorch/pytorch issues, a 8 GB card).
const TORCH_OLD: &str = "RuntimeError: CUDA out of memory. Tried to allocate 36.00 MiB (GPU 0; 7.93 GiB total capacity; 130.35 MiB already allocated; 47.06 MiB free; 188.00 MiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.";

/// vLLM V1 (a Qwen3 8B on a 24 GB card, from a GitHub write-up of the error).
const VLLM_V1: &str = "(EngineCore_DP0 pid=18799) INFO 10-08 20:33:40 [gpu_model_runner.py:2602] Model loading took 15.2683 GiB and 6.1 seconds\n(EngineCore_DP0 pid=18799) ERROR 10-08 20:33:48 [core.py:708] ValueError: To serve at least one request with the models's max seq len (40960), (5.62 GiB KV cache is needed, which is larger than the available KV cache memory (4.50 GiB). Based on the available memory, the estimated maximum model length is 32768. Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.";

const VLLM_V0: &str = "ValueError: The model's max seq len (131072) is larger than the maximum number of tokens that can be stored in KV cache (42816). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.";

const VLLM_NO_BLOCKS: &str = "INFO 05-02 11:02:13 config.py:1021] tensor_parallel_size=1, gpu_memory_utilization=0.9\nValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.";

const VLLM_FREE: &str = "ValueError: Free memory on device cuda:0 (84.11/287.98 GiB) on startup is less than desired GPU memory utilization (0.95, 273.59 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.";

/// llama.cpp loading weights on a pair of 3090s that another service already used.
const LLAMA_MODEL: &str = "load_tensors: offloaded 81/81 layers to GPU\nggml_backend_cuda_buffer_type_alloc_buffer: allocating 590.07 MiB on device 0: cudaMalloc failed: out of memory\nllama_model_load: error loading model: unable to allocate CUDA0 buffer\nllama_model_load_from_file_impl: failed to load model";

const LLAMA_KV: &str = "llama_context: n_ctx         = 131072\ncudaMalloc failed: out of memory\nalloc_tensor_range: failed to allocate CUDA0 buffer of size 1879048192\nllama_init_from_model: failed to initialize the context: failed to allocate buffer for kv cache";

const SGLANG: &str = "[2025-03-01 10:00:00 TP0] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=1.02 GB\n  File \"/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py\", line 712, in init_memory_pool\n    raise RuntimeError(\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.7";

#[test]
fn torch_new_format_figures_and_fixes() {
    let d = known(TORCH_NEW);
    assert_eq!((d.engine, d.kind), (Engine::Torch, Kind::CudaOom));
    assert!(d.training, "loss.backward() is training");
    let f = &d.figures;
    assert!(close(f.tried_gib, 1.96) && close(f.total_gib, 23.64) && close(f.free_gib, 1.12));
    assert!(close(f.allocated_gib, 18.20) && close(f.reserved_unallocated_gib, 3.90));
    assert!(close(f.in_use_gib, 22.51) && f.device == Some(0));
    assert!(close(f.other_gib(), 23.64 - 1.12 - 18.20 - 3.90));
    assert_eq!(
        d.fixes[0],
        Fix::ExpandableSegments,
        "3.9 GiB unused in the cache"
    );
    assert!(d.fixes.contains(&Fix::GradientCheckpointing) && d.fixes.contains(&Fix::Qlora));
    assert!(
        d.quote
            .starts_with("torch.OutOfMemoryError: CUDA out of memory. Tried")
    );
    assert!(!d.quote.contains("See documentation"));
}

#[test]
fn torch_old_format() {
    let d = known(TORCH_OLD);
    let f = &d.figures;
    assert!(close(f.tried_gib, 36.0 / 1024.0) && close(f.total_gib, 7.93));
    assert!(close(f.reserved_unallocated_gib, (188.0 - 130.35) / 1024.0));
    assert!(!d.training);
}

#[test]
fn vllm_max_model_len() {
    let d = known(VLLM_V1);
    assert_eq!((d.engine, d.kind), (Engine::Vllm, Kind::MaxModelLen));
    assert_eq!(d.figures.max_seq_len, Some(40960));
    assert_eq!(d.figures.estimated_max_len, Some(32768));
    assert!(close(d.figures.kv_needed_gib, 5.62) && close(d.figures.kv_available_gib, 4.5));
    assert!(close(d.figures.weights_gib, 15.2683));
    assert_eq!(d.fixes[0].command(), "--max-model-len 32768");
    assert!(d.fixes.contains(&Fix::GpuMemoryUtilization(0.95)));
    let d = known(VLLM_V0);
    // The longest length the engine says fits, as it says it.
    assert_eq!(d.fixes[0].command(), "--max-model-len 42816");
}

#[test]
fn vllm_no_cache_blocks_and_free_memory() {
    let d = known(VLLM_NO_BLOCKS);
    assert_eq!(d.kind, Kind::NoCacheMemory);
    assert_eq!(d.figures.gpu_memory_utilization, Some(0.9));
    assert_eq!(d.fixes[0].command(), "--gpu-memory-utilization 0.95");
    // The log does not say how large the weights are: no reason to buy more GPUs.
    assert!(!d.fixes.iter().any(|f| matches!(f, Fix::TensorParallel(_))));
    let large = format!("Model loading took 30.50 GiB and 12.1 seconds\n{VLLM_NO_BLOCKS}");
    assert!(known(&large).fixes.contains(&Fix::TensorParallel(2)));
    let d = known(VLLM_FREE);
    assert_eq!(d.kind, Kind::FreeMemoryBelowUtilization);
    // 84.11 of 287.98 GiB free: at most 0.27 of the card now.
    assert!(
        d.fixes.contains(&Fix::GpuMemoryUtilization(0.27)),
        "{:?}",
        d.fixes
    );
}

#[test]
fn llama_cpp_weights_and_kv_cache() {
    let d = known(LLAMA_MODEL);
    assert_eq!((d.engine, d.kind), (Engine::LlamaCpp, Kind::ModelBuffer));
    assert_eq!(
        (d.figures.layers_on_gpu, d.figures.layers_total),
        (Some(81), Some(81))
    );
    assert!(matches!(d.fixes[0], Fix::GpuLayers(n) if n < 81 && n > 0));
    let d = known(LLAMA_KV);
    assert_eq!(d.kind, Kind::KvCacheBuffer);
    assert!(close(d.figures.tried_gib, 1.75));
    // An 8-bit KV cache first (it costs least), then half the context.
    assert_eq!(d.fixes[0], Fix::KvCacheQ8);
    assert!(d.fixes.contains(&Fix::Context(65536)), "{:?}", d.fixes);
}

#[test]
fn sglang_not_enough_memory() {
    let d = known(SGLANG);
    assert_eq!((d.engine, d.kind), (Engine::Sglang, Kind::NotEnoughMemory));
    assert_eq!(d.figures.mem_fraction_static, Some(0.7));
    assert_eq!(d.fixes[0].command(), "--mem-fraction-static 0.75");
    // A PyTorch OOM inside an SGLang server is SGLang's to fix.
    let d =
        known(&format!("sglang.launch_server ...\n{TORCH_NEW}").replace("loss.backward()", "x"));
    assert_eq!(d.engine, Engine::Sglang);
}

#[test]
fn questions_and_junk_are_not_errors() {
    for text in [
        "quanta vram pro llama 70b?",
        "what is an OOM?",
        "",
        "\u{0}\u{1}\u{fffd}\u{fffd}",
    ] {
        assert!(read(text).is_none(), "{text}");
    }
    // An out-of-memory error of an engine we do not read.
    let tf = "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with shape[8192,8192]... out of memory";
    assert_eq!(read(tf), Some(Read::Unknown));
    // A truncated traceback keeps what it has.
    let cut = &TORCH_NEW[..TORCH_NEW.find("of which").unwrap_or(0)];
    let d = known(cut);
    assert!(close(d.figures.tried_gib, 1.96) && d.figures.total_gib.is_none());
}

#[test]
fn long_logs_are_read_from_their_end() {
    let mut log = "INFO loading shard\n".repeat(6000);
    log.push_str(VLLM_V1);
    assert!(log.len() > 100 * 1024);
    assert_eq!(known(&log).kind, Kind::MaxModelLen);
    let junk: String = (0..120_000u32)
        .map(|i| char::from_u32(0x4e00 + i % 500).unwrap_or('x'))
        .collect();
    assert!(read(&junk).is_none());
}

// ---- The examples of issue 36, per engine.

#[test]
fn ollama_system_memory_is_an_error_not_a_question() {
    let d =
        known("Error: model requires more system memory (98.8 GiB) than is available (96.8 GiB)");
    assert_eq!((d.engine, d.kind), (Engine::Ollama, Kind::SystemMemory));
    assert!(
        close(d.figures.system_required_gib, 98.8) && close(d.figures.system_available_gib, 96.8)
    );
    // 2 GiB short: a shorter context first, then free memory, then a smaller file.
    assert!(matches!(d.fixes[0], Fix::OllamaNumCtx(_)), "{:?}", d.fixes);
    let d = known("\"model requires more system memory (164.8 GiB) than is available (13.4 GiB)\"");
    assert_eq!(d.fixes[0], Fix::SmallerQuant);
    // llm/server.go prints format.HumanBytes2: small sizes in MiB.
    let d =
        known("Error: model requires more system memory (912.5 MiB) than is available (512.0 MiB)");
    assert!(close(d.figures.system_required_gib, 912.5 / 1024.0));
}

#[test]
fn ollama_server_log_gets_ollama_settings() {
    let log = "time=2025-04-21T12:31:00.791+03:00 level=INFO source=server.go:138 msg=offload library=cuda layers.requested=-1 layers.model=62 layers.offload=62 memory.available=\"[78.7 GiB 68.3 GiB]\"\nload_tensors: offloaded 62/62 layers to GPU\nload_tensors:        CUDA0 model buffer size = 48928.09 MiB\nload_tensors:        CUDA1 model buffer size = 70752.48 MiB\nggml_backend_cuda_buffer_type_alloc_buffer: allocating 2322.01 MiB on device 1: cudaMalloc failed: out of memory\nggml_gallocr_reserve_n: failed to allocate CUDA1 buffer of size 2434801664";
    let d = known(log);
    assert_eq!((d.engine, d.kind), (Engine::Ollama, Kind::ComputeBuffer));
    assert_eq!(d.figures.devices_free_gib.len(), 2);
    assert!(d.fixes.contains(&Fix::OllamaFlashAttention));
    // Fewer layers by what the failed buffer needs: never none at all.
    assert!(
        d.fixes
            .iter()
            .any(|f| matches!(f, Fix::OllamaNumGpu(n) if *n > 0 && *n < 62)),
        "{:?}",
        d.fixes
    );
    assert!(
        d.fixes.iter().all(|f| !f.command().starts_with("-")),
        "{:?}",
        d.fixes
    );
}

/// llama.cpp#10052: a 1B IQ3_M model asking 8.6 GiB is the attention scratch buffer of the
/// 131k default context without flash attention.
#[test]
fn llama_cpp_small_model_big_buffer_is_flash_attention() {
    let log = "./llama-cli -m models/Llama-3.2-1B-Instruct-IQ3_M.gguf -ngl 99\nllama_new_context_with_model: n_ctx      = 131072\nllama_new_context_with_model: flash_attn = 0\nggml_backend_cuda_buffer_type_alloc_buffer: allocating 8849.72 MiB on device 0: cudaMalloc failed: out of memory\n";
    let d = known(log);
    assert_eq!(d.kind, Kind::ComputeBuffer);
    assert_eq!(d.fixes[0].command(), "-fa on");
    assert!(d.fixes.contains(&Fix::Context(8192)), "{:?}", d.fixes);
    assert!(!d.fixes.contains(&Fix::GpuLayers(0)));
    assert_eq!(
        d.model_in_log.as_deref(),
        Some("Llama-3.2-1B-Instruct-IQ3_M.gguf")
    );
}

/// A 16 GB card beside a 48 GB one, split evenly: the split follows what each has free.
#[test]
fn llama_cpp_uneven_cards_get_a_split() {
    let log = "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 4080) - 15200 MiB free\nllama_model_load_from_file_impl: using device CUDA1 (NVIDIA RTX A6000) - 48300 MiB free\nload_tensors: offloaded 65/65 layers to GPU\nload_tensors:        CUDA0 model buffer size = 18500.00 MiB\nggml_backend_cuda_buffer_type_alloc_buffer: allocating 18500.00 MiB on device 0: cudaMalloc failed: out of memory\nllama_model_load: error loading model: unable to allocate CUDA0 buffer";
    let d = known(log);
    assert_eq!(d.kind, Kind::ModelBuffer);
    match &d.fixes[0] {
        Fix::TensorSplit(parts) => {
            assert_eq!(parts.len(), 2);
            assert!(parts[1] >= 3 * parts[0], "{parts:?}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn vulkan_rocm_and_metal_are_read() {
    let d = known(
        "ggml_vulkan: Device memory allocation of size 3959422976 failed.\nggml_vulkan: vk::Device::allocateMemory: ErrorOutOfDeviceMemory",
    );
    assert_eq!(d.engine, Engine::LlamaCpp);
    assert!(close(d.figures.tried_gib, 3959422976.0 / 1073741824.0));
    let d = known(
        "llama_context: n_ctx         = 20480\nllama_context: flash_attn    = enabled\nggml_backend_cuda_buffer_type_alloc_buffer: allocating 3040.00 MiB on device 0: cudaMalloc failed: out of memory\nalloc_tensor_range: failed to allocate ROCm0 buffer",
    );
    assert_eq!(d.kind, Kind::KvCacheBuffer);
    let d = known(
        "ggml_metal_graph_compute: command buffer 3 failed with status 5\nerror: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)",
    );
    assert_eq!(
        (d.engine, d.kind),
        (Engine::LlamaCpp, Kind::MetalOutOfMemory)
    );
    let d = known(
        "libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer execution failed: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)",
    );
    assert_eq!((d.engine, d.kind), (Engine::Mlx, Kind::MetalOutOfMemory));
}

#[test]
fn sglang_full_share_gets_sglang_fixes_only() {
    let d = known(
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.95",
    );
    assert_eq!((d.engine, d.kind), (Engine::Sglang, Kind::NotEnoughMemory));
    // No share left to give: an 8-bit pool first, never a PyTorch or bitsandbytes snippet.
    assert_eq!(d.fixes[0], Fix::SglangKvFp8);
    assert!(
        !d.fixes
            .iter()
            .any(|f| matches!(f, Fix::MemFractionStatic(_) | Fix::LoadIn4bit))
    );
    assert!(d.model_in_log.is_none());
    // Out of memory while serving: the static share goes down from the one set.
    let d = known(&format!(
        "python -m sglang.launch_server --mem-fraction-static 0.9\n{TORCH_OLD}"
    ));
    assert_eq!(d.engine, Engine::Sglang);
    assert_eq!(
        d.fixes
            .iter()
            .find(|f| matches!(f, Fix::MemFractionStatic(_))),
        Some(&Fix::MemFractionStatic(0.85))
    );
}

#[test]
fn vllm_multimodal_sampler_and_graphs() {
    let mm = "WARNING 08-04 16:54:49 [profiling.py:247] The sequence length used for profiling (max_num_batched_tokens / max_num_seqs = 8192) is too short to hold the multi-modal embeddings in the worst case (180224 tokens in total, out of which {'image': 163840, 'video': 16384} are reserved for multi-modal embeddings).\nllm = LLM(model=MODEL_PATH, max_num_seqs=32, limit_mm_per_prompt={\"image\": 10, \"video\": 1})\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 11.87 GiB.";
    let d = known(mm);
    assert_eq!((d.engine, d.kind), (Engine::Vllm, Kind::MultimodalProfile));
    assert_eq!(d.fixes[0], Fix::LimitMmPerPrompt(5));
    assert_eq!(d.fixes[1], Fix::MaxNumSeqs(8));
    assert!(!matches!(d.fixes[0], Fix::GpuMemoryUtilization(_)));
    let d = known(
        "RuntimeError: CUDA out of memory occurred when warming up sampler with 1024 dummy requests. Please try lowering `max_num_seqs` or `gpu_memory_utilization` when initializing the engine.",
    );
    assert_eq!(
        (d.kind, d.fixes[0].clone()),
        (Kind::SamplerWarmup, Fix::MaxNumSeqs(256))
    );
    let d = known(
        "INFO 12-19 22:58:27 model_runner.py:1415] Capturing cudagraphs for decoding.\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 MiB. GPU 6 has a total capacity of 44.53 GiB of which 448.00 KiB is free.",
    );
    assert_eq!(
        (d.kind, d.fixes[0].clone()),
        (Kind::CudaGraph, Fix::EnforceEager)
    );
}

/// A 0.5B model never gets more GPUs.
#[test]
fn small_model_never_gets_tensor_parallel() {
    let d = known(&format!(
        "Model loading took 0.93 GiB and 2.1 seconds\n{VLLM_NO_BLOCKS}"
    ));
    assert!(
        !d.fixes.iter().any(|f| matches!(f, Fix::TensorParallel(_))),
        "{:?}",
        d.fixes
    );
}

/// ZeRO-3 and Unsloth jobs are sharded or 4-bit already: no 4-bit loading advice.
#[test]
fn zero3_and_unsloth_get_no_4bit_advice() {
    let zero = format!(
        "[2023-04-04 16:21:07] [INFO] [stage3.py:113:__init__] DeepSpeed ZeRO-3\n{TORCH_NEW}"
    );
    let d = known(&zero);
    assert_eq!(d.engine, Engine::Deepspeed);
    assert!(d.training);
    assert!(d.fixes.contains(&Fix::ZeroOffload));
    assert!(
        !d.fixes
            .iter()
            .any(|f| matches!(f, Fix::Qlora | Fix::LoadIn4bit)),
        "{:?}",
        d.fixes
    );
    let unsloth = format!(
        "==((====))==  Unsloth - 2x faster free finetuning | Num GPUs used = 1\n{TORCH_NEW}"
    );
    let d = known(&unsloth);
    assert_eq!(d.engine, Engine::Unsloth);
    assert!(
        !d.fixes
            .iter()
            .any(|f| matches!(f, Fix::Qlora | Fix::LoadIn4bit)),
        "{:?}",
        d.fixes
    );
}

#[test]
fn model_comes_from_words_then_log_never_from_numbers() {
    let d = known(&format!("qwen3 14b numa 4080\n{TORCH_OLD}"));
    assert_eq!(d.subject(), "qwen3 14b numa 4080");
    let log = "vllm serve Qwen/Qwen3-Coder-480B-A35B-Instruct --max-model-len 70000\nValueError: To serve at least one request with the models's max seq len (70000), (22.50 GiB KV cache is needed, which is larger than the available KV cache memory (10.00 GiB).";
    let d = known(log);
    assert_eq!(d.subject(), "Qwen/Qwen3-Coder-480B-A35B-Instruct");
    assert!(!d.subject().contains("70000"));
    // Neither: nothing to size, so no estimate.
    assert_eq!(known(TORCH_OLD).subject(), "");
}

#[test]
fn not_memory_errors_are_named_without_sizes() {
    let d = known(
        "RuntimeError: The NVIDIA driver on your system is too old (found version 11060). Please update your GPU driver",
    );
    assert_eq!(d.kind, Kind::DriverTooOld);
    assert!(!d.kind.is_memory());
    assert!(d.fixes.contains(&Fix::TorchForDriver(116)), "{:?}", d.fixes);
    assert!(d.model_in_log.is_none());
    let d = known("ModuleNotFoundError: No module named 'uvloop'");
    assert_eq!(
        (d.kind, d.fixes[0].clone()),
        (Kind::MissingModule, Fix::Reinstall("uvloop"))
    );
    let d = known(
        "Exception: data did not match any variant of untagged enum ModelWrapper at line 757443 column 3",
    );
    assert_eq!((d.engine, d.kind), (Engine::Transformers, Kind::Tokenizer));
    let d = known(
        "ERROR 09-27 06:46:46 engine.py:157] RuntimeError: CUDA error: an illegal memory access was encountered",
    );
    assert_eq!(
        (d.engine, d.kind),
        (Engine::Vllm, Kind::IllegalMemoryAccess)
    );
    for text in [
        "RuntimeError: NCCL Error 2: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "OSError: [Errno 28] No space left on device",
        "FileNotFoundError: [Errno 2] No such file or directory: 'models/llama-3-8b/config.json'",
    ] {
        assert!(!known(text).kind.is_memory(), "{text}");
    }
}

/// torch 2.1 and 2.2 print "capacty"; the card's figures are read all the same.
#[test]
fn torch_capacty_typo_keeps_the_figures() {
    let d = known(
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 224.00 MiB. GPU 0 has a total capacty of 14.75 GiB of which 11.06 MiB is free. Process 3258 has 14.73 GiB memory in use. Of the allocated memory 14.04 GiB is allocated by PyTorch, and 509.85 MiB is reserved by PyTorch but unallocated.",
    );
    assert!(close(d.figures.total_gib, 14.75) && close(d.figures.free_gib, 11.06 / 1024.0));
    assert!(close(d.figures.allocated_gib, 14.04));
    // Before 1.4: "cached".
    let d = known(
        "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 11.17 GiB total capacity; 10.62 GiB already allocated; 145.81 MiB free; 10.66 GiB cached)",
    );
    assert!(close(d.figures.total_gib, 11.17) && close(d.figures.reserved_unallocated_gib, 0.04));
}

/// "backwards" in a llama.cpp log is no training job; "training" in the asker's words is.
#[test]
fn training_comes_from_the_asker_for_servers() {
    let d = known(&format!(
        "llama_context: backwards compat for old models\n{LLAMA_KV}"
    ));
    assert!(!d.training);
    let d = known(&format!("training a lora with this\n{TORCH_OLD}"));
    assert!(d.training);
}

/// Cards ggml only names: their memory from our catalog sets the split and the layers.
#[test]
fn llama_cpp_named_cards_set_split_and_layers() {
    let log = "ggml_cuda_init: found 2 CUDA devices:\n  Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6, VMM: yes\n  Device 1: NVIDIA GeForce RTX 3060, compute capability 8.6, VMM: yes\n./llama-server -m Qwen2.5-32B-Instruct-Q4_K_M.gguf -ngl 99\nload_tensors: offloaded 65/65 layers to GPU\nggml_backend_cuda_buffer_type_alloc_buffer: allocating 9800.00 MiB on device 1: cudaMalloc failed: out of memory\nllama_model_load: error loading model: unable to allocate CUDA1 buffer";
    let d = known(log);
    assert_eq!(d.kind, Kind::ModelBuffer);
    assert_eq!(d.figures.devices_free_gib.len(), 2, "{:?}", d.figures);
    let Fix::TensorSplit(parts) = &d.fixes[0] else {
        panic!("{:?}", d.fixes);
    };
    assert!(parts[0] > parts[1], "{parts:?}");
    // 32B at Q4_K_M is about 18 GiB over 65 layers; 33.5 GiB of cards hold all but none.
    assert!(
        d.fixes
            .iter()
            .any(|f| matches!(f, Fix::GpuLayers(n) if *n >= 50 && *n < 65)),
        "{:?}",
        d.fixes
    );
}

/// vLLM's profile run: fewer batched tokens, not a smaller share of the card first.
#[test]
fn vllm_profile_run() {
    let log = "INFO 05-02 11:02:13 [config.py:1021] max_num_batched_tokens=16384, max_num_seqs=256\n(EngineCore_DP0 pid=1) ERROR [core.py:708]   File \"/vllm/v1/worker/gpu_model_runner.py\", line 2602, in profile_run\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB. GPU 0 has a total capacity of 23.56 GiB of which 2.10 GiB is free.";
    let d = known(log);
    assert_eq!((d.engine, d.kind), (Engine::Vllm, Kind::ProfileRun));
    assert_eq!(d.fixes[0], Fix::MaxNumBatchedTokens(8192));
    assert_eq!(d.fixes[1], Fix::MaxNumSeqs(64));
}

/// Every kind has a title and a cause, every fix its reason, in every language.
#[test]
fn every_kind_and_fix_has_its_words() {
    use crate::i18n::{Lang, t};
    let kinds = [
        Kind::CudaOom,
        Kind::MaxModelLen,
        Kind::NoCacheMemory,
        Kind::FreeMemoryBelowUtilization,
        Kind::ModelBuffer,
        Kind::KvCacheBuffer,
        Kind::ComputeBuffer,
        Kind::NotEnoughMemory,
        Kind::CudaGraph,
        Kind::SamplerWarmup,
        Kind::MultimodalProfile,
        Kind::ProfileRun,
        Kind::SystemMemory,
        Kind::PrefillTokens,
        Kind::MetalOutOfMemory,
        Kind::DriverTooOld,
        Kind::IllegalMemoryAccess,
        Kind::Nccl,
        Kind::Tokenizer,
        Kind::MissingModule,
        Kind::DiskFull,
        Kind::MissingFile,
        Kind::BitsandbytesSetup,
    ];
    let fixes = [
        Fix::MaxModelLen(1),
        Fix::GpuMemoryUtilization(0.9),
        Fix::KvCacheFp8,
        Fix::TensorParallel(2),
        Fix::EnforceEager,
        Fix::MaxNumSeqs(8),
        Fix::LimitMmPerPrompt(1),
        Fix::MaxNumBatchedTokens(1),
        Fix::ExpandableSegments,
        Fix::GradientCheckpointing,
        Fix::Qlora,
        Fix::LoadIn4bit,
        Fix::SmallerBatch,
        Fix::SmallerInputs,
        Fix::ZeroOffload,
        Fix::UnslothCheckpointing,
        Fix::FreeOtherProcesses,
        Fix::GpuLayers(1),
        Fix::Context(1),
        Fix::FlashAttention,
        Fix::KvCacheQ8,
        Fix::Ubatch(1),
        Fix::TensorSplit(vec![1, 2]),
        Fix::SmallerQuant,
        Fix::MemFractionStatic(0.8),
        Fix::CudaGraphMaxBs(1),
        Fix::ChunkedPrefill(1),
        Fix::OllamaNumCtx(1),
        Fix::OllamaNumGpu(1),
        Fix::OllamaFlashAttention,
        Fix::FreeSystemMemory,
        Fix::MaxBatchPrefillTokens(1),
        Fix::MaxBatchTotalTokens(1),
        Fix::MlxMaxKvSize(1),
        Fix::UpdateDriver,
        Fix::TorchForDriver(121),
        Fix::CudaLaunchBlocking,
        Fix::UpgradeEngine("vllm"),
        Fix::NcclDebug,
        Fix::NcclShm,
        Fix::UpgradeTokenizers,
        Fix::Reinstall("vllm"),
        Fix::FreeDisk,
        Fix::CheckPath,
        Fix::UpgradeBitsandbytes,
    ];
    for lang in Lang::ALL {
        for kind in kinds {
            for prefix in ["diag-title-", "diag-cause-"] {
                let id = format!("{prefix}{}", kind.id().replace('_', "-"));
                assert_ne!(t(lang, id.as_str()), id, "{lang:?}");
            }
        }
        for fix in &fixes {
            let id = format!("fix-{}", fix.id());
            assert_ne!(t(lang, id.as_str()), id, "{lang:?}");
            assert!(!fix.command().is_empty());
        }
    }
}
