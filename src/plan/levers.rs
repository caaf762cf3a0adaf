//! Levers: changes to a job that make it fit the GPUs the user named, each checked by
//! running the estimator again with the change applied. Single changes first; when none
//! fits the user's own cards, pairs and triples of them (precision + context, QLoRA +
//! checkpointing + an 8-bit optimizer, KV fp8 + context, offload + precision), the
//! smallest and cheapest set that fits; more cards only when nothing else does.

use crate::catalog::{GIB, GpuSpec, ModelSpec};
use crate::estimate::{
    Fit, HostOffload, Job, KvPrecision, Mode, Optimizer, Precision, Runtime, Sharding, Sizing,
    usable_gib,
};
use crate::runtime::PROFILES;
use serde::Serialize;
use std::cell::{OnceCell, RefCell};

/// Below this share of usable memory left free, a fit is too tight to trust (the estimate's
/// own error band is about this wide) and the answer offers levers too.
pub const TIGHT_SHARE: f64 = 0.05;

/// Decode speed at which an offload lever is a real answer rather than a last resort (about
/// reading speed): such a lever on the user's own cards ranks before changes that need
/// more of them.
const USABLE_TOKENS_PER_S: f64 = 5.0;

/// Decode speed below which an offload lever is not offered as a quality-keeping way to
/// run the model (a 4-bit file with most layers in RAM): slower than about one word a second
/// is a demonstration, not a way to use it.
const SLOW_TOKENS_PER_S: f64 = 1.5;

/// Shortest context a context lever offers: below it a chat does not work.
const MIN_CONTEXT: u64 = 512;

/// What kind of change a lever makes; the JSON names are the contract's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum LeverKind {
    Precision,
    KvPrecision,
    Context,
    Offload,
    GradientCheckpointing,
    Qlora,
    Optimizer,
    Zero,
    MoreGpus,
    /// An engine setting (`--gpu-memory-utilization`, `-fa on`, `--limit-mm-per-prompt`).
    Engine,
}

impl LeverKind {
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// The change itself, with its new value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    Precision(Precision),
    KvPrecision(KvPrecision),
    Context(u64),
    /// Inference: part of the model in host RAM, run by `runtime` (the asked one when it
    /// can offload, else one that can: llama.cpp).
    Offload {
        runtime: Runtime,
        offload: HostOffload,
    },
    CpuOffload,
    GradientCheckpointing,
    Qlora,
    Optimizer(Optimizer),
    Sharding(Sharding),
    Gpus(u32),
    /// vLLM's `--gpu-memory-utilization`.
    MemoryShare(f64),
    /// llama.cpp's `-fa on` (Ollama's `OLLAMA_FLASH_ATTENTION=1`).
    FlashAttention,
    /// vLLM's `--limit-mm-per-prompt`.
    MmLimit(crate::estimate::encoder::MmLimit),
}

/// One change (or a set of them) that makes the job fit, with the verdict it was checked
/// against.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lever {
    pub kind: LeverKind,
    pub change: Change,
    /// Further changes made together with `change` (a combined lever); empty for one.
    pub also: Vec<Change>,
    /// GPUs the changed job runs on: the user's count, or more when even the change needs
    /// more cards (a lower precision that needs fewer cards than the job as asked).
    pub count: u32,
    /// The changed job on `count` GPUs; `fit.fits` is true for every lever offered.
    pub fit: Fit,
    /// The job with the change applied (the launch line of a setup that does not fit
    /// starts this one).
    #[serde(skip)]
    pub job: Job,
}

impl Lever {
    /// The change in `key=value` words, as JSON's `change` writes it (a combined lever's
    /// changes joined by spaces).
    pub fn code(&self, asked_count: u32) -> String {
        let mut out = change_code(self.change);
        for c in &self.also {
            out.push(' ');
            out.push_str(&change_code(*c));
        }
        if self.count != asked_count && !matches!(self.change, Change::Gpus(_)) {
            out.push_str(&format!(" gpus={}", self.count));
        }
        out
    }

    /// Every change this lever makes, `change` first.
    pub fn changes(&self) -> impl Iterator<Item = Change> + '_ {
        std::iter::once(self.change).chain(self.also.iter().copied())
    }
}

