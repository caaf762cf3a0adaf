//! GPU setups that hold a job, ranked: cheapest, fewest cards, fastest.

use crate::catalog::{
    Catalog, FormFactor, GIB, GpuFacts, GpuSpec, Market, ModelSpec, PriceBasis, Vendor,
};
use crate::estimate::at_load::LoadModel;
use crate::estimate::{
    self, DecodeWork, Fit, Interconnect, Job, JobError, Layout, Mode, NODE, Precision, Reserve,
    Sizing, Topology,
};
use crate::runtime::{Activation, PeerBuffers, Split};
use serde::Serialize;
use std::cmp::Ordering;

/// Why a setup is on the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
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
    /// The most tokens per second for each dollar the cards cost: first for an asker who
    /// may buy the card ([`Lead::Value`]).
    BestValue,
}

/// Which setup an answer's list starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lead {
    /// The cheapest that fits, then the cheapest single card, the fewest, the fastest and
    /// what a datacenter runs.
    #[default]
    Cheapest,
    /// The most speed for the money first ([`Tag::BestValue`]): with no card named and a
    /// model people run at home, one used RTX 3090 at 33 tokens/s before two RTX 3060 at
    /// 14 for less.
    Value,
}

/// Why a pick is on the list, in one phrase: the reason it was picked first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// The cheapest setup that fits, at what the cards sell for now.
    CheapestNow,
    /// The cheapest that fits counted at launch prices: no street price was found for it.
    CheapestAtLaunch,
    /// The cheapest way to hold the job on one card.
    CheapestSingleCard,
    /// The fewest GPUs that hold it.
    FewestCards,
    /// The fastest setup within one machine.
    Fastest,
    /// What a datacenter would run: the least memory bought among datacenter GPUs.
    Datacenter,
    /// The most tokens per second for each dollar the cards cost now.
    BestValue,
}

/// What the cards of a setup cost to buy, and which price that is.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Price {
    pub usd: f64,
    pub basis: PriceBasis,
}

/// One recommended setup.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Setup {
    pub fit: Fit,
    /// Launch price of all the cards, where published (datacenter parts have none).
    pub price_usd: Option<f64>,
    pub tags: Vec<Tag>,
    /// What the cards cost to buy now: street prices, else launch prices (and it says so).
    pub buy: Option<Price>,
    /// On-demand cloud price of all the cards for an hour, where they are rented.
    pub cloud_usd_per_hour: Option<f64>,
    /// Rented datacenter GPUs serving the job: dollars per million generated tokens at the
    /// throughput of as many requests as the KV pool holds (see [`ServedAt`]).
    pub usd_per_million_tokens: Option<f64>,
    /// Why it is on the list.
    pub why: Why,
    /// vLLM's tensor-parallel groups and pipeline stages over these GPUs.
    pub layout: Option<Layout>,
    /// The load `usd_per_million_tokens` is priced at; None when it is not shown.
    pub per_million_at: Option<ServedAt>,
}

/// Requests decoded together and the context of each, for a price per token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ServedAt {
    pub concurrency: u64,
    pub context: u64,
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

/// The smallest setup of one GPU kind that holds the job, before it becomes a [`Fit`].
struct Candidate<'a> {
    gpu: &'a GpuSpec,
    count: u32,
    /// Decode tokens/s (inference) or summed tensor TFLOPS (training): what "fastest" ranks.
    speed: f64,
    /// What the cards cost to buy now: both "cheapest" picks and the setup read it.
    buy: Option<Price>,
    /// Bytes one GPU of the setup needs: how oversized a card is for the job.
    need: f64,
}

/// (a large card by vLLM's rule, a fast link between cards): what the per-GPU need of a
/// job depends on besides the count.
type CardClass = (bool, bool);
/// Bytes one GPU of a card class needs, by count, sized the first time a count is asked:
/// most kinds stop at their first count, so most counts are never sized.
struct Needs<'g> {
    /// The card the class's needs are sized on.
    gpu: &'g GpuSpec,
    /// NaN: not sized yet; infinite: a count never tried.
    bytes: [f64; MAX_COUNT as usize + 1],
}

impl<'g> Needs<'g> {
    /// Every count of [`COUNTS`] not sized yet (NaN); counts never tried hold nothing.
    const NOT_SIZED: [f64; MAX_COUNT as usize + 1] = {
        let mut bytes = [f64::INFINITY; MAX_COUNT as usize + 1];
        let mut i = 0;
        while i < COUNTS.len() {
            bytes[COUNTS[i] as usize] = f64::NAN;
            i += 1;
        }
        bytes
    };

