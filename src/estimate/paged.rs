//! The KV cache one sequence holds, as each runtime's [`WindowKv`] keeps windowed layers,
//! and vLLM's grouped paged pool (its hybrid KV cache manager) in particular.
//!
//! vLLM cuts the attention layers into groups of equal size, one block table per group,
//! and backs them with `group_size` tensors that one layer of every group shares: a block
//! costs `group_size` layers' pages, whichever group takes it. Full-attention groups take
//! a block per 16 tokens of the whole context; sliding-window groups only what the window
//! and one chunked-prefill step need; recurrent-state groups (Mamba, Gated DeltaNet) a
//! fixed number of blocks per request ("align") or one per block of the context ("all"),
//! each holding one sequence's state, the attention block grown until its page is as
//! large. See [`crate::runtime::PagedGroups`] for the
//! source.

use super::{kv_bytes_per_token, kv_bytes_windowed, kv_layer_bytes, kv_per_layer, state_bytes};
use crate::catalog::ModelSpec;
use crate::runtime::{MambaCacheMode, PagedGroups, SwaPool, WindowKv};
use crate::vocab::KvPrecision;

/// How vLLM groups a model's layers in its paged pool.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LayerGroups {
    /// Layers in each group (padding included).
    pub group_size: u32,
    /// Groups of full-attention layers.
    pub full_groups: u32,
    /// Groups of windowed layers.
    pub window_groups: u32,
    /// Groups of recurrent-state layers (Mamba, Gated DeltaNet, linear attention).
    pub state_groups: u32,
    /// The window (or chunk) in tokens.
    pub window: u32,
    /// Chunked local attention (Llama 4) rather than a sliding window: no extra block.
    pub chunked: bool,
    /// Tokens per block of the full-attention groups and of the windowed ones: more than
    /// the runtime's block where a page grew to hold a recurrent state, or to match a
    /// larger page of the other kind.
    pub full_block: u32,
    pub window_block: u32,
    /// Bytes of one layer's page, the same in every group.
    pub page_bytes: f64,
    /// What a state group holds per request: a fixed number of blocks, or one per block
    /// of the context.
    pub state_mode: MambaCacheMode,
}

impl LayerGroups {
    /// The groups of `model`'s layers with a KV cache in `kv`, or None when vLLM would not
    /// group them: every layer full attention (one plain pool), an MLA latent, no
    /// attention layer at all, or pages it cannot bring to one size (the estimate then
    /// counts every attention layer for every token, and the state once).
    pub fn of(model: &ModelSpec, paging: &PagedGroups, kv: KvPrecision) -> Option<LayerGroups> {
        if model.kv_lora_rank.is_some() {
            return None;
        }
        let layers = model.attention_layers();
        let share = model.local_layer_fraction();
        // The global layer closes each period of the pattern (Gemma 3: layers 5, 11, ...),
        // so a partial period at the end is windowed.
        let full = ((f64::from(layers) * (1.0 - share)) + 1e-9).floor() as u32;
        let windowed = layers.saturating_sub(full);
        let states = model.state_layers.as_ref().map_or(0, |s| s.layers);
        let state_mode = model
            .state_layers
            .as_ref()
            .map_or(MambaCacheMode::Align, |s| paging.cache_mode(s));
        if layers == 0 || (windowed == 0 && states == 0) {
            return None;
        }
        let pages = Pages::of(model, paging, kv, (states > 0).then_some(state_mode))?;
        let (full_block, window_block) = (
            pages.block_for(pages.global)?,
            pages.block_for(pages.local)?,
        );
        let counts = [full, windowed, states];
        let present = counts.iter().copied().filter(|&n| n > 0);
        let fewest = present.clone().min()?;
        let most = present.max()?;
        let group_size = if f64::from(most) < f64::from(fewest) * paging.widen_below {
            most
        } else {
            fewest
        };
        let chunked = model
            .sliding_window_pattern
            .as_deref()
            .is_some_and(|p| p.contains("chunked"));
        Some(LayerGroups {
            group_size,
            full_groups: full.div_ceil(group_size),
            window_groups: windowed.div_ceil(group_size),
            state_groups: states.div_ceil(group_size),
            window: model.sliding_window.unwrap_or(0),
            chunked,
            full_block,
            window_block,
            page_bytes: pages.page,
            state_mode,
        })
    }