/// One change in `key=value` words.
fn change_code(change: Change) -> String {
    match change {
        Change::Precision(p) => format!("precision={}", p.name()),
        Change::KvPrecision(k) => format!("kv_precision={}", k.name()),
        Change::Context(c) => format!("context={c}"),
        Change::Offload { runtime, offload } => match offload {
            HostOffload::GpuLayers(n) => format!("gpu_layers={n} runtime={runtime}"),
            HostOffload::CpuMoe(k) => format!("n_cpu_moe={k} runtime={runtime}"),
        },
        Change::CpuOffload => "cpu_offload".to_string(),
        Change::GradientCheckpointing => "gradient_checkpointing".to_string(),
        Change::Qlora => "qlora".to_string(),
        Change::Optimizer(o) => format!("optimizer={}", optimizer_name(o)),
        Change::Sharding(s) => format!("sharding={}", s.name()),
        Change::Gpus(n) => format!("gpus={n}"),
        Change::MemoryShare(u) => format!("gpu_memory_utilization={u}"),
        Change::FlashAttention => "flash_attention=on".to_string(),
        Change::MmLimit(l) => format!("limit_mm_per_prompt=image:{},video:{}", l.image, l.video),
    }
}

impl Change {
    /// The lever kind this change belongs to.
    pub fn kind(self) -> LeverKind {
        match self {
            Change::Precision(_) => LeverKind::Precision,
            Change::KvPrecision(_) => LeverKind::KvPrecision,
            Change::Context(_) => LeverKind::Context,
            Change::Offload { .. } | Change::CpuOffload => LeverKind::Offload,
            Change::GradientCheckpointing => LeverKind::GradientCheckpointing,
            Change::Qlora => LeverKind::Qlora,
            Change::Optimizer(_) => LeverKind::Optimizer,
            Change::Sharding(_) => LeverKind::Zero,
            Change::Gpus(_) => LeverKind::MoreGpus,
            Change::MemoryShare(_) | Change::FlashAttention | Change::MmLimit(_) => {
                LeverKind::Engine
            }
        }
    }

    /// `job` with this change made (`Gpus` changes the count, not the job).
    pub fn apply(self, job: &mut Job) {
        match self {
            Change::Precision(p) => job.precision = p,
            Change::KvPrecision(k) => job.kv_precision = k,
            Change::Context(c) => job.set_context(c),
            Change::Offload { runtime, offload } => {
                job.runtime = runtime;
                job.host_offload = Some(offload);
            }
            Change::CpuOffload => job.cpu_offload = true,
            Change::GradientCheckpointing => job.gradient_checkpointing = true,
            Change::Qlora => {
                job.mode = Mode::Qlora;
                job.precision = Precision::Nf4;
            }
            Change::Optimizer(o) => job.optimizer = o,
            Change::Sharding(s) => job.sharding = Some(s),
            Change::Gpus(_) => {}
            Change::MemoryShare(u) => job.memory_share = Some(u),
            Change::FlashAttention => job.flash_attention = true,
            Change::MmLimit(l) => job.mm_limit = Some(l),
        }
    }

    /// What the change costs in quality and speed, in rough steps (the order combined
    /// levers are tried in): an 8-bit KV cache, checkpointing, an 8-bit optimizer or
    /// sharding cost little; a shorter context or QLoRA a bit more; a weight format its
    /// quality class; offloading to host RAM the most speed.
    fn cost(self) -> u32 {
        match self {
            Change::KvPrecision(_)
            | Change::GradientCheckpointing
            | Change::Optimizer(_)
            | Change::Sharding(_) => 1,
            Change::Context(_) | Change::Qlora => 2,
            Change::Precision(p) => match QualityCost::of(p) {
                QualityCost::Negligible => 1,
                QualityCost::Small => 2,
                QualityCost::Moderate => 3,
                QualityCost::Noticeable => 5,
            },
            Change::CpuOffload => 3,
            Change::Offload { .. } => 4,
            Change::Gpus(_) => 10,
            Change::MemoryShare(_) | Change::FlashAttention | Change::MmLimit(_) => 0,
        }
    }
}

