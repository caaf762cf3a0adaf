//! llama.cpp's CUDA backend (ggml-cuda.cu, llama-model.cpp, llama-context.cpp):
//! "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 8192.00 MiB on device 0:
//! cudaMalloc failed: out of memory", then what it was for: "alloc_tensor_range: failed to
//! allocate CUDA0 buffer of size 8589934592", "unable to allocate CUDA0 buffer" (weights),
//! "failed to allocate buffer for kv cache", "failed to allocate compute buffers".

use super::figures::{gib, last_number, line_at, re};
use super::{Diagnosis, Engine, Figures, Fix, Kind, is_training};
use regex::Regex;
use std::sync::LazyLock;

static ALLOCATING: LazyLock<Regex> = LazyLock::new(|| {
    re(r"allocating ([\d.]+) MiB on device (\d+): cudaMalloc failed: out of memory")
});
static BUFFER_OF_SIZE: LazyLock<Regex> =
    LazyLock::new(|| re(r"failed to allocate \w+ buffer of size (\d+)"));
static OFFLOADED: LazyLock<Regex> = LazyLock::new(|| re(r"offloaded (\d+)/(\d+) layers to GPU"));
static N_CTX: LazyLock<Regex> = LazyLock::new(|| re(r"\bn_ctx\s*=\s*(\d+)"));
static MODEL_BUFFER: LazyLock<Regex> =
    LazyLock::new(|| re(r"CUDA\d+ model buffer size\s*=\s*([\d.]+) MiB"));

pub(super) fn read(text: &str, lower: &str) -> Option<Diagnosis> {
    let alloc = ALLOCATING.captures(text);
    let sized = BUFFER_OF_SIZE.captures(text);
    let at = alloc
        .as_ref()
        .and_then(|c| c.get(0))
        .or_else(|| sized.as_ref().and_then(|c| c.get(0)))
        .map(|m| m.start())
        .or_else(|| lower.find("unable to allocate cuda"))
        .or_else(|| lower.find("failed to allocate buffer for kv cache"))
        .or_else(|| lower.find("failed to allocate compute buffers"))
        .or_else(|| lower.find("cudamalloc failed: out of memory"))?;
    let mut f = Figures {
        tried_gib: alloc
            .as_ref()
            .and_then(|c| gib(&c[1], "MiB"))
            .or_else(|| sized.as_ref().and_then(|c| gib(&c[1], "bytes"))),
        device: alloc.as_ref().and_then(|c| c[2].parse().ok()),
        max_seq_len: last_number(&N_CTX, text),
        weights_gib: last_number::<f64>(&MODEL_BUFFER, text).map(|m| m / 1024.0),
        ..Figures::default()
    };
    if let Some(c) = OFFLOADED.captures(text) {
        f.layers_on_gpu = c[1].parse().ok();
        f.layers_total = c[2].parse().ok();
    }
    let kind = if lower.contains("buffer for kv cache") || lower.contains("kv cache: failed") {
        Kind::KvCacheBuffer
    } else if lower.contains("compute buffer") {
        Kind::ComputeBuffer
    } else {
        Kind::ModelBuffer
    };
    let mut fixes = Vec::new();
    match kind {
        Kind::KvCacheBuffer | Kind::ComputeBuffer => {
            let ctx = f.max_seq_len.unwrap_or(8192);
            fixes.push(Fix::Context((ctx / 2).max(512)));
            fixes.push(Fix::KvCacheQ8);
            fixes.push(Fix::GpuLayers(fewer_layers(&f)));
        }
        _ => {
            fixes.push(Fix::GpuLayers(fewer_layers(&f)));
            fixes.push(Fix::Context(f.max_seq_len.unwrap_or(8192).min(8192) / 2));
        }
    }
    Some(Diagnosis {
        engine: Engine::LlamaCpp,
        kind,
        training: is_training(lower),
        figures: f,
        quote: line_at(text, at).to_string(),
        fixes,
    })
}

/// Layers to offload next: as many as the weights that did fit allow, when the log says
/// how large the weights are and how much failed; otherwise a quarter fewer than it tried.
fn fewer_layers(f: &Figures) -> u32 {
    let total = f.layers_on_gpu.or(f.layers_total).unwrap_or(0);
    if total == 0 {
        return 0;
    }
    let share = match (f.weights_gib, f.tried_gib) {
        // The failed allocation was the weights buffer itself: nothing of it fit.
        (Some(w), Some(t)) if (w - t).abs() < 0.01 => 0.75,
        (Some(w), Some(t)) if w > 0.0 => ((w - t) / w).clamp(0.0, 0.9),
        _ => 0.75,
    };
    (f64::from(total) * share).floor() as u32
}
