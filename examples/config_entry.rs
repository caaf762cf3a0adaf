//! A config.json as the catalog entry its fields give, for adding models to
//! `data/models.json`: the spec the Hub path would build (every field the catalog keeps,
//! `params_computed` the count of its shapes) and its KV bytes per token in bf16.
//!
//! `cargo run --example config_entry -- tests/configs/qwen3-vl-30b-a3b.json`

use vramguide::estimate::{KvPrecision, kv_bytes_per_token};
use vramguide::hub::spec_from_user_config;

fn main() -> anyhow::Result<()> {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path)?;
        let spec = spec_from_user_config(&path, &bytes)?;
        let mut entry = serde_json::to_value(&spec)?;
        entry["params_computed"] = spec.params_total.into();
        entry["kv_bytes_per_token_bf16"] = kv_bytes_per_token(&spec, KvPrecision::Fp16).into();
        entry["state_bytes"] = vramguide::estimate::state_bytes(&spec).into();
        println!("{}", serde_json::to_string(&entry)?);
    }
    Ok(())
}