/// The optimizer's contract name (as `--optimizer` takes it).
pub fn optimizer_name(o: Optimizer) -> &'static str {
    match o {
        Optimizer::Adamw => "adamw",
        Optimizer::Adamw8bit => "adamw-8bit",
        Optimizer::PagedAdamw8bit => "paged-adamw-8bit",
        Optimizer::Sgd => "sgd",
    }
}

/// Whether the runtime can quantize the KV cache as the job runs it: llama.cpp refuses a
/// quantized V cache with flash attention off ("V cache quantization requires flash_attn";
/// Ollama falls back to 16 bits), so with it off the flash-attention lever comes first.
fn kv_quantizable(job: &Job) -> bool {
    job.flash_attention
        || !matches!(
            job.runtime.profile().activation,
            crate::runtime::Activation::ComputeBuffer { .. }
        )
}

/// Whether a verdict calls for levers: it does not fit, or fits with under 5 % spare.
pub fn wanted(fit: &Fit) -> bool {
    !fit.fits || fit.headroom_gib < TIGHT_SHARE * fit.usable_gib
}

/// The levers for `job` on `count` of `gpu`, best first: the ones that cost least (speed,
/// quality, effort) come first, more cards always last. Empty when the verdict needs none.
pub fn levers(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32, fit: &Fit) -> Vec<Lever> {
    levers_knowing(&Fewest::new(model, job, gpu), count, fit)
}

/// The fewest cards of the asker's kind that hold the job in each weight format
/// ([`Fit::min_count_any`] of the job with only its format changed), each worked out at
/// most once per answer: the precision lever and "more cards like yours" walk the same
/// ladder of formats, and the answer already knows the count for the format asked.
pub struct Fewest<'a> {
    model: &'a ModelSpec,
    job: &'a Job,
    gpu: &'a GpuSpec,
    asked: OnceCell<Option<u32>>,
    known: RefCell<Vec<(Precision, Option<u32>)>>,
}

impl<'a> Fewest<'a> {
    pub fn new(model: &'a ModelSpec, job: &'a Job, gpu: &'a GpuSpec) -> Fewest<'a> {
        Fewest {
            model,
            job,
            gpu,
            asked: OnceCell::new(),
            known: RefCell::new(Vec::new()),
        }
    }

    /// The same, with the job as asked already counted.
    pub fn knowing(mut self, asked: Option<u32>) -> Fewest<'a> {
        self.asked = OnceCell::from(asked);
        self
    }

    /// The fewest cards for the job as asked.
    fn asked(&self) -> Option<u32> {
        *self
            .asked
            .get_or_init(|| Fit::min_count_any(self.model, self.job, self.gpu))
    }

    /// The fewest cards for the job in format `p`.
    fn in_format(&self, p: Precision) -> Option<u32> {
        if p == self.job.precision {
            return self.asked();
        }
        if let Some(&(_, n)) = self.known.borrow().iter().find(|(q, _)| *q == p) {
            return n;
        }
        let mut changed = self.job.clone();
        changed.precision = p;
        let n = Fit::min_count_any(self.model, &changed, self.gpu);
        self.known.borrow_mut().push((p, n));
        n
    }
}

