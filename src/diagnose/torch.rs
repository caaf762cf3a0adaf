//! PyTorch's CUDA caching allocator (c10/cuda/CUDACachingAllocator.cpp). Since 2.1:
//! "CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB
//! of which 1.12 GiB is free. Process 4242 has 22.51 GiB memory in use. Of the allocated
//! memory 20.10 GiB is allocated by PyTorch, and 1.90 GiB is reserved by PyTorch but
//! unallocated." Before: "Tried to allocate 20.00 MiB (GPU 0; 23.69 GiB total capacity;
//! 22.80 GiB already allocated; 6.94 MiB free; 22.90 GiB reserved in total by PyTorch)".

use super::figures::{gib, re};
use super::{Diagnosis, Engine, Figures, Fix, Kind, is_training};
use regex::{Captures, Regex};
use std::sync::LazyLock;

const AMOUNT: &str = r"([\d.,]+) ?([KMG]iB|bytes)";

static TRIED: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)tried to allocate {AMOUNT}")));
static CAPACITY: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"GPU (\d+) has a total capacity of {AMOUNT} of which {AMOUNT} is free"
    ))
});
static IN_USE: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?:Process \d+ has|this process has) {AMOUNT} memory in use"
    ))
});
static ALLOCATED: LazyLock<Regex> =
    LazyLock::new(|| re(&format!(r"{AMOUNT} is allocated by PyTorch")));
static UNALLOCATED: LazyLock<Regex> =
    LazyLock::new(|| re(&format!(r"{AMOUNT} is reserved by PyTorch but unallocated")));
/// The format before PyTorch 2.1.
static OLD: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"\(GPU (\d+); {AMOUNT} total capacity; {AMOUNT} already allocated; {AMOUNT} free; {AMOUNT} reserved in total by PyTorch\)"
    ))
});

fn amount(c: &Captures, n: usize) -> Option<f64> {
    gib(c.get(n)?.as_str(), c.get(n + 1)?.as_str())
}

fn first(re: &Regex, text: &str) -> Option<f64> {
    amount(&re.captures(text)?, 1)
}

/// A CUDA out-of-memory error from PyTorch (on its own, or from an engine built on it).
pub(super) fn read(text: &str, lower: &str) -> Option<Diagnosis> {
    let tried = TRIED.captures(text)?;
    let mut f = Figures {
        tried_gib: amount(&tried, 1),
        ..Figures::default()
    };
    if let Some(c) = CAPACITY.captures(text) {
        f.device = c[1].parse().ok();
        f.total_gib = amount(&c, 2);
        f.free_gib = amount(&c, 4);
        f.in_use_gib = first(&IN_USE, text);
        f.allocated_gib = first(&ALLOCATED, text);
        f.reserved_unallocated_gib = first(&UNALLOCATED, text);
    } else if let Some(c) = OLD.captures(text) {
        f.device = c[1].parse().ok();
        f.total_gib = amount(&c, 2);
        f.allocated_gib = amount(&c, 4);
        f.free_gib = amount(&c, 6);
        let reserved = amount(&c, 8);
        f.reserved_unallocated_gib = reserved.zip(f.allocated_gib).map(|(r, a)| (r - a).max(0.0));
    }
    let training = is_training(lower);
    let engine = if lower.contains("sglang") {
        Engine::Sglang
    } else if lower.contains("vllm") {
        Engine::Vllm
    } else {
        Engine::Torch
    };
    let fixes = fixes(engine, training, &f);
    let start = text[..tried.get(0)?.start()]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let end = text[start..]
        .find(". See documentation")
        .or_else(|| text[start..].find(" If reserved"))
        .map_or(text.len().min(start + 400), |i| start + i + 1);
    Some(Diagnosis {
        engine,
        kind: Kind::CudaOom,
        training,
        figures: f,
        quote: text[start..end].to_string(),
        fixes,
    })
}

/// Fragmentation first when the cache holds much unused memory; then memory held outside
/// this job; then what shrinks the job.
fn fixes(engine: Engine, training: bool, f: &Figures) -> Vec<Fix> {
    let mut fixes = Vec::new();
    let total = f.total_gib.unwrap_or(0.0);
    let fragmented = f
        .reserved_unallocated_gib
        .is_some_and(|r| r >= f.tried_gib.unwrap_or(f64::MAX).min(0.05 * total.max(1.0)));
    if fragmented {
        fixes.push(Fix::ExpandableSegments);
    }
    // Memory neither PyTorch nor free: another process or a second model on the card.
    if f.other_gib().is_some_and(|o| o > 0.15 * total) {
        fixes.push(Fix::FreeOtherProcesses);
    }
    match engine {
        Engine::Sglang => {
            fixes.push(Fix::MemFractionStatic(0.8));
            fixes.push(Fix::ChunkedPrefill(4096));
            fixes.push(Fix::CudaGraphMaxBs(16));
        }
        Engine::Vllm => {
            fixes.push(Fix::GpuMemoryUtilization(0.85));
            fixes.push(Fix::EnforceEager);
        }
        _ if training => {
            fixes.push(Fix::GradientCheckpointing);
            fixes.push(Fix::SmallerBatch);
            fixes.push(Fix::Qlora);
        }
        // Inference under transformers: the weights are most of it.
        _ => fixes.push(Fix::LoadIn4bit),
    }
    if !fragmented {
        fixes.push(Fix::ExpandableSegments);
    }
    fixes
}