    fn new(gpu: &'g GpuSpec) -> Self {
        Needs {
            gpu,
            bytes: Self::NOT_SIZED,
        }
    }

    /// Bytes one GPU needs at `count`.
    fn at(&mut self, sizing: &Sizing, count: u32) -> f64 {
        let slot = &mut self.bytes[count as usize];
        if slot.is_nan() {
            // Training's need is the same on every card (what may page out aside).
            *slot = if sizing.job().mode.is_training() {
                sizing.must_hold(count)
            } else {
                sizing.per_gpu(count, Some(self.gpu))
            };
        }
        *slot
    }
}

/// Every count any GPU kind is tried at.
const COUNTS: [u32; 8] = Topology::ALL_COUNTS;
/// The largest of [`COUNTS`].
const MAX_COUNT: u32 = 64;
const _: () = assert!(COUNTS[COUNTS.len() - 1] == MAX_COUNT);

/// Rank the catalog's setups for `job`.
///
/// The memory one GPU needs depends on the count, not on the GPU, so it is computed once
/// per count and compared with each kind's usable memory; full [`Fit`]s are built only for
/// the setups that make the list.
pub fn setups(
    catalog: &Catalog,
    model: &ModelSpec,
    job: &Job,
) -> Result<Recommendations, JobError> {
    job.validate(model)?;
    Ok(setups_sized(catalog, &Sizing::new(model, job)))
}

/// [`setups`] for a job already validated and sized (the answer sizes the job once for
/// its estimate, its verdict and these).
pub fn setups_sized(catalog: &Catalog, sizing: &Sizing) -> Recommendations {
    setups_led(catalog, sizing, Lead::Cheapest)
}

/// [`setups_sized`] starting with the setup `lead` asks for.
pub fn setups_led(catalog: &Catalog, sizing: &Sizing, lead: Lead) -> Recommendations {
    let (model, job) = (sizing.model(), sizing.job());
    let decode = DecodeWork::new(model, job);
    let minimal = minimal_setups(catalog, sizing, &decode);
    let mut recs = Recommendations {
        nothing_fits: minimal.is_empty(),
        ..Recommendations::default()
    };
    if minimal.is_empty() {
        return recs;
    }
    let in_node = |c: &Candidate| c.count <= NODE;
    recs.multi_node = !minimal.iter().any(in_node);
    recs.sxm_only = !recs.multi_node
        && !minimal
            .iter()
            .any(|c| in_node(c) && c.gpu.form_factor != FormFactor::Sxm);
    // Setups within one machine, unless the job needs more: "48 x 4090 in 12 machines" is
    // no pick when some card holds it in one box.
    let one_box = minimal
        .iter()
        .any(|c| c.count <= estimate::box_limit(c.gpu));
    let inference = !job.mode.is_training();
    let mut picks = pick(&minimal, recs.multi_node, one_box, inference);
    if lead == Lead::Value
        && inference
        && let Some(best) = best_value(&minimal, one_box)
    {
        picks.insert(0, (Tag::BestValue, best));
    }
    let load = crate::plan::serving::load_model(model, job);
    for (tag, c) in picks {
        if let Some(existing) = recs
            .setups
            .iter_mut()
            .find(|s| s.fit.gpu == c.gpu.id && s.fit.count == c.count)
        {
            existing.tags.push(tag);
            continue;
        }
        if recs.setups.len() < MAX_SETUPS {
            let fit = Fit::sized(sizing, Some(&decode), c.gpu, c.count);
            let per_million = usd_per_million_with(&load, c.gpu, c.count, &fit, job);
            let buy = c.buy;
            recs.setups.push(Setup {
                price_usd: price(c.gpu, c.count),
                cloud_usd_per_hour: cloud(c.gpu, c.count),
                usd_per_million_tokens: per_million.map(|(usd, _)| usd),
                per_million_at: per_million.map(|(_, at)| at),
                why: why(tag, buy),
                layout: estimate::layout(model, job, c.gpu, c.count),
                buy,
                fit,
                tags: vec![tag],
            });
        }
    }
    // The link only pays off where a setup splits tensors across cards (tensor parallel
    // serving) or trains over several: a layer split or a single card does not use it.
    recs.nvlink_matters = needs_fast_link(job)
        && recs.setups.iter().any(|s| {
            s.fit.count > 1 && (job.mode.is_training() || s.layout.is_some_and(|l| l.tensor > 1))
        });
    recs
}