/// [`levers`] with the counts per format an answer shares with [`more_cards`] (the job,
/// model and card are `fewest`'s).
pub fn levers_knowing(fewest: &Fewest, count: u32, fit: &Fit) -> Vec<Lever> {
    let (model, job, gpu) = (fewest.model, fewest.job, fewest.gpu);
    if !wanted(fit) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut push = |kind, change, changed: Job, n: u32| {
        if let Ok(f) = Fit::check(model, &changed, gpu, n)
            && f.fits
            && f.per_gpu_gib < fit.per_gpu_gib
        {
            out.push(Lever {
                kind,
                change,
                also: Vec::new(),
                count: n,
                fit: f,
                job: changed,
            });
        }
    };
    // An inference job's weights alone over more than a card holds: no KV cache format or
    // context makes it fit (neither changes the weights), so neither is tried.
    let weights_overflow = !job.mode.is_training()
        && fit.estimate.weights / f64::from(count.max(1)) > fit.usable_gib * GIB;
    if job.mode.is_training() {
        training(job, count, &mut push);
    } else {
        inference(model, job, gpu, count, fewest, weights_overflow, &mut push);
    }
    if !weights_overflow && let Some(ctx) = longest_context(model, job, gpu, count) {
        let mut changed = job.clone();
        changed.set_context(ctx);
        push(LeverKind::Context, Change::Context(ctx), changed, count);
    }
    if !job.mode.is_training() {
        host_offload(model, job, gpu, count, &mut push);
    }
    if !fit.fits
        && let Some(n) = fewest.asked()
        && n > count
    {
        push(LeverKind::MoreGpus, Change::Gpus(n), job.clone(), n);
    }
    // The engine setting that turns the outcome around costs nothing: it leads.
    out.splice(
        0..0,
        super::engine_levers::levers(model, job, gpu, count, fit),
    );
    promote_usable_offload(&mut out, count);
    if !out.iter().any(|l| usable_on(l, count)) {
        let combined = combined(model, job, gpu, count, fit);
        out.splice(0..0, combined);
    }
    // A way on the user's own cards makes the ones that need more of them moot, except
    // the plain "this many cards" the verdict already names.
    if out.iter().any(|l| usable_on(l, count)) {
        out.retain(|l| l.count <= count || l.kind == LeverKind::MoreGpus);
    }
    out
}

/// Whether a lever fits `count` cards at a usable speed (an offload that crawls does not
/// count as a way out).
fn usable_on(l: &Lever, count: u32) -> bool {
    l.count == count
        && l.fit.fits
        && (l.kind != LeverKind::Offload
            || l.job.mode.is_training()
            || l.fit.tokens_per_s.is_some_and(|t| t >= USABLE_TOKENS_PER_S))
}

/// Changes a combined lever picks from, for this job: at most one weight format, and
/// whether to shorten the context once the rest is applied.
fn atoms(job: &Job, gpu: &GpuSpec, count: u32) -> (Vec<Change>, Vec<Precision>) {
    let mut out = Vec::new();
    let mut formats = Vec::new();
    if job.mode.is_training() {
        if !job.gradient_checkpointing {
            out.push(Change::GradientCheckpointing);
        }
        if job.mode == Mode::Lora {
            out.push(Change::Qlora);
        }
        if job.optimizer == Optimizer::Adamw && job.mode == Mode::FullFinetune {
            out.push(Change::Optimizer(Optimizer::Adamw8bit));
        }
        if count > 1 && !job.sharding_on(count).shards_weights() {
            out.push(Change::Sharding(Sharding::Zero3));
        }
        if !job.cpu_offload {
            out.push(Change::CpuOffload);
        }
    } else {
        let profile = job.runtime.profile();
        if job.kv_precision == KvPrecision::Fp16
            && kv_quantizable(job)
            && let Some(&kv) = profile.kv_precisions.first()
        {
            out.push(Change::KvPrecision(kv));
        }
        let bits = job.precision.bits_per_weight();
        formats = profile
            .lower_precisions
            .iter()
            .copied()
            .filter(|p| p.bits_per_weight() < bits && profile.loads(*p) && profile.runs_on(*p, gpu))
            .collect();
    }
    (out, formats)
}

/// The cheapest set of two or three changes that fits `count` of `gpu`, when no single
/// change does: sets are tried smallest first, then by [`Change::cost`], and the first
/// that fits is the answer. A job that does not fit even with every change at once gets
/// none (a 1T model on one 8 GB card answers at once). With part of the model in RAM, a
/// format that keeps quality (Q4_K_M with N layers on the GPU) comes before the first one
/// fast enough to use (an iq2 with most layers on it): what people run, and what they
/// trade for speed.
fn combined(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32, fit: &Fit) -> Vec<Lever> {
    if let Some(l) = combined_set(model, job, gpu, count, fit) {
        return vec![l];
    }
    offload_with_precision(model, job, gpu, count)
}

