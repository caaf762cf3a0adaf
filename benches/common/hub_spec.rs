//! The Hub model the benchmarks and the cost examples ask about, as the cache would hand
//! it in: a Llama 70B finetune in bf16 that the catalog lacks. One definition, included
//! by `benches/core.rs`, `examples/ask_cost.rs` and `examples/answer_dump.rs`.

use vramguide::catalog::{ModelSpec, WeightFile};
use vramguide::estimate::Precision;
use vramguide::hub;

/// The repo id the questions name.
pub const REPO: &str = "someorg/Llama-70B-finetune";

/// Its spec: the architecture from a config.json, the weights as the safetensors
/// headers would give them.
pub fn hub_spec() -> ModelSpec {
    let config = serde_json::json!({
        "model_type": "llama", "hidden_size": 8192, "intermediate_size": 28672,
        "num_hidden_layers": 80, "num_attention_heads": 64, "num_key_value_heads": 8,
        "vocab_size": 128256, "max_position_embeddings": 131072,
        "tie_word_embeddings": false, "torch_dtype": "bfloat16"
    });
    let mut spec = hub::config::spec_from_config(REPO, &config, None).expect("a complete config");
    spec.weight_file = Some(WeightFile {
        bytes: spec.params_total * 2,
        precision: Precision::Bf16,
        tensors: 723,
        quantized_tensors: 0,
        method: None,
        bytes_by_dtype: Default::default(),
        files: vec!["model-00001-of-00030.safetensors".into()],
        embedding_bytes: None,
    });
    spec
}
