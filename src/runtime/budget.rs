//! How much of a card a runtime lets a job use: a share taken up front (vLLM, SGLang) or
//! the card less what the driver and libraries keep, and the buffers a tensor-parallel
//! group adds on each GPU.

/// How much of a device a runtime lets the job use.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    /// A share of the total the driver reports (vLLM's `gpu_memory_utilization`); the
    /// CUDA context and every other allocation of the process count inside it.
    Share(f64),
    /// A share of the card chosen from its memory and the tensor-parallel size (SGLang's
    /// `mem_fraction_static`); what it leaves is for activations and CUDA graphs.
    Static(&'static StaticShare),
    /// The total less the CUDA context and a share lost to the caching allocator's
    /// fragmentation (PyTorch without a pre-allocated pool).
    Allocator { context_gib: f64, slack: f64 },
    /// The total less the CUDA context and library workspaces (llama.cpp's ggml buffers
    /// are sized exactly, so no fragmentation share).
    Exact { context_gib: f64 },
}

impl Budget {
    /// Whether the engine takes its share of the card up front and fills what the weights
    /// leave with a paged KV pool (the pool's tokens are then part of the answer).
    pub fn pools_kv(self) -> bool {
        matches!(self, Budget::Share(_) | Budget::Static(_))
    }

    /// The share of each card it takes on cards of `card_gib` in tensor-parallel groups of
    /// `tp` (None for budgets that are not a share).
    pub fn share_on(self, card_gib: f64, tp: u32) -> Option<f64> {
        match self {
            Budget::Share(s) => Some(s),
            Budget::Static(rule) => Some(rule.share(card_gib, tp)),
            Budget::Allocator { .. } | Budget::Exact { .. } => None,
        }
    }
}

/// How an engine sizes its static share from the card (SGLang's
/// `ServerArgs._handle_gpu_memory_settings`): a reserve in MiB for attention metadata, the
/// activations of one chunked prefill, the CUDA graphs and the tensor-parallel group, and
/// the share is what the card has beyond it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StaticShare {
    /// Card tiers, smallest first: (cards below this many MiB, chunked prefill tokens,
    /// largest CUDA-graph batch below TP `graphs_tp`, and from it).
    pub tiers: &'static [(f64, f64, f64, f64)],
    /// The same for cards above every tier.
    pub largest: (f64, f64, f64),
    /// Tensor-parallel size from which the larger CUDA-graph batch is captured.
    pub graphs_tp: u32,
    /// Fixed reserve (attention metadata), MiB.
    pub base_mib: f64,
    /// MiB per chunked-prefill token, and the fewest tokens counted.
    pub per_prefill_token_mib: (f64, f64),
    /// MiB per CUDA-graph batch entry.
    pub per_graph_mib: f64,
    /// MiB per GPU of the tensor-parallel group.
    pub per_tp_mib: f64,
    /// On cards above the first many MiB, the reserve is at least the second.
    pub floor_mib: (f64, f64),
    /// GiB the CUDA context and the NCCL group take before the share is measured.
    pub context_gib: f64,
}

impl StaticShare {
    /// The share of a card of `card_gib` GiB in a tensor-parallel group of `tp`, rounded
    /// to three decimals as the engine does.
    pub fn share(&self, card_gib: f64, tp: u32) -> f64 {
        let mib = card_gib * 1024.0;
        let (prefill, small, large) = self
            .tiers
            .iter()
            .find(|t| mib < t.0)
            .map_or(self.largest, |t| (t.1, t.2, t.3));
        let graphs = if tp < self.graphs_tp { small } else { large };
        let (per_token, min_tokens) = self.per_prefill_token_mib;
        let mut reserve = self.base_mib
            + prefill.max(min_tokens) * per_token
            + graphs * self.per_graph_mib
            + f64::from(tp.max(1)) * self.per_tp_mib;
        if mib > self.floor_mib.0 {
            reserve = reserve.max(self.floor_mib.1);
        }
        (((mib - reserve) / mib) * 1000.0).round() / 1000.0
    }
}

/// Communication memory each GPU of a tensor-parallel group holds: a fixed part (vLLM's
/// custom all-reduce and NVLS buffers) and a part per other GPU of the group (NCCL keeps
/// send and receive buffers per peer and channel).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PeerBuffers {
    pub fixed_gib: f64,
    pub per_peer_gib: f64,
}

impl PeerBuffers {
    pub const NONE: PeerBuffers = PeerBuffers {
        fixed_gib: 0.0,
        per_peer_gib: 0.0,
    };

    /// GiB on each GPU of a group of `gpus` (none on one GPU).
    pub fn gib(self, gpus: u32) -> f64 {
        if gpus <= 1 {
            return 0.0;
        }
        self.fixed_gib + self.per_peer_gib * f64::from(gpus - 1)
    }
}

