//! Everything a reply needs, with no words in it: rendering adds the language.

use crate::catalog::{Catalog, GpuSpec, MatchKind, ModelRef, ModelSpec};
use crate::error::Error;
use crate::estimate::{self, Estimate, Fit, Format, Job, JobError, Mode, Precision, Sizing};
pub use crate::guide::{Explained, Facet, Topic};
use crate::plan::{self, Launch, Lever, MissingCheckpoint, Serving};
use crate::query::{self, Parsed, Query};
pub use crate::query::{Assumption, HubMiss, Request, default_precision};
use crate::recommend::{self, Recommendations};
use serde::Serialize;
use std::borrow::Cow;

/// The answer to one request.
#[derive(Debug, Clone, Serialize)]
pub struct Answer {
    pub model: ModelRef,
    #[serde(skip)]
    pub model_kind: MatchKind,
    pub job: Job,
    #[serde(skip)]
    pub gpu: Option<&'static GpuSpec>,
    pub gpu_count: Option<u32>,
    pub assumed: Vec<Assumption>,
    /// The job on `gpu_count` GPUs (1 when none named).
    pub estimate: Estimate,
    pub fit: Option<Fit>,
    /// When the named setup is too small: how many of that GPU would do.
    pub needed_count: Option<u32>,
    /// When a training job does not fit the named setup but would with its states in CPU
    /// memory (FSDP `cpu_offload`, ZeRO-Offload): the verdict with offload on. The first of
    /// the levers that make a job fit on the user's own cards.
    pub offload: Option<Box<Fit>>,
    pub recommendations: Recommendations,
    pub topics: Vec<Topic>,
    /// Changes that make the job fit the named GPUs (or give a tight fit room), best first,
    /// each checked by estimating again with the change applied.
    pub levers: Vec<Lever>,
    /// A fitting inference job on a serving runtime: what the setup holds.
    pub serving: Option<Serving>,
    /// The commands that start the estimated setup.
    pub launch: Vec<Launch>,
    /// "Max context on my GPU" questions: the longest context one request can have on the
    /// named GPUs (the serving pool's, else the longest that fits), led with in the reply.
    pub max_context: Option<u64>,
    /// Whether the question asked for the longest context.
    pub max_context_asked: bool,
    /// "Can I run X on Y" with no precision named, and the assumed (native) format does not
    /// fit Y: the format with the most bits that fits Y's cards as asked, so the answer can
    /// lead with what was really asked. None otherwise.
    pub best_fit: Option<Box<BestFit>>,
    /// No launch line because no checkpoint in the planned format is known: which one the
    /// reader has to find (never an invented repo or file name).
    pub launch_missing: Option<MissingCheckpoint>,
    /// Cards of different kinds named together ("a 4090 and a 3090"): each card's share.
    pub mixed: Option<crate::mixed::Mixed>,
    /// "X on A or do I need B": the job on each setup the question names, in its order
    /// (the rest of the answer is for the first of them that runs it, else the first).
    /// Empty for a question with one setup.
    pub on_each: Vec<OnSetup>,
    /// The named cards do not hold the job: the fewest more of them, in one machine, that
    /// do (in a format that keeps quality): the first step beyond what the asker has.
    #[serde(skip)]
    pub more_cards: Option<Box<Lever>>,
    /// With no format named and the named cards too small: the setups ranked for the
    /// format of [`Answer::more_cards`], what renting or buying would run (the ranked
    /// `recommendations` are for the job as asked, in its own format).
    #[serde(skip)]
    pub beyond: Option<Recommendations>,
    /// What the launch line would start, kept only when no checkpoint was known
    /// ([`Answer::launch_missing`]): an adapter that finds one (the Hub's search for a repo
    /// holding the quant file) writes the line with [`Answer::launch_from_gguf_repo`].
    #[serde(skip)]
    pub launch_target: Option<Box<LaunchTarget>>,
}

/// The job, card and count a launch line starts.
#[derive(Debug, Clone)]
pub struct LaunchTarget {
    pub job: Job,
    pub gpu: Option<&'static GpuSpec>,
    pub count: u32,
}

/// What one question gets back, whatever kind of question it was. The estimate is the
/// common case; the other kinds are what the surfaces already answer apart (`/compare`,
/// `/explain`, `/fit`), so every surface renders the same set.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// How much memory a job needs, which setups fit; "max context" questions too
    /// ([`Answer::max_context_asked`]).
    Estimate(Box<Answer>),
    /// GPUs side by side, in the order named; setups when the question counts them or
    /// names a model ("5090 ou 2x3090 pro llama 70b").
    Compare(Compared),
    /// A guide topic.
    Explain(Explained),
    /// What runs on a setup: every catalog model that fits, with its longest context.
    Fit(FitList),
    /// What a budget buys for a model.
    Buy(Box<Purchase>),
    /// A pasted error, read, with our estimate for the model it names.
    Diagnose(Box<Diagnosed>),
    /// What a budget buys when no model was named: cards, largest memory first.
    Cards(Box<crate::buy::Affordable>),
}

/// The kind of an [`Outcome`], as the log and the JSON name it: what the question asked.
pub use crate::query::intent::Intent;

/// The setups a budget buys for a model.
#[derive(Debug, Clone)]
pub struct Purchase {
    /// The model as the answer names it, with the format when the budget lowered it.
    pub model: String,
    pub shopping: crate::buy::Shopping,
    /// Catalog id; None for a model known only by its size.
    pub model_id: Option<String>,
    pub model_name: String,
    /// The format the setups run the model in.
    pub precision: Precision,
    /// Billions of parameters of a model known only by its size ("70b"): the answer names
    /// it "a 70B model" in the asker's language.
    pub generic_b: Option<f64>,
    /// The format was chosen for the budget (a 4-bit GGUF with llama.cpp), not named by the
    /// asker: the answer says so.
    pub format_assumed: bool,
}

