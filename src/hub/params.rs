//! Parameter counts from a config's shapes, layer kind by layer kind: attention (plain,
//! gated or MLA), Gated DeltaNet and Mamba-2 mixers, dense and expert MLPs, a vision tower.
//!
//! Pure. Norms and biases are left out (< 0.1 %); a safetensors header, when there is one,
//! gives the exact count instead.

use super::config::Fields;
use super::layers::LayerKinds;
use crate::catalog::ModelSpec;
use serde_json::Value;

/// Total and active parameters from the shapes (norms and biases left out: < 0.1 %),
/// layer kind by layer kind. Saturating arithmetic: absurd shapes give a huge count that
/// the caller refuses, never a wrapped small one.
pub(super) fn param_counts(m: &ModelSpec, f: &Fields, kinds: Option<LayerKinds>) -> (u64, u64) {
    let h = u64::from(m.hidden_size);
    let heads = u64::from(m.num_attention_heads);
    let embed = u64::from(m.vocab_size).saturating_mul(h);
    let head = if m.tie_word_embeddings { 0 } else { embed };
    let attn = match (m.kv_lora_rank, m.qk_rope_head_dim) {
        (Some(rank), Some(rope)) => {
            let (rank, rope) = (u64::from(rank), u64::from(rope));
            let nope = f.u64(&["qk_nope_head_dim"]).unwrap_or(128);
            let v = f.u64(&["v_head_dim"]).unwrap_or(128);
            let q = match f.u64(&["q_lora_rank"]) {
                Some(qr) => h * qr + qr * heads * (nope + rope),
                None => h * heads * (nope + rope),
            };
            q + h * (rank + rope) + rank * heads * (nope + v) + heads * v * h
        }
        _ => {
            let d = u64::from(m.head_dim());
            let kv = u64::from(m.num_key_value_heads);
            // A gated output (Qwen3-Next, Qwen3.5) doubles the query projection.
            let q = if gated_attention(f) { 2 } else { 1 };
            (q + 1) * h * heads * d + 2 * h * kv * d
        }
    };
    let attention_total = |layers: u64| match (m.global_head_dim, kinds) {
        (Some(_), Some(k)) => split_attention(m, f, k),
        _ => layers.saturating_mul(attn),
    };
    let layers = u64::from(m.num_hidden_layers);
    // Gated MLPs (SwiGLU, GeGLU) have three matrices; the GELU MLPs of GPT-2-era
    // architectures and Nemotron-H's squared-ReLU ones two.
    let matrices: u64 = if NON_GATED.contains(&m.family.as_str()) {
        2
    } else {
        3
    };
    let dense_mlp = matrices * h * u64::from(m.intermediate_size);
    let k = kinds.unwrap_or(LayerKinds {
        attention: m.num_hidden_layers,
        ..LayerKinds::default()
    });
    let (attention_layers, linear_layers, mamba_layers) = (
        u64::from(k.attention),
        u64::from(k.linear),
        u64::from(k.mamba),
    );
    let mixers = attention_total(attention_layers)
        .saturating_add(linear_layers.saturating_mul(linear_attention_params(f, h)))
        .saturating_add(mamba_layers.saturating_mul(mamba_params(m, f, h)));
    // Every layer holds an MLP, except in a model of single-kind blocks.
    let mlp_layers = if k.blocks {
        u64::from(k.mlp_blocks + k.moe_blocks)
    } else {
        layers
    };
    let (mlp_total, mlp_active) = match &m.moe {
        Some(moe) => {
            let width = u64::from(moe.expert_intermediate_size);
            let shared = u64::from(moe.shared_experts).saturating_mul(matrices * h * width);
            // Latent experts (Nemotron 3 Super) work in a narrower width, behind a down
            // and an up projection per layer; shared experts keep the hidden size.
            let (routed, latent_proj) = match moe.latent_size.map(u64::from) {
                Some(l) => (matrices * l * width, 2 * h * l),
                None => (matrices * h * width, 0),
            };
            let moe_layers = u64::from(moe.moe_layers).min(mlp_layers);
            let dense_layers = mlp_layers - moe_layers;
            let per_layer = |n: u64| {
                n.saturating_mul(routed)
                    .saturating_add(shared)
                    .saturating_add(latent_proj)
                    .saturating_add(h * u64::from(moe.num_experts))
            };
            let dense = dense_layers.saturating_mul(dense_mlp);
            (
                moe_layers
                    .saturating_mul(per_layer(u64::from(moe.num_experts)))
                    .saturating_add(dense),
                moe_layers
                    .saturating_mul(per_layer(u64::from(moe.experts_per_token)))
                    .saturating_add(dense),
            )
        }
        None => {
            let all = mlp_layers.saturating_mul(dense_mlp);
            (all, all)
        }
    };
    let fixed = embed
        .saturating_add(head)
        .saturating_add(mixers)
        .saturating_add(vision_params(f));
    (
        fixed.saturating_add(mlp_total),
        fixed.saturating_add(mlp_active),
    )
}