/// The smallest setup of each GPU kind that holds the job.
///
/// The memory one GPU needs depends on the count and, for a few runtimes, on the card's
/// class (vLLM's batch defaults) and link (its tensor-parallel buffers): one table per
/// class, compared with each kind's usable memory.
fn minimal_setups<'g>(
    catalog: &'g Catalog,
    sizing: &Sizing,
    decode: &DecodeWork,
) -> Vec<Candidate<'g>> {
    let (model, job) = (sizing.model(), sizing.job());
    let profile = job.runtime.profile();
    let by_card = !job.mode.is_training()
        && (matches!(profile.activation, Activation::ProfileRun { .. })
            || profile.multi_gpu_overhead_gib != (PeerBuffers::NONE, PeerBuffers::NONE));
    // Only runtimes with card classes fill it.
    let mut tables: Vec<(CardClass, Needs)> = Vec::new();
    // Without a class, every card shares the first one's table: no per-card search.
    let mut classless = match catalog.gpus.first() {
        Some(gpu) if !by_card => Some(Needs::new(gpu)),
        _ => None,
    };
    let reserve = Reserve::of(job);
    // vLLM only takes counts whose tensor-parallel size divides the heads; runtimes that
    // split by layers take every count.
    let by_heads = estimate::splits_tensors(job);
    let mut minimal: Vec<Candidate> = Vec::with_capacity(catalog.gpus.len());
    for (gpu, facts) in catalog.gpus.iter().zip(catalog.gpu_facts()) {
        let needs = match classless.as_mut() {
            Some(needs) => needs,
            None => {
                let class = (facts.large, fast_link(gpu));
                needs_for(&mut tables, class, gpu)
            }
        };
        let most = reserve.most_of(facts.gpu_gib) * GIB;
        let count = facts.topology.counts.iter().copied().find(|&n| {
            let need = needs.at(sizing, n);
            need <= most
                && need <= reserve.usable_of(facts.gpu_gib, n, Interconnect::of(gpu, n)) * GIB
                && (!by_heads || estimate::offered(model, job, gpu, n))
        });
        if let Some(count) = count {
            minimal.push(Candidate {
                gpu,
                count,
                speed: speed(decode, job, gpu, facts, count),
                buy: buy(gpu, count),
                need: needs.at(sizing, count),
            });
        }
    }
    minimal
}

/// Decode speed under which a setup is no pick for inference (a DGX Spark reading a
/// dense 70B at about one token a second), unless nothing faster holds the job.
const SLOWEST_PICK_TOKENS_PER_S: f64 = 2.0;

/// How many times the memory one GPU needs a card may hold and still be the "fastest"
/// pick: an MI355X (288 GB) is no answer for a 27B model that a 32 GB card runs, unless
/// nothing smaller holds the job.
const FASTEST_MAX_OVERSIZE: f64 = 4.0;