/// A pasted error and, when the log names a model, our estimate for it.
#[derive(Debug, Clone)]
pub struct Diagnosed {
    pub read: crate::diagnose::Read,
    pub estimate: Option<Answer>,
}

impl Outcome {
    /// What was asked.
    pub fn intent(&self) -> Intent {
        match self {
            Outcome::Estimate(a) if a.max_context_asked => Intent::MaxContext,
            Outcome::Estimate(_) => Intent::Estimate,
            Outcome::Compare(_) => Intent::Compare,
            Outcome::Explain(_) => Intent::Explain,
            Outcome::Fit(_) => Intent::Fit,
            Outcome::Buy(_) | Outcome::Cards(_) => Intent::Buy,
            Outcome::Diagnose(_) => Intent::Diagnose,
        }
    }

    /// False for a pasted error of a kind no reader knows: answered (with what to paste),
    /// but logged and exited as not understood.
    pub fn understood(&self) -> bool {
        !matches!(self, Outcome::Diagnose(d) if d.read == crate::diagnose::Read::Unknown)
    }

    /// The estimate, when this is one.
    pub fn answer(&self) -> Option<&Answer> {
        match self {
            Outcome::Estimate(a) => Some(a),
            _ => None,
        }
    }
}

/// Cards compared as setups: each kind with how many of it, and, when the question names a
/// model, whether each setup holds it ("5090 ou 2x3090": 32 GB against 48 GB is the
/// question, not one 3090 against one 5090).
#[derive(Debug, Clone, PartialEq)]
pub struct Compared {
    pub gpus: Vec<&'static GpuSpec>,
    /// Cards of each kind, in `gpus` order: 1 unless the question counts them.
    pub counts: Vec<u32>,
    /// The model the question names, sized as asked on each setup.
    pub runs: Option<RunsOn>,
}

/// A named model on each setup of a comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct RunsOn {
    pub model: String,
    pub model_name: String,
    pub precision: Precision,
    /// Per setup, in [`Compared::gpus`] order: whether the job fits.
    pub fits: Vec<bool>,
}

impl Compared {
    /// One card of each kind, no model: the spec sheet side by side.
    pub fn one_each(gpus: Vec<&'static GpuSpec>) -> Compared {
        let counts = vec![1; gpus.len()];
        Compared {
            gpus,
            counts,
            runs: None,
        }
    }

    /// Whether the setups differ from one card each, or a model is named: then the answer
    /// says the totals and which setup runs it.
    pub fn is_setups(&self) -> bool {
        self.counts.iter().any(|&c| c > 1) || self.runs.is_some()
    }
}

/// The comparison a parsed question asks for: its cards with their counts, and the model
/// it names sized on each setup (one estimate, one fit check per setup).
fn compared(catalog: &'static Catalog, parsed: &Parsed) -> Result<Compared, Error> {
    let names: Vec<&str> = parsed.gpus.iter().map(|(n, _)| n.as_str()).collect();
    let gpus = gpus_named(catalog, &names)?;
    let counts = parsed
        .gpus
        .iter()
        .map(|(_, c)| c.unwrap_or(1).clamp(1, 64) as u32)
        .collect::<Vec<_>>();
    let runs = if parsed.query.has_subject() {
        for_parsed(catalog, parsed).ok().map(|a| {
            let sizing = Sizing::new(&a.model, &a.job);
            RunsOn {
                model: a.model.id.clone(),
                model_name: a.model.display_name.clone(),
                precision: a.job.precision,
                fits: gpus
                    .iter()
                    .zip(&counts)
                    .map(|(g, &c)| Fit::sized(&sizing, None, g, c).fits)
                    .collect(),
            }
        })
    } else {
        None
    };
    Ok(Compared { gpus, counts, runs })
}

/// A guide question as asked: its topic, what it asks of it ("does the 4090 support
/// nvlink?", "why did the 4090 lose NVLink") and the cards it names, each once.
fn explained(catalog: &'static Catalog, parsed: &Parsed) -> Explained {
    let mut gpus: Vec<&'static GpuSpec> = Vec::new();
    for (name, _) in &parsed.gpus {
        if let Ok(m) = catalog.resolve_gpu(name)
            && !gpus.iter().any(|g| g.id == m.gpu.id)
        {
            gpus.push(m.gpu);
        }
    }
    Explained {
        topic: parsed.topic.unwrap_or(Topic::Vram),
        facet: Some(parsed.cues.facet()),
        gpus,
    }
}

/// The models that run on one setup (`/fit`).
#[derive(Debug, Clone, PartialEq)]
pub struct FitList {
    pub gpu: &'static GpuSpec,
    pub count: u32,
    pub precision: Precision,
    /// Display name and longest context, largest model first.
    pub models: Vec<(String, u64)>,
    /// The largest model per common format (4, 8 and 16 bits), for the verdict: people
    /// ask "what can I run" meaning at the format they would download.
    pub tiers: Vec<(Precision, Option<String>)>,
    /// The models by format, fewest bits first (Q4_K_M, Q8_0, fp16) when the question named
    /// none, else the one format it named; each list largest model first. `precision` and
    /// `models` are the first of them.
    pub groups: Vec<(Precision, Vec<(String, u64)>)>,
}

