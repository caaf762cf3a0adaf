//! What a runtime's KV cache keeps of each kind of layer, as data: the whole context, a
//! window, or vLLM's paged pool shared by groups of layers (the arithmetic is in
//! `estimate::paged`).

/// What a runtime's KV cache keeps of the layers that attend to a window (sliding-window
/// layers) or to a chunk (chunked local attention, Llama 4).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WindowKv {
    /// Every layer keeps every token.
    Whole,
    /// Windowed layers keep their window only (llama.cpp's SWA cache).
    Window,
    /// A paged pool shared by groups of layers, each group with its own block table
    /// (vLLM's hybrid KV cache manager, on unless `--disable-hybrid-kv-cache-manager`).
    Grouped(PagedGroups),
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
/// The vLLM 0.19.0 start-up logs agree to the token: Gemma 3 27B's 15,997 blocks over 7
/// groups of 10 layers give the logged 36,560 tokens (tests/calibration).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PagedGroups {
    /// Tokens per block (`--block-size`, 16 by default on CUDA).
    pub block_tokens: u32,
    /// Groups take the larger layer count when it is under this many times the smaller.
    pub widen_below: f64,
}
