//! The serving stacks, by id. What each does with memory is data in `runtime`.

use serde::{Deserialize, Serialize};

/// The serving stack; each has its own profile (`runtime::PROFILES`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    strum::VariantArray,
)]
pub enum Runtime {
    #[serde(rename = "transformers")]
    Transformers,
    #[serde(rename = "vllm")]
    Vllm,
    #[serde(rename = "llama.cpp")]
    LlamaCpp,
    #[serde(rename = "sglang")]
    Sglang,
    #[serde(rename = "ollama")]
    Ollama,
    #[serde(rename = "mlx")]
    Mlx,
    #[serde(rename = "lm-studio")]
    LmStudio,
}
