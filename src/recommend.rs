//! GPU setups that hold a job, ranked: cheapest, fewest cards, fastest.

use crate::catalog::{Catalog, FormFactor, GpuSpec, ModelSpec};
use crate::estimate::{Fit, Interconnect, Job, JobError, Mode, Runtime};
use serde::Serialize;

/// Why a setup is on the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tag {
    /// Lowest published price among setups that fit.
    Cheapest,
    /// Cheapest setup on a single card.
    CheapestSingle,
    /// Fewest GPUs.
    FewestCards,
    /// Highest decode speed (inference) or tensor throughput (training).
    Fastest,
    /// Best datacenter option, for renting or buying servers.
    Datacenter,
}

/// One recommended setup.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Setup {
    pub fit: Fit,
    /// Launch price of all the cards, where published (datacenter parts have none).
    pub price_usd: Option<f64>,
    pub tags: Vec<Tag>,
}

/// The ranked setups plus the multi-GPU advice that goes with them.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct Recommendations {
    pub setups: Vec<Setup>,
    /// Several GPUs are needed and they exchange a lot (training, tensor parallel).
    pub nvlink_matters: bool,
    /// Only SXM servers hold the job within one node.
    pub sxm_only: bool,
    /// Even 8 of the largest GPUs are not enough: several nodes.
    pub multi_node: bool,
    /// Nothing in the catalog holds the job, even across 64 GPUs.
    pub nothing_fits: bool,
}

/// The most setups an answer lists.
pub const MAX_SETUPS: usize = 5;

/// Rank the catalog's setups for `job`.
pub fn setups(
    catalog: &Catalog,
    model: &ModelSpec,
    job: &Job,
) -> Result<Recommendations, JobError> {
    let mut minimal: Vec<(&GpuSpec, Fit)> = Vec::new();
    for gpu in &catalog.gpus {
        if let Some(n) = Fit::min_count(model, job, gpu, 64) {
            minimal.push((gpu, Fit::check(model, job, gpu, n)?));
        }
    }
    let mut recs = Recommendations {
        nothing_fits: minimal.is_empty(),
        ..Recommendations::default()
    };
    if minimal.is_empty() {
        // Surface a validation error rather than an empty list for impossible input.
        if let Some(gpu) = catalog.gpus.first() {
            Fit::check(model, job, gpu, 1)?;
        }
        return Ok(recs);
    }
    let in_node = |f: &Fit| f.count <= 8;
    recs.multi_node = !minimal.iter().any(|(_, f)| in_node(f));
    recs.sxm_only = !recs.multi_node
        && !minimal
            .iter()
            .any(|(g, f)| in_node(f) && g.form_factor != FormFactor::Sxm);

    let mut picks: Vec<(Tag, usize)> = Vec::new();
    let priced = |i: &usize| price(minimal[*i].0, minimal[*i].1.count).is_some();
    let idx: Vec<usize> = (0..minimal.len()).collect();
    if let Some(i) = idx
        .iter()
        .copied()
        .filter(priced)
        .min_by(|&a, &b| cost(&minimal[a]).total_cmp(&cost(&minimal[b])))
    {
        picks.push((Tag::Cheapest, i));
    }
    if let Some(i) = idx
        .iter()
        .copied()
        .filter(priced)
        .filter(|&i| minimal[i].1.count == 1)
        .min_by(|&a, &b| cost(&minimal[a]).total_cmp(&cost(&minimal[b])))
    {
        picks.push((Tag::CheapestSingle, i));
    }
    if let Some(i) = idx.iter().copied().min_by(|&a, &b| {
        let (ga, fa) = &minimal[a];
        let (gb, fb) = &minimal[b];
        fa.count
            .cmp(&fb.count)
            .then(ga.memory_gb.total_cmp(&gb.memory_gb))
            .then(speed(gb, fb, job).total_cmp(&speed(ga, fa, job)))
    }) {
        picks.push((Tag::FewestCards, i));
    }
    let fastest_pool: Vec<usize> = idx
        .iter()
        .copied()
        .filter(|&i| in_node(&minimal[i].1))
        .collect();
    let pool = if fastest_pool.is_empty() {
        &idx
    } else {
        &fastest_pool
    };
    if let Some(i) = pool.iter().copied().max_by(|&a, &b| {
        speed(minimal[a].0, &minimal[a].1, job).total_cmp(&speed(minimal[b].0, &minimal[b].1, job))
    }) {
        picks.push((Tag::Fastest, i));
    }
    if let Some(i) = idx
        .iter()
        .copied()
        .filter(|&i| minimal[i].0.market == "datacenter" && minimal[i].0.vendor == "NVIDIA")
        .min_by(|&a, &b| {
            let (ga, fa) = &minimal[a];
            let (gb, fb) = &minimal[b];
            (f64::from(fa.count) * ga.memory_gb).total_cmp(&(f64::from(fb.count) * gb.memory_gb))
        })
    {
        picks.push((Tag::Datacenter, i));
    }

    for (tag, i) in picks {
        if let Some(existing) = recs
            .setups
            .iter_mut()
            .find(|s| s.fit.gpu == minimal[i].1.gpu && s.fit.count == minimal[i].1.count)
        {
            existing.tags.push(tag);
            continue;
        }
        if recs.setups.len() < MAX_SETUPS {
            let (gpu, fit) = &minimal[i];
            recs.setups.push(Setup {
                price_usd: price(gpu, fit.count),
                fit: fit.clone(),
                tags: vec![tag],
            });
        }
    }
    recs.nvlink_matters = recs.setups.iter().any(|s| s.fit.count > 1) && needs_fast_link(job);
    Ok(recs)
}

/// Training all-reduces gradients and tensor parallelism all-reduces every layer: both
/// want NVLink. A layer split for inference passes only small activations between GPUs.
pub fn needs_fast_link(job: &Job) -> bool {
    job.mode != Mode::Inference || job.runtime == Runtime::Vllm
}

fn price(gpu: &GpuSpec, count: u32) -> Option<f64> {
    gpu.msrp_usd.map(|p| p * f64::from(count))
}

fn cost((gpu, fit): &(&GpuSpec, Fit)) -> f64 {
    price(gpu, fit.count).unwrap_or(f64::INFINITY)
}

/// Decode speed for inference; summed dense 16-bit tensor TFLOPS for training.
fn speed(gpu: &GpuSpec, fit: &Fit, job: &Job) -> f64 {
    match job.mode {
        Mode::Inference => fit.tokens_per_s.unwrap_or(0.0),
        _ => {
            let link = if matches!(
                fit.interconnect,
                Interconnect::Pcie | Interconnect::MultiNode
            ) {
                0.8
            } else {
                1.0
            };
            gpu.fp16_tflops_effective() * f64::from(fit.count) * link
        }
    }
}
