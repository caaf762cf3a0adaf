//! Which layers of a checkpoint hold key and value projections, and how wide they are,
//! read from the tensor names and shapes of its safetensors headers.
//!
//! A config says how many KV heads of which size every layer has; the checkpoint shows
//! it. Projections are recognised under the names transformers checkpoints use: separate
//! `k_proj`/`v_proj` (Llama, Qwen, Mistral, Gemma and most others; `key`/`value` in
//! some), fused `qkv_proj`/`query_key_value`/`Wqkv` (Phi-3, Falcon, GPT-NeoX, MPT), and
//! MLA's `kv_a_proj_with_mqa`, whose output (the latent and the RoPE key) is what the
//! cache keeps, with DeepSeek V3.2's indexer key (`indexer.wk`). Weights are stored
//! `[out, in]`, so the first dimension is the width each token adds to the cache.
//! Pure: no I/O.

use super::safetensors::unpacked;
use crate::catalog::KvLayout;
use std::collections::BTreeMap;

/// Layer indices past this are not a real decoder's (the largest have ~130 layers); a
/// hostile header cannot grow the map beyond it.
const MAX_LAYER: u32 = 1 << 16;

/// Widest k/v projection taken from a header: a real one is a few thousand values (a 70B
/// MHA model's is 8,192; a fused qkv of 64 heads x 256, 49,152). A wider one is a hostile
/// or broken header, and the config's figures stand.
const MAX_WIDTH: u64 = 1 << 20;

/// Output widths of one layer's projections, in values per token.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LayerProjections {
    pub key: u64,
    pub value: u64,
    /// A fused query-key-value projection: the query's width is taken off with the
    /// config's heads.
    pub fused: u64,
    /// MLA's compressed KV (latent plus RoPE key) and the sparse-attention indexer's key.
    pub latent: u64,
}

/// The k/v projections of a checkpoint, by decoder layer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KvProjections {
    pub layers: BTreeMap<u32, LayerProjections>,
    /// A k/v projection stored packed (GPTQ, AWQ, NVFP4) or in an unknown shape: its
    /// width cannot be read, so the config's stands for the whole model.
    pub unreadable: bool,
}

/// The part of a tensor name that says which projection it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Projection {
    Key,
    Value,
    Fused,
    Latent,
}

/// Towers and extra heads whose attention is not the decoder's KV cache.
const NOT_DECODER: &[&str] = &[
    "vision",
    "visual",
    "audio",
    "speech",
    "encoder",
    "mtp",
    "projector",
    "image",
];

/// The decoder layer a tensor belongs to; None for towers, MTP heads and tensors of no
/// layer (embeddings, final norm, head).
pub fn decoder_layer(name: &str) -> Option<u32> {
    if NOT_DECODER.iter().any(|t| name.contains(t)) {
        return None;
    }
    layer_index(name)
}

/// Multi-token-prediction heads (`mtp`, GLM's `nextn`): loaded only for speculative
/// decoding and left out of the published counts.
pub fn is_mtp(name: &str) -> bool {
    name.contains("mtp") || name.contains("nextn")
}

/// The projection a weight's name is, and its decoder layer.
fn classify(name: &str) -> Option<(u32, Projection)> {
    let stem = name.strip_suffix(".weight")?;
    let mut parts = stem.rsplit('.');
    let last = parts.next()?;
    let kind = match last {
        "k_proj" | "key" | "wk" if !stem.ends_with("indexer.wk") => Projection::Key,
        "v_proj" | "value" | "wv" => Projection::Value,
        "qkv_proj" | "query_key_value" | "Wqkv" => Projection::Fused,
        "kv_a_proj_with_mqa" => Projection::Latent,
        "wk" => Projection::Latent,
        _ => return None,
    };
    Some((decoder_layer(stem)?, kind))
}

/// The number after `layers.` (or `h.`, `blocks.`) in a tensor name.
fn layer_index(stem: &str) -> Option<u32> {
    let parts: Vec<&str> = stem.split('.').collect();
    parts.windows(2).find_map(|w| {
        matches!(w[0], "layers" | "h" | "blocks" | "layer")
            .then(|| w[1].parse::<u32>().ok())
            .flatten()
            .filter(|&i| i < MAX_LAYER)
    })
}

impl KvProjections {
    /// Note one tensor; `first` is its shape's first dimension, `rank` its dimensions.
    pub fn note(&mut self, name: &str, dtype: &str, first: Option<u64>, rank: u32) {
        let Some((layer, kind)) = classify(name) else {
            return;
        };
        let Some(width) = first.filter(|&w| unpacked(dtype) && rank == 2 && w <= MAX_WIDTH) else {
            self.unreadable = true;
            return;
        };
        let p = self.layers.entry(layer).or_default();
        let slot = match kind {
            Projection::Key => &mut p.key,
            Projection::Value => &mut p.value,
            Projection::Fused => &mut p.fused,
            Projection::Latent => &mut p.latent,
        };
        *slot = slot.saturating_add(width);
    }

