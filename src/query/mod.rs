//! What a user asked for, before and after resolution against the catalog.
//!
//! A [`Query`] holds what was said (names as typed, numbers as given, `None` for anything
//! not mentioned); [`resolve`] turns it into a [`Request`] with catalog entries, defaults
//! and the list of assumptions made. CLI flags, slash-command options, web parameters and
//! the free-text parser all produce a `Query`, so they all share one set of rules.

pub mod budget;
mod cards;
mod clean;
mod clues;
pub mod detect;
pub mod fields;
mod filler;
mod flash;
pub mod follow_up;
mod heads;
pub mod hub_id;
pub mod intent;
mod memory_card;
mod memory_share;
pub mod numbers_words;
pub mod parse;
mod pieces;
mod request;
mod too_large;
mod urls;
pub mod users;
mod variants;
pub mod words;

use crate::catalog::{Catalog, MatchKind, ModelRef, ModelSpec, synthetic_model};
use crate::error::Error;
use crate::estimate::{
    self, DEFAULT_INFERENCE_CONTEXT, DEFAULT_TRAINING_CONTEXT, JobError, KvPrecision, LoraTargets,
    Mode, Optimizer, Precision, Runtime, Sharding, job::MAX_BATCH, job::MAX_CONTEXT,
};
use serde::Serialize;

pub use fields::Fields;
pub use parse::{Parsed, parse};
pub use request::{Assumption, HubMiss, Request, default_precision};

/// The fields of a question, as stated.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Query {
    pub model: Option<String>,
    pub params_b: Option<f64>,
    pub precision: Option<Precision>,
    pub kv_precision: Option<KvPrecision>,
    pub context: Option<u64>,
    pub prompt: Option<u64>,
    pub generate: Option<u64>,
    pub batch: Option<u64>,
    pub mode: Option<Mode>,
    pub gpu: Option<String>,
    pub gpu_count: Option<u64>,
    pub runtime: Option<Runtime>,
    pub optimizer: Option<Optimizer>,
    pub gradient_checkpointing: Option<bool>,
    pub lora_rank: Option<u64>,
    pub lora_targets: Option<LoraTargets>,
    pub sharding: Option<Sharding>,
    pub cpu_offload: Option<bool>,
    pub memory_share: Option<f64>,
    pub batched_tokens: Option<u64>,
    pub master_weights: Option<bool>,
    pub optimizer_in_backward: Option<bool>,
    pub chunked_loss: Option<bool>,
    /// Training: the framework whose recipes to size by (None: hf).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub framework: Option<crate::runtime::framework::Framework>,
    /// The words typed when only part of them named `model` ("qwen 2 5 7b" for "qwen
    /// 7b"): the answer then says which model it assumed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_as_typed: Option<String>,
    /// Host RAM bandwidth in GB/s for the offload lever's speed (`--ram-bandwidth`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ram_bandwidth_gbs: Option<f64>,
    /// The engine release (major, minor) to size by (`--engine-version 0.11`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_version: Option<(u32, u32)>,
    /// The question asks for the longest context the GPUs hold.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub max_context: bool,
    /// The card was given by its memory ("on 24gb"): `gpu` is the common card of that
    /// size, and the answer says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_by_memory: Option<u32>,
    /// The question serves others ("serve", "users", "API", "throughput"): with no runtime
    /// named, a serving engine is chosen (see `runtime::choice`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub serving: bool,
    /// The question asks which card to buy for the model, with no budget ("what gpu should
    /// i buy for qwen 32b"): with no runtime named, sized as people buy, a 4-bit GGUF with
    /// llama.cpp (see `runtime::choice`), as a consumer budget is.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub buying: bool,
    /// Users served at once (`--concurrency`, "for 40 users").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concurrency: Option<u64>,
    /// Tokens per second each user should see (`--target-tokens-per-s`, "at 30 tok/s each").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_tokens_per_s: Option<f64>,
    /// llama.cpp / Ollama flash attention asked on or off (`--flash-attn`, "-fa off",
    /// "without flash attention"); None: the runtime's own default (auto).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flash_attention: Option<bool>,
    /// vLLM's `--max-num-seqs`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_num_seqs: Option<u64>,
    /// vLLM's `--limit-mm-per-prompt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mm_limit: Option<crate::estimate::encoder::MmLimit>,
}

