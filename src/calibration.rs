//! Published measurements the estimator is checked against (tests/calibration/*.csv).
//!
//! Pure: callers pass the CSV text (tests and the `calibrate` example embed the files), and
//! get one row per measurement with our estimate and the rule of thumb beside it.

use crate::catalog::{Catalog, GIB};
use crate::estimate::{self, Job, Mode, Precision, Runtime};

/// One memory measurement and our predictions for it.
#[derive(Debug, Clone)]
pub struct MemoryRow {
    pub model: String,
    pub quantization: String,
    pub input_length: u64,
    pub gpus: u32,
    pub measured_gib: f64,
    pub estimate_gib: f64,
    /// The rule of thumb converted to GiB, for a like-for-like error.
    pub rule_gib: f64,
}

/// One decode-speed measurement and our prediction.
#[derive(Debug, Clone)]
pub struct SpeedRow {
    pub gpu: String,
    pub gpu_id: Option<String>,
    pub quant: String,
    pub measured: f64,
    pub estimate: Option<f64>,
}

impl MemoryRow {
    pub fn error(&self) -> f64 {
        (self.estimate_gib - self.measured_gib) / self.measured_gib
    }
    pub fn rule_error(&self) -> f64 {
        (self.rule_gib - self.measured_gib) / self.measured_gib
    }
}

impl SpeedRow {
    pub fn error(&self) -> Option<f64> {
        self.estimate.map(|e| (e - self.measured) / self.measured)
    }
}

fn quant_precision(name: &str) -> Option<Precision> {
    match name {
        "BF16" => Some(Precision::Bf16),
        "GPTQ-Int8" => Some(Precision::GptqInt8),
        "GPTQ-Int4" => Some(Precision::GptqInt4),
        "AWQ" => Some(Precision::AwqInt4),
        "F16" => Some(Precision::Fp16),
        other => other.parse().ok(),
    }
}

fn records(csv: &str) -> impl Iterator<Item = Vec<&str>> {
    csv.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(',').map(str::trim).collect())
}

/// Qwen2.5 on transformers (A100): memory rows.
pub fn memory_rows(catalog: &Catalog, csv: &str) -> Vec<MemoryRow> {
    records(csv)
        .filter_map(|f| {
            let model = catalog.resolve_model(f[0]).ok()?.model;
            let precision = quant_precision(f[2])?;
            let mut job = Job::new(Mode::Inference, precision);
            job.runtime = Runtime::Transformers;
            job.prompt = f[4].parse().ok()?;
            job.generate = f[5].parse().ok()?;
            let gpus: u32 = f[6].parse().ok()?;
            let est = estimate::run(model, &job, gpus).ok()?;
            Some(MemoryRow {
                model: f[0].to_string(),
                quantization: f[2].to_string(),
                input_length: job.prompt,
                gpus,
                measured_gib: f[8].parse().ok()?,
                estimate_gib: est.total_gib(),
                rule_gib: est.rule_of_thumb_gb * 1e9 / GIB,
            })
        })
        .collect()
}

/// llama.cpp decode speed for Llama 3 8B; rows whose GPU is not in the catalog get no estimate.
pub fn speed_rows(catalog: &Catalog, csv: &str) -> Vec<SpeedRow> {
    let model = catalog
        .model("llama-3-8b")
        .expect("llama-3-8b is in the catalog");
    records(csv)
        .filter_map(|f| {
            let gpu = catalog.resolve_gpu(f[0]).ok().map(|m| m.gpu);
            let precision = quant_precision(f[3])?;
            let mut job = Job::new(Mode::Inference, precision);
            job.runtime = Runtime::LlamaCpp;
            job.prompt = 512;
            job.generate = 1024;
            Some(SpeedRow {
                gpu: f[0].to_string(),
                gpu_id: gpu.map(|g| g.id.clone()),
                quant: f[3].to_string(),
                measured: f[4].parse().ok()?,
                estimate: gpu.map(|g| estimate::decode_tokens_per_s(model, &job, g, 1)),
            })
        })
        .collect()
}

/// Median of absolute values.
pub fn median_abs(values: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = values.map(f64::abs).collect();
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    if v.len().is_multiple_of(2) {
        (v[mid - 1] + v[mid]) / 2.0
    } else {
        v[mid]
    }
}

/// Largest absolute value.
pub fn max_abs(values: impl Iterator<Item = f64>) -> f64 {
    values.map(f64::abs).fold(0.0, f64::max)
}
