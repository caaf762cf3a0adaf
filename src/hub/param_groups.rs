//! Which group a checkpoint tensor's parameters belong to, from its name (and, for experts
//! stored as one 3-D tensor per layer, its first dimension): embeddings, head, attention
//! (and recurrent mixers), dense MLP, routed and shared experts, vision tower, MTP heads.
//! Pure: no I/O.

use super::kv_layout::{decoder_layer, is_mtp};
use crate::catalog::{ModelSpec, ParamGroups};
use std::collections::BTreeMap;

/// Names of vision (and audio) towers and their projectors (`vision_tower`, Qwen's
/// `visual`, `multi_modal_projector`, `mm_projector`, `image_newline`, `audio_tower`):
/// they load with the weights whatever the prompt holds.
const VISION: &[&str] = &[
    "vision",
    "visual",
    "image",
    "projector",
    "multi_modal",
    "audio",
];

/// Mixers of a decoder layer: attention in its spellings, Mamba and linear attention.
const MIXER: &[&str] = &[
    "self_attn",
    ".attn.",
    ".attention.",
    "linear_attn",
    ".mixer.",
    ".mamba.",
];

/// Dense MLPs and MoE routers.
const MLP: &[&str] = &[".mlp.", "feed_forward", ".ffn.", "block_sparse_moe"];

/// Parameter groups of a set of headers, per decoder layer so layers past the config's
/// count (DeepSeek V3's MTP layer) can be left out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GroupCounts {
    /// Tensors of no decoder layer: embeddings, head, towers, final norm, MTP heads.
    top: ParamGroups,
    layers: BTreeMap<u32, ParamGroups>,
    /// Routed experts per layer: the highest expert index plus one, or the first
    /// dimension of a fused 3-D expert tensor. Merged by maximum (a layer's experts may be
    /// split over shards).
    experts: BTreeMap<u32, u64>,
}

impl GroupCounts {
    /// Count `n` parameters of the tensor `name`, whose shape has `rank` dimensions, the
    /// first `first`.
    pub fn note(&mut self, name: &str, n: u64, rank: u32, first: Option<u64>) {
        if is_mtp(name) {
            self.top.mtp = self.top.mtp.saturating_add(n);
            return;
        }
        let layer = decoder_layer(name);
        let groups = match layer {
            Some(l) => self.layers.entry(l).or_default(),
            None => &mut self.top,
        };
        let slot = group(name, layer.is_some(), groups);
        *slot = slot.saturating_add(n);
        if let (Some(l), Some(count)) = (layer, expert_count(name, rank, first)) {
            let seen = self.experts.entry(l).or_default();
            *seen = (*seen).max(count);
        }
    }

    /// Counts already grouped (a GGUF header's), outside any layer.
    pub fn from_groups(top: ParamGroups) -> GroupCounts {
        GroupCounts {
            top,
            ..GroupCounts::default()
        }
    }

    /// Add another shard's counts.
    pub fn add(&mut self, other: &GroupCounts) {
        self.top.add(&other.top);
        for (l, g) in &other.layers {
            self.layers.entry(*l).or_default().add(g);
        }
        for (l, &c) in &other.experts {
            let seen = self.experts.entry(*l).or_default();
            *seen = (*seen).max(c);
        }
    }

    /// The groups of a model of `layers` decoder layers; layers past it count as MTP.
    pub fn model(&self, layers: u32) -> ParamGroups {
        let mut g = self.top;
        for (l, lg) in &self.layers {
            if *l < layers {
                g.add(lg);
            } else {
                g.mtp = g.mtp.saturating_add(lg.total());
            }
        }
        let routed: Vec<u64> = self
            .experts
            .range(..layers)
            .map(|(_, &c)| c)
            .filter(|&c| c > 0)
            .collect();
        g.expert_instances = g.expert_instances.saturating_add(routed.iter().sum());
        g.expert_layers = g.expert_layers.saturating_add(routed.len() as u64);
        g
    }
}

/// Count `n` parameters of the GGUF tensor `name` (llama.cpp's names: `token_embd`,
/// `output`, `blk.N.attn_*`, `ssm_*`, `ffn_*_exps` for routed experts stored as one
/// `[in, out, experts]` tensor, `ffn_*_shexp` for shared ones). `experts` is the last
/// dimension of a 3-D tensor. MTP blocks are the caller's to leave out.
pub fn note_gguf(g: &mut ParamGroups, name: &str, n: u64, experts: Option<u64>) {
    let tensor = match name.strip_prefix("blk.") {
        Some(rest) => rest.split_once('.').map_or(rest, |(_, t)| t),
        None => {
            let slot = match name {
                "token_embd.weight" => &mut g.embeddings,
                "output.weight" => &mut g.head,
                _ => &mut g.other,
            };
            *slot = slot.saturating_add(n);
            return;
        }
    };
    let slot = if tensor.contains("_exps") {
        // One down projection per MoE layer: its last dimension is that layer's experts.
        if tensor.starts_with("ffn_down_exps") {
            g.expert_instances = g.expert_instances.saturating_add(experts.unwrap_or(0));
            g.expert_layers += 1;
        }
        &mut g.experts
    } else if tensor.contains("_shexp") {
        &mut g.shared_experts
    } else if tensor.contains("norm") {
        &mut g.other
    } else if tensor.starts_with("attn_") || tensor.starts_with("ssm_") {
        &mut g.attention
    } else if tensor.starts_with("ffn_") {
        &mut g.mlp
    } else {
        &mut g.other
    };
    *slot = slot.saturating_add(n);
}