impl Query {
    /// True when the question names something to estimate.
    pub fn has_subject(&self) -> bool {
        self.model.is_some() || self.params_b.is_some()
    }
}

/// Resolve names, fill defaults, record assumptions.
pub fn resolve(catalog: &'static Catalog, q: &Query) -> Result<Request, Error> {
    resolve_known(catalog, q, None)
}

/// [`resolve`] a parsed message, reusing the model the parser already looked up.
pub fn resolve_parsed(catalog: &'static Catalog, parsed: &Parsed) -> Result<Request, Error> {
    let known = parsed
        .model_match
        .as_ref()
        .filter(|_| parsed.query.model.is_some())
        .map(|m| (ModelRef::Catalog(m.model), m.kind.clone()));
    resolve_known(catalog, &parsed.query, known)
}

/// The runtime people run on the asker's hardware (see `runtime::choice`), said with its
/// reason. A format the asker named that it cannot load keeps that format's own runtime;
/// an assumed one it cannot load becomes the nearest it downloads (an FP8 checkpoint is
/// pulled as Q8_0 GGUF for llama.cpp).
fn choose_runtime(req: &mut Request, q: &Query) {
    use crate::runtime::choice;
    // The size decides only with no card named and no serving words; a GGUF named is
    // llama.cpp's whatever the size. One sizing, only then.
    let own_checkpoint = req.model.origin == Some(crate::catalog::Origin::Hub);
    let reach = (req.gpu.is_none()
        && !q.serving
        && !own_checkpoint
        && req.job.precision.format() != crate::estimate::Format::Gguf)
        .then(|| crate::estimate::reach::reach(&req.model, req.job.context()));
    let asker = choice::Asker {
        gpu: req.gpu,
        serving: q.serving,
        buying: q.buying,
        reach,
        own_checkpoint,
        model: &req.model,
        precision: req.job.precision,
    };
    let (mut runtime, mut reason) = asker.runtime();
    // No card and a model one consumer card holds at 4 bits (or a card to buy): the
    // Q4_K_M file people download, not the 16-bit checkpoint.
    if reason.sets_home_format() && q.precision.is_none() {
        let p = choice::home_format(req.model.native_precision);
        req.job.precision = p;
        for a in &mut req.assumed {
            if let Assumption::Precision { precision, native } = a {
                *precision = p;
                *native = p == req.model.native_precision;
            }
        }
    }
    // "At 4 bit" on a GeForce card is a Q4_K_M file, on an H100 an AWQ checkpoint: not
    // bitsandbytes, which nobody serves with.
    if q.precision.is_some()
        && let Some(p) = same_width(runtime, req.job.precision, req.gpu)
    {
        req.job.precision = p;
    }
    let precision = req.job.precision;
    let on_a_mac = req
        .gpu
        .is_some_and(|g| g.vendor == crate::catalog::Vendor::Apple);
    if !runtime.profile().loads(precision) {
        if let Some(gguf) = on_a_mac.then(|| mac_gguf(precision)).flatten() {
            // bitsandbytes, GPTQ and AWQ kernels are CUDA's: on a Mac a named 4- or 8-bit is
            // the GGUF quant of that width, and the answer says so.
            req.job.precision = gguf;
            req.assumed.push(Assumption::Precision {
                precision: gguf,
                native: false,
            });
        } else if q.precision.is_some() {
            (runtime, reason) = (
                Runtime::default_for(precision),
                crate::runtime::choice::RuntimeReason::NoCard,
            );
        } else if let Some(p) = runtime.profile().lower_precisions.first() {
            req.job.precision = *p;
            for a in &mut req.assumed {
                if let Assumption::Precision { precision, native } = a {
                    *precision = *p;
                    *native = false;
                }
            }
        }
    }
    req.job.runtime = runtime;
    req.assumed.push(Assumption::Runtime { runtime, reason });
}

