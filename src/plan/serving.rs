//! Serving capacity of a setup that fits: the KV pool left once the weights are loaded,
//! the longest single request, how many requests of the asked context run at once, and a
//! rough aggregate decode speed at that concurrency.

use crate::catalog::{GIB, GpuSpec, ModelSpec};
use crate::estimate::at_load::{self, AtLoad, LoadModel};
use crate::estimate::paged::longest_sequence;
use crate::estimate::{Fit, Job, Mode, is_large_card, scheduler_steps};
use crate::plan::levers::first_true;
use crate::runtime::WindowKv;
use serde::Serialize;

/// Sequences one server step batches at most: vLLM's default `max_num_seqs`, 256
/// (`EngineArgs.get_batch_defaults` in vllm/engine/arg_utils.py; it raises it to 1,024 on
/// cards of 70 GiB or more other than the A100, where the compute side of the roofline
/// caps the speed first anyway). A llama-server with more slots than this is rare.
const MAX_SEQUENCES: f64 = 256.0;

/// What a serving setup holds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Serving {
    /// GiB left for the KV cache over all GPUs, after weights, activations and overhead.
    pub kv_pool_gib: f64,
    /// The longest context one request can have (the pool, capped by the model's own).
    pub max_context: u64,
    /// Requests of the asked context held at once (llama.cpp: `-np` slots of `-c`).
    pub max_concurrency: u64,
    /// Generated tokens per second summed over `max_concurrency` streams (capped at
    /// [`MAX_SEQUENCES`]), from the speed-at-load model.
    pub tokens_per_s_total: Option<f64>,
    /// What each user sees at the asked concurrency, else at [`Serving::users_at_target`]
    /// users (None when not even one user reaches the target).
    pub at_load: Option<AtLoad>,
    /// Users served at once, each at `target_tokens_per_s` or faster, as many as the KV
    /// pool holds at most.
    pub users_at_target: u64,
    pub target_tokens_per_s: f64,
}

impl Serving {
    /// Requests decoded together at `tokens_per_s_total`: the pool's concurrency, capped
    /// at [`MAX_SEQUENCES`].
    pub fn streams(&self) -> u64 {
        self.max_concurrency.min(MAX_SEQUENCES as u64)
    }
}

/// The capacity of a fitting inference job on a serving runtime (one with a server
/// command in its profile); None otherwise.
pub fn capacity(
    model: &ModelSpec,
    job: &Job,
    gpu: &GpuSpec,
    count: u32,
    fit: &Fit,
) -> Option<Serving> {
    let pool = Pool::of(job, count, fit)?;
    let est = &fit.estimate;
    let top = model.max_position_embeddings.unwrap_or(u64::MAX);
    let profile = job.runtime.profile();
    let (small, large) = scheduler_steps(profile, job);
    let step = if is_large_card(gpu) { large } else { small };
    // The longest request: windowed layers hold their window only (vLLM's grouped pool,
    // llama.cpp's SWA cache, SGLang's split pool), so it can pass the pool's token count
    // (gpt-oss, Gemma 3); a hybrid's state pages and padding can make it fall short. It is
    // the sequence the fit counts, so the answer fits when estimated at it again.
    let pooled = (pool.tokens as u64).min(top);
    let max_context = match profile.window_kv {
        WindowKv::Grouped(_) | WindowKv::Window(_) | WindowKv::SplitPool(..) => longest_sequence(
            model,
            job.kv_precision,
            pool.bytes / f64::from(est.kv_copies.max(1)),
            profile.window_kv,
            step,
            top.min(1 << 40),
        ),
        WindowKv::Whole => pooled,
    };
    let (pool, concurrency) = (pool.bytes, pool.concurrency);
    let load = load_model(model, job);
    let tokens_per_s_total = total_tokens_per_s(&load, gpu, count, concurrency);
    let cap = (concurrency as u32).min(at_load::MAX_USERS);
    let target = job.load.target();
    let users_at_target = load.users_at_target(gpu, count, target, cap);
    let planned = job
        .load
        .concurrency
        .or((users_at_target > 0).then_some(users_at_target));
    let at_load = planned.map(|n| load.at(gpu, count, n).priced(gpu.cloud_usd_per_hour));
    Some(Serving {
        kv_pool_gib: pool / GIB,
        max_context,
        max_concurrency: concurrency as u64,
        tokens_per_s_total,
        at_load,
        users_at_target: u64::from(users_at_target),
        target_tokens_per_s: target,
    })
}

