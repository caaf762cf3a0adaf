//! Checkpoints in a given format for catalog models (`data/checkpoints.json`, read by
//! [`crate::catalog::checkpoints`], each row with its source): the repo a launch line
//! loads when the plan's format is not the one the model ships in (an AWQ or FP8 repo for
//! vLLM, a GGUF repo and its quant tag for llama.cpp).
//! Only repos someone checked are listed; where none is, the plan says so rather than
//! inventing a name.

use crate::estimate::Precision;

pub use crate::catalog::checkpoints::{Checkpoint, all, of_model};

/// The repo of `model`'s checkpoint stored in `precision` (safetensors formats).
pub fn repo(model: &str, precision: Precision) -> Option<&'static str> {
    of_model(model)
        .iter()
        .find(|c| c.format == precision.name())
        .map(|c| c.repo.as_str())
}

/// The GGUF tag llama.cpp names a precision by (`q4_k_m` -> `Q4_K_M`, `fp16` -> `F16`).
pub fn gguf_tag(precision: Precision) -> String {
    match precision {
        Precision::Fp16 => "F16".to_string(),
        Precision::Fp32 => "F32".to_string(),
        p => p.name().to_ascii_uppercase(),
    }
}

/// The GGUF repo of `model` that holds `precision`, as `llama-server -hf` takes it
/// (`repo:TAG`, or the bare repo when it holds one model).
pub fn gguf(model: &str, precision: Precision) -> Option<String> {
    let tag = gguf_tag(precision);
    of_model(model)
        .iter()
        .find(|c| c.format == "gguf" && c.quants.contains(&tag))
        .map(|c| {
            if c.only_file {
                c.repo.clone()
            } else {
                format!("{}:{tag}", c.repo)
            }
        })
}

/// The mlx-community repo of `model` in an MLX format (`mlx-4bit` is a row of format
/// `mlx` whose `quants` hold `4bit`).
pub fn mlx(model: &str, precision: Precision) -> Option<&'static str> {
    let bits = match precision {
        Precision::Mlx4 => "4bit",
        Precision::Mlx8 => "8bit",
        _ => return None,
    };
    all()
        .iter()
        .find(|c| c.model == model && c.format == "mlx" && c.quants.iter().any(|q| q == bits))
        .map(|c| c.repo.as_str())
}

/// Whether `repo` is a checkpoint the list names (a launch line may name no other repo than
/// these, a catalog model's own `hub_id` or the Hub's answer).
pub fn is_known(repo: &str) -> bool {
    all().iter().any(|c| c.repo == repo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_names_a_format_a_repo_and_a_source() {
        assert!(all().len() >= 500, "{} rows", all().len());
        for c in all() {
            assert!(c.repo.contains('/'), "{c:?}");
            assert!(c.source.starts_with("https://"), "{c:?}");
            if c.format == "gguf" || c.format == "mlx" {
                assert!(!c.quants.is_empty(), "{c:?}");
                assert!(c.bytes.keys().all(|q| c.quants.contains(q)), "{c:?}");
            } else {
                let p: Precision = c.format.parse().expect("a precision name");
                assert!(p.is_quantized() || p.name() == c.format, "{c:?}");
            }
        }
    }

    #[test]
    fn lookups_find_the_rows() {
        assert_eq!(
            repo("llama-3.1-70b", Precision::AwqInt4),
            Some("hugging-quants/Meta-Llama-3.1-70B-Instruct-AWQ-INT4")
        );
        assert_eq!(
            repo("llama-3.1-70b", Precision::GptqInt4),
            Some("hugging-quants/Meta-Llama-3.1-70B-Instruct-GPTQ-INT4")
        );
        assert_eq!(repo("tinyllama-1.1b", Precision::GptqInt4), None);
        assert_eq!(
            gguf("llama-3.1-8b", Precision::Q4KM).as_deref(),
            Some("bartowski/Meta-Llama-3.1-8B-Instruct-GGUF:Q4_K_M")
        );
        assert_eq!(
            gguf("gpt-oss-120b", Precision::Mxfp4).as_deref(),
            Some("ggml-org/gpt-oss-120b-GGUF")
        );
        assert_eq!(gguf("llama-3.1-8b", Precision::Q5_0), None);
    }
}