/// [`combined`] without part of the model in RAM: the first set of changes that fits.
fn combined_set(
    model: &ModelSpec,
    job: &Job,
    gpu: &GpuSpec,
    count: u32,
    fit: &Fit,
) -> Option<Lever> {
    let (atoms, formats) = atoms(job, gpu, count);
    // Everything at once, the most memory any set can save (with the fewest bits).
    let mut all = job.clone();
    for a in &atoms {
        a.apply(&mut all);
    }
    if let Some(&p) = formats.last() {
        all.precision = p;
    }
    all.set_context(MIN_CONTEXT.min(job.context()));
    // Without offload, every change at once is the most any set saves.
    if !Fit::holds(model, &all, gpu, count) {
        return None;
    }
    let mut sets: Vec<(Vec<Change>, bool)> = Vec::new();
    let precisions: Vec<Option<Precision>> = std::iter::once(None)
        .chain(formats.iter().copied().map(Some))
        .collect();
    let subsets = 1u32 << atoms.len();
    for p in &precisions {
        for mask in 0..subsets {
            for context in [false, true] {
                let mut set: Vec<Change> = p.map(Change::Precision).into_iter().collect();
                set.extend(
                    atoms
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| mask & (1 << i) != 0)
                        .map(|(_, a)| *a),
                );
                let size = set.len() + usize::from(context);
                if (2..=3).contains(&size) {
                    sets.push((set, context));
                }
            }
        }
    }
    let cost = |(set, context): &(Vec<Change>, bool)| {
        let c: u32 = set.iter().map(|c| c.cost()).sum();
        (
            set.len() + usize::from(*context),
            c + if *context { 2 } else { 0 },
        )
    };
    sets.sort_by_key(cost);
    for (set, context) in &sets {
        if let Some(l) = try_set(model, job, gpu, count, fit, set, *context) {
            return Some(l);
        }
    }
    None
}