/// The KV pool of a fitting serving job: its bytes over all GPUs, the tokens it holds, and
/// the requests of the asked context held at once.
struct Pool {
    bytes: f64,
    tokens: f64,
    concurrency: f64,
}

impl Pool {
    fn of(job: &Job, count: u32, fit: &Fit) -> Option<Pool> {
        if job.mode != Mode::Inference || !fit.fits || job.runtime.profile().launch.is_none() {
            return None;
        }
        let est = &fit.estimate;
        if est.kv_bytes_per_token <= 0.0 {
            return None;
        }
        let fixed = est.weights + est.activations + est.overhead;
        let bytes = (fit.usable_gib * GIB * f64::from(count) - fixed).max(0.0);
        // An MLA latent kept whole on every tensor-parallel rank takes `kv_copies` bytes.
        let per_token = est.kv_bytes_per_token * f64::from(est.kv_copies.max(1));
        let tokens = bytes / per_token;
        let per_sequence = (est.kv_cache / f64::from(job.batch.max(1)) / per_token).max(1.0);
        let concurrency = fit
            .max_concurrency
            .unwrap_or(tokens / per_sequence)
            .floor()
            .max(0.0);
        Some(Pool {
            bytes,
            tokens,
            concurrency,
        })
    }
}

/// Generated tokens per second summed over `concurrency` streams (capped at
/// [`MAX_SEQUENCES`]); None below one stream.
fn total_tokens_per_s(
    load: &LoadModel,
    gpu: &GpuSpec,
    count: u32,
    concurrency: f64,
) -> Option<f64> {
    (concurrency >= 1.0).then(|| {
        let streams = concurrency.min(MAX_SEQUENCES) as u32;
        load.at(gpu, count, streams).tokens_per_s_per_gpu * f64::from(count)
    })
}

/// [`capacity`]'s total speed and streams alone, for pricing a setup per million tokens:
/// the setup ranking asks it of every setup it lists, with one [`LoadModel`] for the job
/// ([`load_model`]), and needs neither the longest request nor the users at a target.
pub fn throughput(
    load: &LoadModel,
    job: &Job,
    gpu: &GpuSpec,
    count: u32,
    fit: &Fit,
) -> Option<(f64, u64)> {
    let pool = Pool::of(job, count, fit)?;
    let total = total_tokens_per_s(load, gpu, count, pool.concurrency)?;
    let streams = (pool.concurrency as u64).min(MAX_SEQUENCES as u64);
    Some((total, streams))
}

/// The speed-at-load model a job is served with (its lengths, else 1,024 in and out).
pub fn load_model(model: &ModelSpec, job: &Job) -> LoadModel {
    LoadModel::new(model, &serving_lengths(job))
}

/// The job with the prompt and output lengths speed at load is measured at: the asked
/// ones, else the 1,024 in and 1,024 out serving benchmarks use (a context alone says how
/// much a request may hold, not how long its prompt is).
fn serving_lengths(job: &Job) -> Job {
    let mut j = job.clone();
    if j.prompt == 0 || j.generate == 0 {
        j.prompt = 1024;
        j.generate = 1024;
    }
    j
}

/// Context searched up to when the model states no maximum of its own.
const UNSTATED_MAX_CONTEXT: u64 = 131_072;

