//! vLLM's start-up checks (vllm/v1/core/kv_cache_utils.py and the V0 worker):
//! "To serve at least one request with the models's max seq len (131072), (16.00 GiB KV
//! cache is needed, which is larger than the available KV cache memory (5.23 GiB). Based on
//! the available memory, the estimated maximum model length is 42816. Try increasing
//! `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.";
//! V0: "The model's max seq len (131072) is larger than the maximum number of tokens that can
//! be stored in KV cache (42816)"; "No available memory for the cache blocks"; and "Free
//! memory on device cuda:0 (84.11/287.98 GiB) on startup is less than desired GPU memory
//! utilization (0.95, 273.59 GiB)".

use super::figures::{GPU_MEMORY_UTILIZATION, last_number, line_at, number, re};
use super::{Diagnosis, Engine, Figures, Fix, Kind, is_training};
use regex::Regex;
use std::sync::LazyLock;

static V1: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"max seq len \((\d+)\),?\s*\(?([\d.]+) GiB KV cache is needed, which is larger than the available KV cache memory \(([\d.]+) GiB\)(?:\.\s*Based on the available memory,\s*the estimated maximum model length is (\d+))?",
    )
});
static V0: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"max seq len \((\d+)\) is larger than the maximum number of tokens that can be stored in KV cache \((\d+)\)",
    )
});
static FREE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"Free memory on device \S*?(\d*) \(([\d.]+)/([\d.]+) GiB\) on startup is less than desired GPU memory utilization \(([\d.]+), ([\d.]+) GiB\)",
    )
});
static WEIGHTS: LazyLock<Regex> = LazyLock::new(|| re(r"Model loading took ([\d.]+) ?GiB"));
static TP: LazyLock<Regex> =
    LazyLock::new(|| re(r"tensor[_-]parallel[_-]size['\x22]?\s*[=:]?\s*(\d+)"));

pub(super) fn read(text: &str, lower: &str) -> Option<Diagnosis> {
    let mut f = Figures {
        gpu_memory_utilization: last_number(&GPU_MEMORY_UTILIZATION, text),
        weights_gib: last_number(&WEIGHTS, text),
        ..Figures::default()
    };
    let utilization = f.gpu_memory_utilization.unwrap_or(0.9);
    let raise = (utilization < 0.95).then_some(Fix::GpuMemoryUtilization(0.95));
    let (kind, at, fixes) = if let Some(c) = V1.captures(text) {
        f.max_seq_len = c[1].parse().ok();
        f.kv_needed_gib = c[2].parse().ok();
        f.kv_available_gib = c[3].parse().ok();
        f.estimated_max_len = c.get(4).and_then(|m| m.as_str().parse().ok()).or_else(|| {
            // Older V1 messages give no length: the share of the asked one the pool holds.
            let share = f.kv_available_gib? / f.kv_needed_gib?;
            Some((f.max_seq_len? as f64 * share) as u64)
        });
        let mut fixes = vec![Fix::MaxModelLen(f.estimated_max_len.unwrap_or(0))];
        fixes.extend(raise);
        fixes.push(Fix::KvCacheFp8);
        (Kind::MaxModelLen, c.get(0)?.start(), fixes)
    } else if let Some(c) = V0.captures(text) {
        f.max_seq_len = c[1].parse().ok();
        f.estimated_max_len = c[2].parse().ok();
        let mut fixes = vec![Fix::MaxModelLen(f.estimated_max_len.unwrap_or(0))];
        fixes.extend(raise);
        fixes.push(Fix::KvCacheFp8);
        (Kind::MaxModelLen, c.get(0)?.start(), fixes)
    } else if let Some(c) = FREE.captures(text) {
        f.device = c[1].parse().ok();
        f.free_gib = c[2].parse().ok();
        f.total_gib = c[3].parse().ok();
        f.gpu_memory_utilization = c[4].parse().ok();
        // The most the card can give now, less a little for the CUDA context.
        let free_share = f.free_gib? / f.total_gib?;
        let fit = ((free_share - 0.02) * 100.0).floor() / 100.0;
        let mut fixes = vec![Fix::FreeOtherProcesses];
        if fit >= 0.1 {
            fixes.push(Fix::GpuMemoryUtilization(fit));
        }
        (Kind::FreeMemoryBelowUtilization, c.get(0)?.start(), fixes)
    } else if let Some(at) = lower.find("no available memory for the cache blocks") {
        let tp: u32 = number(&TP, text).unwrap_or(1);
        let mut fixes = Vec::new();
        fixes.extend(raise);
        fixes.push(Fix::TensorParallel((tp * 2).min(8)));
        fixes.push(Fix::EnforceEager);
        (Kind::NoCacheMemory, at, fixes)
    } else {
        return None;
    };
    Some(Diagnosis {
        engine: Engine::Vllm,
        kind,
        training: is_training(lower),
        figures: f,
        quote: line_at(text, at).to_string(),
        fixes,
    })
}