/// Offload + precision: the format with the fewest bits that still keeps quality (4-bit,
/// see [`keeps_quality`]) with the layers that fit on the cards, when it runs at
/// [`SLOW_TOKENS_PER_S`] or more; then the nearest format whose offload keeps a usable
/// speed, when that is another one.
fn offload_with_precision(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> Vec<Lever> {
    if job.mode.is_training() || offload_runtime(job).is_none() {
        return Vec::new();
    }
    let (_, formats) = atoms(job, gpu, count);
    let with = |p: Precision| {
        let mut changed = job.clone();
        changed.precision = p;
        let mut found = None;
        host_offload(model, &changed, gpu, count, &mut |_, change, j, n| {
            found = Some((change, j, n));
        });
        let (change, j, n) = found?;
        let f = Fit::check(model, &j, gpu, n).ok().filter(|f| f.fits)?;
        Some(Lever {
            kind: LeverKind::Precision,
            change: Change::Precision(p),
            also: vec![change],
            count: n,
            fit: f,
            job: j,
        })
    };
    let speed = |l: &Lever| l.fit.tokens_per_s.unwrap_or(0.0);
    let keeps_quality = formats
        .iter()
        .copied()
        .rfind(|&p| keeps_quality(p))
        .and_then(with)
        .filter(|l| speed(l) >= SLOW_TOKENS_PER_S);
    let usable = formats
        .iter()
        .copied()
        .filter_map(with)
        .find(|l| speed(l) >= USABLE_TOKENS_PER_S);
    let mut out: Vec<Lever> = keeps_quality.into_iter().collect();
    if let Some(u) = usable
        && out.first().is_none_or(|q| q.change != u.change)
    {
        out.push(u);
    }
    out
}

/// One set of changes, with the longest context that then fits when `context` is set:
/// a lever when the changed job fits.
fn try_set(
    model: &ModelSpec,
    job: &Job,
    gpu: &GpuSpec,
    count: u32,
    fit: &Fit,
    set: &[Change],
    context: bool,
) -> Option<Lever> {
    let mut changed = job.clone();
    for c in set {
        c.apply(&mut changed);
    }
    let mut changes = set.to_vec();
    if context {
        let ctx = longest_context(model, &changed, gpu, count)?;
        changed.set_context(ctx);
        changes.push(Change::Context(ctx));
    }
    let f = Fit::check(model, &changed, gpu, count).ok()?;
    if !f.fits || f.per_gpu_gib >= fit.per_gpu_gib {
        return None;
    }
    let mut changes = changes.into_iter();
    let first = changes.next()?;
    Some(Lever {
        kind: first.kind(),
        change: first,
        also: changes.collect(),
        count,
        fit: f,
        job: changed,
    })
}

/// An offload that keeps the user's cards at a usable speed (MoE experts in RAM, typically)
/// goes before every lever that needs more cards; a crawl (a dense 70B at under one token a
/// second) stays after them.
fn promote_usable_offload(levers: &mut Vec<Lever>, count: u32) {
    let Some(at) = levers.iter().position(|l| {
        l.kind == LeverKind::Offload
            && l.count == count
            && l.fit.tokens_per_s.is_some_and(|t| t >= USABLE_TOKENS_PER_S)
    }) else {
        return;
    };
    if let Some(first_more) = levers[..at].iter().position(|l| l.count > count) {
        let lever = levers.remove(at);
        levers.insert(first_more, lever);
    }
}

/// Inference: the KV cache in a smaller format, then the nearest weight format that fits.
fn inference(
    model: &ModelSpec,
    job: &Job,
    gpu: &GpuSpec,
    count: u32,
    fewest: &Fewest,
    weights_overflow: bool,
    push: &mut impl FnMut(LeverKind, Change, Job, u32),
) {
    let profile = job.runtime.profile();
    if job.kv_precision == KvPrecision::Fp16 && kv_quantizable(job) && !weights_overflow {
        for &kv in profile.kv_precisions {
            let mut changed = job.clone();
            changed.kv_precision = kv;
            if Fit::holds(model, &changed, gpu, count) {
                push(
                    LeverKind::KvPrecision,
                    Change::KvPrecision(kv),
                    changed,
                    count,
                );
                break;
            }
        }
    }
    if let Some((p, n)) = nearest_precision(job, gpu, count, fewest) {
        let mut changed = job.clone();
        changed.precision = p;
        push(LeverKind::Precision, Change::Precision(p), changed, n);
    }
}

/// The weight format with the most bits that fits the user's cards; when none does, the
/// one that needs the fewest cards (if that is fewer than `fewest`, what the job as asked
/// needs).
fn nearest_precision(
    job: &Job,
    gpu: &GpuSpec,
    count: u32,
    fewest: &Fewest,
) -> Option<(Precision, u32)> {
    let profile = job.runtime.profile();
    let bits = job.precision.bits_per_weight();
    let ladder =
        profile.lower_precisions.iter().copied().filter(|p| {
            p.bits_per_weight() < bits && profile.loads(*p) && profile.runs_on(*p, gpu)
        });
    let mut best: Option<(Precision, u32)> = None;
    for p in ladder {
        let Some(n) = fewest.in_format(p) else {
            continue;
        };
        if n <= count {
            return Some((p, count));
        }
        if best.is_none_or(|(_, b)| n < b) {
            best = Some((p, n));
        }
    }
    let asked = fewest.asked().unwrap_or(u32::MAX);
    best.filter(|&(_, n)| n < asked)
}

/// Inference: part of the model in host RAM, on the asked runtime when it can offload, else
/// on the first that can and loads this format (llama.cpp), named in the change. MoE
/// models move their routed experts first (fewest layers' experts that make it fit:
/// attention and the KV cache keep the GPU's bandwidth); dense models, or MoE models whose
/// experts are not enough, keep the most whole layers on the GPUs that fit.
fn host_offload(
    model: &ModelSpec,
    job: &Job,
    gpu: &GpuSpec,
    count: u32,
    push: &mut impl FnMut(LeverKind, Change, Job, u32),
) {
    let Some(runtime) = offload_runtime(job) else {
        return;
    };
    let mut base = job.clone();
    base.runtime = runtime;
    base.host_offload = None;
    if base.validate(model).is_err() {
        return;
    }
    // The bisection compares the per-GPU need with what a card offers, as the setup search
    // does (no speeds, no notes); the lever chosen is checked in full by `push`.
    let usable = usable_gib(gpu, &base, count) * GIB;
    let sizing = Sizing::new(model, &base);
    // The runtime alone makes it fit: offloading would only slow it down.
    if sizing.per_gpu(count, Some(gpu)) <= usable {
        return;
    }
    let with = |o: HostOffload| {
        let mut j = base.clone();
        j.host_offload = Some(o);
        j
    };
    let fits = |o: HostOffload| {
        let job = with(o);
        sizing.offloaded(&job).per_gpu(count, Some(gpu)) <= usable
    };
    let layers = model.num_hidden_layers;
    let experts = runtime
        .profile()
        .offload
        .is_some_and(|o| o.cpu_moe.is_some())
        && model.moe.is_some();
    let choice = experts
        .then(|| first_true(1, layers, |k| fits(HostOffload::CpuMoe(k))))
        .flatten()
        .map(HostOffload::CpuMoe)
        .or_else(|| {
            if fits(HostOffload::GpuLayers(layers)) {
                return Some(HostOffload::GpuLayers(layers));
            }
            let first_failing = first_true(1, layers, |n| !fits(HostOffload::GpuLayers(n)))?;
            (first_failing > 1).then(|| HostOffload::GpuLayers(first_failing - 1))
        });
    if let Some(offload) = choice {
        push(
            LeverKind::Offload,
            Change::Offload { runtime, offload },
            with(offload),
            count,
        );
    }
}

/// Whether a weight format keeps the model's quality the way people accept: 4 nominal
/// bits or more (Q4_K_M, AWQ/GPTQ int4, 8-bit); below that (Q3_K, iq2) the loss shows.
fn keeps_quality(p: Precision) -> bool {
    p.nominal_bits() >= 4.0
}

/// More cards like the asker's, in one machine, when theirs do not hold the job: the
/// fewest of them that hold it in its own format or in one that keeps quality (most bits
/// first among equal counts), e.g. a second RTX 3090 for a 70B at Q4_K_M. None when the
/// job needs more than one machine of them, or already fits.
pub fn more_cards(fewest: &Fewest, count: u32, fit: &Fit) -> Option<Lever> {
    let (model, job, gpu) = (fewest.model, fewest.job, fewest.gpu);
    if fit.fits {
        return None;
    }
    let profile = job.runtime.profile();
    let bits = job.precision.bits_per_weight();
    let formats = std::iter::once(job.precision).chain(
        profile.lower_precisions.iter().copied().filter(|&p| {
            p.bits_per_weight() < bits
                && keeps_quality(p)
                && profile.loads(p)
                && profile.runs_on(p, gpu)
        }),
    );
    let limit = crate::estimate::box_limit(gpu);
    let mut best: Option<(u32, Precision)> = None;
    for p in formats {
        let Some(n) = fewest.in_format(p) else {
            continue;
        };
        if n > count && n <= limit && best.is_none_or(|(b, _)| n < b) {
            best = Some((n, p));
        }
    }
    let (n, p) = best?;
    let mut changed = job.clone();
    changed.precision = p;
    let f = Fit::check(model, &changed, gpu, n)
        .ok()
        .filter(|f| f.fits)?;
    let (change, also) = if p == job.precision {
        (Change::Gpus(n), Vec::new())
    } else {
        (Change::Precision(p), vec![Change::Gpus(n)])
    };
    Some(Lever {
        kind: change.kind(),
        change,
        also,
        count: n,
        fit: f,
        job: changed,
    })
}

/// The runtime an offload lever runs on: the asked one if its profile can offload, else the
/// first profile that can and loads the job's format.
fn offload_runtime(job: &Job) -> Option<Runtime> {
    if job.runtime.profile().offload.is_some() {
        return Some(job.runtime);
    }
    PROFILES
        .iter()
        .find(|p| p.offload.is_some() && p.loads(job.precision))
        .map(|p| p.runtime)
}

/// The smallest value in `lo..=hi` for which `ok` holds, for an `ok` that turns from false
/// to true once (a bisection: a handful of estimates instead of one per layer).
pub(crate) fn first_true(lo: u32, hi: u32, ok: impl Fn(u32) -> bool) -> Option<u32> {
    if lo > hi || !ok(hi) {
        return None;
    }
    let (mut lo, mut hi) = (lo, hi);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if ok(mid) { hi = mid } else { lo = mid + 1 }
    }
    Some(lo)
}

