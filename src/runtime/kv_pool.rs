//! What a runtime's KV cache keeps of each kind of layer, as data: the whole context, a
//! window, or vLLM's paged pool shared by groups of layers (the arithmetic is in
//! `estimate::paged`).

use crate::catalog::{StateKind, StateLayers};

/// What a runtime's KV cache keeps of the layers that attend to a window (sliding-window
/// layers) or to a chunk (chunked local attention, Llama 4).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WindowKv {
    /// Every layer keeps every token.
    Whole,
    /// Windowed layers keep their window and a little more (llama.cpp's SWA cache).
    Window(SwaCells),
    /// A paged pool shared by groups of layers, each group with its own block table
    /// (vLLM's hybrid KV cache manager, on unless `--disable-hybrid-kv-cache-manager`).
    Grouped(PagedGroups),
    /// A token pool for the full-attention layers and a smaller one for the windowed
    /// layers, the memory split between them at a fixed ratio of tokens (SGLang's hybrid
    /// SWA memory), for the model families the engine runs that way.
    /// Recurrent states (Mamba, Gated DeltaNet) get a share of the memory of their own.
    SplitPool(SwaPool, StateShare),
}

/// vLLM's hybrid KV cache manager, as data (vllm-project/vllm at commit
/// 001cabc1be16a59a70d720ed61a13b678c060a18; data/SOURCES.md, "vLLM's hybrid KV cache
/// manager"):
/// - `vllm/v1/core/kv_cache_utils.py`, `_get_kv_cache_groups_uniform_page_size`: the layers
///   of each attention type are cut into groups of `group_size` layers (the fewest layers of
///   any type, or the most when the most are under `widen_below` times the fewest), the last
///   group of a type padded; `get_kv_cache_config_from_groups`: `group_size` tensors, each
///   shared by one layer of every group, so a block costs `group_size` layers' pages
///   whichever group takes it; `_report_kv_cache_config`: "GPU KV cache size" is the
///   blocks over the number of groups times the block size (every group slot counted).
/// - `vllm/v1/kv_cache_interface.py`, `SlidingWindowSpec.max_memory_usage_bytes` (lines
///   370-389): a sliding layer reserves `min(window - 1 + max_num_batched_tokens,
///   max_model_len)` tokens plus one block per request; `ChunkedLocalAttentionSpec`
///   `min(chunk + max_num_batched_tokens, max_model_len)` tokens; full layers every token
///   (`_max_memory_usage_bytes_from_groups` sums them per group and checks one request of
///   `max_model_len` fits at start-up).
///
/// - Same file, `get_kv_cache_groups` and `unify_kv_cache_spec_page_size`: layers whose page
///   is smaller than the largest (MiMo-V2-Flash's full layers, 4 KV heads against the
///   sliding layers' 8) get a proportionally larger block, so every page is the same size.
/// - Recurrent layers (Mamba, Gated DeltaNet, linear attention) are `MambaSpec` layers in
///   the same pool (`kv_cache_interface.py`, `MambaSpec`): their page is the state of one
///   sequence (`page_size_bytes`, the product of the state shapes times their dtype
///   sizes), and a request holds a fixed number of them whatever its length
///   (`max_memory_usage_bytes`: one, two in the "align" mode of prefix caching, one per
///   block of the context in "all", see [`MambaCacheMode`]). To share
///   one page size, the attention block grows to the fewest multiple of `block_tokens`
///   tokens whose page holds a state, and the state page is padded to it
///   (`HybridAttentionMambaModelConfig.verify_and_update_config`,
///   vllm/model_executor/models/config.py at 0144dd5b0d2d9ef9ac2651a3ab6efa83d0497ea9).
///
/// The vLLM 0.19.0 start-up logs agree to the token: Gemma 3 27B's 15,997 blocks over 7
/// groups of 10 layers give the logged 36,560 tokens (tests/calibration).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PagedGroups {
    /// Tokens per block (`--block-size`, 16 by default on CUDA).
    pub block_tokens: u32,
    /// Groups take the larger layer count when it is under this many times the smaller.
    pub widen_below: f64,
    /// State kinds whose vLLM model classes declare `SupportsMambaPrefixCaching`, so that
    /// prefix caching (on by default) gives their groups the "all" mode; the others get
    /// "align". See [`MambaCacheMode`].
    pub all_mode_kinds: &'static [StateKind],
}

impl PagedGroups {
    /// The `mamba_cache_mode` vLLM runs `states` in with prefix caching on, its default
    /// (vllm/config/cache.py at 002f10e0cfa1373a19a0d2756598a34b700d20e5:
    /// `enable_prefix_caching = True`): "all" for a kind in `all_mode_kinds`, "align"
    /// otherwise (`MambaModelConfig.verify_and_update_config`, data/SOURCES.md). "all" is
    /// sized only when the config gives the Mamba chunk size its blocks align to
    /// (`mamba_chunk_size` or `chunk_size`); without one it is sized as "align", the
    /// smaller reservation, and data/SOURCES.md says why.
    pub fn cache_mode(&self, states: &StateLayers) -> MambaCacheMode {
        match states.mamba_chunk_size {
            Some(chunk) if chunk > 0 && self.all_mode_kinds.contains(&states.kind) => {
                MambaCacheMode::All { chunk }
            }
            _ => MambaCacheMode::Align,
        }
    }
}

