//! The plan after the verdict: what to change so the job fits the user's own GPUs
//! ([`levers`]), how much a serving setup holds ([`serving`]), and the command that starts
//! it ([`launch`]). Pure: each piece re-runs the estimator, none does I/O or has words.

pub mod checkpoints;
pub mod engine_levers;
pub mod launch;
pub mod levers;
pub mod library_tags;
pub mod serving;

pub use launch::{Launch, MissingCheckpoint};
pub use levers::{Change, Lever, LeverKind};
pub use serving::Serving;
