//! The kind of every layer of a config, under whichever name the config gives it.
//!
//! Hybrid checkpoints mix layer kinds, and both the parameter count and the memory that
//! grows with the context follow the kinds: only attention layers keep a KV cache, a
//! window caps it on sliding or chunked ones, Mamba-2 and Gated DeltaNet layers keep a
//! fixed state. The names: `hybrid_override_pattern` (Nemotron-H, one block per letter:
//! `M` Mamba-2, `*` attention, `-` MLP, `E` MoE), `layer_types` (full, sliding, chunked,
//! linear attention, mamba), `hybrid_layer_pattern` (MiMo: 1 = sliding window),
//! `full_attention_interval`, `attention_chunk_size` with `no_rope_layers` (Llama 4).

use super::config::Fields;
use serde_json::Value;

/// How many layers (or blocks) of each kind a model has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LayerKinds {
    /// Layers with softmax attention: each keeps a KV cache.
    pub attention: u32,
    /// Of those, the layers whose cache a window caps (sliding or chunked attention).
    pub windowed: u32,
    /// Mamba or Mamba-2 mixers.
    pub mamba: u32,
    /// Linear attention (Gated DeltaNet, lightning).
    pub linear: u32,
    /// Blocks that are a dense MLP alone (Nemotron-H's `-`).
    pub mlp_blocks: u32,
    /// Blocks that are a mixture of experts alone (Nemotron-H's `E`).
    pub moe_blocks: u32,
    /// Each block is one kind (Nemotron-H); else every layer is a mixer plus an MLP.
    pub blocks: bool,
}

/// The kinds of a config's `layers` layers, when a field names them; None when every
/// layer is plain attention with an MLP (or a window over all of them).
pub fn read(f: &Fields, layers: u32) -> Option<LayerKinds> {
    if let Some(pattern) = f.str("hybrid_override_pattern") {
        return Some(from_pattern(pattern));
    }
    if let Some(types) = f.get("layer_types").and_then(Value::as_array) {
        let mut k = LayerKinds::default();
        for t in types.iter().take(layers as usize) {
            let t = t.as_str().unwrap_or("full_attention");
            if t.contains("mamba") {
                k.mamba += 1;
            } else if t.contains("linear") {
                k.linear += 1;
            } else {
                k.attention += 1;
                if t.contains("sliding") || t.contains("chunked") || t.contains("local") {
                    k.windowed += 1;
                }
            }
        }
        return Some(k);
    }
    if let Some(pattern) = f.get("hybrid_layer_pattern").and_then(Value::as_array) {
        let windowed = pattern
            .iter()
            .take(layers as usize)
            .filter(|v| v.as_u64() == Some(1))
            .count() as u32;
        return Some(LayerKinds {
            attention: layers,
            windowed,
            ..LayerKinds::default()
        });
    }
    if f.u32(&["attention_chunk_size"]).is_some_and(|c| c > 0) {
        return Some(LayerKinds {
            attention: layers,
            windowed: chunked_layers(f, layers),
            ..LayerKinds::default()
        });
    }
    None
}

/// Which layers a window caps, layer by layer, when the config says: `layer_types`,
/// `hybrid_layer_pattern` (1 = sliding), Llama 4's chunked RoPE layers, a
/// `sliding_window_pattern` period (every p-th layer global, as Gemma 3) or spelled
/// ("LLLG"), Gemma 2's alternation (even layers sliding). None: no list to read.
pub fn window_flags(f: &Fields, layers: u32) -> Option<Vec<bool>> {
    let n = layers as usize;
    let listed = |key: &str, pick: fn(&Value) -> bool| -> Option<Vec<bool>> {
        let list = f.get(key)?.as_array()?;
        Some(list.iter().take(n).map(pick).collect())
    };
    if let Some(types) = listed("layer_types", |t| {
        t.as_str()
            .is_some_and(|t| t.contains("sliding") || t.contains("chunked") || t.contains("local"))
    }) {
        return Some(types);
    }
    if let Some(pattern) = listed("hybrid_layer_pattern", |v| v.as_u64() == Some(1)) {
        return Some(pattern);
    }
    if f.u32(&["attention_chunk_size"]).is_some_and(|c| c > 0) {
        if let Some(list) =
            listed("no_rope_layers", |v| v.as_u64() == Some(1)).filter(|l| !l.is_empty())
        {
            return Some(list);
        }
        let every = f.u32(&["no_rope_layer_interval"]).unwrap_or(4).max(1) as usize;
        return Some((0..n).map(|i| (i + 1) % every != 0).collect());
    }
    if let Some(p) = f.u32(&["sliding_window_pattern"]).filter(|&p| p > 1) {
        let p = p as usize;
        return Some((0..n).map(|i| (i + 1) % p != 0).collect());
    }
    if let Some(p) = f
        .str("sliding_window_pattern")
        .filter(|p| !p.is_empty() && p.len() <= 1024)
    {
        let letters: Vec<char> = p.chars().collect();
        return Some((0..n).map(|i| letters[i % letters.len()] == 'L').collect());
    }
    if f.str("model_type") == Some("gemma2") {
        return Some((0..n).map(|i| i % 2 == 0).collect());
    }
    None
}

/// Llama 4: layers with RoPE attend in chunks; every `no_rope_layer_interval`-th layer
/// (4 by default) has no RoPE and attends to the whole context. `no_rope_layers` lists
/// 1 for each RoPE (chunked) layer when the config spells it out.
fn chunked_layers(f: &Fields, layers: u32) -> u32 {
    if let Some(list) = f.get("no_rope_layers").and_then(Value::as_array)
        && !list.is_empty()
    {
        return list
            .iter()
            .take(layers as usize)
            .filter(|v| v.as_u64() == Some(1))
            .count() as u32;
    }
    let every = f.u32(&["no_rope_layer_interval"]).unwrap_or(4).max(1);
    layers - layers / every
}

/// Nemotron-H's pattern, one letter per block.
fn from_pattern(pattern: &str) -> LayerKinds {
    let mut k = LayerKinds {
        blocks: true,
        ..LayerKinds::default()
    };
    for c in pattern.chars() {
        match c {
            'M' => k.mamba += 1,
            '*' => k.attention += 1,
            '-' => k.mlp_blocks += 1,
            'E' => k.moe_blocks += 1,
            _ => {}
        }
    }
    k
}

impl LayerKinds {
    /// The sliding-window pattern in the catalog's words, with the exact counts ("36 local
    /// per 12 global"), or None when no layer has a window.
    pub fn window_pattern(&self) -> Option<String> {
        let global = self.attention - self.windowed.min(self.attention);
        (self.windowed > 0 && global > 0)
            .then(|| format!("{} local per {global} global", self.windowed))
    }
}