/// The formats a fit answer's verdict names, fewest bits first.
pub const FIT_TIERS: [Precision; 3] = [Precision::Q4KM, Precision::Q8_0, Precision::Fp16];

/// Free text that asks for something other than an estimate (a comparison, a guide topic,
/// what fits a setup, what a budget buys, a pasted error), answered; None for an estimate
/// or a max-context question, which the caller answers with the model source it picks.
/// A card the catalog lacks ("rtx 9090") is answered with suggestions, never dropped.
pub fn for_intent(catalog: &'static Catalog, parsed: &Parsed) -> Option<Result<Outcome, Error>> {
    if let Some(name) = &parsed.unknown_gpu
        && parsed.intent != Intent::Diagnose
        && parsed.intent != Intent::Explain
        && let Err(e) = catalog.resolve_gpu(name)
    {
        return Some(Err(e.into()));
    }
    Some(match parsed.intent {
        // Cards of different kinds with a model: sized per card (a layer split), or refused.
        Intent::Estimate if parsed.gpus.len() >= 2 && parsed.hub_id.is_none() => {
            let cards = parsed
                .gpus
                .iter()
                .map(|(n, c)| {
                    let gpu = catalog.resolve_gpu(n)?.gpu;
                    Ok((gpu, c.unwrap_or(1).clamp(1, 8) as u32))
                })
                .collect::<Result<Vec<_>, Error>>();
            cards.and_then(|cards| {
                if query::intent::alternatives(parsed) {
                    return on_each(catalog, parsed, &cards)
                        .map(|a| Outcome::Estimate(Box::new(a)));
                }
                let mut a = for_parsed(catalog, parsed)?;
                a.mixed = crate::mixed::size(&a.model, &a.job, &cards).ok();
                Ok(Outcome::Estimate(Box::new(a)))
            })
        }
        Intent::Estimate | Intent::MaxContext => return None,
        Intent::Compare => compared(catalog, parsed).map(Outcome::Compare),
        Intent::Explain => Ok(Outcome::Explain(explained(catalog, parsed))),
        Intent::Fit => {
            let (gpu, count) = parsed.gpus.first()?;
            let count = count.unwrap_or(1).clamp(1, 64) as u32;
            fit_list(catalog, gpu, count, parsed.query.precision).map(Outcome::Fit)
        }
        Intent::Buy => match (parsed.budget, parsed.query.has_subject()) {
            (Some(budget), true) => for_parsed(catalog, parsed).map(|a| {
                let asked_format =
                    parsed.query.precision.is_some() || parsed.query.runtime.is_some();
                let (model, shopping, precision, format_assumed) =
                    shop_within(catalog, &a, budget, !asked_format);
                Outcome::Buy(Box::new(Purchase {
                    model,
                    shopping,
                    model_id: (!a.model.synthetic).then(|| a.model.id.clone()),
                    model_name: a.model.display_name.clone(),
                    precision,
                    generic_b: (a.model.synthetic && a.model.family == "generic")
                        .then(|| a.model.params_b()),
                    format_assumed,
                }))
            }),
            // A budget and no model: the cards it buys (the answer links the choosing guide).
            (Some(budget), false) => Ok(Outcome::Cards(Box::new(crate::buy::cards_within(
                catalog, budget,
            )))),
            // Neither: how to choose a card.
            (None, _) => Ok(Outcome::Explain(Explained::topic(Topic::Choosing))),
        },
        Intent::Diagnose => {
            let read = parsed.diagnosis.clone()?;
            let estimate = diagnosis_estimate(catalog, &read);
            Ok(Outcome::Diagnose(Box::new(Diagnosed { read, estimate })))
        }
    })
}

