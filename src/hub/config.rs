//! A Hugging Face `config.json` (or GGUF metadata turned into one) to a [`ModelSpec`].
//!
//! Pure: no I/O. Field names follow transformers; multimodal configs nest the language
//! model under `text_config` (Gemma 3, Llama 4, Mistral 3, Qwen-VL), which wins over the
//! top level. What cannot be read is named in the error, field by field.

use super::blocks;
use super::kv_layout::KvProjections;
use super::layers::{self, LayerKinds};
use super::params::{param_counts, vision_params};
pub use super::quantization::{native_precision, quant_method};
use crate::catalog::{Attention, KvLayout, ModelSpec, Moe, Origin, StateKind, StateLayers};
use crate::sanitize;
use serde_json::{Map, Value};

/// Why a config gave no spec.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConfigError {
    #[error("not a JSON object")]
    NotAnObject,
    #[error("model_type '{model_type}' lacks {}", missing.join(", "))]
    Missing {
        model_type: String,
        missing: Vec<&'static str>,
    },
    /// Shapes whose product is beyond any real model (a `vision_config` of 2^62, 10^12
    /// layers): refused rather than wrapped or rounded.
    #[error("implausible sizes: {0}")]
    Implausible(String),
}

/// More parameters than this is no real checkpoint (the largest published are ~2T).
const MAX_PARAMS: u64 = 100_000_000_000_000;

/// The fields read from a config, text_config first, then the top level.
pub(super) struct Fields<'a> {
    text: Option<&'a Map<String, Value>>,
    pub(super) top: &'a Map<String, Value>,
}

impl Fields<'_> {
    pub(super) fn get(&self, key: &str) -> Option<&Value> {
        self.text
            .and_then(|t| t.get(key))
            .filter(|v| !v.is_null())
            .or_else(|| self.top.get(key).filter(|v| !v.is_null()))
    }

    pub(super) fn u64(&self, keys: &[&str]) -> Option<u64> {
        keys.iter()
            .find_map(|k| self.get(k).and_then(Value::as_u64))
    }

    pub(super) fn u32(&self, keys: &[&str]) -> Option<u32> {
        self.u64(keys).and_then(|v| u32::try_from(v).ok())
    }

    pub(super) fn str(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(Value::as_str)
    }

    pub(super) fn bool(&self, key: &str) -> Option<bool> {
        self.get(key).and_then(Value::as_bool)
    }
}