/// The candidate each tag picks, in tag order, from one pass over the candidates. Ties go
/// as `min_by` (the first) and `max_by` (the last) break them. For inference, setups
/// slower than [`SLOWEST_PICK_TOKENS_PER_S`] are left out, and the fastest pick is among
/// cards at most [`FASTEST_MAX_OVERSIZE`] times the need, when any other holds the job.
fn pick<'c, 'g>(
    minimal: &'c [Candidate<'g>],
    multi_node: bool,
    one_box: bool,
    inference: bool,
) -> Vec<(Tag, &'c Candidate<'g>)> {
    let in_box = |c: &&Candidate| !one_box || c.count <= estimate::box_limit(c.gpu);
    let usable = |c: &&Candidate| !inference || c.speed >= SLOWEST_PICK_TOKENS_PER_S;
    let any_usable = minimal.iter().filter(in_box).any(|c| usable(&c));
    let sized = |c: &&Candidate| c.gpu.memory_gb * 1e9 <= FASTEST_MAX_OVERSIZE * c.need;
    let any_sized = minimal
        .iter()
        .filter(in_box)
        .any(|c| sized(&c) && (!any_usable || usable(&c)));
    let mut cheapest: Option<(f64, &Candidate)> = None;
    let mut cheapest_single: Option<(f64, &Candidate)> = None;
    let mut fewest: Option<&Candidate> = None;
    let mut fastest: Option<&Candidate> = None;
    let mut datacenter: Option<&Candidate> = None;
    let by_price = |a: &(f64, &Candidate), b: &(f64, &Candidate)| a.0.total_cmp(&b.0);
    for c in minimal {
        if !in_box(&c) || (any_usable && !usable(&c)) {
            continue;
        }
        // "Cheapest" is what the user can buy now: street prices, else launch prices.
        if let Some(p) = c.buy {
            keep_min(&mut cheapest, (p.usd, c), by_price);
            if c.count == 1 {
                keep_min(&mut cheapest_single, (p.usd, c), by_price);
            }
        }
        keep_min(&mut fewest, c, |a, b| {
            a.count
                .cmp(&b.count)
                .then(a.gpu.memory_gb.total_cmp(&b.gpu.memory_gb))
                .then(b.speed.total_cmp(&a.speed))
        });
        // The fastest within one node, unless no setup fits in one.
        if (multi_node || c.count <= NODE) && (!any_sized || sized(&c)) {
            keep_max(&mut fastest, c, |a, b| a.speed.total_cmp(&b.speed));
        }
        // "What a datacenter would run" means a current part: one with bf16 tensor cores
        // (Ampere and later), not a V100 or T4 that only a legacy fleet still has.
        if c.gpu.market == Market::Datacenter
            && c.gpu.vendor == Vendor::Nvidia
            && c.gpu.bf16 == Some(true)
        {
            keep_min(&mut datacenter, c, |a, b| {
                // Least memory bought, then fewer (bigger) cards.
                (f64::from(a.count) * a.gpu.memory_gb)
                    .total_cmp(&(f64::from(b.count) * b.gpu.memory_gb))
                    .then(a.count.cmp(&b.count))
            });
        }
    }
    [
        (Tag::Cheapest, cheapest.map(|(_, c)| c)),
        (Tag::CheapestSingle, cheapest_single.map(|(_, c)| c)),
        (Tag::FewestCards, fewest),
        (Tag::Fastest, fastest),
        (Tag::Datacenter, datacenter),
    ]
    .into_iter()
    .filter_map(|(tag, c)| Some((tag, c?)))
    .collect()
}

/// The setup within one machine with the most decode tokens per second for each dollar
/// its cards cost now (street prices, else launch prices), among those at a usable speed.
fn best_value<'c, 'g>(minimal: &'c [Candidate<'g>], one_box: bool) -> Option<&'c Candidate<'g>> {
    let mut best: Option<(f64, &Candidate)> = None;
    for c in minimal {
        if (one_box && c.count > estimate::box_limit(c.gpu)) || c.speed < SLOWEST_PICK_TOKENS_PER_S
        {
            continue;
        }
        if let Some(p) = c.buy.filter(|p| p.usd > 0.0) {
            keep_max(&mut best, (c.speed / p.usd, c), |a, b| a.0.total_cmp(&b.0));
        }
    }
    best.map(|(_, c)| c)
}

/// Keep the smaller of `best` and `new`; the earlier on a tie, as `Iterator::min_by`.
fn keep_min<T>(best: &mut Option<T>, new: T, cmp: impl Fn(&T, &T) -> Ordering) {
    if best
        .as_ref()
        .is_none_or(|b| cmp(b, &new) == Ordering::Greater)
    {
        *best = Some(new);
    }
}

/// Keep the larger of `best` and `new`; the later on a tie, as `Iterator::max_by`.
fn keep_max<T>(best: &mut Option<T>, new: T, cmp: impl Fn(&T, &T) -> Ordering) {
    if best
        .as_ref()
        .is_none_or(|b| cmp(b, &new) != Ordering::Greater)
    {
        *best = Some(new);
    }
}

/// The needs table of a card class, made from `gpu` (one of that class) the first time the
/// class comes up.
fn needs_for<'t, 'g>(
    tables: &'t mut Vec<(CardClass, Needs<'g>)>,
    class: CardClass,
    gpu: &'g GpuSpec,
) -> &'t mut Needs<'g> {
    let at = match tables.iter().position(|(k, _)| *k == class) {
        Some(at) => at,
        None => {
            tables.push((class, Needs::new(gpu)));
            tables.len() - 1
        }
    };
    &mut tables[at].1
}