    /// Group slots (layers, padding included) that one pool block spans across groups.
    fn slots(&self) -> u32 {
        self.group_size * (self.full_groups + self.window_groups + self.state_groups)
    }

    /// The smallest block of the attention groups: vLLM logs its capacity in these.
    fn logged_block(&self) -> u32 {
        match (self.full_groups, self.window_groups) {
            (0, _) => self.window_block,
            (_, 0) => self.full_block,
            _ => self.full_block.min(self.window_block),
        }
    }

    /// Blocks one request of `tokens` takes in all groups, with `batched` tokens per
    /// scheduler step (`max_num_batched_tokens`).
    pub fn blocks(&self, tokens: u64, batched: u64) -> u64 {
        let full = tokens.div_ceil(u64::from(self.full_block.max(1)));
        let block = u64::from(self.window_block.max(1));
        let window = u64::from(self.window);
        let windowed = if self.chunked {
            (window + batched).min(tokens).div_ceil(block)
        } else {
            (window.saturating_sub(1) + batched)
                .min(tokens)
                .div_ceil(block)
                + 1
        };
        u64::from(self.full_groups) * full
            + u64::from(self.window_groups) * windowed
            + u64::from(self.state_groups) * self.state_mode.blocks(full)
    }
}

/// The one page size vLLM gives every layer of the pool, and the bytes per token of a
/// global and of a windowed attention layer.
struct Pages {
    page: f64,
    global: f64,
    local: f64,
}

impl Pages {
    /// The attention block grows until its page holds one recurrent state (the state page
    /// is padded to it), in steps of `block_tokens`, or in "all" mode of the least common
    /// multiple of that and the Mamba chunk (`HybridAttentionMambaModelConfig`, see
    /// data/SOURCES.md); then the smaller of the two attention pages takes a larger block.
    fn of(
        model: &ModelSpec,
        paging: &PagedGroups,
        kv: KvPrecision,
        states: Option<MambaCacheMode>,
    ) -> Option<Pages> {
        let (global, local) = kv_layer_bytes(model, kv);
        if global <= 0.0 || local <= 0.0 {
            return None;
        }
        let align = f64::from(paging.block_tokens);
        let Some(mode) = states else {
            return Some(Pages {
                page: align * global.max(local),
                global,
                local,
            });
        };
        // A state page cannot change its block: both attention pages must be the one the
        // state is padded to.
        if global != local {
            return None;
        }
        let state = state_bytes_per_layer(model);
        let step = match mode {
            MambaCacheMode::All { chunk } => f64::from(lcm(chunk, paging.block_tokens)),
            _ => align,
        };
        let block = step * (state / (step * global)).ceil().max(1.0);
        Some(Pages {
            page: block * global,
            global,
            local,
        })
    }

    /// Tokens per block of a layer with `per_token` bytes per token, so its page is the
    /// pool's page; None when it does not divide it (vLLM refuses such a model).
    fn block_for(&self, per_token: f64) -> Option<u32> {
        let tokens = self.page / per_token;
        ((tokens - tokens.round()).abs() < 1e-6 && tokens >= 1.0).then(|| tokens.round() as u32)
    }
}

/// Least common multiple of two block sizes (vLLM's `math.lcm`).
fn lcm(a: u32, b: u32) -> u32 {
    fn gcd(a: u32, b: u32) -> u32 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    if a == 0 || b == 0 {
        return a.max(b);
    }
    a / gcd(a, b) * b
}