/// Build the spec of `id` from its config. `params_hint` is an exact parameter count when
/// the caller has one (the Hub's safetensors metadata); else the count is computed from
/// the shapes.
pub fn spec_from_config(
    id: &str,
    config: &Value,
    params_hint: Option<u64>,
) -> Result<ModelSpec, ConfigError> {
    let top = config.as_object().ok_or(ConfigError::NotAnObject)?;
    let text = top.get("text_config").and_then(Value::as_object);
    let f = Fields { text, top };
    // The spec's names come from outside (a Hub repo, a user's file) and reach pages,
    // embeds and terminals: cleaned here, once, where the spec is built.
    let id = &sanitize::clean(id);
    let model_type = sanitize::clean(f.str("model_type").unwrap_or("unknown"));
    let hidden = f.u32(&["hidden_size", "n_embd", "d_model"]);
    let layers = f.u32(&["num_hidden_layers", "n_layer", "num_layers"]);
    let heads = f.u32(&["num_attention_heads", "n_head"]);
    let vocab = f.u32(&["vocab_size"]);
    // Llama 4 names its dense MLP `intermediate_size_mlp` and its experts'
    // `intermediate_size`.
    let dense_mlp = f.u32(&["intermediate_size_mlp", "dense_intermediate_size"]);
    let moe_inter = f
        .u32(&["moe_intermediate_size"])
        .or_else(|| dense_mlp.and_then(|_| f.u32(&["intermediate_size"])));
    // DeciLM lists its layers one by one, each with its own FFN width and attention.
    let blocks = hidden.zip(heads).and_then(|(h, n)| {
        let head_dim = f.u32(&["head_dim"]).unwrap_or(h / n.max(1));
        blocks::read(&f, h, n, head_dim)
    });
    let inter = dense_mlp
        .or_else(|| f.u32(&["intermediate_size", "n_inner", "ffn_dim"]))
        .or(moe_inter)
        .or(blocks.map(|b| b.widest_ffn).filter(|&w| w > 0));
    let mut missing = Vec::new();
    for (name, value) in [
        ("hidden_size", hidden),
        ("num_hidden_layers", layers),
        ("num_attention_heads", heads),
        ("vocab_size", vocab),
        ("intermediate_size", inter),
    ] {
        if value.is_none_or(|v| v == 0) {
            missing.push(name);
        }
    }
    let (Some(hidden), Some(layers), Some(heads), Some(vocab), Some(inter)) =
        (hidden, layers, heads, vocab, inter)
    else {
        return Err(ConfigError::Missing {
            model_type,
            missing,
        });
    };
    if !missing.is_empty() {
        return Err(ConfigError::Missing {
            model_type,
            missing,
        });
    }
    let layer_kv_heads = f
        .u32(&["num_key_value_heads", "num_kv_heads", "n_head_kv"])
        .or(blocks.map(|b| b.kv_heads).filter(|&k| k > 0))
        .unwrap_or(heads)
        .max(1);
    // Gemma 4 names the full-attention layers' heads apart; `num_key_value_heads` is then
    // the sliding layers'.
    let global_kv_heads = f.u32(&["num_global_key_value_heads"]).filter(|&k| k > 0);
    let kv_heads = global_kv_heads.unwrap_or(layer_kv_heads);
    let kv_lora_rank = f.u32(&["kv_lora_rank"]);
    let qk_rope = f.u32(&["qk_rope_head_dim"]);
    let attention = if kv_lora_rank.is_some() && qk_rope.is_some() {
        Attention::Mla
    } else if kv_heads == heads {
        Attention::Mha
    } else if kv_heads == 1 {
        Attention::Mqa
    } else {
        Attention::Gqa
    };
    let kinds = layers::read(&f, layers);
    let moe = moe_layout(&f, layers, inter, moe_inter, kinds);
    let (sliding_window, sliding_window_pattern) = sliding(&f, kinds);
    let mut spec = ModelSpec {
        id: id.to_string(),
        display_name: id.rsplit('/').next().unwrap_or(id).to_string(),
        family: model_type.clone(),
        aliases: Vec::new(),
        params_total: 0,
        params_active: 0,
        num_hidden_layers: layers,
        hidden_size: hidden,
        intermediate_size: inter,
        num_attention_heads: heads,
        num_key_value_heads: kv_heads,
        head_dim: f.u32(&["head_dim"]),
        vocab_size: vocab,
        max_position_embeddings: f.u64(&["max_position_embeddings", "n_positions", "seq_length"]),
        tie_word_embeddings: f
            .bool("tie_word_embeddings")
            .unwrap_or_else(|| tied_by_default(&model_type)),
        moe,
        attention,
        sliding_window,
        sliding_window_pattern,
        kv_lora_rank,
        qk_rope_head_dim: qk_rope,
        license: None,
        release: None,
        native_precision: native_precision(config),
        sources: Vec::new(),
        synthetic: false,
        shape_of: None,
        state_layers: state_layers(&f, layers, kinds),
        vision_params: Some(vision_params(&f)).filter(|&v| v > 0),
        tokens_per_image: f.u32(&[
            "mm_tokens_per_image",
            "image_seq_length",
            "vision_soft_tokens_per_image",
        ]),
        origin: Some(Origin::Hub),
        weight_file: None,
        hub_id: None,
        index_head_dim: f.u32(&["index_head_dim"]).filter(|&d| d > 0),
        config_params: None,
        // MLA's `v_head_dim` is per query head and the latent is what is cached.
        value_head_dim: f
            .u32(&["v_head_dim"])
            .filter(|&v| v > 0 && kv_lora_rank.is_none()),
        local_num_key_value_heads: f
            .u32(&["swa_num_key_value_heads"])
            .or(global_kv_heads.map(|_| layer_kv_heads))
            .filter(|&k| k > 0 && k != kv_heads && sliding_window.is_some()),
        global_head_dim: f
            .u32(&["global_head_dim"])
            .filter(|&d| d > 0 && Some(d) != f.u32(&["head_dim"]) && sliding_window.is_some()),
        kv_layout: None,
        param_groups: None,
    };
    let (total, active) = match blocks {
        Some(b) => {
            spec.kv_layout = Some(b.kv_layout()).filter(|k| k.layers > 0);
            let tables = if spec.tie_word_embeddings { 1 } else { 2 };
            let all = spec
                .embedding_params()
                .saturating_mul(tables)
                .saturating_add(b.params)
                .saturating_add(vision_params(&f));
            (all, all)
        }
        None => param_counts(&spec, &f, kinds),
    };
    if total > MAX_PARAMS {
        return Err(ConfigError::Implausible(format!(
            "{total} parameters from the shapes"
        )));
    }
    spec.params_total = params_hint.filter(|&p| p > 0).unwrap_or(total).max(1);
    // A config that does not describe its checkpoint (another model's config, a layer
    // kind not read): the header's count stands, and the answer says they differ.
    if (total as f64 / spec.params_total as f64 - 1.0).abs() > 0.02 {
        spec.config_params = params_hint.filter(|&p| p > 0).map(|_| total);
    }
    // The hint counts what the shapes do; the active share of the shapes' count carries
    // over, so a count that overshoots never leaves 0 active.
    let share = if total == 0 {
        1.0
    } else {
        active as f64 / total as f64
    };
    spec.params_active =
        ((spec.params_total as f64 * share).round() as u64).clamp(1, spec.params_total);
    Ok(spec)
}

