//! Downloadable checkpoints of catalog models (`data/checkpoints.json`, each row with the
//! source that shows it exists): the repos a launch line may name when the plan's format is
//! not the one the model ships in, and for GGUF repos the quant files each holds with their
//! bytes where the source gave them.
//!
//! The rows live in the catalog because the estimate reads them too: a GGUF file's bytes
//! are its weights (a Q4_K_M file mixes Q4_K, Q6_K and 16-bit tensors, which no nominal
//! bits per weight gives), and the estimate may not depend on the planner.

use crate::vocab::{Format, Precision};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
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
}

/// Every known checkpoint, read once from the embedded data.
pub fn all() -> &'static [Checkpoint] {
    static ALL: LazyLock<Vec<Checkpoint>> = LazyLock::new(|| {
        serde_json::from_str(include_str!("../../data/checkpoints.json"))
            .expect("data/checkpoints.json is checked by tests")
    });
    &ALL
}

/// GGUF file bytes by model id, then (tag, bytes) in file order: the first row that gives a
/// tag's bytes wins, which is the row `plan::checkpoints::gguf` launches when it has them.
static GGUF_BYTES: LazyLock<HashMap<&'static str, Vec<(&'static str, u64)>>> =
    LazyLock::new(|| {
        let mut by_model: HashMap<&'static str, Vec<(&'static str, u64)>> = HashMap::new();
        for c in all().iter().filter(|c| c.format == "gguf") {
            let known = by_model.entry(c.model.as_str()).or_default();
            for (tag, &bytes) in &c.bytes {
                if !known.iter().any(|(t, _)| t == tag) {
                    known.push((tag.as_str(), bytes));
                }
            }
        }
        by_model
    });

/// The bytes of `model`'s GGUF file in `precision` (a llama.cpp quant such as `q4_k_m`), when
/// a listed repo's file list gave them. Includes the file's header (metadata and vocabulary,
/// a few MB); `None` for non-GGUF precisions and files nobody measured.
pub fn gguf_bytes(model: &str, precision: Precision) -> Option<u64> {
    if precision.format() != Format::Gguf {
        return None;
    }
    let name = precision.name();
    GGUF_BYTES
        .get(model)?
        .iter()
        .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
        .map(|&(_, bytes)| bytes)
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
