//! A resolved question: what to estimate, and what was chosen on the user's behalf.

use crate::catalog::{GpuSpec, MatchKind, ModelRef, ModelSpec};
use crate::estimate::{Format, Job, Mode, Precision, Runtime, Sharding};
use serde::Serialize;

/// A value the user did not give, so the answer chose it and says so.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
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
    /// Whether gradient checkpointing is on (every framework's recipes turn it on for full
    /// fine-tunes, LoRA and QLoRA alike).
    Checkpointing {
        on: bool,
    },
    Context {
        tokens: u64,
    },
    /// The runtime people run on the asker's hardware, and why (see `runtime::choice`).
    Runtime {
        runtime: Runtime,
        reason: crate::runtime::choice::RuntimeReason,
    },
    /// The Hub could not be asked about `repo` (offline, unreachable, slow), so the model
    /// is the catalog's closest match or a shape derived from the size in its name.
    HubFallback {
        repo: String,
        reason: HubMiss,
    },
    /// No model of this name is known (offline, or the Hub found none): the answer is for
    /// a model of the size the name gives, shaped like `like`, the closest of its family.
    SizedFromName {
        name: String,
        params_b: f64,
        moe: bool,
        like: String,
    },
    /// A quantized KV cache asked with flash attention off, on a runtime that quantizes the
    /// cache only with it on (llama.cpp refuses to start, Ollama ignores the type): the
    /// cache is sized at 16 bits and flash attention stays off, as asked.
    KvNeedsFlashAttention {
        #[schema(value_type = String)]
        asked: crate::vocab::KvPrecision,
    },
    /// A card given by its memory ("on 24gb"): sized on `gpu`, the common card of that size.
    CardByMemory {
        memory_gb: u32,
        gpu: String,
    },
}

/// Why a Hub look-up did not happen or did not finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HubMiss {
    /// `--offline` or `VRAMGUIDE_OFFLINE=1`.
    Offline,
    /// No connection, or an error from the Hub's side.
    Unreachable,
    /// No answer within the time budget.
    Slow,
    /// Too many Hub look-ups asked for just now (the asker's or the web's budget).
    Busy,
}

/// Resolved inputs: what to estimate, from CLI flags, slash options or a parsed question.
#[derive(Debug, Clone)]
pub struct Request {
    pub model: ModelRef,
    pub model_kind: MatchKind,
    pub job: Job,
    pub gpu: Option<&'static GpuSpec>,
    pub gpu_count: Option<u32>,
    pub assumed: Vec<Assumption>,
    /// The question asks for the longest context the GPUs hold ("max context on a 4090?"):
    /// the answer leads with it.
    pub max_context: bool,
}

impl Request {
    /// A request with defaults for everything but the model (see [`default_precision`]).
    pub fn new(model: ModelRef, model_kind: MatchKind, mode: Mode) -> Request {
        let precision = default_precision(mode, &model);
        Request {
            model,
            model_kind,
            job: Job::new(mode, precision),
            gpu: None,
            gpu_count: None,
            assumed: Vec::new(),
            max_context: false,
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