/// The decoder's layer count, as [`spec_from_config`] reads it.
pub fn layer_count(config: &Value) -> Option<u32> {
    let top = config.as_object()?;
    let f = Fields {
        text: top.get("text_config").and_then(Value::as_object),
        top,
    };
    f.u32(&["num_hidden_layers", "n_layer", "num_layers"])
}

/// KV values per token from a checkpoint's k/v projections, placed on the global and
/// windowed layers as the config lays them out; None when the headers do not show them.
pub fn header_kv(config: &Value, spec: &ModelSpec, kv: &KvProjections) -> Option<KvLayout> {
    let top = config.as_object()?;
    let f = Fields {
        text: top.get("text_config").and_then(Value::as_object),
        top,
    };
    let layers = spec.num_hidden_layers;
    let windowed = spec
        .sliding_window
        .and_then(|_| layers::window_flags(&f, layers));
    let query = u64::from(spec.num_attention_heads) * u64::from(spec.head_dim());
    kv.layout(
        layers,
        query,
        windowed.as_deref(),
        spec.local_layer_fraction(),
    )
}

/// Mixture-of-experts fields under their several names (Mixtral, Qwen-MoE, DeepSeek, gpt-oss).
fn moe_layout(
    f: &Fields,
    layers: u32,
    inter: u32,
    moe_inter: Option<u32>,
    kinds: Option<LayerKinds>,
) -> Option<Moe> {
    let experts = f.u32(&["num_local_experts", "num_experts", "n_routed_experts"])?;
    if experts <= 1 {
        return None;
    }
    let per_token = f
        .u32(&[
            "num_experts_per_tok",
            "num_experts_per_token",
            "experts_per_token",
            "moe_topk",
            "top_k_experts",
        ])
        .unwrap_or(2);
    let expert_size = moe_inter.unwrap_or(inter);
    // Shared experts in units of a routed expert's width: a shared MLP twice as wide
    // (Nemotron 3 Nano's 3,712 against 1,856) weighs two.
    let shared = f
        .u32(&[
            "shared_expert_intermediate_size",
            "moe_shared_expert_intermediate_size",
            "shared_intermediate_size",
        ])
        .map(|size| (f64::from(size) / f64::from(expert_size.max(1))).round() as u32)
        .or_else(|| f.u32(&["n_shared_experts", "num_shared_experts"]))
        // Llama 4's MoE layers hold one shared expert of the experts' width.
        .or_else(|| f.str("model_type")?.starts_with("llama4").then_some(1))
        // Gemma 4's MoE block runs beside the layer's dense MLP, which weighs as many
        // experts as it is wide (2,112 against 704: three).
        .or_else(|| {
            (f.bool("enable_moe_block") == Some(true))
                .then(|| (f64::from(inter) / f64::from(expert_size.max(1))).round() as u32)
        });
    if let Some(k) = kinds.filter(|k| k.blocks) {
        return Some(Moe {
            num_experts: experts,
            experts_per_token: per_token,
            shared_experts: shared.unwrap_or(0),
            expert_intermediate_size: expert_size,
            moe_layers: k.moe_blocks,
            dense_layers: Some(k.mlp_blocks),
            latent_size: f.u32(&["moe_latent_size"]).filter(|&l| l > 0),
            fused_experts: fused_experts(f),
        });
    }
    let dense = f.u32(&["first_k_dense_replace"]).unwrap_or(0).min(layers);
    let sparse_step = f
        .u32(&[
            "decoder_sparse_step",
            "interleave_moe_layer_step",
            "moe_layer_freq",
        ])
        .unwrap_or(1)
        .max(1);
    let mlp_only = f
        .get("mlp_only_layers")
        .and_then(Value::as_array)
        .map_or(0, |a| a.len() as u32);
    // `moe_layer_freq` may list every layer (1 = MoE, 0 = dense), as MiniMax M3 does.
    let listed = f.get("moe_layer_freq").and_then(Value::as_array).map(|l| {
        l.iter()
            .take(layers as usize)
            .filter(|v| v.as_u64() == Some(1))
            .count() as u32
    });
    let moe_layers =
        listed.unwrap_or_else(|| ((layers - dense) / sparse_step).saturating_sub(mlp_only));
    Some(Moe {
        num_experts: experts,
        experts_per_token: per_token,
        shared_experts: shared.unwrap_or(0),
        expert_intermediate_size: expert_size,
        moe_layers,
        dense_layers: (layers > moe_layers).then_some(layers - moe_layers),
        latent_size: f.u32(&["moe_latent_size"]).filter(|&l| l > 0),
        fused_experts: fused_experts(f),
    })
}

