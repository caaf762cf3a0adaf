//! Does a job fit a set of GPUs? Usable memory, headroom, and vLLM's KV capacity.

use super::{DecodeWork, Estimate, Job, JobError, Mode, Runtime, Sizing, prefill_tokens_per_s};
use crate::catalog::{FormFactor, GIB, GpuSpec, ModelSpec, Vendor};
use crate::runtime::{Budget, PeerBuffers, TRAINING_COLLECTIVE_PEERS, TRAINING_COLLECTIVES_GIB};
pub use crate::vocab::{Interconnect, Machine, NODE, Topology};
use serde::Serialize;

impl Interconnect {
    pub fn of(gpu: &GpuSpec, count: u32) -> Interconnect {
        if count <= 1 {
            Interconnect::Single
        } else if count > NODE {
            Interconnect::MultiNode
        } else if gpu.vendor == Vendor::Amd && gpu.form_factor == FormFactor::Sxm {
            Interconnect::InfinityFabric
        } else if gpu.form_factor == FormFactor::Sxm && gpu.nvlink.is_some() {
            Interconnect::Nvlink
        } else if gpu.nvlink.is_some() && count == 2 {
            Interconnect::NvlinkBridge
        } else {
            Interconnect::Pcie
        }
    }

    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Memory one GPU really offers to this job, in GiB: what the driver reports, less what the
/// runtime keeps back (vLLM's utilization share, the CUDA context, PyTorch's fragmentation),
/// and, on Apple, the share macOS keeps for the CPU. Training runs under PyTorch whatever
/// the serving runtime.
pub fn usable_gib(gpu: &GpuSpec, job: &Job, count: u32) -> f64 {
    Reserve::of(job).usable_gib(gpu, count)
}

/// What a job's runtime keeps back on any card, read from its profile once: the setup
/// ranking asks [`usable_gib`] of every GPU in the catalog for the same job.
#[derive(Debug, Clone, Copy)]
pub struct Reserve {
    budget: Budget,
    outside: f64,
    share: Option<f64>,
    /// Training: NCCL's buffers per GPU, outside the allocator (fast link, PCIe).
    collectives: (PeerBuffers, PeerBuffers),
}

impl Reserve {
    pub fn of(job: &Job) -> Reserve {
        let (budget, outside, collectives) = if job.mode.is_training() {
            let budget = Runtime::TRAINING.profile().budget;
            (budget, 0.0, TRAINING_COLLECTIVES_GIB)
        } else {
            let profile = job.runtime.profile();
            // Inference counts its communication buffers in the estimate (the runtime
            // profile's `multi_gpu_overhead_gib`), as its engines log them.
            let none = (PeerBuffers::NONE, PeerBuffers::NONE);
            (profile.budget, profile.outside_budget_gib, none)
        };
        Reserve {
            budget,
            outside,
            share: job.memory_share,
            collectives,
        }
    }

    /// [`usable_gib`] of `gpu` for this job on `count` of them.
    pub fn usable_gib(self, gpu: &GpuSpec, count: u32) -> f64 {
        self.usable_of(gpu.gpu_gib(), count, Interconnect::of(gpu, count))
    }

    /// GiB a device-level counter (nvidia-smi, a monitoring dashboard) shows on each of
    /// `count` GPUs beyond what the allocator holds: the CUDA context and, for training,
    /// NCCL's buffers (on no card in particular, the fast-link figure).
    pub fn outside_allocator_gib(self, count: u32, link: Option<Interconnect>) -> f64 {
        let context = match self.budget {
            Budget::Allocator { context_gib, .. } | Budget::Exact { context_gib } => context_gib,
            Budget::Static(rule) => rule.context_gib,
            Budget::Share(_) => 0.0,
        };
        context + self.collectives_gib(count, link.unwrap_or(Interconnect::Nvlink))
    }

    /// NCCL's buffers per GPU for a training job on `count` GPUs over `link`.
    fn collectives_gib(self, count: u32, link: Interconnect) -> f64 {
        let (fast, pcie) = self.collectives;
        let ranks = count.min(TRAINING_COLLECTIVE_PEERS);
        match link {
            Interconnect::Pcie | Interconnect::NvlinkBridge => pcie.gib(ranks),
            _ => fast.gib(ranks),
        }
    }

    /// No count or link makes [`usable_of`](Self::usable_of) more than this: the search
    /// for the smallest count that holds a job skips the counts it cannot reach.
    pub fn most_of(self, total: f64) -> f64 {
        total * self.share.unwrap_or(1.0).max(1.0)
    }

