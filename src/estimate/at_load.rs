//! Speed at load: what each of N users sees when N requests are served together.
//!
//! A decode step of N sequences reads the weights once, every sequence's KV, and for a
//! mixture of experts the union of the experts the N tokens route to
//! ([`super::speed::experts_touched`]); it also computes N tokens and, in a continuous
//! batch, the prompt tokens of requests arriving meanwhile (chunked prefill: in steady
//! state N x prompt / output of them per step). Tensor parallelism adds two all-reduces
//! per layer over the cards' link. The time per output token (TPOT) is that step; the
//! time to first token (TTFT) is the engine's fixed cost, the prompt at the compute rate,
//! and the step the request joins. The shares of bandwidth and compute come from the
//! runtime's profile; what is particular to load (routed-expert share per weight format,
//! all-reduce latency per link, fixed first-token cost) is the data below, fitted on
//! tests/calibration/speed-at-load-fit.csv and checked on speed-at-load-check.csv.

use super::speed::DecodeWork;
use super::{Job, Runtime};
use crate::catalog::{GpuSpec, ModelSpec};

/// Tokens per second each user should see when the asker names no target: about a
/// reading speed and a half, what chat services aim at.
pub const DEFAULT_TARGET_TOKENS_PER_S: f64 = 20.0;

/// Users the answer plans for: at most this many at once (vLLM raises `max_num_seqs` to
/// 1,024 on large cards).
pub const MAX_USERS: u32 = 4096;

/// What the asker plans a server for.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Load {
    /// Users served at once (None: not said).
    pub concurrency: Option<u32>,
    /// Tokens per second each user should see (None: [`DEFAULT_TARGET_TOKENS_PER_S`]).
    pub target_tokens_per_s: Option<f64>,
}

impl Load {
    /// The target speed per user.
    pub fn target(&self) -> f64 {
        self.target_tokens_per_s
            .unwrap_or(DEFAULT_TARGET_TOKENS_PER_S)
    }
}

/// The flag that lets a server run `n` requests at once, with its value: vLLM's
/// `--max-num-seqs`, SGLang's `--max-running-requests`, llama-server's `-np` (its `-c` is
/// then shared by the slots, so the caller multiplies the context). None for runtimes
/// without a server line.
pub fn concurrency_flag(runtime: Runtime) -> Option<&'static str> {
    match runtime {
        Runtime::Vllm => Some("--max-num-seqs"),
        Runtime::Sglang => Some("--max-running-requests"),
        Runtime::LlamaCpp => Some("-np"),
        _ => None,
    }
}

/// What load costs on one engine, beyond the profile's shares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoadCosts {
    /// Share of the dense bandwidth share that fused routed-expert kernels reach, for
    /// MXFP4 experts (unpacked on Hopper) and for any other format.
    pub expert_share_mxfp4: f64,
    pub expert_share: f64,
    /// Microseconds one all-reduce of a small message costs per extra GPU: NVLink or
    /// Infinity Fabric, PCIe (or a bridge), and between nodes.
    pub allreduce_us_fast: f64,
    pub allreduce_us_pcie: f64,
    pub allreduce_us_nodes: f64,
    /// Milliseconds every first token costs whatever the prompt: scheduling, tokenizing,
    /// the engine's own prefill kernels' start.
    pub ttft_fixed_ms: f64,
    /// The profile's launch cost per layer on Blackwell cards with GDDR7, as a share: the
    /// profile's figure comes from 2024 runs on Ampere and Ada, and a newer card's faster
    /// launches are not an older card's (fitted on one RTX 5090 row).
    pub launch_share_gddr7: f64,
}

/// vLLM: expert shares fitted on GPUStack's and Millstone's gpt-oss-120b rows (one and
/// two H100s, one H200) and Tenstorrent's Qwen2.5-72B TP2 rows (all-reduce, TTFT).
const VLLM: LoadCosts = LoadCosts {
    expert_share_mxfp4: 0.45,
    expert_share: 0.8,
    allreduce_us_fast: 10.0,
    allreduce_us_pcie: 20.0,
    allreduce_us_nodes: 45.0,
    ttft_fixed_ms: 0.0,
    launch_share_gddr7: 1.0,
};

/// SGLang: the fixed first-token cost and the inter-node all-reduce fitted on
/// Tenstorrent's DeepSeek-R1-0528 run on 16 H100s over InfiniBand (batch 1).
const SGLANG: LoadCosts = LoadCosts {
    expert_share_mxfp4: 0.45,
    expert_share: 0.8,
    allreduce_us_fast: 10.0,
    allreduce_us_pcie: 20.0,
    allreduce_us_nodes: 45.0,
    ttft_fixed_ms: 350.0,
    launch_share_gddr7: 1.0,
};