/// gpt-oss keeps each layer's experts in one 3-D tensor (transformers' `GptOssExperts`),
/// which LoRA's Linear targeting does not reach.
fn fused_experts(f: &Fields) -> bool {
    f.str("model_type") == Some("gpt_oss")
}

/// The sliding window and, when only some layers use it, the pattern in the catalog's words.
fn sliding(f: &Fields, kinds: Option<LayerKinds>) -> (Option<u32>, Option<String>) {
    let window = f
        .u32(&["sliding_window", "attention_chunk_size"])
        .filter(|&w| w > 0);
    if f.bool("use_sliding_window") == Some(false) || window.is_none() {
        return (None, None);
    }
    // The layer kinds give exact counts of windowed and global layers, whatever the ratio.
    if let Some(k) = kinds.filter(|k| k.attention > 0) {
        return match k.window_pattern() {
            Some(pattern) => (window, Some(pattern)),
            None if k.windowed > 0 => (window, None),
            None => (None, None),
        };
    }
    // (local, global) layers in one period of the pattern, exactly: a number p is p - 1
    // sliding layers then a global one; a string spells them ("LLLG").
    let (local, global) = if let Some(p) = f.u32(&["sliding_window_pattern"]).filter(|&p| p > 1) {
        (p - 1, 1)
    } else if let Some(p) = f.str("sliding_window_pattern").filter(|p| p.len() <= 1024) {
        let local = p.chars().filter(|c| *c == 'L').count() as u32;
        (local, p.chars().count() as u32 - local)
    } else if f.str("model_type") == Some("gemma2") {
        (1, 1)
    } else {
        (1, 0)
    };
    let pattern = match (local, global) {
        (0, _) => return (None, None),
        (_, 0) => None,
        (l, g) => Some(format!("{l} local per {g} global")),
    };
    (window, pattern)
}

