//! Words every language writes the same way: technical terms people type in English
//! whatever their language ("vs", "nvlink", "kv cache", "sxm"). No language's module
//! holds them, so none of them tells a message's language.

use super::{Cue, CueWords};
use crate::guide::Topic;
use crate::query::budget::Currency;

/// Cue words of every language.
pub static CUES: &[CueWords] = &[
    (Cue::Compare, &["vs", "versus"]),
    (Cue::Sxm, &["sxm"]),
    (Cue::Pcie, &["pcie"]),
    (
        Cue::Topic(Topic::Nvlink),
        &["nvlink", "nv link", "nv-link", "nvswitch"],
    ),
    (
        Cue::Topic(Topic::TensorCores),
        &[
            "tensor core",
            "tensor cores",
            "tensor-core",
            "tensor-cores",
            "tensorcores",
        ],
    ),
    (
        Cue::Topic(Topic::KvCache),
        &["kv cache", "kv-cache", "kvcache"],
    ),
    (
        Cue::Topic(Topic::CudaVisibleDevices),
        &[
            "cuda_visible_devices",
            "cuda visible devices",
            "cuda-visible-devices",
            "visible devices",
            "visible_devices",
        ],
    ),
    (
        Cue::Topic(Topic::MultiGpu),
        &[
            "multi gpu",
            "multi-gpu",
            "multigpu",
            "tensor parallel",
            "tensor parallelism",
            "pipeline parallel",
        ],
    ),
    (Cue::Topic(Topic::Quantization), &["quant", "quants"]),
    (Cue::Topic(Topic::Oom), &["oom", "ooms"]),
    (Cue::Topic(Topic::Vram), &["vram"]),
];

/// Ordinary words of every language: never reported as not understood.
pub static STOP_WORDS: &[&str] = &[
    "vram", "gpu", "gpus", "quant", "vs", "kv", "cache", "tok", "s",
];

/// Words between a count and a card's name in every language ("2 x 3090").
pub static COUNT_FILLERS: &[&str] = &["x"];

/// Currency codes, and the words the cleaning writes for "$", "R$", "US$", "€", "¥".
pub static CURRENCY_WORDS: &[(&str, Currency)] = &[
    ("usd", Currency::Usd),
    ("us usd", Currency::Usd),
    ("r usd", Currency::Brl),
    ("brl", Currency::Brl),
    ("eur", Currency::Eur),
    ("cny", Currency::Cny),
    ("rmb", Currency::Cny),
    ("yuan", Currency::Cny),
];

/// Scale words every language writes after an amount ("15k").
pub static AMOUNT_SCALES: &[(&str, f64)] = &[("k", 1_000.0)];

/// Range marks between two amounts ("2-3k", "2~3k").
pub static RANGE_MARKS: &[&str] = &["-", "~"];