/// Whether several of this card talk over NVLink/NVSwitch or Infinity Fabric in one box.
fn fast_link(gpu: &GpuSpec) -> bool {
    matches!(
        Interconnect::of(gpu, 2),
        Interconnect::Nvlink | Interconnect::InfinityFabric
    )
}

/// Training all-reduces gradients and tensor parallelism all-reduces every layer: both
/// want NVLink. A layer split for inference passes only small activations between GPUs.
pub fn needs_fast_link(job: &Job) -> bool {
    job.mode != Mode::Inference || job.runtime.profile().split == Split::Tensor
}

fn price(gpu: &GpuSpec, count: u32) -> Option<f64> {
    gpu.msrp_usd.map(|p| p * f64::from(count))
}

/// What `count` of this card cost to buy now (street price, else launch price).
fn buy(gpu: &GpuSpec, count: u32) -> Option<Price> {
    gpu.buy_price().map(|(usd, basis)| Price {
        usd: usd * f64::from(count),
        basis,
    })
}

/// On-demand cloud dollars an hour for `count` of this card.
fn cloud(gpu: &GpuSpec, count: u32) -> Option<f64> {
    gpu.cloud_usd_per_hour.map(|p| p * f64::from(count))
}

/// Dollars per million generated tokens when datacenter GPUs are rented to serve the job:
/// cloud $/h x cards / (tokens/s x 3,600) x 10^6, where tokens/s is the serving throughput
/// at the concurrency the KV pool holds for requests of the asked context (a roofline: the
/// weights once and each sequence's KV per step, capped by compute; see `plan::serving`).
/// Single-stream speed would price a served GPU 10-50x too high. None where the setup does
/// not serve one request, has no rental price, or is not a datacenter part (people buy
/// consumer and workstation cards).
pub fn usd_per_million_tokens(
    model: &ModelSpec,
    gpu: &GpuSpec,
    count: u32,
    fit: &Fit,
    job: &Job,
) -> Option<(f64, ServedAt)> {
    let load = crate::plan::serving::load_model(model, job);
    usd_per_million_with(&load, gpu, count, fit, job)
}

/// [`usd_per_million_tokens`] with the job's speed-at-load model made once (the ranking
/// prices every setup it lists with one).
fn usd_per_million_with(
    load: &LoadModel,
    gpu: &GpuSpec,
    count: u32,
    fit: &Fit,
    job: &Job,
) -> Option<(f64, ServedAt)> {
    if gpu.market != Market::Datacenter {
        return None;
    }
    let hourly = cloud(gpu, count)?;
    let (total, streams) = crate::plan::serving::throughput(load, job, gpu, count, fit)?;
    let tokens_per_hour = total * 3600.0;
    let at = ServedAt {
        concurrency: streams,
        context: job.context(),
    };
    (tokens_per_hour > 0.0 && at.concurrency >= 1).then(|| (hourly / tokens_per_hour * 1e6, at))
}

/// The phrase for the reason a setup was picked first.
fn why(tag: Tag, buy: Option<Price>) -> Why {
    match tag {
        Tag::Cheapest if buy.is_some_and(|p| p.basis == PriceBasis::Launch) => {
            Why::CheapestAtLaunch
        }
        Tag::Cheapest => Why::CheapestNow,
        Tag::CheapestSingle => Why::CheapestSingleCard,
        Tag::FewestCards => Why::FewestCards,
        Tag::Fastest => Why::Fastest,
        Tag::Datacenter => Why::Datacenter,
        Tag::BestValue => Why::BestValue,
    }
}

/// Decode speed for inference; summed dense 16-bit tensor TFLOPS for training (PCIe and
/// several nodes lose some of it to communication).
fn speed(decode: &DecodeWork, job: &Job, gpu: &GpuSpec, facts: &GpuFacts, count: u32) -> f64 {
    match job.mode {
        Mode::Inference => decode.tokens_per_s_facts(gpu, facts, count),
        _ => {
            let link = match Interconnect::of(gpu, count) {
                Interconnect::Pcie | Interconnect::MultiNode => 0.8,
                _ => 1.0,
            };
            gpu.fp16_tflops_effective() * f64::from(count) * link
        }
    }
}

/// Smallest context worth reporting: below this a model is not usable for chat.
const MIN_CONTEXT: u64 = 2048;
/// Models without a stated maximum are checked up to this.
const FALLBACK_MAX: u64 = 131_072;

