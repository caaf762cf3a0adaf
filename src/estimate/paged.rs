//! The KV cache one sequence holds, as each runtime's [`WindowKv`] keeps windowed layers,
//! and vLLM's grouped paged pool (its hybrid KV cache manager) in particular.
//!
//! vLLM cuts the attention layers into groups of equal size, one block table per group,
//! and backs them with `group_size` tensors that one layer of every group shares: a block
//! costs `group_size` layers' pages, whichever group takes it. Full-attention groups take
//! a block per 16 tokens of the whole context; sliding-window groups only what the window
//! and one chunked-prefill step need. See [`crate::runtime::PagedGroups`] for the source.

use super::{kv_bytes, kv_bytes_per_token, kv_per_layer, state_bytes};
use crate::catalog::ModelSpec;
use crate::runtime::{PagedGroups, WindowKv};
use crate::vocab::KvPrecision;

/// How vLLM groups a model's attention layers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerGroups {
    /// Layers in each group (padding included).
    pub group_size: u32,
    /// Groups of full-attention layers.
    pub full_groups: u32,
    /// Groups of windowed layers.
    pub window_groups: u32,
    /// The window (or chunk) in tokens.
    pub window: u32,
    /// Chunked local attention (Llama 4) rather than a sliding window: no extra block.
    pub chunked: bool,
}

impl LayerGroups {
    /// The groups of `model`'s attention layers, or None when vLLM would not group them
    /// this way: no window, recurrent-state layers, an MLA latent, or windowed layers
    /// whose page differs from the full layers' (MiMo-V2-Flash), which the estimate then
    /// counts as full attention throughout.
    pub fn of(model: &ModelSpec, paging: &PagedGroups) -> Option<LayerGroups> {
        let window = model.sliding_window?;
        let (global, local) = kv_per_layer(model);
        if model.state_layers.is_some() || model.kv_lora_rank.is_some() || global != local {
            return None;
        }
        let layers = model.attention_layers();
        let share = model.local_layer_fraction();
        // The global layer closes each period of the pattern (Gemma 3: layers 5, 11, ...),
        // so a partial period at the end is windowed.
        let full = ((f64::from(layers) * (1.0 - share)) + 1e-9).floor() as u32;
        let windowed = layers.saturating_sub(full);
        if windowed == 0 {
            return None;
        }
        let chunked = model
            .sliding_window_pattern
            .as_deref()
            .is_some_and(|p| p.contains("chunked"));
        let (fewest, most) = if full == 0 {
            (windowed, windowed)
        } else {
            (full.min(windowed), full.max(windowed))
        };
        let group_size = if f64::from(most) < f64::from(fewest) * paging.widen_below {
            most
        } else {
            fewest
        };
        Some(LayerGroups {
            group_size,
            full_groups: full.div_ceil(group_size),
            window_groups: windowed.div_ceil(group_size),
            window,
            chunked,
        })
    }

    /// Group slots (layers, padding included) that one pool block spans across groups.
    fn slots(&self) -> u32 {
        self.group_size * (self.full_groups + self.window_groups)
    }

    /// Blocks one request of `tokens` takes in all groups, with `batched` tokens per
    /// scheduler step (`max_num_batched_tokens`).
    pub fn blocks(&self, tokens: u64, batched: u64, block: u32) -> u64 {
        let block = u64::from(block);
        let full = tokens.div_ceil(block);
        let window = u64::from(self.window);
        let windowed = if self.chunked {
            (window + batched).min(tokens).div_ceil(block)
        } else {
            (window.saturating_sub(1) + batched)
                .min(tokens)
                .div_ceil(block)
                + 1
        };
        u64::from(self.full_groups) * full + u64::from(self.window_groups) * windowed
    }
}

/// KV bytes one sequence of `tokens` holds under `window_kv`, all layers (one replica,
/// before any tensor-parallel split), with `batched` tokens per scheduler step.
pub fn sequence_kv_bytes(
    model: &ModelSpec,
    kv: KvPrecision,
    tokens: u64,
    window_kv: WindowKv,
    batched: u64,
) -> f64 {
    let whole = || kv_bytes_per_token(model, kv) * tokens as f64 + state_bytes(model);
    match window_kv {
        WindowKv::Whole => whole(),
        WindowKv::Window => kv_bytes(model, kv, tokens),
        WindowKv::Grouped(paging) => match LayerGroups::of(model, &paging) {
            Some(groups) => {
                let page = f64::from(paging.block_tokens) * kv_per_layer(model).0 * kv.bytes();
                groups.blocks(tokens, batched, paging.block_tokens) as f64
                    * f64::from(groups.group_size)
                    * page
            }
            None => whole(),
        },
    }
}

/// Bytes per token of the pool as the runtime counts its capacity: vLLM's "GPU KV cache
/// size" divides the blocks by the groups, so every group slot counts, padding included
/// (Gemma 3 27B: 70 slots for 62 layers). Elsewhere the model's own bytes per token.
pub fn pool_bytes_per_token(model: &ModelSpec, kv: KvPrecision, window_kv: WindowKv) -> f64 {
    match window_kv {
        WindowKv::Grouped(paging) => LayerGroups::of(model, &paging).map_or_else(
            || kv_bytes_per_token(model, kv),
            |g| f64::from(g.slots()) * kv_per_layer(model).0 * kv.bytes(),
        ),
        WindowKv::Whole | WindowKv::Window => kv_bytes_per_token(model, kv),
    }
}

