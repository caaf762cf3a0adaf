//! SGLang's model runner (python/sglang/srt/model_executor/model_runner.py):
//! "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static." (newer
//! versions add " Current value: mem_fraction_static=0.88"), and "Capture cuda graph failed"
//! when the graphs of the decode batch sizes do not fit. Its out-of-memory errors at run time
//! are PyTorch's, read in `torch.rs`.

use super::figures::{line_at, number, re};
use super::{Diagnosis, Engine, Figures, Fix, Kind, is_training};
use regex::Regex;
use std::sync::LazyLock;

static FRACTION: LazyLock<Regex> =
    LazyLock::new(|| re(r"mem[_-]fraction[_-]static['\x22]?\s*[=:]?\s*([01](?:\.\d+)?)\b"));
static TP: LazyLock<Regex> = LazyLock::new(|| re(r"\btp[_-]size['\x22]?\s*[=:]?\s*(\d+)"));

pub(super) fn read(text: &str, lower: &str) -> Option<Diagnosis> {
    let f = Figures {
        mem_fraction_static: number(&FRACTION, text),
        ..Figures::default()
    };
    let (kind, at, fixes) = if let Some(at) = lower
        .find("not enough memory. please try to increase --mem-fraction-static")
        .or_else(|| lower.find("not enought memory. please try to increase --mem-fraction-static"))
    {
        // The weights left no room for the token pool: a larger static share if there is
        // any left to give, else more GPUs.
        let now = f.mem_fraction_static.unwrap_or(0.88);
        let tp: u32 = number(&TP, text).unwrap_or(1);
        let mut fixes = Vec::new();
        if now < 0.93 {
            fixes.push(Fix::MemFractionStatic(
                ((now + 0.05) * 100.0).round() / 100.0,
            ));
        }
        // At 0.93 and above there is no share left to give: the pool must hold fewer bytes
        // per token, or the weights must spread.
        fixes.push(Fix::SglangKvFp8);
        fixes.push(Fix::SglangTp((tp * 2).min(8)));
        fixes.push(Fix::SmallerQuant);
        (Kind::NotEnoughMemory, at, fixes)
    } else if let Some(at) = lower.find("capture cuda graph failed") {
        let now = f.mem_fraction_static.unwrap_or(0.88);
        let fixes = vec![
            Fix::MemFractionStatic(((now - 0.08).max(0.5) * 100.0).round() / 100.0),
            Fix::CudaGraphMaxBs(16),
        ];
        (Kind::CudaGraph, at, fixes)
    } else {
        return None;
    };
    Some(Diagnosis {
        engine: Engine::Sglang,
        kind,
        training: is_training(lower),
        figures: f,
        quote: line_at(text, at).to_string(),
        fixes,
        model_in_log: None,
        words: String::new(),
    })
}