fn fits_with(
    model: &ModelSpec,
    precision: Precision,
    gpu: &GpuSpec,
    count: u32,
    context: u64,
) -> bool {
    let mut job = Job::new(Mode::Inference, precision);
    job.set_context(context);
    Fit::holds(model, &job, gpu, count)
}

/// The most context `model` can hold on `count` of `gpu`, to the nearest 256 tokens (up to
/// the model's own maximum), or None when even 2,048 tokens do not fit.
pub fn max_context(
    model: &ModelSpec,
    precision: Precision,
    gpu: &GpuSpec,
    count: u32,
) -> Option<u64> {
    let top = model
        .max_position_embeddings
        .unwrap_or(FALLBACK_MAX)
        .max(MIN_CONTEXT);
    if !fits_with(model, precision, gpu, count, MIN_CONTEXT) {
        return None;
    }
    if fits_with(model, precision, gpu, count, top) {
        return Some(top);
    }
    let (mut lo, mut hi) = (MIN_CONTEXT, top);
    // Bisect: finer steps than 256 tokens change no decision.
    while hi - lo > 256 {
        let mid = lo + (hi - lo) / 2;
        if fits_with(model, precision, gpu, count, mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(lo / 256 * 256)
}

/// Every catalog model that runs on the setup, with its longest context, largest first.
pub fn models_on<'c>(
    catalog: &'c Catalog,
    precision: Precision,
    gpu: &GpuSpec,
    count: u32,
) -> Vec<(&'c ModelSpec, u64)> {
    let mut rows: Vec<(&ModelSpec, u64)> = catalog
        .models
        .iter()
        .filter_map(|m| max_context(m, precision, gpu, count).map(|c| (m, c)))
        .collect();
    rows.sort_by(|a, b| {
        b.0.params_total
            .cmp(&a.0.params_total)
            .then(a.0.display_name.cmp(&b.0.display_name))
    });
    rows
}

/// The largest catalog model that runs on the setup in `precision` with a short context:
/// one estimate per model, no bisection, so a fit answer can say its tiers by format.
pub fn largest_on<'c>(
    catalog: &'c Catalog,
    precision: Precision,
    gpu: &GpuSpec,
    count: u32,
) -> Option<&'c ModelSpec> {
    catalog
        .models
        .iter()
        .filter(|m| fits_with(m, precision, gpu, count, MIN_CONTEXT))
        .max_by(|a, b| {
            a.params_total
                .cmp(&b.params_total)
                .then(b.display_name.cmp(&a.display_name))
        })
}

/// Models people ask about most, smallest first: what a GPU comparison says each card runs.
pub const POPULAR_MODELS: &[&str] = &[
    "llama-3.1-8b",
    "qwen3-14b",
    "qwen2.5-32b",
    "mixtral-8x7b",
    "llama-3.3-70b",
    "qwen3-235b-a22b",
    "deepseek-r1",
];

/// Which popular models one card runs at 16 bits and at 4 bits (Q4_K_M, llama.cpp), at
/// the default context.
pub fn popular_runs(catalog: &Catalog, gpu: &GpuSpec) -> (Vec<String>, Vec<String>) {
    popular_runs_on(catalog, gpu, 1)
}

/// [`popular_runs`] on `count` cards of a kind: what a setup compared as a setup runs
/// ("5090 vs 2x3090").
pub fn popular_runs_on(catalog: &Catalog, gpu: &GpuSpec, count: u32) -> (Vec<String>, Vec<String>) {
    let check = |precision: Precision| -> Vec<String> {
        POPULAR_MODELS
            .iter()
            .filter_map(|id| catalog.model(id))
            .filter(|m| {
                let job = Job::new(Mode::Inference, precision);
                Fit::holds(m, &job, gpu, count.max(1))
            })
            .map(|m| m.id.clone())
            .collect()
    };
    (check(Precision::Fp16), check(Precision::Q4KM))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_24gb_card_holds_8b_at_16_bits_but_not_70b() {
        let c = Catalog::get();
        let gpu = c.resolve_gpu("rtx 4090").expect("known").gpu;
        let rows = models_on(c, Precision::Fp16, gpu, 1);
        let names: Vec<&str> = rows.iter().map(|(m, _)| m.display_name.as_str()).collect();
        assert!(
            rows.iter()
                .any(|(m, ctx)| m.display_name.contains("8B") && *ctx >= 8192),
            "{names:?}"
        );
        assert!(!names.iter().any(|n| n.contains("70B")), "{names:?}");
    }
}
