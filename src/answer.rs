//! Everything a reply needs, with no words in it: rendering adds the language.

use crate::catalog::{Catalog, GpuSpec, MatchKind, ModelSpec};
use crate::estimate::{
    self, Estimate, Fit, Format, Job, JobError, Mode, Precision, Runtime, Sharding,
};
use crate::recommend::{self, Recommendations};
use serde::Serialize;
use std::borrow::Cow;

/// The guide topics, in the order the guide lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Topic {
    Vram,
    Nvlink,
    TensorCores,
    Sxm,
    Precision,
    Quantization,
    KvCache,
    Oom,
    MultiGpu,
    CudaVisibleDevices,
    Choosing,
}

impl Topic {
    pub const ALL: [Topic; 11] = [
        Topic::Vram,
        Topic::Nvlink,
        Topic::TensorCores,
        Topic::Sxm,
        Topic::Precision,
        Topic::Quantization,
        Topic::KvCache,
        Topic::Oom,
        Topic::MultiGpu,
        Topic::CudaVisibleDevices,
        Topic::Choosing,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            Topic::Vram => "vram",
            Topic::Nvlink => "nvlink",
            Topic::TensorCores => "tensor-cores",
            Topic::Sxm => "sxm",
            Topic::Precision => "precision",
            Topic::Quantization => "quantization",
            Topic::KvCache => "kv-cache",
            Topic::Oom => "oom",
            Topic::MultiGpu => "multi-gpu",
            Topic::CudaVisibleDevices => "cuda-visible-devices",
            Topic::Choosing => "choosing",
        }
    }

    /// Parse a slug, accepting a few spellings people use ("tensor cores", "cuda_visible_devices").
    pub fn from_slug(s: &str) -> Option<Topic> {
        let key: String = s
            .trim()
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c == '_' || c == ' ' { '-' } else { c })
            .collect();
        let key = match key.as_str() {
            "kv" | "kvcache" => "kv-cache",
            "tensor" | "tensorcores" => "tensor-cores",
            "multigpu" => "multi-gpu",
            "quant" | "quantisation" => "quantization",
            "pcie" => "sxm",
            other => other,
        };
        Topic::ALL.into_iter().find(|t| t.slug() == key)
    }
}

/// A value the user did not give, so the answer chose it and says so.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Assumption {
    /// `native`: the format the model's checkpoint ships in.
    Precision {
        precision: Precision,
        native: bool,
    },
    /// How training states are sharded over several GPUs.
    Sharding {
        sharding: Sharding,
    },
    Context {
        tokens: u64,
    },
    Runtime {
        runtime: Runtime,
    },
}

/// Resolved inputs: what to estimate, from CLI flags, slash options or a parsed question.
#[derive(Debug, Clone)]
pub struct Request {
    pub model: Cow<'static, ModelSpec>,
    pub model_kind: MatchKind,
    pub job: Job,
    pub gpu: Option<&'static GpuSpec>,
    pub gpu_count: Option<u32>,
    pub assumed: Vec<Assumption>,
}

/// The answer to one request.
#[derive(Debug, Clone, Serialize)]
pub struct Answer {
    pub model: Cow<'static, ModelSpec>,
    #[serde(skip)]
    pub model_kind: MatchKind,
    pub job: Job,
    #[serde(skip)]
    pub gpu: Option<&'static GpuSpec>,
    pub gpu_count: Option<u32>,
    pub assumed: Vec<Assumption>,
    /// The job on `gpu_count` GPUs (1 when none named).
    pub estimate: Estimate,
    pub fit: Option<Fit>,
    /// When the named setup is too small: how many of that GPU would do.
    pub needed_count: Option<u32>,
    pub recommendations: Recommendations,
    pub topics: Vec<Topic>,
}

impl Request {
    /// A request with defaults for everything but the model (see [`default_precision`]).
    pub fn new(model: Cow<'static, ModelSpec>, model_kind: MatchKind, mode: Mode) -> Request {
        let precision = default_precision(mode, &model);
        Request {
            model,
            model_kind,
            job: Job::new(mode, precision),
            gpu: None,
            gpu_count: None,
            assumed: Vec::new(),
        }
    }
}

/// The precision a job runs in when the user names none: inference runs the checkpoint as
/// it ships (bf16 for most, FP8 for DeepSeek V3/R1, MXFP4 experts for gpt-oss); training
/// runs in the checkpoint's 16-bit float, else bf16; QLoRA quantizes the base to NF4.
pub fn default_precision(mode: Mode, model: &ModelSpec) -> Precision {
    let native = model.native_precision;
    match mode {
        Mode::Inference => native,
        Mode::FullFinetune | Mode::Lora if native.format() == Format::Float => native,
        Mode::FullFinetune | Mode::Lora => Precision::Bf16,
        Mode::Qlora => Precision::Nf4,
    }
}

/// Estimate, check the named setup, rank the alternatives.
pub fn build(catalog: &'static Catalog, req: Request) -> Result<Answer, JobError> {
    let count = req.gpu_count.unwrap_or(1);
    estimate::check_gpu_count(u64::from(count))?;
    let estimate = estimate::run(&req.model, &req.job, count)?;
    let fit = match req.gpu {
        Some(gpu) => Some(Fit::check(&req.model, &req.job, gpu, count)?),
        None => None,
    };
    let needed_count = match (req.gpu, &fit) {
        (Some(gpu), Some(f)) if !f.fits => Fit::min_count_any(&req.model, &req.job, gpu),
        _ => None,
    };
    let recommendations = recommend::setups(catalog, &req.model, &req.job)?;
    let mut answer = Answer {
        model: req.model,
        model_kind: req.model_kind,
        job: req.job,
        gpu: req.gpu,
        gpu_count: req.gpu_count,
        assumed: req.assumed,
        estimate,
        fit,
        needed_count,
        recommendations,
        topics: Vec::new(),
    };
    answer.topics = topics(&answer);
    Ok(answer)
}

/// The guide topics an answer leans on, most relevant first.
fn topics(a: &Answer) -> Vec<Topic> {
    let mut out = vec![Topic::Vram];
    if a.job.precision.format() != Format::Float || a.job.mode == Mode::Qlora {
        out.push(Topic::Quantization);
    } else {
        out.push(Topic::Precision);
    }
    if a.estimate.kv_cache > 0.2 * a.estimate.total() {
        out.push(Topic::KvCache);
    }
    let multi = a.gpu_count.unwrap_or(1) > 1
        || a.needed_count.is_some_and(|n| n > 1)
        || a.recommendations.setups.iter().all(|s| s.fit.count > 1);
    if multi {
        out.push(Topic::MultiGpu);
    }
    if a.recommendations.nvlink_matters {
        out.push(Topic::Nvlink);
    }
    if a.recommendations.sxm_only || a.recommendations.multi_node {
        out.push(Topic::Sxm);
    }
    if a.fit.as_ref().is_some_and(|f| !f.fits) {
        out.push(Topic::Oom);
    }
    if a.gpu.is_none() {
        out.push(Topic::Choosing);
    }
    out
}