/// The recurrent layers of a hybrid model (field names as in the Hugging Face configs):
/// `layer_types` ("mamba", "linear_attention" against "attention"/"full_attention"),
/// Qwen3-Next's `full_attention_interval`, Jamba's `attn_layer_period`, MiniMax's
/// `attn_type_list` (0 = lightning), Falcon-H1's parallel Mamba in every layer.
fn state_layers(f: &Fields, layers: u32, kinds: Option<LayerKinds>) -> Option<StateLayers> {
    let model_type = f.str("model_type").unwrap_or("");
    let count = |key: &str, pick: &dyn Fn(&Value) -> bool| -> Option<u32> {
        let list = f.get(key)?.as_array()?;
        Some(list.iter().filter(|v| pick(v)).count() as u32)
    };
    let is_state = |v: &Value| {
        v.as_str()
            .is_some_and(|s| s.contains("mamba") || s.contains("linear"))
    };
    let (state, attention) = if model_type == "falcon_h1" {
        (layers, layers)
    } else if let Some(k) = kinds.filter(|k| k.mamba + k.linear > 0) {
        (k.mamba + k.linear, k.attention)
    } else if let Some(n) = count("layer_types", &is_state).filter(|&n| n > 0) {
        (n, layers - n.min(layers))
    } else if let Some(n) = count("attn_type_list", &|v| v.as_u64() == Some(0)).filter(|&n| n > 0) {
        (n, layers - n.min(layers))
    } else if let Some(every) = f
        .u32(&["full_attention_interval", "attn_layer_period"])
        .filter(|&p| p > 1)
    {
        let attention = layers / every;
        (layers - attention, attention)
    } else {
        return None;
    };
    let kind = if f.get("linear_num_value_heads").is_some() {
        StateKind::GatedDeltanet
    } else if model_type.starts_with("minimax") {
        StateKind::Lightning
    } else if f.get("mamba_n_heads").is_some()
        || f.get("mamba_d_head").is_some()
        || f.get("mamba_num_heads").is_some()
    {
        StateKind::Mamba2
    } else {
        StateKind::Mamba
    };
    Some(StateLayers {
        kind,
        layers: state,
        attention_layers: attention,
        mamba_d_state: f.u32(&["mamba_d_state", "ssm_state_size"]),
        mamba_d_conv: f.u32(&["mamba_d_conv", "conv_kernel"]),
        mamba_n_heads: f.u32(&["mamba_n_heads", "mamba_num_heads"]),
        mamba_d_head: f.u32(&["mamba_d_head", "mamba_head_dim"]),
        mamba_n_groups: f.u32(&["mamba_n_groups", "n_groups", "mamba_num_groups"]),
        mamba_expand: f.u32(&["mamba_expand"]),
        linear_num_key_heads: f.u32(&["linear_num_key_heads"]),
        linear_num_value_heads: f.u32(&["linear_num_value_heads"]),
        linear_key_head_dim: f.u32(&["linear_key_head_dim"]),
        linear_value_head_dim: f.u32(&["linear_value_head_dim"]),
        linear_conv_kernel_dim: f.u32(&["linear_conv_kernel_dim"]),
        mamba_ssm_cache_dtype: f.str("mamba_ssm_cache_dtype").map(sanitize::clean),
        // Not read yet: with it vLLM's Mamba-2 groups would be sized in "all" mode, which
        // the catalog's entries are not (data/SOURCES.md, "vLLM's hybrid KV cache manager").
        mamba_chunk_size: None,
    })
}

/// Model types whose transformers config class ties the output head to the embeddings
/// when `tie_word_embeddings` is missing (`PretrainedConfig` defaults to tied; the Llama
/// family of classes sets it off).
const TIED_BY_DEFAULT: &[&str] = &[
    "gemma",
    "gemma2",
    "gemma3",
    "gemma3_text",
    "gemma3n",
    "smollm3",
    "gpt2",
    "bloom",
    "opt",
    "starcoder2",
    "cohere",
    "cohere2",
    "ernie4_5",
    "gpt_bigcode",
];

