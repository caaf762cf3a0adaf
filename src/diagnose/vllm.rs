//! vLLM's start-up checks (vllm/v1/core/kv_cache_utils.py and the V0 worker):
//! "To serve at least one request with the models's max seq len (131072), (16.00 GiB KV
//! cache is needed, which is larger than the available KV cache memory (5.23 GiB). Based on
//! the available memory, the estimated maximum model length is 42816. Try increasing
//! `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.";
//! V0: "The model's max seq len (131072) is larger than the maximum number of tokens that can
//! be stored in KV cache (42816)"; "No available memory for the cache blocks"; and "Free
//! memory on device cuda:0 (84.11/287.98 GiB) on startup is less than desired GPU memory
//! utilization (0.95, 273.59 GiB)". Out of memory at start-up in three places with their own
//! fixes: the sampler warm-up ("CUDA out of memory occurred when warming up sampler with 1024
//! dummy requests", gpu_model_runner.py), the multimodal profile run (profiling.py's "too
//! short to hold the multi-modal embeddings in the worst case" before a PyTorch OOM), and
//! CUDA graph capture ("Capturing cudagraphs for decoding" before one).

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
static SAMPLER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)out of memory occurred when warming up sampler with (\d+) dummy requests")
});
/// The sampler warm-up's frame, when the message after it is cut ("RuntimeError: CUDA out of").
static SAMPLER_FRAME: LazyLock<Regex> = LazyLock::new(|| re(r"in _dummy_sampler_run"));
/// V1's default `max_num_seqs` on a large card, when the log does not print it.
const V1_MAX_NUM_SEQS: u64 = 1024;
static MAX_NUM_SEQS: LazyLock<Regex> =
    LazyLock::new(|| re(r"max[_-]num[_-]seqs['\x22]?\s*[=:]?\s*(\d+)"));
static MM_IMAGES: LazyLock<Regex> =
    LazyLock::new(|| re(r#"limit[_-]mm[_-]per[_-]prompt[^\n]{0,20}?image['"]?\s*[=:]\s*(\d+)"#));
static BATCHED_TOKENS: LazyLock<Regex> =
    LazyLock::new(|| re(r"max[_-]num[_-]batched[_-]tokens['\x22]?\s*[=:]?\s*(\d+)"));
static OOM: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)(?:CUDA out of memory|OutOfMemoryError|CUDA error: out of memory)"));
/// Below this, the weights of one GPU are no reason to split them over more.
const TP_WORTH_GIB: f64 = 8.0;

/// A quarter of the sequences, at least one.
fn quarter(n: u64) -> u64 {
    (n / 4).max(1)
}

/// A share a little lower than the one that ran out.
fn lower_share(now: f64) -> f64 {
    ((now - 0.05).max(0.5) * 100.0).round() / 100.0
}

/// The start-up steps that run out of memory in PyTorch, each with its fix.
fn startup_oom(text: &str, lower: &str, f: &mut Figures) -> Option<(Kind, usize, Vec<Fix>)> {
    f.max_num_seqs = last_number(&MAX_NUM_SEQS, text);
    let utilization = f.gpu_memory_utilization.unwrap_or(0.9);
    if let Some(c) = SAMPLER.captures(text) {
        let n: u64 = c[1].parse().ok()?;
        f.max_num_seqs = Some(n);
        let fixes = vec![
            Fix::MaxNumSeqs(quarter(n)),
            Fix::GpuMemoryUtilization(lower_share(utilization)),
        ];
        return Some((Kind::SamplerWarmup, c.get(0)?.start(), fixes));
    }
    if let Some(m) = SAMPLER_FRAME.find(text)
        && lower[m.start()..].contains("out of")
    {
        let n = f.max_num_seqs.unwrap_or(V1_MAX_NUM_SEQS);
        let fixes = vec![
            Fix::MaxNumSeqs(quarter(n)),
            Fix::GpuMemoryUtilization(lower_share(utilization)),
        ];
        return Some((Kind::SamplerWarmup, m.start(), fixes));
    }
    let oom = OOM.find(text)?;
    let multimodal = lower.contains("multi-modal embeddings")
        || lower.contains("limit_mm_per_prompt")
        || lower.contains("limit-mm-per-prompt");
    if multimodal {
        let images: u32 = last_number(&MM_IMAGES, text).unwrap_or(2);
        let fixes = vec![
            Fix::LimitMmPerPrompt((images / 2).max(1)),
            Fix::MaxNumSeqs(f.max_num_seqs.map_or(8, quarter)),
            Fix::MaxModelLen(32768),
        ];
        return Some((Kind::MultimodalProfile, oom.start(), fixes));
    }
    // The profile run: one forward pass of max_num_batched_tokens (V1 profile_run,
    // V0 determine_num_available_blocks), before the KV cache is sized.
    let profiling = [
        "profile_run",
        "determine_num_available_blocks",
        "determine_available_memory",
        "_dummy_run",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if profiling && !lower.contains("capturing cudagraph") && !lower.contains("capture_model") {
        let batched: u64 = last_number(&BATCHED_TOKENS, text).unwrap_or(8192);
        let fixes = vec![
            Fix::MaxNumBatchedTokens((batched / 2).max(512)),
            Fix::MaxNumSeqs(f.max_num_seqs.map_or(64, quarter)),
            Fix::GpuMemoryUtilization(lower_share(utilization)),
        ];
        return Some((Kind::ProfileRun, oom.start(), fixes));
    }
    let graphs = lower.contains("capturing cudagraph")
        || lower.contains("capturing cuda graph")
        || lower.contains("for cuda graphs")
        || lower.contains("capture_model")
        || lower.contains("graph capturing");
    if graphs {
        let fixes = vec![
            Fix::EnforceEager,
            Fix::MaxNumSeqs(f.max_num_seqs.map_or(64, quarter)),
            Fix::GpuMemoryUtilization(lower_share(utilization)),
        ];
        return Some((Kind::CudaGraph, oom.start(), fixes));
    }
    None
}

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
        fixes.push(Fix::EnforceEager);
        // More GPUs only for weights that are large: never for a small model, and never
        // when the log does not say how large they are.
        if f.weights_gib.is_some_and(|w| w >= TP_WORTH_GIB) {
            fixes.push(Fix::TensorParallel((tp * 2).min(8)));
        }
        (Kind::NoCacheMemory, at, fixes)
    } else {
        startup_oom(text, lower, &mut f)?
    };
    Some(Diagnosis {
        engine: Engine::Vllm,
        kind,
        training: is_training(lower),
        figures: f,
        quote: line_at(text, at).to_string(),
        fixes,
        model_in_log: None,
        words: String::new(),
    })
}