/// Bytes of state one recurrent layer keeps per sequence (0 without any).
fn state_bytes_per_layer(model: &ModelSpec) -> f64 {
    model
        .state_layers
        .as_ref()
        .map_or(0.0, |s| s.bytes_per_layer(model))
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
        WindowKv::Window(cells) => {
            let windowed = model
                .sliding_window
                .map_or(tokens, |w| cells.held(w, tokens));
            kv_bytes_windowed(model, kv, tokens, windowed) - state_bytes(model)
                + held_state_bytes(model, window_kv)
        }
        WindowKv::SplitPool(swa, share) => {
            // The full pool holds the whole request, the windowed pool its window; the
            // split makes the windowed pool `ratio` times the full one.
            let attention = match split_pool_bytes_per_token(model, kv, swa) {
                Some(per_token) => {
                    let windowed = model
                        .sliding_window
                        .map_or(tokens, |w| tokens.min(u64::from(w)));
                    per_token * (tokens as f64).max(windowed as f64 / swa.full_tokens_ratio)
                }
                None => kv_bytes_per_token(model, kv) * tokens as f64,
            };
            match &model.state_layers {
                Some(_) => share.pool_bytes(attention, held_state_bytes(model, window_kv)),
                None => attention,
            }
        }
        WindowKv::Grouped(paging) => match LayerGroups::of(model, &paging, kv) {
            Some(groups) => {
                groups.blocks(tokens, batched) as f64
                    * f64::from(groups.group_size)
                    * groups.page_bytes
            }
            None => whole(),
        },
    }
}

/// Bytes of recurrent state one sequence holds under `window_kv`, in the dtype that runtime
/// keeps it in: SGLang's own for the recurrent matrix (`--mamba-ssm-dtype`, float32 by
/// default, see [`crate::runtime::StateShare`]) whatever the config says; llama.cpp's
/// float32 for every state value ([`crate::runtime::SwaCells`]); elsewhere the config's
/// (`mamba_ssm_cache_dtype`, else 16 bits), as [`state_bytes`]. The answer's note prints
/// this, so it says what the runtime sized holds.
pub fn held_state_bytes(model: &ModelSpec, window_kv: WindowKv) -> f64 {
    match (window_kv, &model.state_layers) {
        (WindowKv::SplitPool(_, share), Some(states)) => {
            f64::from(states.layers) * states.bytes_per_layer_at(model, share.matrix_bytes)
        }
        (WindowKv::Window(cells), Some(states)) => {
            f64::from(states.layers)
                * states.values_per_layer(model) as f64
                * cells.state_value_bytes
        }
        _ => state_bytes(model),
    }
}

/// Bytes per token of the pool as the runtime counts its capacity: vLLM's "GPU KV cache
/// size" divides the blocks by the groups, so every group slot counts, padding included
/// (Gemma 3 27B: 70 slots for 62 layers). Elsewhere the model's own bytes per token.
pub fn pool_bytes_per_token(model: &ModelSpec, kv: KvPrecision, window_kv: WindowKv) -> f64 {
    match window_kv {
        WindowKv::Grouped(paging) => LayerGroups::of(model, &paging, kv).map_or_else(
            || kv_bytes_per_token(model, kv),
            |g| f64::from(g.slots()) * g.page_bytes / f64::from(g.logged_block()),
        ),
        WindowKv::SplitPool(swa, share) => {
            let per_token = split_pool_bytes_per_token(model, kv, swa)
                .unwrap_or_else(|| kv_bytes_per_token(model, kv));
            // Of a hybrid's pool, the attention tokens SGLang logs have their share only.
            match model.state_layers {
                Some(_) => per_token * (1.0 + share.memory_ratio),
                None => per_token,
            }
        }
        WindowKv::Whole | WindowKv::Window(_) => kv_bytes_per_token(model, kv),
    }
}

/// Bytes of a split pool per full-pool token (the tokens SGLang logs): every full layer's
/// bytes per token and `ratio` times every windowed layer's. None when the model is not one
/// the engine splits (its family is not listed, it has no windowed layer, or its windows
/// are Llama 4's chunks).
fn split_pool_bytes_per_token(model: &ModelSpec, kv: KvPrecision, swa: SwaPool) -> Option<f64> {
    let chunked = model
        .sliding_window_pattern
        .as_deref()
        .is_some_and(|p| p.contains("chunked"));
    if model.sliding_window.is_none()
        || chunked
        || model.kv_lora_rank.is_some()
        || !swa.families.contains(&model.family.as_str())
    {
        return None;
    }
    let (global, local) = match &model.kv_layout {
        Some(h) => (h.global_values as f64, h.local_values as f64),
        None => {
            let layers = f64::from(model.attention_layers());
            let windowed = (layers * model.local_layer_fraction()).round();
            let (g, l) = kv_per_layer(model);
            ((layers - windowed) * g, windowed * l)
        }
    };
    (local > 0.0).then(|| (global + swa.full_tokens_ratio * local) * kv.bytes())
}

