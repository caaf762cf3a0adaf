//! llama.cpp and the programs built on it (Ollama, koboldcpp, llama-cpp-python), from its
//! backends' messages: CUDA and ROCm (ggml-cuda.cu: "ggml_backend_cuda_buffer_type_alloc_buffer:
//! allocating 8192.00 MiB on device 0: cudaMalloc failed: out of memory"), the allocators that
//! name the buffer ("alloc_tensor_range: failed to allocate CUDA0 buffer of size 8589934592",
//! "ggml_gallocr_reserve_n: failed to allocate CUDA3 buffer of size …"), Vulkan (ggml-vulkan.cpp:
//! "ggml_vulkan: Device memory allocation of size 118497280 failed.", "ErrorOutOfDeviceMemory")
//! and Metal ("error: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)");
//! then what the buffer was for: the weights ("unable to allocate CUDA0 buffer", "error loading
//! model"), the KV cache ("failed to allocate buffer for kv cache") or the compute buffers
//! ("failed to allocate compute buffers"). The fixes are computed from the figures the log
//! prints around them: n_ctx, flash_attn, n_ubatch, the layers offloaded, each device's
//! weights and free memory.

use super::figures::{gib, last_number, line_at, re};
use super::{Diagnosis, Engine, Figures, Fix, Kind};
use regex::Regex;
use std::sync::LazyLock;

static ALLOCATING: LazyLock<Regex> = LazyLock::new(|| {
    re(r"allocating ([\d.]+) MiB on device (\d+): (?:cuda|hip)Malloc failed: out of memory")
});
static BUFFER_OF_SIZE: LazyLock<Regex> =
    LazyLock::new(|| re(r"failed to allocate ([A-Za-z_]+?)(\d*) buffer of size (\d+)"));
static VULKAN: LazyLock<Regex> =
    LazyLock::new(|| re(r"Device memory allocation of size (\d+) failed"));
static METAL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)Insufficient Memory \(0+8:kIOGPUCommandBufferCallbackErrorOutOfMemory\)|ggml_metal\w*: error: failed to allocate buffer, size = +([\d.]+) MiB",
    )
});
static OFFLOADED: LazyLock<Regex> = LazyLock::new(|| re(r"offloaded (\d+)/(\d+) layers to GPU"));
static N_CTX: LazyLock<Regex> = LazyLock::new(|| re(r"\bn_ctx\s*=\s*(\d+)"));
static N_UBATCH: LazyLock<Regex> = LazyLock::new(|| re(r"\bn_ubatch\s*=\s*(\d+)"));
static FLASH_ATTN: LazyLock<Regex> =
    LazyLock::new(|| re(r"\bflash_attn\s*=\s*(0|1|enabled|disabled|auto|true|false)"));
/// Each device's weights: "CUDA0 model buffer size = 4403.50 MiB" (older: "CUDA0 buffer size").
static DEVICE_WEIGHTS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?:CUDA|ROCm|Vulkan|SYCL|Metal)(\d+) (?:model )?buffer size\s*=\s*([\d.]+) MiB")
});
/// "using device CUDA0 (NVIDIA GeForce RTX 4090) - 23054 MiB free".
static DEVICE_FREE: LazyLock<Regex> =
    LazyLock::new(|| re(r"using device \w+?(\d+) \([^)]*\)[^\n]*?- (\d+) MiB free"));
/// ggml's device list: "Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6, VMM: yes"
/// (CUDA), "Device 0: AMD Radeon RX 7900 XTX, gfx1100 (0x1100), VMM: no" (ROCm).
static DEVICE_NAME: LazyLock<Regex> =
    LazyLock::new(|| re(r"Device (\d+): ([^,\n]+), (?:compute capability|gfx)"));
