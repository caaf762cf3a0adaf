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
    assert!(d.fixes.contains(&Fix::TensorParallel(2)));
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
    assert_eq!(d.fixes[0].command(), "-c 65536");
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
