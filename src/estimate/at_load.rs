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

use super::speed::{DecodeWork, effective_precision, efficiency};
use super::{Interconnect, Job, Precision, Runtime, prefill_tokens_per_s};
use crate::catalog::{GpuSpec, ModelSpec};
use crate::runtime::Split;

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

/// Prompt tokens one step takes when the profile states no budget.
const DEFAULT_BUDGET: u64 = 8192;

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

/// Speed at load, worked out once per (model, job) and priced per GPU and concurrency.
#[derive(Debug, Clone, Copy)]
pub struct LoadModel {
    work: DecodeWork,
    costs: LoadCosts,
    mxfp4: bool,
    hidden: f64,
    prompt: f64,
    generate: f64,
    /// Prompt tokens one step takes at most (`--max-num-batched-tokens`).
    budget: f64,
    prefill_rate: f64,
    runtime: Runtime,
}

impl LoadModel {
    /// The model of `model` under `job` (its prompt and output lengths) on `count` `gpu`s.
    pub fn new(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> LoadModel {
        let precision = effective_precision(job);
        let (small, large) = super::scheduler_steps(job.runtime.profile(), job);
        let stated = if super::is_large_card(gpu) {
            large
        } else {
            small
        };
        // Engines without a profiled step budget: SGLang's `--chunked-prefill-size` and
        // llama.cpp's `-b` both default to a few thousand tokens.
        let budget = if stated > 0 { stated } else { DEFAULT_BUDGET };
        LoadModel {
            work: DecodeWork::new(model, job),
            costs: LoadCosts::of(job.runtime),
            mxfp4: precision == Precision::Mxfp4,
            hidden: f64::from(model.hidden_size),
            prompt: job.prompt as f64,
            generate: job.generate.max(1) as f64,
            budget: (budget as f64).max(1.0),
            prefill_rate: prefill_tokens_per_s(model, job, gpu, count).max(1.0),
            runtime: job.runtime,
        }
    }

    /// Seconds of one step that decodes `n` sequences while prefilling `prefill` prompt
    /// tokens.
    fn step_seconds(&self, gpu: &GpuSpec, count: u32, n: f64, prefill: f64) -> f64 {
        let kind = gpu.memory_kind();
        let (share, ms_per_layer) = efficiency(self.runtime, kind, self.work.quantized());
        let tensor = self.runtime.profile().split == Split::Tensor;
        let mut bandwidth = gpu.memory_bandwidth_gbs * 1e9 * share;
        // The all-reduces are priced on their own below, so the cards' bandwidth adds up.
        if tensor {
            bandwidth *= f64::from(count);
        }
        let (dense, experts) = self.work.step_bytes(n);
        let expert_share = self.expert_share(n);
        let memory = dense / bandwidth + experts / (bandwidth * expert_share);
        let compute = n / self.prefill_rate;
        let chunk = prefill / self.prefill_rate;
        let gddr7 = gpu.memory_type.eq_ignore_ascii_case("GDDR7");
        let launch_share = if gddr7 {
            self.costs.launch_share_gddr7
        } else {
            1.0
        };
        let launch = self.work.layers() * ms_per_layer * launch_share / 1000.0;
        let comm = if tensor {
            self.allreduce_seconds(gpu, count, n + prefill)
        } else {
            0.0
        };
        launch + memory.max(compute) + chunk + comm + self.work.host_seconds()
    }

    /// The share of the dense bandwidth share routed-expert kernels reach when `n` tokens
    /// are routed: the profile's share at one token per expert, growing with the square
    /// root of the tokens each touched expert gets (larger tiles per expert), never past
    /// the dense share.
    fn expert_share(&self, n: f64) -> f64 {
        let base = if self.mxfp4 {
            self.costs.expert_share_mxfp4
        } else {
            self.costs.expert_share
        };
        let (e, k) = self.work.experts();
        if e <= 0.0 {
            return base;
        }
        let per_expert = (n * k / super::speed::experts_touched(e, k, n)).max(1.0);
        (base * per_expert.sqrt()).min(1.0)
    }

    /// Two all-reduces per layer of `tokens` hidden states in 16 bits: a latency that
    /// grows with the log of the GPUs (NCCL's trees), and the bytes a ring moves.
    fn allreduce_seconds(&self, gpu: &GpuSpec, count: u32, tokens: f64) -> f64 {
        if count <= 1 {
            return 0.0;
        }
        let (latency_us, link_gbs) = match Interconnect::of(gpu, count) {
            Interconnect::Nvlink | Interconnect::InfinityFabric => {
                (self.costs.allreduce_us_fast, 300.0)
            }
            Interconnect::MultiNode => (self.costs.allreduce_us_nodes, 40.0),
            _ => (self.costs.allreduce_us_pcie, 20.0),
        };
        let n = f64::from(count);
        let bytes = tokens * self.hidden * 2.0 * 2.0 * (n - 1.0) / n;
        let one = latency_us * n.log2() / 1e6 + bytes / (link_gbs * 1e9);
        2.0 * self.work.layers() * one
    }

    /// The speed `n` users see together on `count` `gpu`s.
    pub fn at(&self, gpu: &GpuSpec, count: u32, n: u32) -> AtLoad {
        let users = f64::from(n.max(1));
        // Steady state: every other request's prompt is prefilled over its output's steps,
        // inside the steps this one decodes in.
        let arriving = (users - 1.0) * self.prompt / self.generate;
        let step = self.step_seconds(gpu, count, users, arriving.min(self.budget));
        // The first token comes out of the prefill itself; a prompt past the step budget
        // shares one step per further chunk with the others' decoding, and a request
        // arriving under load waits half a step on average.
        let chunks = (self.prompt / self.budget).ceil().max(1.0);
        let waits = chunks - 1.0 + if n > 1 { 0.5 } else { 0.0 };
        let ttft = self.costs.ttft_fixed_ms / 1000.0
            + self.prompt / self.prefill_rate
            + waits * self.step_seconds(gpu, count, users - 1.0, 0.0);
        let per_user = 1.0 / step;
        AtLoad {
            concurrency: n.max(1),
            tpot_ms: step * 1000.0,
            ttft_ms: ttft * 1000.0,
            tokens_per_s_per_user: per_user,
            tokens_per_s_per_gpu: per_user * users / f64::from(count.max(1)),
            usd_per_million_tokens: None,
        }
    }

    /// The most users (up to `cap`) each seeing at least `target` tokens per second; 0
    /// when not even one does. TPOT grows with N, so a bisection finds it.
    pub fn users_at_target(&self, gpu: &GpuSpec, count: u32, target: f64, cap: u32) -> u32 {
        let fast = |n: u32| self.at(gpu, count, n).tokens_per_s_per_user >= target;
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
    use crate::estimate::Mode;

    fn qwen32_on_h100s(n: u32) -> AtLoad {
        let c = Catalog::get();
        let model = c.model("qwen3-32b").unwrap();
        let gpu = c.gpu("h100-sxm").unwrap();
        let mut job = Job::new(Mode::Inference, Precision::Bf16);
        job.runtime = Runtime::Vllm;
        job.prompt = 1024;
        job.generate = 1024;
        LoadModel::new(model, &job, gpu, 2).at(gpu, 2, n)
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
        let m = LoadModel::new(model, &job, gpu, 2);
        let users = m.users_at_target(gpu, 2, 20.0, 4096);
        assert!(users > 1 && users < 4096, "{users}");
        assert!(m.at(gpu, 2, users).tokens_per_s_per_user >= 20.0);
        assert!(m.at(gpu, 2, users + 1).tokens_per_s_per_user < 20.0);
        assert_eq!(m.users_at_target(gpu, 2, 1e6, 4096), 0);
    }
}