/// The longest sequence whose KV cache fits in `pool` bytes (one replica), up to `cap`:
/// the sequence's bytes grow with its length, so a binary search finds it. Most models'
/// bytes grow in a straight line, so the line through the first two lengths is tried
/// first: when it lands on the answer (it fits and one token more does not) the forty
/// steps of the search are saved, with the same result. Every setup the ranking prices
/// asks this.
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
    let bytes = |tokens: u64| sequence_kv_bytes(model, kv, tokens, window_kv, batched);
    let (first, slope) = (bytes(1), bytes(2) - bytes(1));
    if slope > 0.0 {
        let guess = 1.0 + ((pool - first) / slope).floor();
        if guess.is_finite() && guess >= 1.0 && guess < hi as f64 {
            let guess = guess as u64;
            if fits(guess) && !fits(guess + 1) {
                return guess;
            }
        }
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
            let g = LayerGroups::of(m, &paging(), KvPrecision::Fp16).unwrap();
            assert_eq!(
                (g.group_size, g.full_groups, g.window_groups),
                (size, full, windowed),
                "{id}"
            );
            let groups = u64::from(g.full_groups + g.window_groups);
            assert_eq!(blocks / groups * 16, tokens, "{id}");
        }
        assert!(
            LayerGroups::of(
                c.model("llama-3.1-8b").unwrap(),
                &paging(),
                KvPrecision::Fp16
            )
            .is_none()
        );
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
        let g = LayerGroups::of(m, &paging(), KvPrecision::Fp16).unwrap();
        let per_request = g.blocks(8192, 8192);
        assert_eq!(per_request, 512 + 5 * 513);
        assert_eq!((48_867.0 / per_request as f64 * 100.0).round(), 1588.0);
    }

    /// Nemotron 3 Nano at 131,072 tokens, by hand. A Mamba-2 layer's state: the SSM matrix
    /// 64 heads x 64 x 128 in float32 (`mamba_ssm_cache_dtype`) = 2,097,152 bytes, and the
    /// convolution's last 3 inputs of 64 x 64 + 2 x 8 x 128 = 6,144 channels in 16 bits =
    /// 36,864: 2,134,016 bytes. An attention layer keeps 2 KV heads x (128 + 128) x 2 bytes
    /// = 1,024 bytes per token, so the attention block grows to 16 x ceil(2,134,016 /
    /// (16 x 1,024)) = 2,096 tokens and every page to 2,146,304 bytes. 6 attention and 23
    /// Mamba layers: groups of 6, 1 attention group and 4 Mamba groups (one padding layer).
    /// One request: ceil(131,072 / 2,096) = 63 attention blocks and 2 blocks per Mamba group,
    /// 71 blocks of 6 pages = 914,325,504 bytes (against 805,306,368 + 23 x 2,134,016 =
    /// 854,388,736 counted without the pool's pages).
    #[test]
    fn mamba_layers_hold_a_padded_page_per_request() {
        let m = Catalog::get().model("nemotron-3-nano-30b-a3b").unwrap();
        let bf16 = KvPrecision::Fp16;
        let g = LayerGroups::of(m, &paging(), bf16).unwrap();
        assert_eq!(
            (g.group_size, g.full_groups, g.window_groups, g.state_groups),
            (6, 1, 0, 4)
        );
        assert_eq!((g.full_block, g.page_bytes), (2096, 2_146_304.0));
        let ours = sequence_kv_bytes(m, bf16, 131_072, vllm(), 8192);
        assert_eq!(ours, 914_325_504.0);
        let whole = sequence_kv_bytes(m, bf16, 131_072, WindowKv::Whole, 8192);
        assert_eq!(whole, 854_388_736.0);
        // vLLM logs its capacity in attention blocks over 5 groups: 30 slots x 1,024 bytes.
        assert_eq!(pool_bytes_per_token(m, bf16, vllm()), 30.0 * 1024.0);
        // A short request still holds its Mamba blocks: 1 attention block + 8.
        let short = sequence_kv_bytes(m, bf16, 1000, vllm(), 8192);
        assert_eq!(short, (9 * 6) as f64 * 2_146_304.0);
    }

    /// MiMo-V2-Flash at 131,072 tokens, 8,192 batched, by hand: 9 full layers of 4 KV heads
    /// and 39 sliding layers (128 tokens) of 8, keys 192 and values 128 wide. A full layer
    /// keeps 4 x 320 x 2 = 2,560 bytes per token and a sliding one 5,120, so the pool's page
    /// is 16 x 5,120 = 81,920 bytes and full layers take 32 tokens a block. Groups of 9: 1
    /// full, 5 sliding (6 padding layers). One request: 131,072 / 32 = 4,096 full blocks,
    /// and min(127 + 8,192, 131,072) = 8,319 tokens = 520 blocks + 1 per sliding group:
    /// (4,096 + 5 x 521) x 9 x 81,920 = 4,940,513,280 bytes, against 222,720 bytes per token
    /// x 131,072 = 29,192,355,840 with every layer holding every token.
    #[test]
    fn pages_of_different_sizes_take_different_blocks() {
        let m = Catalog::get().model("mimo-v2-flash").unwrap();
        let bf16 = KvPrecision::Fp16;
        let g = LayerGroups::of(m, &paging(), bf16).unwrap();
        assert_eq!(
            (g.group_size, g.full_groups, g.window_groups, g.state_groups),
            (9, 1, 5, 0)
        );
        assert_eq!((g.full_block, g.window_block), (32, 16));
        let ours = sequence_kv_bytes(m, bf16, 131_072, vllm(), 8192);
        assert_eq!(ours, 4_940_513_280.0);
        let whole = sequence_kv_bytes(m, bf16, 131_072, WindowKv::Whole, 8192);
        assert_eq!(whole, 29_192_355_840.0);
        // Logged in 16-token blocks over 6 groups: 54 slots x 81,920 / 16.
        assert_eq!(pool_bytes_per_token(m, bf16, vllm()), 276_480.0);
    }

    /// llama.cpp's SWA cache for gpt-oss-20b at 131,072 tokens, by hand: 12 full layers keep
    /// every token, 2,048 bytes each (8 KV heads x 64 x 2 x 2 bytes); 12 sliding layers keep
    /// the 128-token window plus one 512-token micro-batch, padded to 768 cells:
    /// 12 x 2,048 x (131,072 + 768) = 3,240,099,840 bytes.
    #[test]
    fn llama_cpp_swa_layers_hold_the_window_and_a_micro_batch() {
        let m = Catalog::get().model("gpt-oss-20b").unwrap();
        let llama = Runtime::LlamaCpp.profile().window_kv;
        let ours = sequence_kv_bytes(m, KvPrecision::Fp16, 131_072, llama, 0);
        assert_eq!(ours, 12.0 * 2048.0 * (131_072.0 + 768.0));
        let WindowKv::Window(cells) = llama else {
            panic!("llama.cpp keeps an SWA cache, not {llama:?}");
        };
        // Gemma 3's 1,024-token window: 1,536 cells; a short context pads to 256.
        assert_eq!(cells.held(1024, 32_768), 1536);
        assert_eq!(cells.held(1024, 100), 256);
    }

    /// SGLang's split pool for gpt-oss-20b, by hand: 12 full layers of 2,048 bytes per
    /// token and 12 sliding layers whose pool holds 0.8 tokens per full token: 24,576 +
    /// 0.8 x 24,576 = 44,236.8 bytes per full-pool token, the tokens SGLang logs. A request
    /// of 131,072 tokens takes 131,072 of them (5,798,205,849.6 bytes against 6,442,450,944
    /// with one pool); one of 100 tokens needs 100 windowed tokens, 125 full tokens' worth.
    /// Gemma 3, which SGLang keeps in one pool, is counted as before.
    #[test]
    fn sglang_splits_its_pool_for_the_architectures_it_lists() {
        let c = Catalog::get();
        let sglang = Runtime::Sglang.profile().window_kv;
        let bf16 = KvPrecision::Fp16;
        let m = c.model("gpt-oss-20b").unwrap();
        let per_token = 24_576.0 + 0.8 * 24_576.0;
        assert_eq!(pool_bytes_per_token(m, bf16, sglang), per_token);
        let long = sequence_kv_bytes(m, bf16, 131_072, sglang, 0);
        assert!((long - per_token * 131_072.0).abs() < 1e-3, "{long}");
        let short = sequence_kv_bytes(m, bf16, 100, sglang, 0);
        assert!((short - per_token * 125.0).abs() < 1e-6, "{short}");
        let gemma = c.model("gemma-3-27b").unwrap();
        assert_eq!(
            sequence_kv_bytes(gemma, bf16, 131_072, sglang, 0),
            sequence_kv_bytes(gemma, bf16, 131_072, WindowKv::Whole, 0)
        );
    }

    /// SGLang's share for Nemotron 3 Nano's Mamba states, by hand at 8,192 tokens: the 6
    /// attention layers keep 6 x 1,024 x 8,192 = 50,331,648 bytes, which take 1.9 times as
    /// much of the pool (0.9 of it goes to states); the 23 Mamba layers' state is
    /// 23 x 2,134,016 = 49,082,368 bytes, 3 slots per request out of 0.9 / 1.9 of the pool:
    /// 3 x 49,082,368 x 1.9 / 0.9 = 310,855,002.7 bytes, the larger. The logged tokens are
    /// the attention share's: 1.9 x 6,144 bytes each.
    #[test]
    fn sglang_keeps_state_slots_in_a_share_of_their_own() {
        let m = Catalog::get().model("nemotron-3-nano-30b-a3b").unwrap();
        let sglang = Runtime::Sglang.profile().window_kv;
        let bf16 = KvPrecision::Fp16;
        let ours = sequence_kv_bytes(m, bf16, 8192, sglang, 0);
        let by_hand = 3.0 * 49_082_368.0 * 1.9 / 0.9;
        assert!((ours - by_hand).abs() < 1e-3, "{ours}");
        let long = sequence_kv_bytes(m, bf16, 262_144, sglang, 0);
        assert!(
            (long - 6.0 * 1024.0 * 262_144.0 * 1.9).abs() < 1e-3,
            "{long}"
        );
        assert!((pool_bytes_per_token(m, bf16, sglang) - 6144.0 * 1.9).abs() < 1e-9);
    }

    /// The state each runtime holds for Qwen3-Next 80B, by hand. A Gated DeltaNet layer:
    /// the recurrent matrix 32 value heads x 128 x 128 = 524,288 values and the
    /// convolution's last 3 inputs of (2 x 16 x 128 + 32 x 128) channels = 24,576 values.
    /// vLLM and transformers in the config's bfloat16: 36 x 548,864 x 2 = 39,518,208 bytes;
    /// SGLang keeps the matrix in float32: 36 x (524,288 x 4 + 24,576 x 2) = 77,266,944;
    /// llama.cpp every value in float32: 36 x 548,864 x 4 = 79,036,416. Nemotron 3 Nano's
    /// config already says float32 for the matrix: the same in SGLang and vLLM, and its
    /// 36,864 convolution values in float32 in llama.cpp: 2,097,152 + 73,728 a layer.
    #[test]
    fn held_state_is_the_runtimes_own_dtype() {
        let c = Catalog::get();
        let next = c.model("qwen3-next-80b-a3b").unwrap();
        let held = |m, r: Runtime| held_state_bytes(m, r.profile().window_kv);
        assert_eq!(held(next, Runtime::Vllm), 39_518_208.0);
        assert_eq!(held(next, Runtime::Transformers), 39_518_208.0);
        assert_eq!(held(next, Runtime::Sglang), 77_266_944.0);
        assert_eq!(held(next, Runtime::LlamaCpp), 79_036_416.0);
        let nano = c.model("nemotron-3-nano-30b-a3b").unwrap();
        assert_eq!(held(nano, Runtime::Sglang), held(nano, Runtime::Vllm));
        assert_eq!(held(nano, Runtime::Sglang), 23.0 * 2_134_016.0);
        assert_eq!(held(nano, Runtime::LlamaCpp), 23.0 * 2_170_880.0);
        // What llama.cpp sizes for a sequence is the note's state plus its attention cache.
        let llama = Runtime::LlamaCpp.profile().window_kv;
        let one = sequence_kv_bytes(next, KvPrecision::Fp16, 1, llama, 512);
        assert_eq!(one, 79_036_416.0 + 24_576.0);
        let dense = c.model("qwen3-32b").unwrap();
        assert_eq!(held(dense, Runtime::Sglang), 0.0);
    }

    /// vLLM's default mode per kind of state layer, as data: Mamba and Mamba-2 classes
    /// declare prefix-caching support ("all"), Gated DeltaNet does not ("align"); "all"
    /// only where the chunk its blocks align to is known. Blocks per group: 1, 2, or one
    /// per attention block of the request.
    #[test]
    fn the_cache_mode_follows_the_state_kind() {
        let c = Catalog::get();
        let mode = |id: &str, chunk: Option<u32>| {
            let mut states = c.model(id).unwrap().state_layers.clone().unwrap();
            states.mamba_chunk_size = chunk;
            paging().cache_mode(&states)
        };
        assert_eq!(mode("nemotron-3-nano-30b-a3b", None), MambaCacheMode::Align);
        let all = MambaCacheMode::All { chunk: 128 };
        assert_eq!(mode("nemotron-3-nano-30b-a3b", Some(128)), all);
        assert_eq!(mode("jamba-1.5-mini", Some(128)), all);
        assert_eq!(mode("qwen3-next-80b-a3b", Some(64)), MambaCacheMode::Align);
        assert_eq!(mode("minimax-text-01", Some(64)), MambaCacheMode::Align);
        assert_eq!(MambaCacheMode::None.blocks(61), 1);
        assert_eq!(MambaCacheMode::Align.blocks(61), 2);
        assert_eq!(all.blocks(61), 61);
        assert_eq!(all.blocks(0), 1);
        assert_eq!((lcm(128, 16), lcm(256, 16), lcm(24, 16)), (128, 256, 48));
    }

    /// Nemotron 3 Nano in vLLM's "all" mode with its config's `chunk_size` 128, by hand at
    /// 131,072 tokens. A state (2,134,016 bytes) spans cdiv(2,134,016, 1,024) = 2,084
    /// attention tokens, so the block is 128 x cdiv(2,084, 128) = 2,176 tokens and a page
    /// 2,228,224 bytes. A request: ceil(131,072 / 2,176) = 61 attention blocks and as many
    /// per Mamba group, 61 x 5 = 305 blocks of 6 pages = 4,077,649,920 bytes; 1,000 tokens
    /// take 1 + 4 blocks.
    #[test]
    fn all_mode_keeps_a_state_per_block_of_the_context() {
        let mut m = Catalog::get()
            .model("nemotron-3-nano-30b-a3b")
            .unwrap()
            .clone();
        if let Some(states) = m.state_layers.as_mut() {
            states.mamba_chunk_size = Some(128);
        }
        let bf16 = KvPrecision::Fp16;
        let g = LayerGroups::of(&m, &paging(), bf16).unwrap();
        assert_eq!(g.state_mode, MambaCacheMode::All { chunk: 128 });
        assert_eq!((g.full_block, g.page_bytes), (2176, 2_228_224.0));
        assert_eq!(g.blocks(131_072, 8192), 61 * 5);
        assert_eq!(
            sequence_kv_bytes(&m, bf16, 131_072, vllm(), 8192),
            4_077_649_920.0
        );
        assert_eq!(
            sequence_kv_bytes(&m, bf16, 1000, vllm(), 8192),
            (5 * 6) as f64 * 2_228_224.0
        );
    }
}