/// A bit width named without a method ("4 bit", "int8"), with a runtime chosen for the
/// asker that people run other formats on: that runtime's own format of the same width that runs on
/// the card (Q4_K_M or Q8_0 for llama.cpp; AWQ int4, or FP8 where vLLM runs it, for
/// vLLM). A method named ("nf4", "bnb 8bit", "gptq") keeps its format and its runtime.
fn same_width(
    runtime: Runtime,
    named: Precision,
    gpu: Option<&crate::catalog::GpuSpec>,
) -> Option<Precision> {
    // Transformers is the runtime of bitsandbytes' int4/int8 itself.
    if !matches!(named, Precision::Int4 | Precision::Int8) || runtime == Runtime::Transformers {
        return None;
    }
    let profile = runtime.profile();
    profile.lower_precisions.iter().copied().find(|&p| {
        p.nominal_bits() == named.nominal_bits()
            && profile.loads(p)
            && gpu.is_none_or(|g| profile.runs_on(p, g))
    })
}

/// The GGUF quant a Mac runs for a CUDA-only integer format of the same width.
fn mac_gguf(p: Precision) -> Option<Precision> {
    if p.format() != crate::estimate::Format::WeightOnly {
        return None;
    }
    match p.nominal_bits() {
        4.0 => Some(Precision::Q4KM),
        8.0 => Some(Precision::Q8_0),
        _ => None,
    }
}

/// A runtime with its own model library (Ollama), named with no format: the build its
/// default tag pulls (`ollama run llama3.1:8b` is Q4_K_M), which is what its users get.
fn library_default(req: &mut Request) {
    let Some(library) = req.job.runtime.profile().launch.and_then(|l| l.library) else {
        return;
    };
    let Some(p) = crate::plan::library_tags::default_precision(library, &req.model.id) else {
        return;
    };
    req.job.precision = p;
    for a in &mut req.assumed {
        if let Assumption::Precision { precision, native } = a {
            *precision = p;
            *native = p == req.model.native_precision;
        }
    }
}

/// A format named with a runtime that stores that width its own way: "4bit with mlx" is
/// MLX's 4-bit (`mlx-4bit`), as an mlx-community repo holds it. Any other pair is kept, and
/// the estimate says when the runtime cannot load it.
fn same_bits_loadable(runtime: Runtime, p: Precision) -> Precision {
    let profile = runtime.profile();
    if profile.loads(p) || !profile.loads.contains(&crate::estimate::Format::Mlx) {
        return p;
    }
    if profile.runtime == Runtime::LmStudio && p.format() == crate::estimate::Format::Gguf {
        return p;
    }
    match p.nominal_bits() {
        4.0 => Precision::Mlx4,
        8.0 => Precision::Mlx8,
        _ => p,
    }
}

/// [`resolve`] with a model spec an adapter already has (a Hub look-up, a config.json):
/// it stands for `q.model` and `q.params_b`.
pub fn resolve_with(
    catalog: &'static Catalog,
    q: &Query,
    model: ModelSpec,
) -> Result<Request, Error> {
    resolve_known(catalog, q, Some((ModelRef::own(model), MatchKind::Exact)))
}