    /// [`usable_gib`] of a GPU that may use `total` GiB ([`GpuSpec::gpu_gib`]), `count`
    /// of them working together over `link` (a static share reads the tensor-parallel
    /// size; a training job loses NCCL's buffers, which grow with the peers).
    pub fn usable_of(self, total: f64, count: u32, link: Interconnect) -> f64 {
        let collectives = self.collectives_gib(count, link);
        let usable = match self.budget {
            Budget::Share(share) => total * self.share.unwrap_or(share),
            Budget::Static(rule) => {
                let share = self.share.unwrap_or_else(|| rule.share(total, count));
                (total - rule.context_gib) * share
            }
            Budget::Allocator { context_gib, slack } => total * (1.0 - slack) - context_gib,
            Budget::Exact { context_gib } => total - context_gib,
        };
        let usable = usable.min(total - self.outside) - collectives;
        debug_assert!(usable <= self.most_of(total) + 1e-9, "{usable} > {total}");
        usable
    }
}

/// The verdict for one setup.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fit {
    pub gpu: String,
    pub count: u32,
    pub fits: bool,
    pub per_gpu_gib: f64,
    pub usable_gib: f64,
    pub headroom_gib: f64,
    /// Decode speed of one sequence (inference only).
    pub tokens_per_s: Option<f64>,
    pub prefill_tokens_per_s: Option<f64>,
    pub interconnect: Interconnect,
    /// vLLM: tokens of KV cache the reserve holds once weights are loaded.
    pub kv_capacity_tokens: Option<u64>,
    /// vLLM: sequences of the requested context served at once.
    pub max_concurrency: Option<f64>,
    #[serde(skip)]
    pub estimate: Estimate,
    /// Users served at once that `tokens_per_s` is each one's speed at (the job's batch,
    /// when more than one): every setup of an answer is priced at the same load.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed_users: Option<u32>,
}