/// The longest sequence whose KV cache fits in `pool` bytes (one replica), up to `cap`:
/// the sequence's bytes grow with its length, so a binary search finds it.
pub fn longest_sequence(
    model: &ModelSpec,
    kv: KvPrecision,
    pool: f64,
    window_kv: WindowKv,
    batched: u64,
    cap: u64,
) -> u64 {
    let fits = |tokens: u64| sequence_kv_bytes(model, kv, tokens, window_kv, batched) <= pool;
    if !fits(1) {
        return 0;
    }
    let (mut lo, mut hi) = (1u64, cap.max(1));
    if fits(hi) {
        return hi;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::runtime::Runtime;

    fn vllm() -> WindowKv {
        Runtime::Vllm.profile().window_kv
    }

    fn paging() -> PagedGroups {
        match vllm() {
            WindowKv::Grouped(p) => p,
            other => panic!("vLLM groups its pool, not {other:?}"),
        }
    }

    /// Group counts as vLLM 0.19.0 logged them (tests/calibration/vllm-startup-h100-llmd.csv:
    /// "GPU KV cache size" x groups / block size = the logged blocks, to the block).
    #[test]
    fn groups_match_the_logged_pools() {
        let c = Catalog::get();
        for (id, size, full, windowed, blocks, tokens) in [
            // 12 sliding + 12 full layers: one group each.
            ("gpt-oss-20b", 12, 1, 1, 323_972u64, 2_591_776u64),
            // 21 + 21.
            ("gemma-2-9b", 21, 1, 1, 21_110, 168_880),
            // 40 sliding in 5 groups of 8, 8 full.
            ("gemma-3-12b", 8, 1, 5, 48_867, 130_304),
            // 52 sliding in 6 groups of 10 (8 padding layers), 10 full.
            ("gemma-3-27b", 10, 1, 6, 15_997, 36_560),
            // 29 sliding in 6 groups of 5, 5 full.
            ("gemma-3-4b", 5, 1, 6, 204_817, 468_144),
            // 36 chunked-local in 3 groups of 12, 12 full.
            ("llama-4-scout", 12, 1, 3, 91_495, 365_968),
        ] {
            let m = c.model(id).unwrap();
            let g = LayerGroups::of(m, &paging()).unwrap();
            assert_eq!(
                (g.group_size, g.full_groups, g.window_groups),
                (size, full, windowed),
                "{id}"
            );
            let groups = u64::from(g.full_groups + g.window_groups);
            assert_eq!(blocks / groups * 16, tokens, "{id}");
        }
        assert!(LayerGroups::of(c.model("llama-3.1-8b").unwrap(), &paging()).is_none());
    }

    /// gpt-oss-20b at 131,072 tokens, 8,192 batched, by hand: 12 full layers take
    /// 131,072 / 16 = 8,192 blocks; 12 sliding layers min(127 + 8,192, 131,072) = 8,319
    /// tokens = 520 blocks + 1 = 521; a block is 12 layers x 16 tokens x 8 KV heads x
    /// 64 x 2 (K, V) x 2 bytes = 393,216 bytes. (8,192 + 521) x 393,216 = 3,426,091,008 bytes,
    /// against 6,442,450,944 with every layer full.
    #[test]
    fn sliding_layers_hold_their_window_and_one_step() {
        let m = Catalog::get().model("gpt-oss-20b").unwrap();
        let bf16 = KvPrecision::Fp16;
        let ours = sequence_kv_bytes(m, bf16, 131_072, vllm(), 8192);
        assert_eq!(ours, ((8192 + 521) * 393_216u64) as f64);
        let whole = sequence_kv_bytes(m, bf16, 131_072, WindowKv::Whole, 8192);
        assert_eq!(whole, 6_442_450_944.0);
        // At a context under window + step, the window saves nothing (one extra block).
        let short = sequence_kv_bytes(m, bf16, 8192, vllm(), 8192);
        assert_eq!(short, ((512 + 513) * 393_216u64) as f64);
        // vLLM's logged capacity counts every group slot: 24 x 2,048 bytes per token.
        assert_eq!(pool_bytes_per_token(m, bf16, vllm()), 49_152.0);
        // The longest single request of a 10 GiB pool: full groups take the rest once the
        // 521 sliding blocks are reserved.
        let pool = 10.0 * crate::catalog::GIB;
        let longest = longest_sequence(m, bf16, pool, vllm(), 8192, 1 << 30);
        let blocks = (pool / 393_216.0).floor() as u64 - 521;
        assert_eq!(longest, blocks * 16);
    }

    /// vLLM's own "Maximum concurrency" for Gemma 3 12B at 8,192 tokens (15.88x in the
    /// 0.19.0 log): 48,867 blocks over 512 + 5 x 513 blocks a request.
    #[test]
    fn concurrency_follows_the_blocks_a_request_takes() {
        let m = Catalog::get().model("gemma-3-12b").unwrap();
        let g = LayerGroups::of(m, &paging()).unwrap();
        let per_request = g.blocks(8192, 8192, 16);
        assert_eq!(per_request, 512 + 5 * 513);
        assert_eq!((48_867.0 / per_request as f64 * 100.0).round(), 1588.0);
    }
}
