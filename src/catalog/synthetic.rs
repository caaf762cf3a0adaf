//! Architectures for models known only by their size ("a 13b model").
//!
//! The KV cache and activations depend on layers, heads and widths, not on the parameter
//! count alone. We borrow the shape of the dense catalog model closest in size (Llama,
//! Qwen or Mistral: modern GQA decoders) and rescale its depth so the count matches.

use super::{Attention, Catalog, ModelSpec};

/// Families whose shapes are typical of current dense decoders.
const REFERENCE_FAMILIES: &[&str] = &[
    "llama-2",
    "llama-3",
    "llama-3.1",
    "llama-3.2",
    "qwen2.5",
    "mistral",
];

/// A plausible dense architecture with `params_b` billion parameters.
pub fn synthetic_model(catalog: &Catalog, params_b: f64) -> ModelSpec {
    let target = params_b * 1e9;
    let reference = catalog
        .models
        .iter()
        .filter(|m| m.moe.is_none() && REFERENCE_FAMILIES.contains(&m.family.as_str()))
        .filter(|m| m.attention == Attention::Gqa)
        .min_by(|a, b| {
            let da = (a.params_total as f64 / target).ln().abs();
            let db = (b.params_total as f64 / target).ln().abs();
            da.total_cmp(&db)
        })
        .unwrap_or(&catalog.models[0]);
    let embed = reference.embedding_params() as f64
        * if reference.tie_word_embeddings {
            1.0
        } else {
            2.0
        };
    let per_layer =
        (reference.params_total as f64 - embed) / f64::from(reference.num_hidden_layers);
    let layers = ((target - embed) / per_layer).round().clamp(1.0, 100_000.0) as u32;
    let label = format_size(params_b);
    ModelSpec {
        id: format!("generic-{label}"),
        display_name: format!("{label} model (shape of {})", reference.display_name),
        family: "generic".to_string(),
        aliases: Vec::new(),
        params_total: target.round() as u64,
        params_active: target.round() as u64,
        num_hidden_layers: layers,
        moe: None,
        sliding_window: None,
        sliding_window_pattern: None,
        release: None,
        // The facts are the reference model's: its entry carries the sources.
        sources: reference.sources.clone(),
        synthetic: true,
        shape_of: Some(reference.id.clone()),
        state_layers: None,
        vision_params: None,
        tokens_per_image: None,
        origin: None,
        weight_file: None,
        // The shape of another model, not its weights: there is no repo to serve.
        hub_id: None,
        // Every layer full attention at the reference's head size: no per-layer KV count,
        // no separate full-attention head size.
        kv_layout: None,
        param_groups: None,
        global_head_dim: None,
        ..reference.clone()
    }
}

pub(super) fn format_size(params_b: f64) -> String {
    if params_b.fract() == 0.0 {
        format!("{params_b:.0}b")
    } else {
        format!("{params_b}b")
    }
}

/// `reference` rescaled in depth to `total_b` billion parameters (and `active_b` active,
/// for a mixture of experts): the shape of a known model of the family, at the size a name
/// gives. Layer groups (MoE and dense layers, recurrent and attention layers) keep their
/// shares.
pub(super) fn scaled_like(reference: &ModelSpec, total_b: f64, active_b: Option<f64>) -> ModelSpec {
    let target = total_b * 1e9;
    let layers_before = f64::from(reference.num_hidden_layers.max(1));
    let embed = reference.embedding_and_head_params() as f64;
    let body = (reference.params_total as f64 - embed).max(1.0);
    let per_layer = body / layers_before;
    let layers = ((target - embed) / per_layer).round().clamp(1.0, 10_000.0);
    let ratio = layers / layers_before;
    let scale = |n: u32| ((f64::from(n) * ratio).round() as u32).min(layers as u32);
    let active_body = (reference.params_active as f64 - embed).max(0.0);
    let active = match active_b {
        Some(a) => a * 1e9,
        None => embed + active_body / layers_before * layers,
    }
    .clamp(1.0, target);
    let moe = reference.moe.clone().map(|mut m| {
        m.moe_layers = scale(m.moe_layers).max(1);
        m.dense_layers = m.dense_layers.map(scale);
        m
    });
    let state_layers = reference.state_layers.clone().map(|mut s| {
        s.layers = scale(s.layers);
        s.attention_layers = scale(s.attention_layers).max(1);
        s
    });
    ModelSpec {
        params_total: target.round() as u64,
        params_active: active.round() as u64,
        num_hidden_layers: layers as u32,
        moe,
        state_layers,
        release: None,
        sources: reference.sources.clone(),
        synthetic: true,
        shape_of: Some(reference.id.clone()),
        origin: None,
        weight_file: None,
        hub_id: None,
        aliases: Vec::new(),
        // A per-layer KV count is the reference's own layers, not the scaled ones.
        kv_layout: None,
        param_groups: None,
        ..reference.clone()
    }
}