fn resolve_known(
    catalog: &'static Catalog,
    q: &Query,
    known: Option<(ModelRef, MatchKind)>,
) -> Result<Request, Error> {
    let mut by_name = None;
    let (model, kind) = match (&q.model, q.params_b) {
        _ if let Some(k) = known => k,
        (Some(name), _) => match catalog.resolve_model(name) {
            Ok(m) => {
                let kind = match &q.model_as_typed {
                    Some(from) => MatchKind::Assumed { from: from.clone() },
                    None => m.kind,
                };
                (ModelRef::Catalog(m.model), kind)
            }
            // A name no catalog model agrees with: sized from the size it gives, and said.
            Err(e) => {
                let sized = catalog.sized_from_name(name).ok_or(e)?;
                by_name = Some(Assumption::SizedFromName {
                    name: sized.name,
                    params_b: sized.params_b,
                    moe: sized.moe,
                    like: sized.like,
                });
                (ModelRef::own(sized.spec), MatchKind::Exact)
            }
        },
        (None, Some(b)) => {
            estimate::check_params_b(b)?;
            (ModelRef::own(synthetic_model(catalog, b)), MatchKind::Exact)
        }
        (None, None) => return Err(Error::NeedModel),
    };
    let mode = q.mode.unwrap_or_default();
    let mut req = Request::new(model, kind, mode);
    req.assumed.extend(by_name);
    match q.precision {
        Some(p) => {
            req.job.precision = p;
            req.job.runtime = Runtime::default_for(p);
        }
        None => {
            let precision = default_precision(mode, &req.model);
            req.assumed.push(Assumption::Precision {
                precision,
                native: precision == req.model.native_precision,
            })
        }
    }
    if let Some(r) = q.runtime {
        req.job.runtime = r;
        match q.precision {
            None => library_default(&mut req),
            Some(p) => req.job.precision = same_bits_loadable(r, p),
        }
    }
    if let Some(kv) = q.kv_precision {
        req.job.kv_precision = kv;
    }
    set_context(&mut req, q)?;
    if let Some(batch) = q.batch {
        req.job.batch = bounded(batch, u64::from(MAX_BATCH), JobError::BatchTooLarge(batch))?;
    }
    if let Some(o) = q.optimizer {
        req.job.optimizer = o;
    }
    if let Some(c) = q.gradient_checkpointing {
        req.job.gradient_checkpointing = c;
    }
    if let Some(r) = q.lora_rank {
        req.job.lora_rank = bounded(r, 4096, JobError::LoraRank(r))?;
    }
    if let Some(t) = q.lora_targets {
        req.job.lora_targets = t;
    }
    if let Some(name) = &q.gpu {
        let gpu = catalog.resolve_gpu(name)?.gpu;
        req.gpu = Some(gpu);
        if let Some(memory_gb) = q.gpu_by_memory {
            req.assumed.push(Assumption::CardByMemory {
                memory_gb,
                gpu: gpu.display_name.clone(),
            });
        }
    }
    // Counted as the GPUs software sees: "2 × MI250X" is 4 ROCm devices.
    let per_card = req.gpu.map_or(1, |g| g.devices_per_card());
    if let Some(n) = q.gpu_count {
        req.gpu_count = Some(estimate::check_gpu_count(
            n.saturating_mul(u64::from(per_card)),
        )?);
    } else if per_card > 1 {
        req.gpu_count = Some(per_card);
    }
    if let Some(s) = q.sharding {
        req.job.sharding = Some(s);
    }
    if q.runtime.is_none() && !mode.is_training() {
        choose_runtime(&mut req, q);
    }
    req.job.memory_share = q.memory_share;
    req.job.batched_tokens = q.batched_tokens;
    if let Some(m) = q.master_weights {
        req.job.master_weights = m;
    }
    if let Some(b) = q.optimizer_in_backward {
        req.job.optimizer_in_backward = b;
    }
    // The framework's defaults first, then what the user set explicitly.
    if let Some(f) = q.framework {
        req.job.follow(f);
        if let Some(m) = q.master_weights {
            req.job.master_weights = m;
        }
        if let Some(o) = q.optimizer {
            req.job.optimizer = o;
        }
    }
    if let Some(c) = q.chunked_loss {
        req.job.chunked_loss = c;
        // Asked for a whole loss: nothing fused either.
        req.job.fused_loss &= c;
    }
    if let Some(offload) = q.cpu_offload {
        req.job.cpu_offload = offload;
    }
    req.job.ram_bandwidth_gbs = q.ram_bandwidth_gbs;
    req.job.engine_version = q.engine_version;
    if let Some(fa) = q.flash_attention {
        req.job.flash_attention = fa;
        kv_needs_flash_attention(&mut req);
    }
    if let Some(n) = q.max_num_seqs {
        let n = bounded(n, u64::from(MAX_BATCH), JobError::BatchTooLarge(n))?;
        req.job.max_num_seqs = Some(n.max(1));
    }
    if q.mm_limit.is_some() {
        req.job.mm_limit = q.mm_limit;
    }
    req.max_context = q.max_context;
    crate::query::users::apply(q, &mut req)?;
    if mode.is_training() && q.gradient_checkpointing.is_none() {
        req.assumed.push(Assumption::Checkpointing {
            on: req.job.gradient_checkpointing,
        });
    }
    let gpus = req.gpu_count.unwrap_or(1);
    if mode.is_training() && gpus > 1 && q.sharding.is_none() {
        req.assumed.push(Assumption::Sharding {
            sharding: req.job.sharding_on(gpus),
        });
    }
    Ok(req)
}

