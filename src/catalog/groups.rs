//! A checkpoint's parameters by what they are, counted from its safetensors headers
//! (tensor names and shapes): the parts an estimate treats differently.

use serde::{Deserialize, Serialize};

/// Parameters per group, MTP heads left out of every group but `mtp`. The groups other
/// than `mtp` add up to the model's count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ParamGroups {
    /// Token-embedding tables (quantizers keep them 16-bit).
    pub embeddings: u64,
    /// The untied output head (`lm_head`), kept 16-bit as well.
    pub head: u64,
    /// Attention and recurrent mixers (Mamba, linear attention) of the decoder layers.
    pub attention: u64,
    /// Dense MLPs and MoE routers.
    pub mlp: u64,
    /// Routed experts, all of them.
    pub experts: u64,
    /// How many routed experts `experts` is spread over (layers x experts per layer):
    /// `experts / expert_instances` is one expert's size.
    pub expert_instances: u64,
    /// Layers that hold routed experts.
    pub expert_layers: u64,
    /// Shared experts: every token goes through them.
    pub shared_experts: u64,
    /// Vision tower and projector.
    pub vision: u64,
    /// Norms and whatever else no group names.
    pub other: u64,
    /// Multi-token-prediction heads: loaded only for speculative decoding, outside the
    /// model's count.
    pub mtp: u64,
}

impl ParamGroups {
    /// Every group of the model's count (MTP left out).
    pub fn total(&self) -> u64 {
        [
            self.embeddings,
            self.head,
            self.attention,
            self.mlp,
            self.experts,
            self.shared_experts,
            self.vision,
            self.other,
        ]
        .iter()
        .fold(0u64, |a, &b| a.saturating_add(b))
    }

    /// Parameters one token runs through with `per_token` routed experts in each layer
    /// that has them: everything but the routed experts, plus `per_token` experts' worth
    /// of them per layer. None when the headers show no routed experts.
    pub fn active(&self, per_token: u32) -> Option<u64> {
        if self.experts == 0 || self.expert_instances == 0 {
            return None;
        }
        let one = self.experts / self.expert_instances;
        let routed = one
            .saturating_mul(u64::from(per_token))
            .saturating_mul(self.expert_layers.max(1))
            .min(self.experts);
        Some(self.total() - self.experts + routed)
    }

    /// Add another part's counts.
    pub fn add(&mut self, o: &ParamGroups) {
        let add = |a: &mut u64, b: u64| *a = a.saturating_add(b);
        add(&mut self.embeddings, o.embeddings);
        add(&mut self.head, o.head);
        add(&mut self.attention, o.attention);
        add(&mut self.mlp, o.mlp);
        add(&mut self.experts, o.experts);
        add(&mut self.expert_instances, o.expert_instances);
        add(&mut self.expert_layers, o.expert_layers);
        add(&mut self.shared_experts, o.shared_experts);
        add(&mut self.vision, o.vision);
        add(&mut self.other, o.other);
        add(&mut self.mtp, o.mtp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two MoE layers of 8 experts of 100 parameters each, 2 routed per token: the
    /// active count takes 2 x 100 per layer, not the share of a config.
    #[test]
    fn active_counts_experts_one_by_one() {
        let g = ParamGroups {
            embeddings: 1000,
            attention: 500,
            experts: 1600,
            expert_instances: 16,
            expert_layers: 2,
            shared_experts: 200,
            ..ParamGroups::default()
        };
        assert_eq!(g.total(), 3300);
        assert_eq!(g.active(2), Some(1000 + 500 + 200 + 400));
        assert_eq!(ParamGroups::default().active(2), None);
        // More routed experts than exist: capped at all of them.
        assert_eq!(g.active(100), Some(3300));
    }
}
