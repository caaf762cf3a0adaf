//! PyTorch's CUDA caching allocator (c10/cuda/CUDACachingAllocator.cpp). Since 2.1:
//! "CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB
//! of which 1.12 GiB is free. Process 4242 has 22.51 GiB memory in use. Of the allocated
//! memory 20.10 GiB is allocated by PyTorch, and 1.90 GiB is reserved by PyTorch but
//! unallocated." Before: "Tried to allocate 20.00 MiB (GPU 0; 23.69 GiB total capacity;
//! 22.80 GiB already allocated; 6.94 MiB free; 22.90 GiB reserved in total by PyTorch)";
//! before 1.4 the last part read "… GiB cached)". Torch 2.1 and 2.2 print "total capacty"
//! (sic), later versions "capacity"; all are read. Engines built on PyTorch (vLLM, SGLang,
//! TGI, DeepSpeed, Unsloth) print the same message and get their own fixes here.

use super::figures::{GPU_MEMORY_UTILIZATION, last_number};
use super::figures::{gib, re};
use super::{Diagnosis, Engine, Figures, Fix, Kind, is_training};
use regex::{Captures, Regex};
use std::sync::LazyLock;

const AMOUNT: &str = r"([\d.,]+) ?([KMG]iB|bytes)";

static TRIED: LazyLock<Regex> = LazyLock::new(|| re(&format!(r"(?i)tried to allocate {AMOUNT}")));
static CAPACITY: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"GPU (\d+) has a total capa\w*ty of {AMOUNT} of which {AMOUNT} is free"
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
/// The format before PyTorch 2.1 ("reserved in total by PyTorch"; "cached" before 1.4).
static OLD: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"\(GPU (\d+); {AMOUNT} total capacity; {AMOUNT} already allocated; {AMOUNT} free; (?:{AMOUNT} reserved in total by PyTorch|{AMOUNT} cached)"
    ))
});
/// No sizes at all: "RuntimeError: CUDA error: out of memory", "CUDA out of memory".
static BARE: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(?:CUDA|HIP) (?:error: )?out of memory"));
static MEM_FRACTION: LazyLock<Regex> =
    LazyLock::new(|| re(r"mem[_-]fraction[_-]static['\x22]?\s*[=:]?\s*([01](?:\.\d+)?)\b"));
static PREFILL: LazyLock<Regex> =
    LazyLock::new(|| re(r"max[_-]batch[_-]prefill[_-]tokens['\x22]?\s*[=:]?\s*(?:Some\()?(\d+)"));

fn amount(c: &Captures, n: usize) -> Option<f64> {
    gib(c.get(n)?.as_str(), c.get(n + 1)?.as_str())
}

fn first(re: &Regex, text: &str) -> Option<f64> {
    amount(&re.captures(text)?, 1)
}

/// A CUDA out-of-memory error from PyTorch (on its own, or from an engine built on it).
pub(super) fn read(text: &str, lower: &str, engine: Engine) -> Option<Diagnosis> {
    let Some(tried) = TRIED.captures(text) else {
        return bare(text, lower, engine);
    };
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
        let reserved = amount(&c, 8).or_else(|| amount(&c, 10));
        f.reserved_unallocated_gib = reserved.zip(f.allocated_gib).map(|(r, a)| (r - a).max(0.0));
    }
    let engine = pytorch_engine(engine);
    let training = is_training(lower);
    f.gpu_memory_utilization = last_number(&GPU_MEMORY_UTILIZATION, text);
    f.mem_fraction_static = last_number(&MEM_FRACTION, text);
    f.prefill_tokens = last_number(&PREFILL, text);
    let fixes = fixes(engine, training, lower, &f);
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
        model_in_log: None,
        words: String::new(),
    })
}

/// The engine a PyTorch message belongs to: its own, or the framework around it.
fn pytorch_engine(engine: Engine) -> Engine {
    match engine {
        Engine::LlamaCpp | Engine::Ollama | Engine::Mlx | Engine::Transformers => Engine::Torch,
        e => e,
    }
}

/// An out-of-memory error with no sizes: the same fixes, no figures.
fn bare(text: &str, lower: &str, engine: Engine) -> Option<Diagnosis> {
    let m = BARE.find(text)?;
    let engine = pytorch_engine(engine);
    let training = is_training(lower);
    let f = Figures {
        gpu_memory_utilization: last_number(&GPU_MEMORY_UTILIZATION, text),
        mem_fraction_static: last_number(&MEM_FRACTION, text),
        prefill_tokens: last_number(&PREFILL, text),
        ..Figures::default()
    };
    Some(Diagnosis {
        engine,
        kind: Kind::CudaOom,
        training,
        fixes: fixes(engine, training, lower, &f),
        figures: f,
        quote: super::figures::line_at(text, m.start()).to_string(),
        model_in_log: None,
        words: String::new(),
    })
}

/// A share a little lower than the one that ran out, never below half the card.
fn lower_share(now: f64) -> f64 {
    ((now - 0.05).max(0.5) * 100.0).round() / 100.0
}

/// Fragmentation first when the cache holds much unused memory; then memory held outside
/// this job; then what shrinks the job, the framework's own setting before the rest.
fn fixes(engine: Engine, training: bool, lower: &str, f: &Figures) -> Vec<Fix> {
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
    // Already 4-bit, or sharded by ZeRO: 4-bit loading is no fix there.
    let quantized_or_sharded = ["load_in_4bit", "bnb-4bit", "bnb_4bit", "zero", "deepspeed"]
        .iter()
        .any(|w| lower.contains(w));
    match engine {
        // Out of memory at run time: the static share (weights + KV pool) left too little
        // for activations, so it goes down.
        Engine::Sglang => {
            fixes.push(Fix::MemFractionStatic(lower_share(
                f.mem_fraction_static.unwrap_or(0.88),
            )));
            fixes.push(Fix::ChunkedPrefill(4096));
            fixes.push(Fix::CudaGraphMaxBs(16));
        }
        Engine::Vllm => {
            fixes.push(Fix::GpuMemoryUtilization(lower_share(
                f.gpu_memory_utilization.unwrap_or(0.9),
            )));
            fixes.push(Fix::MaxNumSeqs(64));
            fixes.push(Fix::EnforceEager);
        }
        Engine::Tgi => {
            let now = f.prefill_tokens.unwrap_or(4096);
            fixes.push(Fix::MaxBatchPrefillTokens((now / 2).max(256)));
        }
        Engine::Deepspeed => {
            fixes.push(Fix::SmallerBatch);
            fixes.push(Fix::GradientCheckpointing);
            fixes.push(Fix::ZeroOffload);
        }
        Engine::Unsloth => {
            fixes.push(Fix::SmallerBatch);
            fixes.push(Fix::UnslothCheckpointing);
        }
        // A smaller micro-batch with more accumulation costs no result; checkpointing costs
        // a third more compute.
        _ if training => {
            fixes.push(Fix::SmallerBatch);
            fixes.push(Fix::GradientCheckpointing);
            if !quantized_or_sharded {
                fixes.push(Fix::Qlora);
            }
        }
        // Inference of a language model under transformers: the weights are most of it.
        _ if !quantized_or_sharded
            && ["transformers", "from_pretrained", "generate(", "causallm"]
                .iter()
                .any(|w| lower.contains(w)) =>
        {
            fixes.push(Fix::LoadIn4bit)
        }
        _ => fixes.push(Fix::SmallerInputs),
    }
    if !fragmented {
        fixes.push(Fix::ExpandableSegments);
    }
    fixes
}