/// "X on A or do I need B": the model judged on each named setup as if that setup had been
/// asked about alone, with the runtime and format the asker would run there (a GeForce
/// card: llama.cpp with a GGUF; a datacenter card: vLLM or SGLang in the checkpoint's
/// format, or the largest that fits; a runtime or format the asker named applies to all).
/// The answer around them is for the first setup that runs it in a format that keeps
/// quality (4 bits or more), else the first that runs it at all, else the first setup,
/// whose levers say what would. A setup named with no count after one of several
/// datacenter cards is as many of them ("8 h100 ou preciso de h200": eight H200s); a
/// consumer card alone is one. Rare questions: each setup is a whole answer.
fn on_each(
    catalog: &'static Catalog,
    parsed: &Parsed,
    cards: &[(&'static GpuSpec, u32)],
) -> Result<Answer, Error> {
    let cards = boxes_alike(parsed, cards);
    let mut answers = cards
        .iter()
        .map(|&(gpu, count)| {
            let mut p = parsed.clone();
            p.query.gpu = Some(gpu.id.clone());
            p.query.gpu_count = Some(u64::from(count));
            for_parsed(catalog, &p)
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let setups: Vec<OnSetup> = answers.iter().filter_map(OnSetup::of).collect();
    let runs = |s: &&OnSetup| s.fit.fits;
    let main = setups
        .iter()
        .position(|s| s.fit.fits && s.precision.nominal_bits() >= 4.0)
        .or_else(|| setups.iter().position(|s| runs(&s)))
        .unwrap_or(0);
    let mut main = answers.swap_remove(main);
    main.on_each = setups;
    Ok(main)
}

/// One setup of an "A or B" question as its own answer judged it: the verdict, and the
/// runtime, format and error band it was sized with.
#[derive(Debug, Clone, Serialize)]
pub struct OnSetup {
    pub fit: Fit,
    pub runtime: crate::runtime::Runtime,
    pub precision: Precision,
    /// The ± percentage of that runtime and format's estimates (None: no band).
    pub band_pct: Option<f64>,
}

impl OnSetup {
    /// The setup an answer for one named setup judged; None for an answer with no card.
    fn of(a: &Answer) -> Option<OnSetup> {
        Some(OnSetup {
            fit: a.fit.clone()?,
            runtime: a.job.runtime,
            precision: a.job.precision,
            band_pct: a.estimate.error_band.map(|b| b.pct),
        })
    }

    /// Fits by the estimate, but not with its error band added.
    pub fn tight(&self) -> bool {
        let band = self.band_pct.unwrap_or(0.0);
        self.fit.fits && self.fit.per_gpu_gib * (1.0 + band / 100.0) > self.fit.usable_gib
    }
}

/// The setups of an "A or B" question with their counts: a datacenter card named with no
/// count after several datacenter cards is as many of them (servers come in boxes of 4 or
/// 8); any other card without a count is one.
fn boxes_alike(parsed: &Parsed, cards: &[(&'static GpuSpec, u32)]) -> Vec<(&'static GpuSpec, u32)> {
    use crate::catalog::Market;
    let mut out: Vec<(&'static GpuSpec, u32)> = Vec::with_capacity(cards.len());
    for (i, &(gpu, count)) in cards.iter().enumerate() {
        let counted = parsed.gpus.get(i).is_some_and(|(_, c)| c.is_some());
        let count = match out.last() {
            Some(&(prev, n))
                if !counted
                    && n > 1
                    && prev.market == Market::Datacenter
                    && gpu.market == Market::Datacenter =>
            {
                n
            }
            _ => count,
        };
        out.push((gpu, count));
    }
    out
}

/// Our estimate beside a read memory error: for the model and card the asker's words name,
/// else the model the log names (a path, a repo id, a GGUF file). Never from the log's
/// numbers (a token count is no model size), never for an error that is not about memory,
/// and none when neither names a model.
fn diagnosis_estimate(catalog: &'static Catalog, read: &crate::diagnose::Read) -> Option<Answer> {
    let crate::diagnose::Read::Known(d) = read else {
        return None;
    };
    if !d.kind.is_memory() {
        return None;
    }
    let subject = d.subject();
    if subject.trim().is_empty() {
        return None;
    }
    // The asker's words say "training" or "lora" when the job is one; parsing them sets it.
    let mut parsed = crate::query::parse(catalog, &subject);
    if !parsed.query.has_subject() {
        return None;
    }
    for_parsed(catalog, &parsed).ok().or_else(|| {
        // A card the catalog does not know ("4080") still leaves the model to size.
        parsed.query.gpu = None;
        parsed.query.gpu_count = None;
        parsed.gpus.clear();
        parsed.unknown_gpu = None;
        for_parsed(catalog, &parsed).ok()
    })
}

/// GPUs by name, in order, or the first name that matches none.
pub fn gpus_named(
    catalog: &'static Catalog,
    names: &[&str],
) -> Result<Vec<&'static GpuSpec>, Error> {
    names
        .iter()
        .map(|n| catalog.resolve_gpu(n).map(|m| m.gpu).map_err(Error::from))
        .collect()
}

/// What a budget buys for the job of `a`, the name the answer gives it, its format and
/// whether that format was chosen for the budget (not asked). With no format
/// or runtime named, a consumer budget buys for a 4-bit GGUF with llama.cpp ([`consumer`]);
/// a larger one, and nothing within the budget in the checkpoint's own format, the format
/// with the most bits that the budget can hold, named beside the model.
fn shop_within(
    catalog: &'static Catalog,
    a: &Answer,
    budget: crate::query::budget::Budget,
    any_format: bool,
) -> (String, crate::buy::Shopping, Precision, bool) {
    let name = a.model.display_name.clone();
    if any_format
        && budget.usd <= crate::buy::CONSUMER_BUDGET_USD
        && a.job.mode == crate::estimate::Mode::Inference
        && let Some((shopping, precision)) = consumer(catalog, a, budget)
    {
        return (
            format!("{name} · {}", precision.name()),
            shopping,
            precision,
            true,
        );
    }
    let shopping = crate::buy::within(catalog, &Sizing::new(&a.model, &a.job), budget);
    if !shopping.within.is_empty() || !any_format {
        return (name, shopping, a.job.precision, false);
    }
    for precision in a.formats_offered(8) {
        if precision.bits_per_weight() >= a.job.precision.bits_per_weight() {
            continue;
        }
        let mut job = a.job.clone();
        job.precision = precision;
        if !job.runtime.profile().loads(precision) {
            job.runtime = crate::runtime::Runtime::default_for(precision);
        }
        if job.validate(&a.model).is_err() {
            continue;
        }
        let lower = crate::buy::within(catalog, &Sizing::new(&a.model, &job), budget);
        if !lower.within.is_empty() {
            return (
                format!("{name} · {}", precision.name()),
                lower,
                precision,
                false,
            );
        }
    }
    (name, shopping, a.job.precision, false)
}

/// The 4-bit GGUF formats a consumer budget buys for, most bits first: Q4_K_M, what
/// people download for llama.cpp, Ollama and LM Studio; lower ones only when nothing within
/// the budget holds that.
const CONSUMER_FORMATS: [Precision; 3] = [Precision::Q4KM, Precision::Q3KM, Precision::Iq2M];

/// The format a 4-bit pick steps up to in the answer ("two run it at Q8").
const CONSUMER_STEP_UP: Precision = Precision::Q8_0;

/// A consumer budget's setups: the first of [`CONSUMER_FORMATS`] that some setup within the
/// budget holds (the checkpoint's own format when it has fewer bits, as gpt-oss's MXFP4),
/// with llama.cpp, and the best the budget buys at Q8_0 beside it. When nothing within the
/// budget holds even the lowest, the cheapest setup at the first (Q4_K_M); None only when
/// llama.cpp cannot run the model.
fn consumer(
    catalog: &'static Catalog,
    a: &Answer,
    budget: crate::query::budget::Budget,
) -> Option<(crate::buy::Shopping, Precision)> {
    let job_in = |precision: Precision| {
        let mut job = a.job.clone();
        job.precision = precision;
        job.runtime = crate::runtime::Runtime::LlamaCpp;
        (job.runtime.profile().loads(precision) && job.validate(&a.model).is_ok()).then_some(job)
    };
    let native = a.model.native_precision;
    let formats = CONSUMER_FORMATS.iter().map(|&p| {
        if native.bits_per_weight() < p.bits_per_weight() && job_in(native).is_some() {
            native
        } else {
            p
        }
    });
    let mut first = None;
    for precision in formats {
        let Some(job) = job_in(precision) else {
            continue;
        };
        let mut shopping = crate::buy::within(catalog, &Sizing::new(&a.model, &job), budget);
        if shopping.within.is_empty() {
            first.get_or_insert((shopping, precision));
            continue;
        }
        if CONSUMER_STEP_UP.bits_per_weight() > precision.bits_per_weight()
            && let Some(up) = job_in(CONSUMER_STEP_UP)
        {
            let speed = |p: &crate::buy::Priced| p.fit.tokens_per_s.unwrap_or(0.0);
            let floor = shopping.within.first().map_or(0.0, speed) * crate::buy::STEP_UP_SPEED;
            shopping.step_up = crate::buy::within(catalog, &Sizing::new(&a.model, &up), budget)
                .within
                .into_iter()
                .filter(|p| speed(p) >= floor)
                .collect();
        }
        return Some((shopping, precision));
    }
    first.filter(|(s, _)| s.cheapest.is_some())
}

/// What runs on `count` of `gpu`: in `precision` when one was asked, else by format from
/// 4 bits up (what the asker downloads first). Dozens of bisections per format, milliseconds.
pub fn fit_list(
    catalog: &'static Catalog,
    gpu: &str,
    count: u32,
    precision: Option<Precision>,
) -> Result<FitList, Error> {
    let gpu = catalog.resolve_gpu(gpu)?.gpu;
    let formats: Vec<Precision> = match precision {
        Some(p) => vec![p],
        None => FIT_TIERS.to_vec(),
    };
    let groups: Vec<(Precision, Vec<(String, u64)>)> = formats
        .iter()
        .map(|&p| {
            let models = recommend::models_on(catalog, p, gpu, count)
                .into_iter()
                .map(|(m, context)| (m.display_name.clone(), context))
                .collect();
            (p, models)
        })
        .collect();
    let (precision, models) = groups[0].clone();
    let tiers = FIT_TIERS
        .iter()
        .map(|&p| {
            let largest = recommend::largest_on(catalog, p, gpu, count);
            (p, largest.map(|m| m.display_name.clone()))
        })
        .collect();
    Ok(FitList {
        gpu,
        count,
        precision,
        models,
        tiers,
        groups,
    })
}

impl Answer {
    /// The formats that matter for this model, native first: the one it ships in, the one
    /// answered, then the smaller formats people download for each runtime (every profile's
    /// step-down list), most bits first; only those the job can run in (a full fine-tune
    /// cannot train 4-bit weights).
    pub fn formats_offered(&self, max: usize) -> Vec<Precision> {
        let a = self;
        let runs = |p: &Precision| {
            let mut job = a.job.clone();
            job.precision = *p;
            // The runtime a pick would use: the asked one when it loads the format, else the
            // format's own (as `apply` does); it must run the format on the named card.
            let profile = a.job.runtime.profile();
            let runtime = if profile.loads(*p) {
                a.job.runtime
            } else {
                crate::runtime::Runtime::default_for(*p)
            };
            let on_card = a.gpu.is_none_or(|g| runtime.profile().runs_on(*p, g));
            *p == a.job.precision || (on_card && job.validate(&a.model).is_ok())
        };
        let native = a.model.native_precision;
        let mut lower: Vec<Precision> = crate::runtime::PROFILES
            .iter()
            .flat_map(|p| p.lower_precisions.iter().copied())
            .filter(|p| p.bits_per_weight() < native.bits_per_weight())
            .collect();
        lower.sort_by(|x, y| y.bits_per_weight().total_cmp(&x.bits_per_weight()));
        let mut out = vec![native, a.job.precision];
        out.extend(lower);
        let mut seen = Vec::with_capacity(out.len());
        out.retain(|p| {
            let new = !seen.contains(p) && runs(p);
            seen.push(*p);
            new
        });
        out.truncate(max);
        out
    }
}

impl Answer {
    /// The quant the answer has no launch line for, when a GGUF repo from the Hub could
    /// give it one (a GGUF job with no listed file of its quant).
    pub fn missing_gguf(&self) -> Option<Precision> {
        let m = self.launch_missing?;
        let t = self.launch_target.as_ref()?;
        (m.precision.format() == Format::Gguf && t.job.precision == m.precision)
            .then_some(m.precision)
    }

    /// Write the launch line with `repo`, a GGUF repo the Hub's answer showed to hold the
    /// missing quant's file (never a name of our own): true when the line was written.
    pub fn launch_from_gguf_repo(&mut self, repo: &str) -> bool {
        let Some(t) = &self.launch_target else {
            return false;
        };
        let Some(line) =
            plan::launch::command_with_gguf_repo(&self.model, &t.job, t.gpu, t.count, repo)
        else {
            return false;
        };
        self.launch = vec![line];
        self.launch_missing = None;
        self.launch_target = None;
        true
    }

    /// An offload lever's speed assumed the default host RAM bandwidth: each surface then
    /// offers its own way to give one's own (a flag, a form field, a menu).
    pub fn offload_assumes_ram(&self) -> bool {
        self.levers
            .iter()
            .any(|l| l.job.host_offload.is_some() && l.job.ram_bandwidth_gbs.is_none())
    }

    /// The host RAM bandwidth, GB/s, the offload speeds use: the one given, else the
    /// default.
    pub fn ram_gbs(&self) -> f64 {
        crate::estimate::offload::ram_gbs(&self.job)
    }

    /// The named setup fits by the estimate, but the estimate plus its own error band does
    /// not: the verdict is "tight, may not fit", not a plain yes.
    pub fn tight(&self) -> bool {
        match (&self.fit, self.estimate.error_band) {
            (Some(f), Some(band)) if f.fits => {
                f.per_gpu_gib * (1.0 + band.pct / 100.0) > f.usable_gib
            }
            _ => false,
        }
    }
}

/// The best weight format that fits the named cards when the assumed one does not. The
/// answer around it (title, total, verdict, chart, setups, launch) is about `precision`;
/// `native` and `native_fit` keep the one line on the checkpoint's own format.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BestFit {
    pub precision: Precision,
    /// The job in that format on the cards as asked (`fit.fits` is true).
    pub fit: Fit,
    /// The format the user named none of: the checkpoint's own.
    pub native: Precision,
    /// The job in the native format on the cards as asked (`fits` is false).
    pub native_fit: Fit,
}

/// A free-text question after the whole core: what was read, and the answer or why there
/// is none. The language the message is written in (if its words tell) is in
/// `parsed.language`; the adapter falls back to the caller's language.
#[derive(Debug, Clone)]
pub struct Reply {
    pub parsed: Parsed,
    pub result: Result<Answer, Error>,
}

/// The one entry for free text, used by the bot, the web and the CLI alike: parse, resolve
/// (reusing the model the parser already looked up), estimate, recommend.
pub fn for_text(catalog: &'static Catalog, text: &str) -> Reply {
    let parsed = query::parse(catalog, text);
    let result = for_parsed(catalog, &parsed);
    Reply { parsed, result }
}

/// [`for_text`] for a message an adapter already parsed (the bot reads the language and
/// whether there is a subject before it decides to answer at all).
pub fn for_parsed(catalog: &'static Catalog, parsed: &Parsed) -> Result<Answer, Error> {
    if let Some(number) = &parsed.out_of_range {
        return Err(Error::OutOfRange(number.clone()));
    }
    if !parsed.query.has_subject() {
        return Err(Error::NotUnderstood {
            unparsed: parsed.unparsed.clone(),
        });
    }
    let req = query::resolve_parsed(catalog, parsed)?;
    Ok(build(catalog, req)?)
}

/// The one entry for structured questions (CLI flags, slash options, web parameters).
pub fn for_query(catalog: &'static Catalog, q: &Query) -> Result<Answer, Error> {
    let req = query::resolve(catalog, q)?;
    Ok(build(catalog, req)?)
}

/// [`for_parsed`] with the model an adapter already looked up (a Hub repo the catalog
/// lacks, a user's config.json): the core stays free of I/O, the adapter did the fetching.
pub fn for_parsed_with(
    catalog: &'static Catalog,
    parsed: &Parsed,
    model: Option<ModelSpec>,
) -> Result<Answer, Error> {
    match model {
        Some(m) => Ok(build(
            catalog,
            query::resolve_with(catalog, &parsed.query, m)?,
        )?),
        None => for_parsed(catalog, parsed),
    }
}

/// [`for_query`] with the model an adapter already looked up (see [`for_parsed_with`]).
pub fn for_query_with(
    catalog: &'static Catalog,
    q: &Query,
    model: Option<ModelSpec>,
) -> Result<Answer, Error> {
    match model {
        Some(m) => Ok(build(catalog, query::resolve_with(catalog, q, m)?)?),
        None => for_query(catalog, q),
    }
}

/// Estimate, check the named setup, rank the alternatives. With no format named and the
/// native one not fitting the named cards, the whole answer is rebuilt in the format that
/// fits (one answer, one verdict), and the native format keeps one line in `best_fit`.
pub fn build(catalog: &'static Catalog, req: Request) -> Result<Answer, JobError> {
    let (native, best) = build_one(catalog, req.clone())?;
    // One comparison on an ordinary ask: the rest is out of line.
    if native
        .gpu
        .is_some_and(|g| g.vendor == crate::catalog::Vendor::Apple)
        && let Some(p) = mac_download(&native)
    {
        return on_a_mac(catalog, req, native, p);
    }
    let (Some(p), Some(native_fit)) = (best, native.fit.clone()) else {
        return Ok(native);
    };
    let mut req = req;
    req.job.precision = p;
    req.assumed
        .retain(|x| !matches!(x, Assumption::Precision { .. }));
    let (mut answer, _) = build_one(catalog, req.clone())?;
    // Inside the error band, the next format down that keeps quality and fits with room
    // is the better answer to "can I run it" (Q5_K_M with room rather than a Q6_K maybe).
    if answer.tight()
        && let Some(lower) = roomier(&answer, p)
    {
        let mut req = req;
        req.job.precision = lower;
        let (roomy, _) = build_one(catalog, req)?;
        if roomy.fit.as_ref().is_some_and(|f| f.fits) && !roomy.tight() {
            answer = roomy;
        }
    }
    let p = answer.job.precision;
    let Some(fit) = answer.fit.clone().filter(|f| f.fits) else {
        // The lever said it fits; a rebuilt answer that disagrees keeps the native one.
        return Ok(native);
    };
    answer.best_fit = Some(Box::new(BestFit {
        precision: p,
        fit,
        native: native.job.precision,
        native_fit,
    }));
    Ok(answer)
}

/// A Mac with no format named, whose 16-bit checkpoint fits its unified memory: the 8-bit
/// file its owner downloads instead (Q8_0 GGUF for llama.cpp, an mlx-community 8-bit repo
/// for MLX). A Mac reads every weight for each token from memory shared with macOS, so the
/// 16-bit weights run at half the speed and leave little room for context, for a quality
/// gain nobody measures; None elsewhere (and for training, or a format already 8-bit or
/// less: the native-does-not-fit path picks those).
#[cold]
#[inline(never)]
fn mac_download(a: &Answer) -> Option<Precision> {
    let gpu = a
        .gpu
        .filter(|g| g.vendor == crate::catalog::Vendor::Apple)?;
    let assumed = a
        .assumed
        .iter()
        .any(|x| matches!(x, Assumption::Precision { native: true, .. }));
    if !assumed
        || a.job.mode != Mode::Inference
        || a.job.precision.bits_per_weight() <= 8.5
        || a.fit.as_ref().is_none_or(|f| !f.fits)
    {
        return None;
    }
    let profile = a.job.runtime.profile();
    profile
        .lower_precisions
        .iter()
        .copied()
        .find(|&p| p.nominal_bits() == 8.0 && profile.loads(p) && profile.runs_on(p, gpu))
}

/// [`build`] on a Mac whose 16-bit checkpoint fits: the answer in the 8-bit format `p`
/// ([`mac_download`]), said as the assumed format; the 16-bit answer when that one would
/// not fit (it always does at half the bytes, but the check costs nothing here).
#[cold]
#[inline(never)]
fn on_a_mac(
    catalog: &'static Catalog,
    mut req: Request,
    native: Answer,
    p: Precision,
) -> Result<Answer, JobError> {
    req.job.precision = p;
    for x in &mut req.assumed {
        if let Assumption::Precision { precision, native } = x {
            *precision = p;
            *native = false;
        }
    }
    let (answer, _) = build_one(catalog, req)?;
    Ok(if answer.fit.as_ref().is_some_and(|f| f.fits) {
        answer
    } else {
        native
    })
}

/// The runtime's next weight format below `p` that still keeps quality (4 nominal bits
/// or more) and runs on the named card.
fn roomier(a: &Answer, p: Precision) -> Option<Precision> {
    let profile = a.job.runtime.profile();
    let gpu = a.gpu?;
    profile.lower_precisions.iter().copied().find(|&q| {
        q.bits_per_weight() < p.bits_per_weight()
            && q.nominal_bits() >= 4.0
            && profile.loads(q)
            && profile.runs_on(q, gpu)
    })
}

/// One pass of [`build`] for the job as the request has it, with the format that would fit
/// the named cards when none was named and the native one does not.
fn build_one(
    catalog: &'static Catalog,
    req: Request,
) -> Result<(Answer, Option<Precision>), JobError> {
    let count = req.gpu_count.unwrap_or(1);
    estimate::check_gpu_count(u64::from(count))?;
    req.job.validate(&req.model)?;
    // The estimate, the named setup's verdict, how many cards would do and the ranking
    // share one sizing of the job.
    let sizing = Sizing::new(&req.model, &req.job);
    let fit = req.gpu.map(|gpu| Fit::sized(&sizing, None, gpu, count));
    let estimate = sizing.run(count, req.gpu);
    let needed_count = match (req.gpu, &fit) {
        (Some(gpu), Some(f)) if !f.fits => Fit::min_count_sized(&sizing, gpu),
        _ => None,
    };
    let offload = match (req.gpu, &fit) {
        (Some(gpu), Some(f)) if !f.fits && req.job.mode.is_training() && !req.job.cpu_offload => {
            let mut job = req.job.clone();
            job.cpu_offload = true;
            Fit::check(&req.model, &job, gpu, count)
                .ok()
                .filter(|f| f.fits)
                .map(Box::new)
        }
        _ => None,
    };
    let recommendations = recommend::setups_led(catalog, &sizing, lead(&req));
    // The levers compare with how many cards the job as asked needs: already known when
    // it does not fit.
    let fewest = req.gpu.map(|gpu| {
        let fewest = plan::levers::Fewest::new(&req.model, &req.job, gpu);
        match &fit {
            Some(f) if !f.fits => fewest.knowing(needed_count),
            _ => fewest,
        }
    });
    let (levers, serving) = match (req.gpu, &fit, &fewest) {
        (Some(gpu), Some(f), Some(fewest)) => (
            plan::levers::levers_knowing(fewest, count, f),
            plan::serving::capacity(&req.model, &req.job, gpu, count, f),
        ),
        _ => (Vec::new(), None),
    };
    let more_cards = match (&fit, &fewest) {
        (Some(f), Some(fewest)) if !f.fits && !req.job.mode.is_training() => {
            plan::levers::more_cards(fewest, count, f).map(Box::new)
        }
        _ => None,
    };
    let precision_assumed = req
        .assumed
        .iter()
        .any(|x| matches!(x, Assumption::Precision { .. }));
    let beyond = match &more_cards {
        Some(l) if precision_assumed && l.job.precision != req.job.precision => {
            recommend::setups(catalog, &req.model, &l.job).ok()
        }
        _ => None,
    };
    let max_context_asked = req.max_context;
    let max_context = match (req.max_context, req.gpu) {
        (true, Some(gpu)) => {
            plan::serving::max_context(&req.model, &req.job, gpu, count, serving.as_ref())
        }
        _ => None,
    };
    // A setup that does not fit would only run out of memory: start the best lever's.
    let launched = match (&fit, levers.first()) {
        (Some(f), Some(l)) if !f.fits => Some((Cow::Borrowed(&l.job), l.count)),
        (Some(f), None) if !f.fits => None,
        _ => Some((Cow::Borrowed(&req.job), count)),
    }
    .map(|(job, n)| match max_context {
        // A max-context answer starts the server at the context it leads with.
        Some(ctx) if max_context_asked => {
            let mut job = job.into_owned();
            job.set_context(ctx);
            (Cow::Owned(job), n)
        }
        _ => (job, n),
    });
    // With no card named, the line starts the first setup offered (vLLM's tensor-parallel
    // size is its card count), checked against that card.
    let (launch_gpu, first_count) = match req.gpu {
        Some(gpu) => (Some(gpu), None),
        None if req.gpu_count.is_none() => first_setup(catalog, &recommendations),
        None => (None, None),
    };
    let launch: Vec<Launch> = launched
        .as_ref()
        .and_then(|(job, n)| {
            plan::launch::command(&req.model, job, launch_gpu, first_count.unwrap_or(*n))
        })
        .into_iter()
        .collect();
    let launch_missing = launched
        .as_ref()
        .filter(|_| launch.is_empty())
        .and_then(|(job, _)| plan::launch::missing(&req.model, job));
    let launch_target = launch_missing.and(launched).map(|(job, n)| {
        Box::new(LaunchTarget {
            job: job.into_owned(),
            gpu: launch_gpu,
            count: first_count.unwrap_or(n),
        })
    });
    let best = best_fit(&req.assumed, fit.as_ref(), &levers, count);
    let mut answer = Answer {
        model: req.model,
        model_kind: req.model_kind,
        job: req.job,
        gpu: req.gpu,
        gpu_count: req.gpu_count,
        assumed: req.assumed,
        estimate,
        fit,
        needed_count,
        offload,
        recommendations,
        topics: Vec::new(),
        levers,
        serving,
        launch,
        best_fit: None,
        launch_missing,
        max_context,
        max_context_asked,
        mixed: None,
        on_each: Vec::new(),
        more_cards,
        beyond,
        launch_target,
    };
    answer.topics = topics(&answer);
    Ok((answer, best))
}

/// Which setup the ranked list starts with: with no card named and the runtime chosen for
/// a model people run at home (or a card to buy), the most speed for the money.
fn lead(req: &Request) -> recommend::Lead {
    let value = req.gpu.is_none()
        && req
            .assumed
            .iter()
            .any(|x| matches!(x, Assumption::Runtime { reason, .. } if reason.leads_with_value()));
    if value {
        recommend::Lead::Value
    } else {
        recommend::Lead::Cheapest
    }
}

/// The card and count of the first setup offered, for a launch line when no card was named.
fn first_setup(
    catalog: &'static Catalog,
    recs: &Recommendations,
) -> (Option<&'static GpuSpec>, Option<u32>) {
    recs.setups
        .first()
        .and_then(|s| Some((catalog.gpu(&s.fit.gpu)?, s.fit.count)))
        .map_or((None, None), |(g, n)| (Some(g), Some(n)))
}

/// The plan's precision lever, taken as the answer's subject when the user named no format,
/// the assumed one does not fit the named cards, and the lever needs no more cards.
fn best_fit(
    assumed: &[Assumption],
    fit: Option<&Fit>,
    levers: &[Lever],
    count: u32,
) -> Option<Precision> {
    let precision_assumed = assumed
        .iter()
        .any(|x| matches!(x, Assumption::Precision { .. }));
    if !precision_assumed || fit.is_none_or(|f| f.fits) {
        return None;
    }
    levers.iter().find_map(|l| match l.change {
        plan::Change::Precision(p) if l.count == count && l.fit.fits && l.also.is_empty() => {
            Some(p)
        }
        _ => None,
    })
}

/// The guide topics an answer leans on, most relevant first.
fn topics(a: &Answer) -> Vec<Topic> {
    let mut out = vec![Topic::Vram];
    if a.job.precision.format() != Format::Float || a.job.mode == Mode::Qlora {
        out.push(Topic::Quantization);
    } else {
        out.push(Topic::Precision);
    }
    if a.estimate.kv_cache > 0.2 * a.estimate.total() {
        out.push(Topic::KvCache);
    }
    let multi = a.gpu_count.unwrap_or(1) > 1
        || a.needed_count.is_some_and(|n| n > 1)
        || a.recommendations.setups.iter().all(|s| s.fit.count > 1);
    if multi {
        out.push(Topic::MultiGpu);
    }
    if a.recommendations.nvlink_matters {
        out.push(Topic::Nvlink);
    }
    if a.recommendations.sxm_only || a.recommendations.multi_node {
        out.push(Topic::Sxm);
    }
    if a.fit.as_ref().is_some_and(|f| !f.fits) {
        out.push(Topic::Oom);
    }
    if a.gpu.is_none() {
        out.push(Topic::Choosing);
    }
    out
}
