//! Servers with their own out-of-memory messages: text-generation-inference's warm-up
//! (server/text_generation_server/models/flash_causal_lm.py: "Not enough memory to handle
//! 4096 prefill tokens. You need to decrease `--max-batch-prefill-tokens`"; older: "Not
//! enough memory to handle 16000 total tokens with 4096 prefill tokens. You need to decrease
//! `--max-batch-total-tokens` or `--max-batch-prefill-tokens`") and MLX on Apple GPUs
//! (mlx/backend/metal: "[METAL] Command buffer execution failed: Insufficient Memory
//! (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)").

use super::figures::{line_at, re};
use super::{Diagnosis, Engine, Figures, Fix, Kind};
use regex::Regex;
use std::sync::LazyLock;

static TGI_TOTAL: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)Not enough memory to handle (\d+) total tokens with (\d+) prefill tokens")
});
static TGI_PREFILL: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)Not enough memory to handle (\d+) prefill tokens"));
static MLX: LazyLock<Regex> =
    LazyLock::new(|| re(r"\[METAL\] Command buffer execution failed: Insufficient Memory"));

pub(super) fn read(text: &str, lower: &str) -> Option<Diagnosis> {
    tgi(text).or_else(|| mlx(text, lower))
}

fn tgi(text: &str) -> Option<Diagnosis> {
    let mut f = Figures::default();
    let (at, fixes) = if let Some(c) = TGI_TOTAL.captures(text) {
        let total: u64 = c[1].parse().ok()?;
        let prefill: u64 = c[2].parse().ok()?;
        f.total_tokens = Some(total);
        f.prefill_tokens = Some(prefill);
        let fixes = vec![
            Fix::MaxBatchTotalTokens((total / 2).max(prefill)),
            Fix::MaxBatchPrefillTokens((prefill / 2).max(256)),
        ];
        (c.get(0)?.start(), fixes)
    } else if let Some(c) = TGI_PREFILL.captures(text) {
        let prefill: u64 = c[1].parse().ok()?;
        f.prefill_tokens = Some(prefill);
        let fixes = vec![
            Fix::MaxBatchPrefillTokens((prefill / 2).max(256)),
            Fix::SmallerQuant,
        ];
        (c.get(0)?.start(), fixes)
    } else {
        return None;
    };
    Some(Diagnosis {
        engine: Engine::Tgi,
        kind: Kind::PrefillTokens,
        training: false,
        figures: f,
        quote: line_at(text, at).to_string(),
        fixes,
        model_in_log: None,
        words: String::new(),
    })
}

/// MLX's Metal failure: the KV cache bound first (mlx_lm's `--max-kv-size`), then a
/// smaller quantization of the model.
fn mlx(text: &str, lower: &str) -> Option<Diagnosis> {
    let m = MLX.find(text)?;
    // llama.cpp prints the same Metal status with its own prefix; that one is llama.cpp's.
    if lower.contains("ggml_metal") {
        return None;
    }
    Some(Diagnosis {
        engine: Engine::Mlx,
        kind: Kind::MetalOutOfMemory,
        training: false,
        figures: Figures::default(),
        quote: line_at(text, m.start()).to_string(),
        fixes: vec![Fix::MlxMaxKvSize(8192), Fix::SmallerQuant],
        model_in_log: None,
        words: String::new(),
    })
}