/// NCCL's buffers on each rank of a multi-GPU training job (DDP, ZeRO, FSDP), allocated
/// outside PyTorch's caching allocator, so `torch.cuda.max_memory_reserved` never shows
/// them and they come off the memory the job may use. Over NVLink, from
/// NVIDIA/nccl#964 (4 x A100 NVLink, PyTorch, one 4 MB all-reduce per process group):
/// 544 MiB for a group of 2 and 688 MiB for groups of 3 and 4, so 0.46 GiB plus 0.07 GiB
/// per peer; checked against NVIDIA/nccl#1685 (8 x H100, 1.06 GB of NCCL memory after
/// set-up, ours 0.95 GiB). The maintainers (nccl#864/#986): memory is linear in the
/// channels, PCIe links get far fewer channels than NVLink, and past two nodes it no longer
/// grows ([`TRAINING_COLLECTIVE_PEERS`]). Over PCIe, the per-peer figure vLLM's PCIe
/// start-up logs show (the vLLM profile's `multi_gpu_overhead_gib`), with no fixed part.
pub const TRAINING_COLLECTIVES_GIB: (PeerBuffers, PeerBuffers) = (
    PeerBuffers {
        fixed_gib: 0.46,
        per_peer_gib: 0.07,
    },
    PeerBuffers {
        fixed_gib: 0.0,
        per_peer_gib: 0.07,
    },
);
/// Ranks beyond which NCCL's buffers stop growing (two nodes of eight).
pub const TRAINING_COLLECTIVE_PEERS: u32 = 16;

/// What a paged engine allocates after its start-up profile, outside its budget share
/// (see `estimate::startup`): per captured CUDA-graph size, per captured size again under
/// tensor parallelism over a fast link, and the sampler's fragmented re-allocation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AfterProfiling {
    /// GiB per captured batch size (graph pools and the non-torch memory capture adds).
    pub graph_gib_per_size: f64,
    /// GiB per captured size once the graphs are registered with custom all-reduce
    /// (tensor parallelism over NVLink; off over PCIe past two GPUs).
    pub registered_gib_per_size: f64,
    /// fp32 logits-sized blocks (`max_num_seqs` x vocabulary x 4 bytes) the allocator's
    /// cache holds but cannot hand to the sampler's warm-up.
    pub fragment_copies: f64,
}

/// vLLM 0.19 (data/SOURCES.md, "vLLM at 0.95 under tensor parallelism"):
/// - graphs: the 1.0 GiB this profile counted for the default 51 captured sizes (logged
///   "Graph capturing finished ... took" 0.5-1.8 GiB at 51 sizes, 1.55-1.84 at gpt-oss's
///   83, llm-d planner logs, H100);
/// - registration: 0.023 GiB per size at TP 2 and more over NVLink, the least that makes
///   llm-d/llm-d#787 fail as it did (Qwen3-32B, TP 2, 0.95, 67 sizes on 0.11.0: sampler
///   warm-up OOM); checked on the gpt-oss-20b TP 2 failure log, whose own accounting
///   (non-torch 5.25 GiB against 2.07 at profiling, 318 MiB of graph pools, 1.62 GiB
///   cached) gives 5.11 GiB after the profile, ours 5.07;
/// - fragments: two fp32 logits blocks, the 1.62 and 1.78 GiB "reserved by PyTorch but
///   unallocated" of the gpt-oss-20b TP 2 and TP 1 failures (2 x 1,024 x 201,088 x 4 bytes
///   = 1.53 GiB).
pub const VLLM_AFTER_PROFILING: AfterProfiling = AfterProfiling {
    graph_gib_per_size: 1.0 / 51.0,
    registered_gib_per_size: 0.023,
    fragment_copies: 2.0,
};

#[cfg(test)]
mod tests {
    use super::super::Runtime;
    use super::super::profiles::SGLANG_STATIC;

    /// SGLang's `mem_fraction_static` for cards as torch reports them (MiB), worked out by
    /// hand from `_handle_gpu_memory_settings`.
    #[test]
    fn sglang_picks_its_share_from_the_card_and_the_tensor_parallel_size() {
        let share = |mib: f64, tp: u32| SGLANG_STATIC.share(mib / 1024.0, tp);
        // RTX 4090: 2k prefill, 24 graphs below TP 4 and 80 from it.
        assert_eq!(share(24_564.0, 1), 0.847);
        assert_eq!(share(24_564.0, 4), 0.827);
        // H100 80 GB: 8k prefill, 256 / 512 graphs, over the 10 GiB floor.
        assert_eq!(share(81_559.0, 1), 0.835);
        assert_eq!(share(81_559.0, 8), 0.818);
        // T4: the 2,048-token minimum and 8 graphs.
        assert_eq!(share(15_360.0, 1), 0.757);
        assert_eq!("sglang".parse::<Runtime>().unwrap(), Runtime::Sglang);
        assert_eq!("sgl".parse::<Runtime>().unwrap(), Runtime::Sglang);
    }
}
