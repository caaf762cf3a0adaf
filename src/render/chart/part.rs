//! What a bar stacks: the parts of one GPU's memory, with their colours and names.

use super::INK;
use crate::estimate::Estimate;

/// One part of the memory, in the order the bar stacks them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Weights,
    KvCache,
    Activations,
    Gradients,
    Optimizer,
    Overhead,
}

impl Part {
    pub const ALL: [Part; 6] = [
        Part::Weights,
        Part::KvCache,
        Part::Activations,
        Part::Gradients,
        Part::Optimizer,
        Part::Overhead,
    ];

    /// The CSS class the page's older bar used (kept so styles and tests can find parts).
    pub fn class(self) -> &'static str {
        match self {
            Part::Weights => "weights",
            Part::KvCache => "kv",
            Part::Activations => "activations",
            Part::Gradients => "gradients",
            Part::Optimizer => "optimizer",
            Part::Overhead => "overhead",
        }
    }

    pub(super) fn label_id(self) -> &'static str {
        match self {
            Part::Weights => "chart-part-weights",
            Part::KvCache => "chart-part-kv-cache",
            Part::Activations => "chart-part-activations",
            Part::Gradients => "chart-part-gradients",
            Part::Optimizer => "chart-part-optimizer",
            Part::Overhead => "chart-part-overhead",
        }
    }

    /// Fill, and the colour of a value written on it (dark on the light yellow).
    pub(super) fn colours(self) -> (&'static str, &'static str) {
        match self {
            Part::Weights => ("#2458b3", "#ffffff"),
            Part::KvCache => ("#1f9e89", "#ffffff"),
            Part::Activations => ("#e0a100", INK),
            Part::Gradients => ("#c2410c", "#ffffff"),
            Part::Optimizer => ("#9d174d", "#ffffff"),
            Part::Overhead => ("#7c8591", "#ffffff"),
        }
    }

    /// Bytes of this part in a whole-job estimate.
    pub(super) fn bytes(self, e: &Estimate) -> f64 {
        match self {
            Part::Weights => e.weights,
            Part::KvCache => e.kv_cache,
            Part::Activations => e.activations,
            Part::Gradients => e.gradients,
            Part::Optimizer => e.optimizer,
            Part::Overhead => e.overhead,
        }
    }
}