impl Fit {
    /// Check `job` on `count` GPUs of this kind.
    pub fn check(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> Result<Fit, JobError> {
        job.validate(model)?;
        Ok(Fit::sized(&Sizing::new(model, job), None, gpu, count))
    }

    /// [`Fit::check`] for a job already validated and sized, with its [`DecodeWork`] when
    /// the caller has it (the setup ranking made both for every GPU already).
    pub fn sized(sizing: &Sizing, decode: Option<&DecodeWork>, gpu: &GpuSpec, count: u32) -> Fit {
        let (model, job) = (sizing.model(), sizing.job());
        let estimate = sizing.on(count, Some(gpu));
        let usable = usable_gib(gpu, job, count);
        let per_gpu = estimate.per_gpu_gib();
        // vLLM also has to start: what it takes after its profile must fit beside the
        // budget (see `startup`), whatever the job's size.
        let fits = per_gpu <= usable && super::startup::starts(model, job, gpu, count);
        let inference = job.mode == Mode::Inference;
        let pooled = job.runtime.profile().budget.pools_kv();
        let (kv_capacity_tokens, max_concurrency) = if inference && pooled {
            pool_capacity(model, &estimate, usable, count, job)
        } else {
            (None, None)
        };
        let tokens_per_s = |d: &DecodeWork| d.tokens_per_s(gpu, count);
        Fit {
            gpu: gpu.id.clone(),
            count,
            fits,
            per_gpu_gib: per_gpu,
            usable_gib: usable,
            headroom_gib: usable - per_gpu,
            tokens_per_s: (inference && fits).then(|| match decode {
                Some(d) => tokens_per_s(d),
                None => tokens_per_s(&DecodeWork::new(model, job)),
            }),
            prefill_tokens_per_s: (inference && fits)
                .then(|| prefill_tokens_per_s(model, job, gpu, count)),
            interconnect: Interconnect::of(gpu, count),
            kv_capacity_tokens,
            max_concurrency,
            estimate,
            speed_users: (inference && fits && job.batch > 1).then_some(job.batch),
        }
    }

    /// Whether `job` fits `count` GPUs of this kind: [`Fit::check`]'s verdict alone, for
    /// searches that try many variants of a job and need no speeds.
    pub fn holds(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> bool {
        job.validate(model).is_ok()
            && Sizing::new(model, job).per_gpu(count, Some(gpu)) / GIB
                <= usable_gib(gpu, job, count)
            && super::startup::starts(model, job, gpu, count)
    }

    /// The fewest GPUs of this kind that hold the job when the user insists on this card,
    /// beyond what one box takes (Apple machines still have one GPU).
    pub fn min_count_any(model: &ModelSpec, job: &Job, gpu: &GpuSpec) -> Option<u32> {
        if job.validate(model).is_err() {
            return None;
        }
        Fit::min_count_sized(&Sizing::new(model, job), gpu)
    }

    /// [`Fit::min_count_any`] of a job already validated and sized (the answer sizes the
    /// job as asked once for its estimate, its verdict and this count).
    pub fn min_count_sized(sizing: &Sizing, gpu: &GpuSpec) -> Option<u32> {
        let (model, job) = (sizing.model(), sizing.job());
        let reserve = Reserve::of(job);
        Topology::of(gpu).any_counts.iter().copied().find(|&n| {
            let usable = reserve.usable_gib(gpu, n) * GIB;
            sizing.per_gpu_floor(n) <= usable
                && super::offered(model, job, gpu, n)
                && sizing.per_gpu(n, Some(gpu)) <= usable
                && super::startup::starts(model, job, gpu, n)
        })
    }
}

/// Machines `count` cards of this kind take, one box holding [`box_limit`].
pub fn machines(gpu: &GpuSpec, count: u32) -> u32 {
    count.div_ceil(box_limit(gpu).max(1))
}

/// Most GPUs of this kind one machine takes (consumer boxes 4, servers 8, Apple 1).
pub fn box_limit(gpu: &GpuSpec) -> u32 {
    Topology::of(gpu).per_box
}

/// Counts worth trying for a GPU kind, up to `max`.
pub fn candidate_counts(gpu: &GpuSpec, max: u32) -> impl Iterator<Item = u32> {
    Topology::of(gpu)
        .counts
        .iter()
        .copied()
        .filter(move |&n| n <= max)
}

/// KV tokens left in a pre-allocated paged pool (vLLM) after weights, activations and
/// overhead, counted as the runtime logs them (vLLM: every group slot of its hybrid pool),
/// and the requests of the asked context it holds at once (the KV cache one request
/// takes, windowed layers holding their window).
fn pool_capacity(
    model: &ModelSpec,
    est: &Estimate,
    usable: f64,
    count: u32,
    job: &Job,
) -> (Option<u64>, Option<f64>) {
    let n = f64::from(count);
    let fixed = (est.weights + est.activations + est.overhead) / n;
    let free = usable * GIB - fixed;
    if free <= 0.0 || est.kv_bytes_per_token <= 0.0 {
        return (Some(0), Some(0.0));
    }
    // Each GPU holds 1/n of every token's KV under tensor parallelism (an MLA latent kept
    // whole on every rank: `kv_copies` of it).
    let copies = f64::from(est.kv_copies.max(1));
    let logged = super::paged::pool_bytes_per_token(
        model,
        job.kv_precision,
        job.runtime.profile().window_kv,
    );
    let logged_tokens = free * n / (logged * copies);
    let per_sequence = est.kv_cache / f64::from(job.batch.max(1));
    let concurrency = if per_sequence > 0.0 {
        free * n / per_sequence
    } else {
        logged_tokens
    };
    // vLLM 0.19 logs a grouped pool's blocks over its groups, fewer tokens than requests of
    // the asked length hold once windowed layers keep only their window (Gemma 3 27B at
    // 131,072: 30,383 logged for 1.1 requests); the answer says the larger, so the tokens
    // and the requests it gives agree. Equal for pools without windowed groups.
    let tokens = logged_tokens.max(concurrency * job.context() as f64);
    (Some(tokens as u64), Some(concurrency))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::estimate::Precision;

    /// The pool's tokens and the requests it holds agree: a windowed model at a long
    /// context holds at least its requests' tokens (vLLM 0.19 would log fewer), and a
    /// model without windows keeps vLLM's logged figure.
    #[test]
    fn pool_tokens_cover_the_requests_they_hold() {
        let c = Catalog::get();
        let h100 = c.gpu("h100-sxm").unwrap();
        let mut job = Job::new(Mode::Inference, Precision::Bf16);
        job.runtime = Runtime::Vllm;
        job.set_context(131_072);
        let gemma = c.model("gemma-3-27b").unwrap();
        let fit = Fit::check(gemma, &job, h100, 1).unwrap();
        let (tokens, requests) = (
            fit.kv_capacity_tokens.unwrap(),
            fit.max_concurrency.unwrap(),
        );
        assert!(requests >= 1.0 && tokens as f64 >= requests.floor() * 131_072.0);
        // vLLM 0.19's own count: the pool over 70 group slots of 8,192 bytes.
        let logged = super::super::paged::pool_bytes_per_token(
            gemma,
            job.kv_precision,
            Runtime::Vllm.profile().window_kv,
        );
        assert_eq!(logged, 70.0 * 8192.0);
        let free = fit.usable_gib * GIB
            - (fit.estimate.weights + fit.estimate.activations + fit.estimate.overhead);
        assert!(
            tokens as f64 > free / logged * 1.2,
            "{tokens} vs {}",
            free / logged
        );
        job.set_context(8192);
        let llama = c.model("llama-3.1-8b").unwrap();
        let fit = Fit::check(llama, &job, h100, 1).unwrap();
        let free = (fit.usable_gib * GIB
            - (fit.estimate.weights + fit.estimate.activations + fit.estimate.overhead))
            / fit.estimate.kv_bytes_per_token;
        assert_eq!(fit.kv_capacity_tokens.unwrap(), free as u64);
    }
}