/// Attention of a model whose full-attention layers have their own head size and KV heads
/// (Gemma 4): the sliding layers' q/k/v/o at `head_dim` with the local KV heads, the
/// global layers' at `global_head_dim`, their values the keys themselves when
/// `attention_k_eq_v` (no v_proj).
fn split_attention(m: &ModelSpec, f: &Fields, k: LayerKinds) -> u64 {
    let h = u64::from(m.hidden_size);
    let heads = u64::from(m.num_attention_heads);
    let (d, global_d) = (
        u64::from(m.head_dim()),
        u64::from(m.global_head_dim.unwrap_or(m.head_dim())),
    );
    let global_kv = u64::from(m.num_key_value_heads);
    let local_kv = u64::from(m.local_num_key_value_heads.unwrap_or(m.num_key_value_heads));
    let kv_matrices = if f.bool("attention_k_eq_v") == Some(true) {
        1
    } else {
        2
    };
    let local = 2 * h * heads * d + 2 * h * local_kv * d;
    let global = 2 * h * heads * global_d + kv_matrices * h * global_kv * global_d;
    let windowed = u64::from(k.windowed.min(k.attention));
    let full = u64::from(k.attention) - windowed;
    windowed
        .saturating_mul(local)
        .saturating_add(full.saturating_mul(global))
}

/// Whether attention has an output gate (a second query-sized projection).
pub(super) fn gated_attention(f: &Fields) -> bool {
    f.bool("attn_output_gate").unwrap_or_else(|| {
        f.str("model_type")
            .is_some_and(|t| t.starts_with("qwen3_next") || t.starts_with("qwen3_5"))
    })
}

/// One Gated DeltaNet layer: the q/k/v/z and b/a projections, the short convolution over
/// q, k and v, and the output projection.
fn linear_attention_params(f: &Fields, h: u64) -> u64 {
    let g = |k: &str| f.u64(&[k]).unwrap_or(0);
    let keys = g("linear_num_key_heads") * g("linear_key_head_dim");
    let values = g("linear_num_value_heads") * g("linear_value_head_dim");
    let conv = g("linear_conv_kernel_dim");
    h * (2 * keys + 2 * values)
        + h * 2 * g("linear_num_value_heads")
        + (2 * keys + values) * conv
        + values * h
}

/// One Mamba-2 mixer: the input projection (x, z, B, C and dt), the convolution over x,
/// B and C, and the output projection.
fn mamba_params(m: &ModelSpec, f: &Fields, h: u64) -> u64 {
    let Some(s) = m.state_layers.as_ref() else {
        return 0;
    };
    let v = |x: Option<u32>| u64::from(x.unwrap_or(0));
    let heads = v(s.mamba_n_heads);
    let inner = match heads * v(s.mamba_d_head) {
        0 => u64::from(f.u32(&["mamba_expand", "expand"]).unwrap_or(2)) * h,
        n => n,
    };
    let groups_state = 2 * v(s.mamba_n_groups).max(1) * v(s.mamba_d_state);
    h * (2 * inner + groups_state + heads) + (inner + groups_state) * v(s.mamba_d_conv) + inner * h
}

/// Architectures whose MLP is up and down only.
const NON_GATED: &[&str] = &[
    "gpt2",
    "gpt_neox",
    "gptj",
    "falcon",
    "bloom",
    "opt",
    "phi",
    "gpt_bigcode",
    "starcoder2",
    "mpt",
    "nemotron_h",
];

/// A vision tower from `vision_config` (ViT layers: attention 4 h^2, MLP 2 h x inter) and
/// its projector into the text model; 0 for text-only configs.
pub(super) fn vision_params(f: &Fields) -> u64 {
    let Some(v) = f.top.get("vision_config").and_then(Value::as_object) else {
        return 0;
    };
    // Kimi K2.5's MoonViT names its fields `vt_*`.
    let get = |keys: &[&str]| {
        keys.iter()
            .find_map(|k| v.get(*k).and_then(Value::as_u64))
            .unwrap_or(0)
    };
    let h = get(&["hidden_size", "vt_hidden_size"]);
    let inter = get(&["intermediate_size", "vt_intermediate_size"]);
    let layers = get(&["num_hidden_layers", "vt_num_hidden_layers"]).max(get(&["depth"]));
    let text_hidden = f.u64(&["hidden_size"]).unwrap_or(0);
    let per_layer = h
        .saturating_mul(h)
        .saturating_mul(4)
        .saturating_add(h.saturating_mul(inter).saturating_mul(2));
    layers
        .saturating_mul(per_layer)
        .saturating_add(h.saturating_mul(text_hidden))
}

#[cfg(test)]
mod latent_moe {
    use crate::hub::config::spec_from_config;

