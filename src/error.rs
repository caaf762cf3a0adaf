//! Why a request could not be answered: typed, so every surface can explain it in the
//! user's language and the CLI can pick its exit code.

use crate::catalog::LookupError;
use crate::estimate::JobError;
use crate::estimate::precision::UnknownPrecision;

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