/// What the CUDA context and the driver keep of a card the log only names.
const CONTEXT_GIB: f64 = 0.5;
/// Ollama's scheduler: memory.available="[78.7 GiB 68.3 GiB]".
static OLLAMA_AVAILABLE: LazyLock<Regex> =
    LazyLock::new(|| re(r#"memory\.available="\[([^\]]*)\]""#));
static AMOUNT: LazyLock<Regex> = LazyLock::new(|| re(r"([\d.]+) ?([KMG]iB|B)\b"));
/// The command line, when the asker pasted it: `-c 8192`, `-ub 8192`, `-fa`.
static CLI_CTX: LazyLock<Regex> =
    LazyLock::new(|| re(r#"(?:^|[\s`'"(])(?:-c|--ctx-size|--contextsize)[ =](\d+)"#));
static CLI_UBATCH: LazyLock<Regex> =
    LazyLock::new(|| re(r#"(?:^|[\s`'"(])(?:-ub|--ubatch-size)[ =](\d+)"#));
static CLI_FA: LazyLock<Regex> = LazyLock::new(|| {
    re(r#"(?:^|[\s`'"(])(?:-fa|--flash-attn|--flashattention)(?:\s+(on|off|auto))?(?:\s|$)"#)
});
/// A size in a model's name ("Llama-3.2-1B-Instruct-IQ3_M.gguf") and its quantization.
static NAME_SIZE: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)(?:^|[-_ .])(\d+(?:\.\d+)?)b(?:[-_ .]|$)"));

/// Bits per weight of the common GGUF types, for a first guess at the weights' size.
fn bits_per_weight(name: &str) -> f64 {
    let lower = name.to_ascii_lowercase();
    [
        ("iq1", 1.8),
        ("iq2", 2.5),
        ("q2_k", 3.0),
        ("iq3", 3.6),
        ("q3_k", 3.9),
        ("iq4", 4.4),
        ("q4", 4.8),
        ("q5", 5.6),
        ("q6", 6.6),
        ("q8", 8.5),
        ("bf16", 16.0),
        ("f16", 16.0),
        ("f32", 32.0),
    ]
    .iter()
    .find(|(tag, _)| lower.contains(tag))
    .map_or(4.8, |(_, b)| *b)
}

/// The weights' size a model named in the log would have, in GiB: its parameters from the
/// name times its quantization's bits. None without a size in the name.
fn weights_from_name(text: &str) -> Option<f64> {
    let name = super::model_hint::find(text)?;
    let params_b: f64 = NAME_SIZE.captures(&name)?[1].parse().ok()?;
    Some(params_b * 1e9 * bits_per_weight(&name) / 8.0 / 1_073_741_824.0)
}

/// Where the failure is, the bytes asked for, and on which device.
struct Failure {
    at: usize,
    tried_gib: Option<f64>,
    device: Option<u32>,
    metal: bool,
}

fn failure(text: &str, lower: &str) -> Option<Failure> {
    if let Some(c) = ALLOCATING.captures(text) {
        return Some(Failure {
            at: c.get(0)?.start(),
            tried_gib: gib(&c[1], "MiB"),
            device: c[2].parse().ok(),
            metal: false,
        });
    }
    if let Some(c) = BUFFER_OF_SIZE.captures(text) {
        return Some(Failure {
            at: c.get(0)?.start(),
            tried_gib: gib(&c[3], "bytes"),
            device: c[2].parse().ok(),
            metal: false,
        });
    }
    if let Some(c) = VULKAN.captures(text) {
        return Some(Failure {
            at: c.get(0)?.start(),
            tried_gib: gib(&c[1], "bytes"),
            device: None,
            metal: false,
        });
    }
    if let Some(c) = METAL.captures(text) {
        return Some(Failure {
            at: c.get(0)?.start(),
            tried_gib: c.get(1).and_then(|m| gib(m.as_str(), "MiB")),
            device: None,
            metal: true,
        });
    }
    let at = [
        "unable to allocate cuda",
        "unable to allocate rocm",
        "unable to allocate backend buffer",
        "failed to allocate buffer for kv cache",
        "failed to allocate compute buffers",
        "cudamalloc failed: out of memory",
        "erroroutofdevicememory",
        "error_out_of_device_memory",
    ]
    .iter()
    .filter_map(|m| lower.find(m))
    .min()?;
    Some(Failure {
        at,
        tried_gib: None,
        device: None,
        metal: false,
    })
}

/// llama.cpp's own words, or a ggml backend's inside another program.
fn is_ggml(lower: &str) -> bool {
    [
        "ggml",
        "llama_",
        "llm_load",
        "load_tensors",
        "cudamalloc failed",
        "erroroutofdevicememory",
        "kiogpucommandbuffer",
        "alloc_tensor_range",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

pub(super) fn read(text: &str, lower: &str, engine: Engine) -> Option<Diagnosis> {
    if !is_ggml(lower) {
        return None;
    }
    let fail = failure(text, lower)?;
    let f = figures(text, &fail);
    let after = &lower[fail.at..];
    // An allocation far larger than the named model's weights is not the weights: the
    // attention scratch of a long context (without flash attention), or its KV cache.
    let beyond_weights = weights_from_name(text)
        .zip(f.tried_gib)
        .is_some_and(|(w, t)| t > 2.0 * w + 1.0);
    let weights_words = after.contains("model") || after.contains("unable to allocate");
    let kind = if fail.metal {
        Kind::MetalOutOfMemory
    } else if after.contains("compute buffer")
        || after.contains("graph_reserve")
        || after.contains("gallocr")
    {
        Kind::ComputeBuffer
    } else if after.contains("kv cache")
        || after.contains("kv_cache")
        || after.contains("kv buffer")
    {
        Kind::KvCacheBuffer
    } else if beyond_weights || (!weights_words && f.n_ubatch.is_some_and(|u| u >= 2048)) {
        // A micro-batch this large sizes the compute buffer past what one allocation gets.
        if f.flash_attn == Some(true) && f.n_ubatch.is_none_or(|u| u < 2048) {
            Kind::KvCacheBuffer
        } else {
            Kind::ComputeBuffer
        }
    } else if weights_words {
        Kind::ModelBuffer
    } else if lower[..fail.at].contains("llama_context") || lower[..fail.at].contains("new_context")
    {
        // Past the weights, into the context: the KV cache is allocated first.
        Kind::KvCacheBuffer
    } else {
        Kind::ModelBuffer
    };
    let engine = match engine {
        Engine::Ollama => Engine::Ollama,
        Engine::Mlx if fail.metal && !lower.contains("ggml") => Engine::Mlx,
        _ => Engine::LlamaCpp,
    };
    let fixes = match engine {
        Engine::Ollama => for_ollama(fixes(kind, &f)),
        _ => fixes(kind, &f),
    };
    Some(Diagnosis {
        engine,
        kind,
        training: false,
        figures: f,
        quote: line_at(text, fail.at).to_string(),
        fixes,
        model_in_log: None,
        words: String::new(),
    })
}

fn figures(text: &str, fail: &Failure) -> Figures {
    let mut f = Figures {
        tried_gib: fail.tried_gib,
        device: fail.device,
        max_seq_len: last_number(&N_CTX, text).or_else(|| last_number(&CLI_CTX, text)),
        n_ubatch: last_number(&N_UBATCH, text).or_else(|| last_number(&CLI_UBATCH, text)),
        flash_attn: FLASH_ATTN
            .captures_iter(text)
            .last()
            .map(|c| matches!(&c[1], "1" | "enabled" | "true"))
            .or_else(|| {
                CLI_FA
                    .captures_iter(text)
                    .last()
                    .map(|c| c.get(1).is_none_or(|v| v.as_str() != "off"))
            }),
        ..Figures::default()
    };
    if let Some(c) = OFFLOADED.captures_iter(text).last() {
        f.layers_on_gpu = c[1].parse().ok();
        f.layers_total = c[2].parse().ok();
    }
    let weights: Vec<(u32, f64)> = DEVICE_WEIGHTS
        .captures_iter(text)
        .filter_map(|c| Some((c[1].parse().ok()?, c[2].parse::<f64>().ok()? / 1024.0)))
        .collect();
    if !weights.is_empty() {
        f.weights_gib = Some(weights.iter().map(|(_, w)| w).sum());
    }
    f.devices_free_gib = DEVICE_FREE
        .captures_iter(text)
        .filter_map(|c| c[2].parse::<f64>().ok().map(|m| m / 1024.0))
        .collect();
    if f.devices_free_gib.is_empty()
        && let Some(c) = OLLAMA_AVAILABLE.captures_iter(text).last()
    {
        f.devices_free_gib = AMOUNT
            .captures_iter(&c[1])
            .filter_map(|a| gib(&a[1], if &a[2] == "B" { "bytes" } else { &a[2] }))
            .collect();
    }
    if f.devices_free_gib.is_empty() {
        f.devices_free_gib = named_devices(text);
    }
    if f.weights_gib.is_none() && fail.tried_gib.is_some() {
        // No weights printed (the load failed before): what the model's name says.
        f.weights_gib = weights_from_name(text).filter(|_| f.layers_total.is_some());
    }
    f
}

/// The memory of the cards ggml lists by name, from our catalog, less what the CUDA
/// context keeps: the free memory of an idle card. Empty when a name is not in the catalog.
fn named_devices(text: &str) -> Vec<f64> {
    let catalog = crate::catalog::Catalog::get();
    let mut devices: Vec<(u32, f64)> = Vec::new();
    for c in DEVICE_NAME.captures_iter(text) {
        let Ok(index) = c[1].parse::<u32>() else {
            continue;
        };
        if devices.iter().any(|(i, _)| *i == index) {
            continue;
        }
        match catalog.resolve_gpu(c[2].trim()) {
            Ok(m) => devices.push((index, (m.gpu.memory_gib() - CONTEXT_GIB).max(0.0))),
            Err(_) => return Vec::new(),
        }
    }
    devices.sort_by_key(|(i, _)| *i);
    devices.into_iter().map(|(_, g)| g).collect()
}

/// The fixes for what failed, cheapest first: settings that cost nothing (flash attention,
/// a better split between cards), then ones that cost context or speed, then quality.
fn fixes(kind: Kind, f: &Figures) -> Vec<Fix> {
    let mut fixes = Vec::new();
    let fa_off = f.flash_attn != Some(true);
    match kind {
        Kind::ComputeBuffer => {
            if fa_off {
                fixes.push(Fix::FlashAttention);
            }
            fixes.extend(split(f));
            fixes.extend(shorter_context(f));
            let ub = f.n_ubatch.unwrap_or(512);
            fixes.push(Fix::Ubatch((ub / 2).clamp(64, 4096) as u32));
            fixes.extend(fewer_layers(f));
        }
        Kind::KvCacheBuffer => {
            fixes.extend(split(f));
            fixes.push(Fix::KvCacheQ8);
            fixes.extend(shorter_context(f));
            fixes.extend(fewer_layers(f));
        }
        Kind::MetalOutOfMemory => {
            fixes.extend(shorter_context(f));
            if fa_off {
                fixes.push(Fix::FlashAttention);
            }
            fixes.push(Fix::SmallerQuant);
        }
        _ => {
            fixes.extend(split(f));
            fixes.extend(fewer_layers(f));
            fixes.extend(shorter_context(f));
            fixes.push(Fix::SmallerQuant);
        }
    }
    fixes
}

/// A context that frees what failed. The compute buffer without flash attention grows with
/// n_ctx × n_ubatch: a context that brings it near 1 GiB. The KV cache grows with n_ctx:
/// half of it. With no n_ctx printed, 8192, a context most chats fit in.
fn shorter_context(f: &Figures) -> Option<Fix> {
    let Some(ctx) = f.max_seq_len else {
        return Some(Fix::Context(8192));
    };
    if ctx <= 2048 {
        return None;
    }
    let by_size = f
        .tried_gib
        .filter(|t| *t > 1.0)
        .map_or(ctx / 2, |t| (ctx as f64 / t) as u64);
    let target = by_size.min(ctx / 2).max(2048);
    // A power of two, as contexts are usually set.
    let pow2 = 1u64 << (63 - target.leading_zeros());
    Some(Fix::Context(pow2))
}

/// Layers to keep on the GPU: when the weights fit and a later buffer failed, as many fewer
/// as free what it asked for; when the weights failed, as many as the free memory the log
/// gives holds, else three quarters. Never zero (that is no GPU at all, not "fewer").
fn fewer_layers(f: &Figures) -> Option<Fix> {
    let on = f.layers_on_gpu.filter(|n| *n > 1)?;
    let per_layer = f
        .weights_gib
        .map(|w| w / f64::from(on))
        .filter(|p| *p > 0.0);
    let keep = match (per_layer, f.tried_gib) {
        (Some(per), Some(t)) if !weights_failed(f) => {
            let fewer = (t / per).ceil() as u32 + 1;
            on.saturating_sub(fewer)
        }
        (Some(per), _) if !f.devices_free_gib.is_empty() => {
            let free: f64 = f.devices_free_gib.iter().sum::<f64>() * 0.9;
            ((free / per).floor() as u32).min(on - 1)
        }
        _ => on * 3 / 4,
    };
    (keep >= 1).then_some(Fix::GpuLayers(keep))
}

/// Whether the allocation that failed is (about) the weights buffer of its device.
fn weights_failed(f: &Figures) -> bool {
    match (f.weights_gib, f.tried_gib) {
        (Some(w), Some(t)) => t >= 0.5 * w / (f.devices_free_gib.len().max(1) as f64),
        _ => true,
    }
}

/// On two or more devices, a split in proportion to what each has free (the free memory the
/// log prints, less the failing device's shortfall), in whole GiB.
fn split(f: &Figures) -> Option<Fix> {
    let free = &f.devices_free_gib;
    if free.len() < 2 {
        return None;
    }
    let mut shares: Vec<f64> = free.clone();
    if let (Some(d), Some(t)) = (f.device, f.tried_gib)
        && let Some(s) = shares.get_mut(d as usize)
    {
        *s = (*s - t).max(*s * 0.25);
    }
    let smallest = shares.iter().cloned().fold(f64::MAX, f64::min).max(0.5);
    let parts: Vec<u32> = shares
        .iter()
        .map(|s| ((s / smallest).round() as u32).max(1))
        .collect();
    (parts.iter().any(|p| *p != parts[0])).then_some(Fix::TensorSplit(parts))
}

/// The same fixes as Ollama's settings: `num_gpu` for `-ngl`, `num_ctx` for `-c`, its
/// environment for flash attention and the KV cache type. Ollama splits between cards
/// itself.
fn for_ollama(fixes: Vec<Fix>) -> Vec<Fix> {
    let mut out: Vec<Fix> = Vec::new();
    for fix in fixes {
        let mapped = match fix {
            Fix::GpuLayers(n) => Some(Fix::OllamaNumGpu(n)),
            Fix::Context(n) => Some(Fix::OllamaNumCtx(n)),
            Fix::FlashAttention | Fix::KvCacheQ8 => Some(Fix::OllamaFlashAttention),
            Fix::SmallerQuant => Some(Fix::SmallerQuant),
            _ => None,
        };
        if let Some(m) = mapped
            && !out.contains(&m)
        {
            out.push(m);
        }
    }
    out
}