/// The longest context one request can have on `count` of `gpu`, for "max context on my
/// GPU" questions: a serving setup's pool says it (what vLLM and llama-server admit); any
/// other runtime, or a setup that does not fit at the asked context, is searched in
/// 256-token steps up to the model's own maximum (transformers' prefill peak grows with
/// the prompt, so the pool alone would promise too much). None when not even 256 tokens fit.
pub fn max_context(
    model: &ModelSpec,
    job: &Job,
    gpu: &GpuSpec,
    count: u32,
    serving: Option<&Serving>,
) -> Option<u64> {
    if job.mode != Mode::Inference {
        return None;
    }
    if let Some(s) = serving {
        return Some(s.max_context);
    }
    let top = model
        .max_position_embeddings
        .unwrap_or(UNSTATED_MAX_CONTEXT)
        .min(crate::estimate::job::MAX_CONTEXT);
    let fits = |ctx: u64| {
        let mut changed = job.clone();
        changed.set_context(ctx);
        Fit::holds(model, &changed, gpu, count)
    };
    if fits(top) {
        return Some(top);
    }
    let steps = u32::try_from(top / 256).unwrap_or(u32::MAX);
    let first_failing = first_true(1, steps, |i| !fits(u64::from(i) * 256))?;
    (first_failing > 1).then(|| u64::from(first_failing - 1) * 256)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::estimate::Precision;
    use crate::runtime::Runtime;

    /// The longest context a serving runtime is said to hold fits when the job is estimated
    /// again at that context (sliding-window and hybrid models included: both sides count
    /// the same cache), and 256 tokens more do not, unless the model's own maximum stops it.
    #[test]
    fn max_context_fits_when_re_estimated() {
        let c = Catalog::get();
        let cases = [
            (
                Runtime::LlamaCpp,
                "gemma-3-27b",
                Precision::Q4KM,
                "rtx-4090",
                1,
            ),
            (
                Runtime::LlamaCpp,
                "gemma-3-12b",
                Precision::Q4KM,
                "rtx-3060-12gb",
                1,
            ),
            (
                Runtime::LlamaCpp,
                "gpt-oss-20b",
                Precision::Mxfp4,
                "rtx-4060-ti-16gb",
                1,
            ),
            (
                Runtime::LlamaCpp,
                "llama-3.1-8b",
                Precision::Q8_0,
                "rtx-3060-12gb",
                1,
            ),
            (
                Runtime::LlamaCpp,
                "mimo-v2-flash",
                Precision::Q4KM,
                "h100-sxm",
                4,
            ),
            (
                Runtime::Vllm,
                "nemotron-3-nano-30b-a3b",
                Precision::Bf16,
                "l40s",
                2,
            ),
            (
                Runtime::Vllm,
                "mimo-v2-flash",
                Precision::Fp8,
                "h200-sxm",
                4,
            ),
            (
                Runtime::Vllm,
                "gemma-3-27b",
                Precision::Bf16,
                "a100-80gb-sxm",
                1,
            ),
            (Runtime::Vllm, "qwen3.5-27b", Precision::Bf16, "h100-sxm", 1),
            (
                Runtime::Sglang,
                "qwen3.5-27b",
                Precision::Bf16,
                "h100-sxm",
                1,
            ),
            (
                Runtime::Sglang,
                "gpt-oss-120b",
                Precision::Mxfp4,
                "h100-sxm",
                1,
            ),
            (
                Runtime::Sglang,
                "nemotron-3-nano-30b-a3b",
                Precision::Bf16,
                "l40s",
                2,
            ),
            (
                Runtime::Sglang,
                "qwen3-next-80b-a3b",
                Precision::Fp8,
                "h100-sxm",
                2,
            ),
        ];
        for (runtime, id, precision, gpu, count) in cases {
            let model = c.model(id).unwrap();
            let gpu = c.gpu(gpu).expect(gpu);
            let mut job = Job::new(Mode::Inference, precision);
            job.runtime = runtime;
            let fit = Fit::check(model, &job, gpu, count).unwrap();
            let serving = capacity(model, &job, gpu, count, &fit);
            let ctx = max_context(model, &job, gpu, count, serving.as_ref()).expect(id);
            let mut at = job.clone();
            at.set_context(ctx);
            assert!(
                Fit::holds(model, &at, gpu, count),
                "{runtime} {id} at {ctx}"
            );
            let top = model.max_position_embeddings.unwrap();
            if ctx + 256 <= top {
                at.set_context(ctx + 256);
                assert!(
                    !Fit::holds(model, &at, gpu, count),
                    "{runtime} {id} past {ctx}"
                );
            }
        }
    }
}