/// llama.cpp and the other layer-split or single-process runtimes: no all-reduce (a
/// layer split hands one activation per boundary), no batch scheduler worth modelling.
const LAYERED: LoadCosts = LoadCosts {
    expert_share_mxfp4: 0.7,
    expert_share: 0.8,
    allreduce_us_fast: 0.0,
    allreduce_us_pcie: 0.0,
    allreduce_us_nodes: 0.0,
    ttft_fixed_ms: 0.0,
    launch_share_gddr7: 0.5,
};

impl LoadCosts {
    /// The costs of `runtime`.
    pub fn of(runtime: Runtime) -> LoadCosts {
        match runtime {
            Runtime::Vllm => VLLM,
            Runtime::Sglang => SGLANG,
            _ => LAYERED,
        }
    }
}

/// The speed N users see together.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct AtLoad {
    pub concurrency: u32,
    /// Milliseconds between two output tokens of one request.
    pub tpot_ms: f64,
    /// Milliseconds from the request to its first token.
    pub ttft_ms: f64,
    pub tokens_per_s_per_user: f64,
    /// Output tokens per second of all users together, divided by the GPUs.
    pub tokens_per_s_per_gpu: f64,
    /// Dollars per million output tokens at this load on rented GPUs (None: no price).
    pub usd_per_million_tokens: Option<f64>,
}

impl AtLoad {
    /// This load priced at `usd_per_hour` per GPU: a GPU-hour over the tokens one GPU
    /// serves in an hour.
    pub fn priced(mut self, usd_per_hour: Option<f64>) -> AtLoad {
        self.usd_per_million_tokens = usd_per_hour
            .filter(|_| self.tokens_per_s_per_gpu > 0.0)
            .map(|usd| usd / (self.tokens_per_s_per_gpu * 3600.0) * 1e6);
        self
    }
}

/// Speed at load, worked out once per (model, job) and priced per GPU and concurrency:
/// the decode model itself ([`DecodeWork::at`]), so the serving plan, the estimate's
/// tokens/s and every setup's speed are one model.
#[derive(Debug, Clone, Copy)]
pub struct LoadModel {
    work: DecodeWork,
}

impl LoadModel {
    /// The model of `model` under `job` (its prompt and output lengths).
    pub fn new(model: &ModelSpec, job: &Job) -> LoadModel {
        LoadModel {
            work: DecodeWork::new(model, job),
        }
    }

    /// The speed `n` users see together on `count` `gpu`s.
    pub fn at(&self, gpu: &GpuSpec, count: u32, n: u32) -> AtLoad {
        self.work.at(gpu, count, n)
    }

    /// The most users (up to `cap`) each seeing at least `target` tokens per second; 0
    /// when not even one does. TPOT grows with N, so a bisection finds it.
    pub fn users_at_target(&self, gpu: &GpuSpec, count: u32, target: f64, cap: u32) -> u32 {
        // Only the step decides: the time to first token is not worked out for each try.
        let fast = |n: u32| self.work.per_user_tokens_per_s(gpu, count, n) >= target;
        if cap == 0 || !fast(1) {
            return 0;
        }
        if fast(cap) {
            return cap;
        }
        let (mut good, mut bad) = (1u32, cap);
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            if fast(mid) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        good
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::estimate::{Mode, Precision};

    fn qwen32_on_h100s(n: u32) -> AtLoad {
        let c = Catalog::get();
        let model = c.model("qwen3-32b").unwrap();
        let gpu = c.gpu("h100-sxm").unwrap();
        let mut job = Job::new(Mode::Inference, Precision::Bf16);
        job.runtime = Runtime::Vllm;
        job.prompt = 1024;
        job.generate = 1024;
        LoadModel::new(model, &job).at(gpu, 2, n)
    }

    #[test]
    fn more_users_each_see_less_and_the_gpus_serve_more() {
        let one = qwen32_on_h100s(1);
        let many = qwen32_on_h100s(64);
        assert!(many.tpot_ms > one.tpot_ms, "{one:?} {many:?}");
        assert!(many.ttft_ms >= one.ttft_ms);
        assert!(many.tokens_per_s_per_gpu > 10.0 * one.tokens_per_s_per_gpu);
    }

    #[test]
    fn users_at_target_is_the_last_that_meets_it() {
        let c = Catalog::get();
        let model = c.model("qwen3-32b").unwrap();
        let gpu = c.gpu("h100-sxm").unwrap();
        let mut job = Job::new(Mode::Inference, Precision::Bf16);
        job.runtime = Runtime::Vllm;
        let m = LoadModel::new(model, &job);
        let users = m.users_at_target(gpu, 2, 20.0, 4096);
        assert!(users > 1 && users < 4096, "{users}");
        assert!(m.at(gpu, 2, users).tokens_per_s_per_user >= 20.0);
        assert!(m.at(gpu, 2, users + 1).tokens_per_s_per_user < 20.0);
        assert_eq!(m.users_at_target(gpu, 2, 1e6, 4096), 0);
    }
}
