//! Downloadable checkpoints of catalog models (`data/checkpoints.json`, each row with the
//! source that shows it exists): the repos a launch line may name when the plan's format is
//! not the one the model ships in, and for GGUF repos the quant files each holds with their
//! bytes where the source gave them.
//!
//! The rows live in the catalog because the estimate reads them too: a GGUF file's bytes
//! are its weights (a Q4_K_M file mixes Q4_K, Q6_K and 16-bit tensors, which no nominal
//! bits per weight gives), and the estimate may not depend on the planner.

use crate::vocab::{Format, Precision};
use rustc_hash::FxHashMap;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// One row of `data/checkpoints.json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Checkpoint {
    /// Catalog id of the model it is a checkpoint of.
    pub model: String,
    /// A precision name (`awq-int4`, `gptq-int4`, `fp8`, `nvfp4`), `gguf` or `mlx` (an
    /// mlx-community repo, `quants` holding its bit width as the repo names it: `4bit`).
    pub format: String,
    /// The Hugging Face repo.
    pub repo: String,
    /// GGUF repos: the quant tags of the files it holds (`Q4_K_M`), as
    /// `llama-server -hf repo:TAG` takes them; MLX repos: the bit width.
    #[serde(default)]
    pub quants: Vec<String>,
    /// GGUF repos that hold one model (possibly split in parts): `-hf repo` with no tag.
    #[serde(default)]
    pub only_file: bool,
    /// Each quant's file bytes (all parts of a split file), where the source gave them.
    #[serde(default)]
    pub bytes: BTreeMap<String, u64>,
    /// Where the row was seen: a Hub page, or a project's file that loads or lists the repo.
    pub source: String,
    /// A quantization-aware checkpoint that stores only the routed experts in `format`
    /// (`routed_experts`): attention, shared experts, dense MLPs, embeddings and lm_head stay
    /// 16-bit, as its config's `quantization_config.ignore` says.
    #[serde(default)]
    pub scope: Option<String>,
    /// Values that share one 16-bit scale in that format (compressed-tensors `group_size`).
    #[serde(default)]
    pub group_size: Option<u32>,
}

/// A checkpoint whose routed experts alone are quantized to a width, the rest 16-bit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpertsOnly {
    /// Bits of each quantized value (4 for INT4).
    pub bits: f64,
    /// Values per 16-bit scale.
    pub group_size: u32,
}

impl ExpertsOnly {
    /// Bits per quantized weight with its share of the group's scale: 4 + 16/32 = 4.5.
    pub fn bits_per_weight(self) -> f64 {
        self.bits + 16.0 / f64::from(self.group_size.max(1))
    }
}

/// `model`'s own checkpoint in `precision` when it quantizes the routed experts only
/// (Kimi K2 Thinking and K2.5 ship INT4 experts with group-32 scales). The estimate asks
/// only for a mixture of experts in a weight-only integer format (`estimate::experts_only`),
/// so an ordinary ask never gets here: kept out of line.
#[cold]
#[inline(never)]
pub fn experts_only(model: &str, precision: Precision) -> Option<ExpertsOnly> {
    static ROWS: LazyLock<Vec<(&'static str, &'static str, ExpertsOnly)>> = LazyLock::new(|| {
        all()
            .iter()
            .filter(|c| c.scope.as_deref() == Some("routed_experts"))
            .filter_map(|c| {
                let p: Precision = c.format.parse().ok()?;
                Some((
                    c.model.as_str(),
                    c.format.as_str(),
                    ExpertsOnly {
                        bits: p.nominal_bits(),
                        group_size: c.group_size?,
                    },
                ))
            })
            .collect()
    });
    if precision.format() != Format::WeightOnly {
        return None;
    }
    let name = precision.name();
    ROWS.iter()
        .find(|(m, f, _)| *m == model && *f == name)
        .map(|(_, _, e)| *e)
}

/// Every known checkpoint, read once from the embedded data.
pub fn all() -> &'static [Checkpoint] {
    static ALL: LazyLock<Vec<Checkpoint>> = LazyLock::new(|| {
        serde_json::from_str(include_str!("../../data/checkpoints.json"))
            .expect("data/checkpoints.json is checked by tests")
    });
    &ALL
}

/// `model`'s rows in file order (the first row of a format is the one launched): an index,
/// since a launch line looks its model up on every answer and the list has hundreds of rows.
pub fn of_model(model: &str) -> &'static [&'static Checkpoint] {
    static BY_MODEL: LazyLock<FxHashMap<&'static str, Vec<&'static Checkpoint>>> =
        LazyLock::new(|| {
            let mut by_model: FxHashMap<&'static str, Vec<&'static Checkpoint>> =
                FxHashMap::default();
            for c in all() {
                by_model.entry(c.model.as_str()).or_default().push(c);
            }
            by_model
        });
    BY_MODEL.get(model).map_or(&[], Vec::as_slice)
}

/// A measured GGUF file: its quant tag, its repo and its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GgufFile {
    pub tag: &'static str,
    pub repo: &'static str,
    pub bytes: u64,
}

/// Measured GGUF files by model id, in file order: the first row that gives a tag's bytes
/// wins, which is the row `plan::checkpoints::gguf` launches when it has them. An Fx map:
/// the estimate looks a model up on every weight sizing of a GGUF job.
static GGUF_FILES: LazyLock<FxHashMap<&'static str, Vec<GgufFile>>> = LazyLock::new(|| {
    let mut by_model: FxHashMap<&'static str, Vec<GgufFile>> = FxHashMap::default();
    for c in all().iter().filter(|c| c.format == "gguf") {
        let known = by_model.entry(c.model.as_str()).or_default();
        for (tag, &bytes) in &c.bytes {
            if !known.iter().any(|f| f.tag == tag) {
                known.push(GgufFile {
                    tag: tag.as_str(),
                    repo: c.repo.as_str(),
                    bytes,
                });
            }
        }
    }
    by_model
});

/// `model`'s GGUF file in `precision` (a llama.cpp quant such as `q4_k_m`), when a listed
/// repo's file list gave its size; `None` for non-GGUF precisions and files nobody measured.
pub fn gguf_file(model: &str, precision: Precision) -> Option<GgufFile> {
    if precision.format() != Format::Gguf {
        return None;
    }
    let name = precision.name();
    GGUF_FILES
        .get(model)?
        .iter()
        .find(|f| f.tag.eq_ignore_ascii_case(name))
        .copied()
}

/// The bytes of that file: the weights llama.cpp loads, plus the file's header (metadata
/// and vocabulary, a few MB).
pub fn gguf_bytes(model: &str, precision: Precision) -> Option<u64> {
    gguf_file(model, precision).map(|f| f.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_bytes_are_found_by_quant_and_only_for_gguf() {
        // gpt4all's models3.json: Llama-3.2-1B-Instruct-Q4_0.gguf, filesize 773025920.
        assert_eq!(
            gguf_bytes("llama-3.2-1b", Precision::Q4_0),
            Some(773_025_920)
        );
        assert_eq!(gguf_bytes("llama-3.2-1b", Precision::Bf16), None);
        assert_eq!(gguf_bytes("llama-3.2-1b", Precision::AwqInt4), None);
        assert_eq!(gguf_bytes("no-such-model", Precision::Q4KM), None);
    }
}