    /// Nemotron 3 Super's latent experts: routed experts of 2 x 16 x 8 (squared ReLU, two
    /// matrices) behind a 64 -> 16 -> 64 projection; the shared expert stays 64 wide.
    #[test]
    fn latent_experts_are_counted_in_their_width() {
        let config = serde_json::json!({"model_type": "nemotron_h", "hidden_size": 64,
            "num_hidden_layers": 2, "hybrid_override_pattern": "*E",
            "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16,
            "intermediate_size": 8, "moe_intermediate_size": 8, "moe_latent_size": 16,
            "moe_shared_expert_intermediate_size": 8, "n_routed_experts": 4,
            "num_experts_per_tok": 2, "vocab_size": 100, "tie_word_embeddings": false});
        let spec = spec_from_config("t/latent", &config, None).expect("read");
        assert_eq!(spec.moe.as_ref().and_then(|m| m.latent_size), Some(16));
        let attention = 2 * 64 * 4 * 16 + 2 * 64 * 2 * 16;
        let fixed = 2 * 100 * 64 + attention;
        let layer = |n: u64| n * 2 * 16 * 8 + 2 * 64 * 8 + 2 * 64 * 16 + 64 * 4;
        assert_eq!(spec.params_total, fixed + layer(4));
        assert_eq!(spec.params_active, fixed + layer(2));
        assert_eq!(spec.expert_params(), 4 * 3 * 16 * 8);
    }
}

#[cfg(test)]
mod catalog_check {
    use crate::catalog::Catalog;
    use crate::catalog::{Attention, ModelSpec};
    use crate::hub::config::spec_from_config;
    use serde_json::Value;

    /// A catalog entry written back as the config.json its fields come from.
    fn as_config(m: &ModelSpec) -> Value {
        let family = match m.family.as_str() {
            "gpt-neox" | "pythia" => "gpt_neox",
            "phi-2" => "phi",
            f => f,
        };
        let mut c = serde_json::json!({
            "model_type": family, "hidden_size": m.hidden_size,
            "intermediate_size": m.intermediate_size, "num_hidden_layers": m.num_hidden_layers,
            "num_attention_heads": m.num_attention_heads,
            "num_key_value_heads": m.num_key_value_heads, "head_dim": m.head_dim,
            "vocab_size": m.vocab_size, "tie_word_embeddings": m.tie_word_embeddings,
        });
        if let Some(moe) = &m.moe {
            c["num_local_experts"] = moe.num_experts.into();
            c["num_experts_per_tok"] = moe.experts_per_token.into();
            c["moe_intermediate_size"] = moe.expert_intermediate_size.into();
            c["n_shared_experts"] = moe.shared_experts.into();
            if let Some(l) = moe.latent_size {
                c["moe_latent_size"] = l.into();
            }
            c["first_k_dense_replace"] = (m.num_hidden_layers - moe.moe_layers).into();
        }
        c
    }

    /// The converter counts the catalog's dense and MoE models within 1 %: what it leaves
    /// out (norms, biases) is small.
    #[test]
    fn parameter_counts_match_the_catalog() {
        let mut checked = 0;
        let mut worst = (0.0f64, String::new());
        for m in &Catalog::get().models {
            // MLA needs fields the catalog does not keep; Gemma 3's counts include a vision
            // tower its text fields do not describe; Falcon's fused QKV groups and BLOOM's
            // ALiBi layout are not the shapes read here; hybrids' recurrent layers are
            // counted by their own shapes.
            if m.attention == Attention::Mla
                || m.family.contains("bloom")
                || m.family == "falcon"
                || (m.family.starts_with("gemma-3") && m.id != "gemma-3-1b")
            {
                continue;
            }
            // Gemma 4's full-attention layers (their own head size, values that are their
            // keys) and DeciLM's per-block widths need fields the catalog keeps as data
            // only: tests/it/catalog_params.rs checks them.
            if m.state_layers.is_some() || m.global_head_dim.is_some() || m.kv_layout.is_some() {
                continue;
            }
            let spec = spec_from_config(&m.id, &as_config(m), None).unwrap();
            // The config written back has no vision_config: add the tower the catalog records.
            let counted = spec.params_total + m.vision_params.unwrap_or(0);
            let ratio = counted as f64 / m.params_total as f64;

            if (ratio - 1.0).abs() > worst.0 {
                worst = ((ratio - 1.0).abs(), m.id.clone());
            }
            assert!((ratio - 1.0).abs() < 0.01, "{}: {ratio}", m.id);
            // gpt-oss's published active count leaves its embeddings out.
            let active = spec.params_active as f64 / m.params_active as f64;
            assert!((active - 1.0).abs() < 0.2, "{} active: {active}", m.id);
            checked += 1;
        }
        assert!(checked >= 100, "{checked}");
        println!(
            "{checked} models, worst {:.2} % ({})",
            worst.0 * 100.0,
            worst.1
        );
    }
}
