//! How far an estimate can be off: a ± band per runtime, format family and mode, taken
//! from the calibration residuals (tests/calibration, bench/device). A case no measurement
//! backs says so, with a wide band, instead of borrowing another case's precision.

use super::precision::Format;
use super::{Job, Mode};
use crate::runtime::Runtime;
use serde::Serialize;

/// The ± band of one estimate.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ErrorBand {
    /// Half-width of the band, in percent of the estimate.
    pub pct: f64,
    /// True when measurements of this runtime, format family and mode set the band.
    pub measured: bool,
}

/// The band used where nothing was measured: the spread between engines' own start-up
/// figures and our model on the sources we have is up to about this much.
const UNMEASURED_PCT: f64 = 20.0;

/// (runtime, format family, mode) -> band from that class's residuals: about the 90th
/// percentile of |error|, rounded up (the calibration test checks that at least 90 % of
/// each class's rows fall inside). Anything else (DeepSpeed/FSDP full fine-tunes at scale,
/// llama.cpp on other cards, new formats) says it is unmeasured.
pub const MEASURED: &[(Runtime, Format, Mode, f64)] = &[
    // Qwen2.5 on transformers, A100 (112 rows), Qwen3 on transformers, H20 (80 rows), our
    // H100 runs (9 rows): bf16, FP8 (block-scaled), GPTQ and AWQ.
    (Runtime::Transformers, Format::Float, Mode::Inference, 12.0),
    (
        Runtime::Transformers,
        Format::WeightOnly,
        Mode::Inference,
        15.0,
    ),
    (Runtime::Transformers, Format::Fp8, Mode::Inference, 16.0),
    // llama.cpp's CI buffer logs (V100, 10 rows, GGUF F16 to Q2_K).
    (Runtime::LlamaCpp, Format::Gguf, Mode::Inference, 5.0),
    (Runtime::LlamaCpp, Format::Float, Mode::Inference, 5.0),
    // vLLM 0.19 start-up logs on H100 (llm-d planner, 41 rows): bf16/fp16/fp32, FP8,
    // GPTQ and MXFP4; the band is on the KV pool vLLM sizes.
    (Runtime::Vllm, Format::Float, Mode::Inference, 4.0),
    (Runtime::Vllm, Format::Fp8, Mode::Inference, 4.0),
    (Runtime::Vllm, Format::WeightOnly, Mode::Inference, 4.0),
    (Runtime::Vllm, Format::Microscaled, Mode::Inference, 4.0),
    // Answer.AI's FSDP-QLoRA benchmarks, PEFT's docs (peak reserved memory per GPU) and
    // our H100 runs (bench/device).
    (
        Runtime::Transformers,
        Format::Float,
        Mode::FullFinetune,
        15.0,
    ),
    (Runtime::Transformers, Format::Float, Mode::Lora, 20.0),
    (Runtime::Transformers, Format::WeightOnly, Mode::Qlora, 20.0),
];

/// The band for `job`.
pub fn error_band(job: &Job) -> ErrorBand {
    // Training runs under PyTorch whatever the serving runtime; QLoRA's base is NF4.
    let (runtime, precision) = match job.mode {
        Mode::Inference => (job.runtime, job.precision),
        Mode::Qlora => (Runtime::TRAINING, super::Precision::Nf4),
        _ => (Runtime::TRAINING, job.precision),
    };
    let format = runtime.profile().loaded(precision).format();
    MEASURED
        .iter()
        .find(|(r, f, m, _)| *r == runtime && *f == format && *m == job.mode)
        .map_or(
            ErrorBand {
                pct: UNMEASURED_PCT,
                measured: false,
            },
            |&(_, _, _, pct)| ErrorBand {
                pct,
                measured: true,
            },
        )
}