/// Training: checkpointing, an 8-bit optimizer, QLoRA instead of LoRA, ZeRO-3/FSDP over
/// the cards, then optimizer states in CPU memory.
fn training(job: &Job, count: u32, push: &mut impl FnMut(LeverKind, Change, Job, u32)) {
    if !job.gradient_checkpointing {
        let mut changed = job.clone();
        changed.gradient_checkpointing = true;
        push(
            LeverKind::GradientCheckpointing,
            Change::GradientCheckpointing,
            changed,
            count,
        );
    }
    if job.mode == Mode::FullFinetune && job.optimizer == Optimizer::Adamw {
        for o in [Optimizer::Adamw8bit, Optimizer::PagedAdamw8bit] {
            let mut changed = job.clone();
            changed.optimizer = o;
            push(LeverKind::Optimizer, Change::Optimizer(o), changed, count);
        }
    }
    if job.mode == Mode::Lora {
        let mut changed = job.clone();
        changed.mode = Mode::Qlora;
        changed.precision = Precision::Nf4;
        push(LeverKind::Qlora, Change::Qlora, changed, count);
    }
    if count > 1 && !job.sharding_on(count).shards_weights() {
        let mut changed = job.clone();
        changed.sharding = Some(Sharding::Zero3);
        push(
            LeverKind::Zero,
            Change::Sharding(Sharding::Zero3),
            changed,
            count,
        );
    }
    if !job.cpu_offload {
        let mut changed = job.clone();
        changed.cpu_offload = true;
        push(LeverKind::Offload, Change::CpuOffload, changed, count);
    }
}