/// llama.cpp quantizes the V cache only with flash attention (`llama_context` refuses
/// `-ctv q8_0` with `-fa off`), and Ollama drops a quantized `OLLAMA_KV_CACHE_TYPE` unless
/// flash attention is on (llm/server.go, v0.13): asked off, the cache is sized at 16 bits
/// and the answer says so.
fn kv_needs_flash_attention(req: &mut Request) {
    let quantized = req.job.kv_precision != estimate::KvPrecision::Fp16;
    let compute_buffer = matches!(
        req.job.runtime.profile().activation,
        crate::runtime::Activation::ComputeBuffer { .. }
    );
    if quantized && compute_buffer && !req.job.flash_attention {
        req.assumed.push(Assumption::KvNeedsFlashAttention {
            asked: req.job.kv_precision,
        });
        req.job.kv_precision = estimate::KvPrecision::Fp16;
    }
}

fn bounded(value: u64, max: u64, err: JobError) -> Result<u32, Error> {
    if value > max {
        Err(err.into())
    } else {
        Ok(value as u32)
    }
}

/// "262k" for a model of 262,144 tokens reads as 262 × 1,024 = 268,288, past what the
/// engine accepts (vLLM refuses a max_model_len above the model's): a context at most 2.5 %
/// over the model's maximum (the gap between 1,000 and 1,024) is that maximum written in
/// thousands.
fn model_max_as_written(context: u64, max: Option<u64>) -> u64 {
    match max {
        Some(max) if context > max && context <= max + max / 40 => max,
        _ => context,
    }
}

/// Context from prompt/generate/context, or the default clipped to the model's maximum.
fn set_context(req: &mut Request, q: &Query) -> Result<(), Error> {
    let too_large = |n: u64| -> Result<(), Error> {
        if n > MAX_CONTEXT {
            Err(JobError::ContextTooLarge(n).into())
        } else {
            Ok(())
        }
    };
    match (q.prompt, q.generate, q.context) {
        (Some(p), Some(g), _) => {
            too_large(p.saturating_add(g))?;
            req.job.prompt = p;
            req.job.generate = g;
        }
        (Some(p), None, _) => {
            too_large(p)?;
            req.job.prompt = p;
            req.job.generate = if req.job.mode.is_training() {
                0
            } else {
                1024.min(p.max(1))
            };
        }
        (None, Some(g), Some(c)) => {
            too_large(c)?;
            req.job.generate = g.min(c);
            req.job.prompt = c - req.job.generate;
        }
        (None, _, Some(c)) => {
            too_large(c)?;
            req.job
                .set_context(model_max_as_written(c, req.model.max_position_embeddings));
        }
        (None, g, None) => {
            let server_default = req.job.runtime.profile().launch.and_then(|l| l.server_env);
            let default = if req.job.mode.is_training() {
                DEFAULT_TRAINING_CONTEXT
            } else if let Some(env) = server_default {
                // The context the server gives a model unless told more (Ollama's 4,096).
                env.default_context
            } else {
                DEFAULT_INFERENCE_CONTEXT
            };
            let context = req
                .model
                .max_position_embeddings
                .map_or(default, |max| default.min(max));
            req.job.set_context(context);
            if let Some(g) = g {
                too_large(g)?;
                req.job.generate = g;
            }
            req.assumed.push(Assumption::Context {
                tokens: req.job.context(),
            });
        }
    }
    Ok(())
}
