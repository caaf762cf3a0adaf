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
        }
    }

    /// What the user typed that caused it, when there is such a thing.
    pub fn input(&self) -> Option<String> {
        match self {
            Error::Lookup(LookupError::UnknownModel { input, .. })
            | Error::Lookup(LookupError::UnknownGpu { input, .. })
            | Error::UnknownTopic(input) => Some(input.clone()),
            Error::Precision(UnknownPrecision(input)) => Some(input.clone()),
            Error::Job(JobError::UnknownOption { value, .. }) => Some(value.clone()),
            Error::NotUnderstood { unparsed } if !unparsed.is_empty() => Some(unparsed.join(" ")),
            _ => None,
        }
    }

    pub fn suggestions(&self) -> &[String] {
        match self {
            Error::Lookup(LookupError::UnknownModel { suggestions, .. })
            | Error::Lookup(LookupError::UnknownGpu { suggestions, .. }) => suggestions,
            _ => &[],
        }
    }
}