    /// Add another shard's projections (a layer may be split over two shards).
    pub fn add(&mut self, other: &KvProjections) {
        self.unreadable |= other.unreadable;
        for (layer, o) in &other.layers {
            let p = self.layers.entry(*layer).or_default();
            p.key = p.key.saturating_add(o.key);
            p.value = p.value.saturating_add(o.value);
            p.fused = p.fused.saturating_add(o.fused);
            p.latent = p.latent.saturating_add(o.latent);
        }
    }

    /// Values one token keeps per layer, summed over the global and the windowed layers.
    /// `query_width` (heads x head dim) is taken off fused projections; `windowed` says
    /// which layers a window caps, when the config lists them, else `local_fraction` of
    /// the values are. Layers at or past `layers` (MTP heads) are not the decoder's.
    /// None when a projection could not be read or none was found.
    pub fn layout(
        &self,
        layers: u32,
        query_width: u64,
        windowed: Option<&[bool]>,
        local_fraction: f64,
    ) -> Option<KvLayout> {
        if self.unreadable {
            return None;
        }
        let mut out = KvLayout::default();
        for (&i, p) in self.layers.range(..layers) {
            let fused = p.fused.saturating_sub(query_width);
            // Keys without a value projection are values too (Gemma 4's `attention_k_eq_v`
            // full-attention layers): the cache still holds both.
            let value = if p.value == 0 { p.key } else { p.value };
            let values = p.key + value + fused + p.latent;
            if values == 0 {
                continue;
            }
            out.layers += 1;
            match windowed {
                Some(w) if w.get(i as usize) == Some(&true) => out.local_values += values,
                _ => out.global_values += values,
            }
        }
        if out.layers == 0 {
            return None;
        }
        if windowed.is_none() && local_fraction > 0.0 {
            let all = out.global_values as f64;
            out.local_values = (all * local_fraction).round() as u64;
            out.global_values -= out.local_values.min(out.global_values);
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(tensors: &[(&str, &str, u64)]) -> KvProjections {
        let mut kv = KvProjections::default();
        for (name, dtype, first) in tensors {
            kv.note(name, dtype, Some(*first), 2);
        }
        kv
    }

    #[test]
    fn names_of_the_common_layouts() {
        let kv = of(&[
            ("model.layers.0.self_attn.k_proj.weight", "BF16", 1024),
            ("model.layers.0.self_attn.v_proj.weight", "BF16", 1024),
            ("model.layers.0.self_attn.q_proj.weight", "BF16", 4096),
            (
                "model.layers.1.self_attn.qkv_proj.weight",
                "BF16",
                4096 + 2048,
            ),
            (
                "model.layers.2.self_attn.kv_a_proj_with_mqa.weight",
                "F8_E4M3",
                576,
            ),
            ("model.layers.2.self_attn.indexer.wk.weight", "BF16", 128),
            ("model.visual.blocks.0.attn.k_proj.weight", "BF16", 1152),
            (
                "model.layers.61.self_attn.kv_a_proj_with_mqa.weight",
                "BF16",
                576,
            ),
        ]);
        let layout = kv.layout(61, 4096, None, 0.0).unwrap();
        assert_eq!(layout.layers, 3);
        assert_eq!(layout.global_values, 2048 + 2048 + 576 + 128);
    }

    #[test]
    fn windows_by_layer_or_by_share_and_packed_weights_give_none() {
        let kv = of(&[
            ("model.layers.0.self_attn.k_proj.weight", "BF16", 512),
            ("model.layers.0.self_attn.v_proj.weight", "BF16", 512),
            ("model.layers.1.self_attn.k_proj.weight", "BF16", 256),
            ("model.layers.1.self_attn.v_proj.weight", "BF16", 256),
        ]);
        let w = kv.layout(2, 0, Some(&[false, true]), 0.5).unwrap();
        assert_eq!((w.global_values, w.local_values), (1024, 512));
        let share = kv.layout(2, 0, None, 0.5).unwrap();
        assert_eq!((share.global_values, share.local_values), (768, 768));
        let mut k_eq_v = KvProjections::default();
        k_eq_v.note(
            "model.layers.0.self_attn.k_proj.weight",
            "BF16",
            Some(2048),
            2,
        );
        assert_eq!(k_eq_v.layout(1, 0, None, 0.0).unwrap().global_values, 4096);
        let mut packed = kv.clone();
        packed.note("model.layers.2.self_attn.k_proj.weight", "I32", Some(8), 2);
        assert_eq!(packed.layout(3, 0, None, 0.0), None);
        assert_eq!(KvProjections::default().layout(2, 0, None, 0.0), None);
    }
}