/// What vLLM keeps of a group of recurrent layers per request (`mamba_cache_mode` in
/// vllm/config/cache.py; `MambaSpec.max_memory_usage_bytes` in vllm/v1/kv_cache_interface.py
/// at 001cabc1be16a59a70d720ed61a13b678c060a18, which sizes the start-up check and the
/// logged concurrency), each block one sequence's state padded to the attention page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MambaCacheMode {
    /// Prefix caching off: the running state only, one block.
    None,
    /// The running state and the state kept at the last block boundary: two blocks.
    Align,
    /// A state at every block boundary of the whole context: one block per attention
    /// block of the request, the block a multiple of the Mamba `chunk` size.
    All { chunk: u32 },
}

impl MambaCacheMode {
    /// Blocks one request spanning `context_blocks` attention blocks holds per group.
    pub fn blocks(self, context_blocks: u64) -> u64 {
        match self {
            MambaCacheMode::None => 1,
            MambaCacheMode::Align => 2,
            MambaCacheMode::All { .. } => context_blocks.max(1),
        }
    }
}

/// llama.cpp's cache for sliding-window layers, as data (ggml-org/llama.cpp,
/// `src/llama-kv-cache-iswa.cpp` at commit 02c28f533ebba3e4ea944fc4a0719a012b3e7097, the
/// `llama_kv_cache_iswa` constructor): with `--swa-full` off, its default (`swa_full =
/// false` in `common/common.h`), the SWA layers hold `GGML_PAD(min(n_ctx, n_swa x n_seq +
/// n_ubatch), 256)` cells, one sequence per slot unless the cache is unified. The same
/// cache keeps a hybrid model's recurrent states (`llama_memory_hybrid`) in a type of its
/// own, whatever the model's or `-ctk`'s.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SwaCells {
    /// Cells beyond the window: one micro-batch (`n_ubatch`, 512 by default).
    pub extra: u32,
    /// The cell count is rounded up to a multiple of this.
    pub pad: u32,
    /// Bytes per value of the recurrent states, the convolution inputs (`r`) and the
    /// recurrent matrix (`s`) alike: float32 (`src/llama-model.cpp`,
    /// `llama_model::create_memory`: `/* recurrent_type_k */ GGML_TYPE_F32, /*
    /// recurrent_type_v */ GGML_TYPE_F32`; data/SOURCES.md).
    pub state_value_bytes: f64,
}

impl SwaCells {
    /// Cells a windowed layer holds for one sequence of `tokens` with a `window`.
    pub fn held(self, window: u32, tokens: u64) -> u64 {
        let cells = tokens.min(u64::from(window) + u64::from(self.extra));
        cells.div_ceil(u64::from(self.pad.max(1))) * u64::from(self.pad.max(1))
    }
}

/// SGLang's hybrid SWA memory, as data (sgl-project/sglang,
/// `python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py` at commit
/// 001ccef0072a4537d4ec6bdd50a73e6feb2c907d, `set_num_tokens_hybrid_swa`): the pool that
/// `profile_max_num_token` sizes with every layer's bytes per token is split so the windowed
/// layers get `swa_full_tokens_ratio` (0.8 by default, `ServerArgs`) tokens per full-layer
/// token: full tokens = memory / (F x full layers + ratio x S x windowed layers), where F
/// and S are a full and a windowed layer's bytes per token. A request needs its whole
/// length in the full pool and its window in the windowed one. Only architectures on
/// `is_hybrid_swa_model`'s list run this way (`python/sglang/srt/configs/model_config.py`
/// at 001adf564fd332c285397a46a034ee2f93ba7515: gpt-oss, MiMo-V2, Gemma 4, Llama 4,
/// DeepSeek V4, Step 3.5, Laguna); the others keep every layer in one pool.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SwaPool {
    /// Windowed-pool tokens per full-pool token (`--swa-full-tokens-ratio`).
    pub full_tokens_ratio: f64,
    /// Catalog families the engine gives a split pool. Llama 4 is left out: its chunked
    /// layers get a pool of their own formula, not modelled, so it is sized as one pool.
    pub families: &'static [&'static str],
}

/// SGLang's memory for the recurrent states of hybrid models, as data (same file and
/// commit as [`SwaPool`], `handle_max_mamba_cache` and `init_memory`): of the memory left
/// for the cache, `memory_ratio / (1 + memory_ratio)` holds states, one per slot, and the
/// rest the attention layers' tokens; the running requests are capped at the slots over
/// `slots_per_request` (`MAMBA_CACHE_SIZE_MAX_RUNNING_REQUESTS_RATIO`, with the radix
/// cache on). `mamba_full_memory_ratio` is 0.9 and `mamba_ssm_dtype` "float32" by default
/// (`ServerArgs`, python/sglang/srt/server_args.py).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StateShare {
    /// State memory over attention-token memory (`--mamba-full-memory-ratio`).
    pub memory_ratio: f64,
    /// State slots kept per running request.
    pub slots_per_request: f64,
    /// Bytes per value of the recurrent matrix (`--mamba-ssm-dtype`).
    pub matrix_bytes: f64,
}

impl StateShare {
    /// Bytes of the whole pool one request takes: its attention KV cache over the
    /// attention share, or its state slots over the state share, whichever is more.
    pub fn pool_bytes(self, attention: f64, state: f64) -> f64 {
        let r = self.memory_ratio;
        (attention * (1.0 + r)).max(self.slots_per_request * state * (1.0 + r) / r)
    }
}