/// Whether a config without `tie_word_embeddings` ties them, as transformers reads it.
fn tied_by_default(model_type: &str) -> bool {
    TIED_BY_DEFAULT.contains(&model_type) || model_type.starts_with("gemma")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::Precision;
    use serde_json::json;

    #[test]
    fn llama_8b_counts_its_published_parameters() {
        let config = json!({
            "model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32,
            "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336,
            "vocab_size": 128256, "max_position_embeddings": 131072,
            "tie_word_embeddings": false, "torch_dtype": "bfloat16"
        });
        let spec = spec_from_config("meta-llama/Llama-3.1-8B", &config, None).unwrap();
        // 8,030,261,248 published; norms (266k) are left out.
        let published = 8_030_261_248.0;
        assert!((spec.params_total as f64 / published - 1.0).abs() < 0.001);
        assert_eq!(spec.attention, Attention::Gqa);
        assert_eq!(spec.native_precision, Precision::Bf16);
    }

    #[test]
    fn deepseek_v3_is_mla_moe_in_fp8_blocks() {
        let config = json!({
            "model_type": "deepseek_v3", "hidden_size": 7168, "num_hidden_layers": 61,
            "num_attention_heads": 128, "num_key_value_heads": 128, "intermediate_size": 18432,
            "moe_intermediate_size": 2048, "n_routed_experts": 256, "n_shared_experts": 1,
            "num_experts_per_tok": 8, "first_k_dense_replace": 3, "kv_lora_rank": 512,
            "q_lora_rank": 1536, "qk_rope_head_dim": 64, "qk_nope_head_dim": 128,
            "v_head_dim": 128, "vocab_size": 129280, "tie_word_embeddings": false,
            "quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]}
        });
        let spec = spec_from_config("deepseek-ai/DeepSeek-V3", &config, None).unwrap();
        assert_eq!(spec.attention, Attention::Mla);
        assert_eq!(spec.native_precision, Precision::Fp8Block);
        let moe = spec.moe.as_ref().unwrap();
        assert_eq!((moe.moe_layers, moe.dense_layers), (58, Some(3)));
        // 671B total, 37B active, as published (the MTP layer's 14B excluded).
        assert!(
            (spec.params_b() / 671.0 - 1.0).abs() < 0.01,
            "{}",
            spec.params_b()
        );
        assert!((spec.params_active as f64 / 37e9 - 1.0).abs() < 0.03);
    }

    #[test]
    fn gemma3_reads_its_text_config_and_local_layers() {
        let config = json!({
            "model_type": "gemma3", "text_config": {
                "model_type": "gemma3_text", "hidden_size": 2560, "num_hidden_layers": 34,
                "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
                "intermediate_size": 10240, "vocab_size": 262208, "sliding_window": 1024,
                "sliding_window_pattern": 6
            }
        });
        let spec = spec_from_config("google/gemma-3-4b-it", &config, None).unwrap();
        assert_eq!(spec.hidden_size, 2560);
        assert!(spec.tie_word_embeddings);
        assert_eq!(spec.sliding_window, Some(1024));
        assert!((spec.local_layer_fraction() - 5.0 / 6.0).abs() < 1e-9);
    }

    #[test]
    fn gpt_oss_qwen3_moe_mixtral_and_windows() {
        let types: Vec<&str> = (0..24)
            .map(|i| {
                if i % 2 == 0 {
                    "sliding_attention"
                } else {
                    "full_attention"
                }
            })
            .collect();
        let oss = json!({
            "model_type": "gpt_oss", "hidden_size": 2880, "intermediate_size": 2880,
            "num_hidden_layers": 24, "num_attention_heads": 64, "num_key_value_heads": 8,
            "head_dim": 64, "vocab_size": 201088, "num_local_experts": 32,
            "num_experts_per_tok": 4, "sliding_window": 128, "layer_types": types,
            "tie_word_embeddings": false, "quantization_config": {"quant_method": "mxfp4"}
        });
        let spec = spec_from_config("openai/gpt-oss-20b", &oss, None).unwrap();
        assert_eq!(spec.native_precision, Precision::Mxfp4);
        assert!((spec.local_layer_fraction() - 0.5).abs() < 1e-9);
        assert_eq!(spec.moe.as_ref().unwrap().moe_layers, 24);
        // 20.9B published (21B "total").
        assert!(
            (spec.params_b() / 20.9 - 1.0).abs() < 0.01,
            "{}",
            spec.params_b()
        );
        let qwen3 = json!({
            "model_type": "qwen3_moe", "hidden_size": 2048, "intermediate_size": 6144,
            "moe_intermediate_size": 768, "num_hidden_layers": 48, "num_attention_heads": 32,
            "num_key_value_heads": 4, "head_dim": 128, "vocab_size": 151936,
            "num_experts": 128, "num_experts_per_tok": 8, "decoder_sparse_step": 1,
            "mlp_only_layers": [], "tie_word_embeddings": false,
            "sliding_window": null, "use_sliding_window": false
        });
        let spec = spec_from_config("Qwen/Qwen3-30B-A3B", &qwen3, None).unwrap();
        assert!(
            (spec.params_b() / 30.5 - 1.0).abs() < 0.01,
            "{}",
            spec.params_b()
        );
        assert!((spec.params_active as f64 / 3.3e9 - 1.0).abs() < 0.03);
        assert_eq!(spec.sliding_window, None);
        let mixtral = json!({
            "model_type": "mixtral", "hidden_size": 4096, "intermediate_size": 14336,
            "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8,
            "vocab_size": 32000, "num_local_experts": 8, "num_experts_per_tok": 2,
            "sliding_window": null
        });
        let spec = spec_from_config("mistralai/Mixtral-8x7B-v0.1", &mixtral, None).unwrap();
        assert!(
            (spec.params_b() / 46.7 - 1.0).abs() < 0.01,
            "{}",
            spec.params_b()
        );
        let qwen2 = json!({
            "model_type": "qwen2", "hidden_size": 3584, "intermediate_size": 18944,
            "num_hidden_layers": 28, "num_attention_heads": 28, "num_key_value_heads": 4,
            "vocab_size": 152064, "sliding_window": 131072, "use_sliding_window": false
        });
        assert_eq!(
            spec_from_config("q/w", &qwen2, None)
                .unwrap()
                .sliding_window,
            None
        );
        let phi3 = json!({
            "model_type": "phi3", "hidden_size": 3072, "intermediate_size": 8192,
            "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32064,
            "sliding_window": 2047
        });
        let spec = spec_from_config("microsoft/Phi-3-mini-4k-instruct", &phi3, None).unwrap();
        assert_eq!(spec.attention, Attention::Mha);
        assert!((spec.local_layer_fraction() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn hybrid_layers_and_vision_towers_are_read() {
        let types: Vec<&str> = (0..40)
            .map(|i| if i % 10 == 5 { "attention" } else { "mamba" })
            .collect();
        let granite = json!({
            "model_type": "granitemoehybrid", "hidden_size": 1536, "intermediate_size": 4096,
            "num_hidden_layers": 40, "num_attention_heads": 12, "num_key_value_heads": 4,
            "vocab_size": 100352, "layer_types": types, "mamba_d_state": 128,
            "mamba_n_heads": 48, "mamba_d_head": 64, "mamba_n_groups": 1, "mamba_d_conv": 4
        });
        let spec = spec_from_config("ibm-granite/granite-4.0-h-tiny", &granite, None).unwrap();
        let state = spec.state_layers.as_ref().unwrap();
        assert_eq!(
            (state.kind, state.layers, state.attention_layers),
            (StateKind::Mamba2, 36, 4)
        );
        let next = json!({
            "model_type": "qwen3_next", "hidden_size": 2048, "intermediate_size": 5120,
            "num_hidden_layers": 48, "num_attention_heads": 16, "num_key_value_heads": 2,
            "vocab_size": 151936, "full_attention_interval": 4, "linear_num_value_heads": 32,
            "linear_num_key_heads": 16, "linear_key_head_dim": 128, "linear_value_head_dim": 128
        });
        let state = spec_from_config("Qwen/Qwen3-Next-80B-A3B", &next, None)
            .unwrap()
            .state_layers
            .unwrap();
        assert_eq!(
            (state.kind, state.layers, state.attention_layers),
            (StateKind::GatedDeltanet, 36, 12)
        );
        let gemma = json!({
            "model_type": "gemma3", "mm_tokens_per_image": 256,
            "vision_config": {"hidden_size": 1152, "intermediate_size": 4304, "num_hidden_layers": 27},
            "text_config": {"hidden_size": 2560, "num_hidden_layers": 34, "num_attention_heads": 8,
                "num_key_value_heads": 4, "head_dim": 256, "intermediate_size": 10240,
                "vocab_size": 262208}
        });
        let spec = spec_from_config("google/gemma-3-4b-it", &gemma, None).unwrap();
        assert_eq!(spec.tokens_per_image, Some(256));
        // SigLIP-So400m: ~0.42B with the projector; Gemma 3 4B is 4.3B in all.
        let vision = spec.vision_params.unwrap() as f64;
        assert!((vision / 0.42e9 - 1.0).abs() < 0.05, "{vision}");
        assert!(
            (spec.params_b() / 4.3 - 1.0).abs() < 0.02,
            "{}",
            spec.params_b()
        );
    }

    #[test]
    fn missing_fields_are_named() {
        let err = spec_from_config(
            "x/y",
            &json!({"model_type": "mamba", "hidden_size": 768}),
            None,
        )
        .unwrap_err();
        assert_eq!(
            err,
            ConfigError::Missing {
                model_type: "mamba".into(),
                missing: vec![
                    "num_hidden_layers",
                    "num_attention_heads",
                    "vocab_size",
                    "intermediate_size"
                ],
            }
        );
        assert_eq!(
            spec_from_config("x/y", &json!([1]), None),
            Err(ConfigError::NotAnObject)
        );
    }
}