/// Put a checkpoint's groups on the spec built from its config, when they add up to the
/// count the spec took from the same headers: the vision tower's size, and the active
/// count of an MoE with its routed experts counted one by one (the config's shapes leave
/// out biases, norms and the odd dense layer, and a share of them drifts).
pub fn apply(spec: &mut ModelSpec, groups: ParamGroups) {
    if groups.total() != spec.params_total {
        return;
    }
    spec.vision_params = Some(groups.vision).filter(|&v| v > 0);
    if let Some(active) = spec
        .moe
        .as_ref()
        .and_then(|m| groups.active(m.experts_per_token))
    {
        spec.params_active = active.clamp(1, spec.params_total);
    }
    spec.param_groups = Some(groups);
}

/// The field of `g` a tensor's parameters go to.
fn group<'a>(name: &str, in_layer: bool, g: &'a mut ParamGroups) -> &'a mut u64 {
    if VISION.iter().any(|v| name.contains(v)) {
        &mut g.vision
    } else if !in_layer && is_embedding(name) {
        &mut g.embeddings
    } else if !in_layer && is_head(name) {
        &mut g.head
    } else if !in_layer {
        &mut g.other
    } else if name.contains("shared_expert") {
        &mut g.shared_experts
    } else if name.contains(".experts.") {
        &mut g.experts
    } else if MIXER.iter().any(|m| name.contains(m)) {
        &mut g.attention
    } else if MLP.iter().any(|m| name.contains(m)) {
        &mut g.mlp
    } else {
        &mut g.other
    }
}

/// Token-embedding tables under the names checkpoints use.
fn is_embedding(name: &str) -> bool {
    [
        "embed_tokens.weight",
        "wte.weight",
        "word_embeddings.weight",
        "tok_embeddings.weight",
    ]
    .iter()
    .any(|e| name.ends_with(e))
        || name == "backbone.embeddings.weight"
}

/// The output head (`lm_head`, or Mistral-native `output`).
fn is_head(name: &str) -> bool {
    name.contains("lm_head") || name == "output.weight"
}

/// How many routed experts a tensor shows: `experts.<i>.` names expert `i`; a 3-D
/// `experts.<projection>` tensor holds them all along its first dimension.
fn expert_count(name: &str, rank: u32, first: Option<u64>) -> Option<u64> {
    if name.contains("shared_expert") {
        return None;
    }
    let (_, rest) = name.split_once(".experts.")?;
    let index = rest.split('.').next()?;
    match index.parse::<u64>() {
        Ok(i) => i.checked_add(1),
        Err(_) if rank == 3 => first,
        Err(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_go_to_their_groups() {
        let mut c = GroupCounts::default();
        for (name, n) in [
            ("model.embed_tokens.weight", 100),
            ("lm_head.weight", 100),
            ("model.norm.weight", 1),
            ("model.layers.0.self_attn.q_proj.weight", 10),
            ("model.layers.0.mlp.gate.weight", 2),
            ("model.layers.0.mlp.experts.0.up_proj.weight", 5),
            ("model.layers.0.mlp.experts.3.up_proj.weight", 5),
            ("model.layers.0.mlp.shared_experts.up_proj.weight", 7),
            ("model.layers.0.input_layernorm.weight", 1),
            ("model.layers.1.mlp.down_proj.weight", 20),
            ("model.visual.blocks.0.attn.qkv.weight", 30),
            ("model.layers.2.self_attn.q_proj.weight", 10),
            ("model.mtp.0.proj.weight", 4),
            ("model.embed_audio.embedding.weight", 3),
            ("backbone.embeddings.weight", 50),
        ] {
            c.note(name, n, 2, None);
        }
        let g = c.model(2);
        assert_eq!(
            (g.embeddings, g.head, g.attention, g.mlp, g.experts),
            (150, 100, 10, 22, 10)
        );
        // The audio tower's embedding is the tower's, not a token table.
        assert_eq!((g.shared_experts, g.vision, g.other), (7, 33, 2));
        // Layer 2 is past the count: an MTP layer, as the named head.
        assert_eq!(g.mtp, 4 + 10);
        // Expert 3 is the highest index seen in layer 0: 4 experts there.
        assert_eq!((g.expert_instances, g.expert_layers), (4, 1));
    }

    /// llama.cpp's names: experts as one `[in, out, experts]` tensor per layer.
    #[test]
    fn gguf_names_go_to_their_groups() {
        let mut g = ParamGroups::default();
        for (name, n, e) in [
            ("token_embd.weight", 100, None),
            ("output.weight", 100, None),
            ("output_norm.weight", 1, None),
            ("blk.0.attn_q.weight", 10, None),
            ("blk.0.attn_norm.weight", 1, None),
            ("blk.0.ffn_gate_inp.weight", 2, None),
            ("blk.0.ffn_gate_exps.weight", 40, Some(8)),
            ("blk.0.ffn_down_exps.weight", 40, Some(8)),
            ("blk.0.ffn_up_shexp.weight", 5, None),
            ("blk.1.ssm_in.weight", 7, None),
            ("blk.1.ffn_down.weight", 20, None),
        ] {
            note_gguf(&mut g, name, n, e);
        }
        assert_eq!(
            (g.embeddings, g.head, g.attention, g.mlp),
            (100, 100, 17, 22)
        );
        assert_eq!((g.experts, g.expert_instances, g.expert_layers), (80, 8, 1));
        assert_eq!((g.shared_experts, g.other), (5, 2));
    }

    /// Llama 4 and gpt-oss store a layer's experts as one tensor `[experts, in, out]`.
    #[test]
    fn fused_expert_tensors_count_their_first_dimension() {
        let mut c = GroupCounts::default();
        c.note(
            "language_model.model.layers.0.feed_forward.experts.gate_up_proj",
            128 * 10,
            3,
            Some(128),
        );
        let g = c.model(1);
        assert_eq!((g.experts, g.expert_instances), (1280, 128));
    }
}