/// The longest context (whole 256-token steps) the job fits in on these cards, below the
/// asked one; None when even [`MIN_CONTEXT`] does not fit or the asked one already does.
pub fn longest_context(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> Option<u64> {
    let fits = |ctx: u64| {
        let mut changed = job.clone();
        changed.set_context(ctx);
        Fit::holds(model, &changed, gpu, count)
    };
    let asked = job.context();
    if asked <= MIN_CONTEXT || fits(asked) || !fits(MIN_CONTEXT) {
        return None;
    }
    let (mut lo, mut hi) = (MIN_CONTEXT, asked);
    while hi - lo > 256 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) { lo = mid } else { hi = mid }
    }
    let ctx = (lo / 256 * 256).max(MIN_CONTEXT);
    (ctx < asked).then_some(ctx)
}

/// What a lower weight format costs in quality, in the coarse classes people quote
/// (8-bit is close to lossless, 5-6 bit GGUF loses little, 4-bit is the usual trade-off,
/// below 4 bits the loss shows), by its stored bits per weight.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum QualityCost {
    Negligible,
    Small,
    Moderate,
    Noticeable,
}

impl QualityCost {
    pub fn of(precision: Precision) -> QualityCost {
        let bits = precision.bits_per_weight();
        if bits >= 7.5 {
            QualityCost::Negligible
        } else if bits >= 5.0 {
            QualityCost::Small
        } else if bits >= 4.0 {
            QualityCost::Moderate
        } else {
            QualityCost::Noticeable
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_true_bisects() {
        assert_eq!(first_true(1, 80, |n| n >= 37), Some(37));
        assert_eq!(first_true(1, 80, |n| n >= 1), Some(1));
        assert_eq!(first_true(1, 80, |_| false), None);
        assert_eq!(first_true(5, 4, |_| true), None);
    }

    #[test]
    fn quality_cost_falls_with_bits() {
        assert_eq!(QualityCost::of(Precision::Fp8), QualityCost::Negligible);
        assert_eq!(QualityCost::of(Precision::Q8_0), QualityCost::Negligible);
        assert_eq!(QualityCost::of(Precision::Q6K), QualityCost::Small);
        assert_eq!(QualityCost::of(Precision::Q4KM), QualityCost::Moderate);
        assert_eq!(QualityCost::of(Precision::AwqInt4), QualityCost::Moderate);
        assert_eq!(QualityCost::of(Precision::Iq2M), QualityCost::Noticeable);
    }
}
