//! DeciLM's layers, one by one (`block_configs`: Llama-3.3-Nemotron-Super-49B and the other
//! Nemotron NAS models). Each block's attention may be a no-op or one linear layer, with its
//! own GQA group size (`n_heads_in_group`), and each FFN has its own width from `ffn_mult`,
//! as DeciLM computes it: `2 * ffn_mult * hidden / 3`, rounded up to a multiple of 256.
//! Pure: no I/O.

use super::config::Fields;
use crate::catalog::KvLayout;
use serde_json::Value;

/// What a model's blocks hold, summed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Blocks {
    /// Blocks with real attention.
    pub attention: u32,
    /// KV heads of the first attention block (`num_attention_heads / n_heads_in_group`).
    pub kv_heads: u32,
    /// Parameters of every block's attention and FFN (embeddings left out).
    pub params: u64,
    /// The widest FFN: the MLP activations' width.
    pub widest_ffn: u32,
    /// KV values one token keeps over all attention blocks.
    pub kv_values: u64,
}

/// The FFN width DeciLM gives `ffn_mult`.
fn ffn_width(mult: f64, hidden: u64) -> u64 {
    let width = (2.0 * mult * hidden as f64 / 3.0) as u64;
    width.div_ceil(256).saturating_mul(256)
}

/// The blocks of a config that lists them; None when it does not (or lists none).
pub fn read(f: &Fields, hidden: u32, heads: u32, head_dim: u32) -> Option<Blocks> {
    let list = f
        .get("block_configs")?
        .as_array()
        .filter(|l| !l.is_empty())?;
    let (h, heads, d) = (u64::from(hidden), u64::from(heads), u64::from(head_dim));
    let mut b = Blocks::default();
    for block in list {
        let attention = block.get("attention").unwrap_or(&Value::Null);
        let flag = |v: &Value, k: &str| v.get(k).and_then(Value::as_bool) == Some(true);
        if flag(attention, "replace_with_linear") {
            b.params = b.params.saturating_add(h * h);
        } else if !flag(attention, "no_op") {
            let group = attention
                .get("n_heads_in_group")
                .and_then(Value::as_u64)
                .unwrap_or(1)
                .clamp(1, heads.max(1));
            let kv = heads / group;
            if b.attention == 0 {
                b.kv_heads = kv as u32;
            }
            b.attention += 1;
            b.params = b.params.saturating_add(2 * h * heads * d + 2 * h * kv * d);
            b.kv_values = b.kv_values.saturating_add(2 * kv * d);
        }
        let ffn = block.get("ffn").unwrap_or(&Value::Null);
        if flag(ffn, "replace_with_linear") {
            b.params = b.params.saturating_add(h * h);
        } else if !flag(ffn, "no_op") {
            let mult = ffn.get("ffn_mult").and_then(Value::as_f64).unwrap_or(0.0);
            let width = ffn_width(mult.clamp(0.0, 1e6), h);
            b.widest_ffn = b.widest_ffn.max(u32::try_from(width).unwrap_or(u32::MAX));
            b.params = b
                .params
                .saturating_add(3u64.saturating_mul(h).saturating_mul(width));
        }
    }
    Some(b)
}

impl Blocks {
    /// The KV layout: every attention block keeps the whole context.
    pub fn kv_layout(&self) -> KvLayout {
        KvLayout {
            layers: self.attention,
            global_values: self.kv_values,
            local_values: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_follow_decilm() {
        assert_eq!(ffn_width(5.25, 8192), 28_672);
        assert_eq!(ffn_width(1.0, 8192), 5_632);
        assert_eq!(ffn_width(0.5, 8192), 2_816);
    }
}
