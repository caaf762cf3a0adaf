//! Why a request could not be answered: typed, so every surface can explain it in the
//! user's language and the CLI can pick its exit code.

use crate::catalog::LookupError;
use crate::estimate::precision::UnknownPrecision;
use crate::estimate::{Field, JobError};

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Lookup(#[from] LookupError),
    #[error(transparent)]
    Job(#[from] JobError),
    #[error(transparent)]
    Precision(#[from] UnknownPrecision),
    #[error("no guide topic '{0}'")]
    UnknownTopic(String),
    #[error("no model or size given")]
    NeedModel,
    /// Free text with nothing usable in it; `unparsed` holds the words we could not read.
    #[error("question not understood")]
    NotUnderstood { unparsed: Vec<String> },
    /// A Hub look-up or a user's config.json that gave no model (see [`ModelSourceError`]).
    #[error(transparent)]
    ModelSource(#[from] ModelSourceError),
    /// A number past any amount or size the tool can mean ("$1e400"), as typed.
    #[error("number out of range: {0}")]
    OutOfRange(String),
}

/// Why a Hub repo or a config.json gave no model spec; adapters build it, rendering
/// explains it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{kind:?} for '{repo}': {detail}")]
pub struct ModelSourceError {
    pub kind: SourceErrorKind,
    /// The repo id, or the config file's name.
    pub repo: String,
    /// What is missing or wrong, in the file's own terms (field names, header sizes).
    pub detail: String,
    /// Catalog ids close to the name, for a repo that does not exist.
    pub suggestions: Vec<String>,
}

/// The kinds of [`ModelSourceError`], each with its own explanation; the strum name is
/// the `error.kind` of the JSON contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
pub enum SourceErrorKind {
    #[strum(to_string = "hub_not_found")]
    NotFound,
    /// The repo needs accepted terms and a token (HF_TOKEN).
    #[strum(to_string = "hub_gated")]
    Gated,
    /// Neither safetensors nor GGUF files (nor the quant asked for).
    #[strum(to_string = "hub_no_weights")]
    NoWeights,
    /// A header or JSON file that does not parse.
    #[strum(to_string = "hub_malformed")]
    Malformed,
    /// A header or file past its size cap.
    #[strum(to_string = "hub_too_large")]
    TooLarge,
    /// The Hub did not answer in time and nothing else could stand in.
    #[strum(to_string = "hub_unreachable")]
    Unreachable,
    /// A config.json that is not JSON or lacks fields the estimate needs.
    #[strum(to_string = "invalid_config")]
    InvalidConfig,
}

impl SourceErrorKind {
    /// The `error.kind` of the JSON contract.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl Error {
    /// The `error.kind` of the JSON contract.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Lookup(LookupError::UnknownModel { .. }) => "unknown_model",
            Error::Lookup(LookupError::UnknownGpu { .. }) => "unknown_gpu",
            Error::Job(e) => e.kind(),
            Error::Precision(_) => "unknown_precision",
            Error::UnknownTopic(_) => "unknown_topic",
            Error::NeedModel => "need_model",
            Error::NotUnderstood { .. } => "not_understood",
            Error::ModelSource(e) => e.kind.name(),
            Error::OutOfRange(_) => "out_of_range",
        }
    }

    /// The option whose value this error refuses, as the estimate's query parameter and
    /// the CLI's flag name it (`params_b`, `--params-b`); None where no single option
    /// does. `precision` stands for `kv_precision` too (the caller knows which it gave).
    pub fn option(&self) -> Option<&'static str> {
        match self {
            Error::Lookup(LookupError::UnknownModel { .. }) | Error::ModelSource(_) => {
                Some("model")
            }
            Error::Lookup(LookupError::UnknownGpu { .. }) => Some("gpu"),
            Error::Precision(_) => Some("precision"),
            Error::Job(job) => Some(job_option(job)),
            Error::UnknownTopic(_)
            | Error::NeedModel
            | Error::NotUnderstood { .. }
            | Error::OutOfRange(_) => None,
        }
    }

    /// What the user typed that caused it, when there is such a thing.
    pub fn input(&self) -> Option<String> {
        match self {
            Error::Lookup(LookupError::UnknownModel { input, .. })
            | Error::Lookup(LookupError::UnknownGpu { input, .. })
            | Error::UnknownTopic(input)
            | Error::OutOfRange(input) => Some(input.clone()),
            Error::Precision(UnknownPrecision(input)) => Some(input.clone()),
            Error::Job(JobError::UnknownOption { value, .. }) => Some(value.clone()),
            Error::NotUnderstood { unparsed } if !unparsed.is_empty() => Some(unparsed.join(" ")),
            Error::ModelSource(e) => Some(e.repo.clone()),
            _ => None,
        }
    }

    pub fn suggestions(&self) -> &[String] {
        match self {
            Error::Lookup(LookupError::UnknownModel { suggestions, .. })
            | Error::Lookup(LookupError::UnknownGpu { suggestions, .. }) => suggestions,
            Error::ModelSource(e) => &e.suggestions,
            _ => &[],
        }
    }
}

/// The option a job error refuses (see [`Error::option`]).
fn job_option(err: &JobError) -> &'static str {
    match err {
        JobError::ContextZero | JobError::ContextTooLarge(_) => "context",
        JobError::BatchZero | JobError::BatchTooLarge(_) => "batch",
        JobError::GpuCount(_) => "gpus",
        JobError::ParamsOutOfRange(_) => "params_b",
        JobError::LoraRank(_) => "lora_rank",
        JobError::PrecisionNotTrainable { .. } => "precision",
        JobError::MemoryShare(_) => "gpu_memory_utilization",
        JobError::RamBandwidth(_) => "ram_bandwidth",
        JobError::NotANumber { what, .. } | JobError::UnknownOption { what, .. } => {
            field_option(*what)
        }
    }
}

/// Each field of a job as its option (`query::Fields`' names): an exhaustive match, so a
/// new field must be named here.
pub fn field_option(field: Field) -> &'static str {
    match field {
        Field::ModelSize => "params_b",
        Field::Context => "context",
        Field::PromptLength => "prompt",
        Field::GenerationLength => "generate",
        Field::Batch => "batch",
        Field::GpuCount => "gpus",
        Field::LoraRank => "lora_rank",
        Field::Mode => "mode",
        Field::Runtime => "runtime",
        Field::Optimizer => "optimizer",
        Field::LoraTargets => "lora_targets",
        Field::GradientCheckpointing => "gradient_checkpointing",
        Field::Sharding => "sharding",
        Field::CpuOffload => "cpu_offload",
        Field::GpuMemoryUtilization => "gpu_memory_utilization",
        Field::MaxNumBatchedTokens => "max_num_batched_tokens",
        Field::MasterWeights => "master_weights",
        Field::OptimizerInBackward => "optimizer_in_backward",
        Field::ChunkedLoss => "chunked_loss",
        Field::RamBandwidth => "ram_bandwidth",
        Field::Framework => "framework",
        Field::EngineVersion => "engine_version",
        Field::Concurrency => "concurrency",
        Field::TargetTokensPerS => "target_tokens_per_s",
        Field::FlashAttention => "flash_attn",
        Field::MaxNumSeqs => "max_num_seqs",
        Field::LimitMmPerPrompt => "limit_mm_per_prompt",
    }
}
