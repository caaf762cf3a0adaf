//! The JSON contract of `ask --json`, `estimate --json` and the web API (CONTRACT.md), as
//! Rust types: they serialize themselves and, through utoipa, describe themselves in
//! `/api/v1/openapi.json`, so the document cannot drift from what the API returns.

use super::view::{AnswerView, Kind, Section};
use super::{error, parts, text};
use crate::answer::{Answer, Assumption, Topic};
use crate::catalog::{Catalog, GIB, PriceBasis};
use crate::error::Error;
use crate::estimate::Interconnect;
use crate::i18n::Lang;
use crate::recommend::{Tag, Why};
use serde::Serialize;
use utoipa::ToSchema;

/// Round for display in JSON: GiB to 0.01, speeds to 0.1.
fn r2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn r1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The answer to one question or explicit estimate.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[schema(as = Answer)]
pub struct AnswerJson {
    /// Language of the texts: en, pt, es or zh.
    pub language: &'static str,
    /// Always true here; the error object has false.
    pub understood: bool,
    pub query: QueryJson,
    pub estimate: EstimateJson,
    /// The named setup, when the question named a GPU.
    pub fit: Option<FitJson>,
    /// Setups that fit, best first.
    pub recommendations: Vec<SetupJson>,
    pub advice: AdviceJson,
    /// Changes that make the job fit the named GPUs, best first.
    pub levers: Vec<LeverJson>,
    /// Values the question did not give, so the answer chose them.
    pub assumed: Vec<Assumption>,
    /// Guide topics worth reading next.
    pub topics: Vec<Topic>,
    /// Assumptions, caveats and advice as sentences in `language`.
    pub notes: Vec<String>,
    /// The whole answer as Markdown text in `language`.
    pub text: String,
    /// What a fitting vLLM or llama.cpp setup holds; null otherwise.
    pub serving: Option<ServingJson>,
    /// Commands that start the estimated setup.
    pub launch: Vec<LaunchJson>,
    /// For "max context on my GPU" questions: the longest context one request can have on
    /// the named GPUs; null otherwise.
    pub max_context: Option<u64>,
    /// When the question named no format and the assumed one does not fit the named GPUs:
    /// the format with the most bits that does, on the same cards; null otherwise.
    pub best_fit: Option<BestFitJson>,
    /// No launch line because no checkpoint of the model in the planned format is known:
    /// the runtime and format to look for; null otherwise.
    pub launch_missing: Option<LaunchMissingJson>,
    /// What the question asked: `estimate`, or `max_context` for "longest context on my GPU".
    pub intent: &'static str,
    /// One plain sentence that answers the question; `text` opens with it.
    pub verdict: String,
    /// A setup of different cards: each card's share of the layers, or why the runtime
    /// refuses it; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub mixed: Option<serde_json::Value>,
    /// "X on A or do I need B": the job on each setup the question names, in its order
    /// (`fit` is the one the rest of the answer is for); absent for one setup.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub on_each: Vec<FitJson>,
}

/// The checkpoint a launch line would need and nobody listed.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct LaunchMissingJson {
    pub runtime: &'static str,
    pub precision: &'static str,
}

/// The best format that fits the named GPUs when the assumed one does not.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct BestFitJson {
    pub precision: &'static str,
    pub gpu: String,
    pub count: u32,
    pub per_gpu_gib: f64,
    pub usable_gib: f64,
    /// The checkpoint's own format, which does not fit (the rest of the answer is about
    /// `precision`).
    pub native: &'static str,
    pub native_per_gpu_gib: f64,
    /// The same as `native`, under the name that means one thing in every answer
    /// (`native` is deprecated here: in `assumed` it is a boolean).
    pub native_precision: &'static str,
}

/// Serving capacity of the named setup.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ServingJson {
    /// GiB left for the KV cache over all GPUs once weights are loaded.
    pub kv_pool_gib: f64,
    /// The longest context one request can have.
    pub max_context: u64,
    /// Requests of the asked context served at once.
    pub max_concurrency: u64,
    /// Rough generated tokens per second summed over those requests.
    pub tokens_per_s_total: Option<f64>,
    /// What each user sees at the asked concurrency (`--concurrency`), else at
    /// `users_at_target` users.
    pub at_load: Option<AtLoadJson>,
    /// Users served at once at the target speed each (`--target-tokens-per-s`, default 20).
    pub users_at_target: u64,
}

/// Speed at a load of `concurrency` users (see `estimate::at_load`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct AtLoadJson {
    pub concurrency: u32,
    /// Milliseconds between two output tokens of one request.
    pub tpot_ms: f64,
    /// Milliseconds to the first token.
    pub ttft_ms: f64,
    pub tokens_per_s_per_user: f64,
    pub tokens_per_s_per_gpu: f64,
    /// Dollars per million output tokens at this load on rented GPUs (null: no price).
    pub usd_per_million_tokens: Option<f64>,
}

/// One launch line.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct LaunchJson {
    /// vllm, llama.cpp or sglang.
    pub runtime: &'static str,
    pub command: String,
}

/// The job as resolved: catalog ids and the defaults filled in.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct QueryJson {
    /// Catalog id; null for a model known only by its size.
    pub model: Option<String>,
    pub model_name: String,
    pub params_b: f64,
    pub precision: &'static str,
    pub kv_precision: &'static str,
    /// Tokens held: prompt + generated.
    pub context: u64,
    pub prompt: u64,
    pub generate: u64,
    pub batch: u32,
    /// inference, full-finetune, lora or qlora.
    pub mode: &'static str,
    pub gpu: Option<String>,
    pub gpu_count: Option<u32>,
    /// The runtime the user named; null when none was (see `profile`).
    pub runtime: Option<&'static str>,
    /// The runtime profile the estimate used.
    pub profile: &'static str,
    /// Where the architecture came from: catalog, hub, config or size.
    pub source: &'static str,
    /// The engine version whose memory behaviour the numbers follow.
    pub runtime_version: &'static str,
    /// The exact bytes of the repo's weight files (safetensors or GGUF headers) when the
    /// job runs in their format; null otherwise.
    pub weight_bytes_exact: Option<u64>,
    /// Training: the framework whose recipes the estimate follows (hf = Trainer / TRL +
    /// PEFT, the default; unsloth, axolotl, llama-factory, torchtune); null for inference.
    pub framework: Option<&'static str>,
}

/// The memory breakdown; `*_gib` are 2^30 bytes, `rule_of_thumb_gb` 10^9 bytes.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct EstimateJson {
    pub total_gib: f64,
    pub per_gpu_gib: f64,
    pub gpus: u32,
    pub weights_gib: f64,
    pub kv_cache_gib: f64,
    pub activations_gib: f64,
    pub overhead_gib: f64,
    pub gradients_gib: f64,
    pub optimizer_gib: f64,
    pub kv_bytes_per_token: u64,
    pub trainable_params: u64,
    pub rule_of_thumb_gb: f64,
    /// ± half-width of the error band, in percent.
    pub error_band_pct: Option<f64>,
    /// True when measurements of this runtime, format and mode set the band.
    pub error_band_measured: Option<bool>,
    /// GPUs the job is spread over (`gpus` is its deprecated alias: in a comparison `gpus`
    /// is the list of cards).
    pub gpu_count: u32,
}

/// The job on the named GPUs.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FitJson {
    pub gpu: String,
    pub count: u32,
    pub fits: bool,
    pub per_gpu_gib: f64,
    pub usable_gib: f64,
    pub headroom_gib: f64,
    pub tokens_per_s: Option<f64>,
    pub prefill_tokens_per_s: Option<f64>,
    pub interconnect: Interconnect,
    pub kv_capacity_tokens: Option<u64>,
    pub max_concurrency: Option<f64>,
    /// How many of that GPU would do, when these are too few.
    pub needed_count: Option<u32>,
    /// Fits by the estimate, but not with its error band added: "tight, may not fit".
    pub tight: bool,
    /// In an `on_each` entry: the runtime profile that setup was judged with (what its
    /// owner would run there, as `query.profile`); absent in `fit`, whose runtime is the
    /// query's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runtime: Option<&'static str>,
    /// In an `on_each` entry: the weight format that setup was judged in; absent in `fit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision: Option<&'static str>,
}

/// One recommended setup.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SetupJson {
    pub gpu: String,
    pub count: u32,
    pub fits: bool,
    pub per_gpu_gib: f64,
    pub tokens_per_s: Option<f64>,
    pub price_usd: Option<f64>,
    pub interconnect: Interconnect,
    pub tags: Vec<Tag>,
    /// What the cards sell for now, all of them (null: no street price found; "cheapest"
    /// then counted `price_usd`, the launch price).
    pub street_usd: Option<f64>,
    /// When the street price was published: "YYYY-MM" or "YYYY".
    pub street_usd_date: Option<String>,
    /// On-demand cloud price of all the cards for an hour (null where they are not rented).
    pub cloud_usd_per_hour: Option<f64>,
    pub cloud_usd_per_hour_date: Option<String>,
    /// Rented datacenter GPUs: US dollars per million generated tokens at the decode
    /// estimate (cloud $/h ÷ (tokens/s × batch × 3,600) × 10^6).
    pub usd_per_million_tokens: Option<f64>,
    /// Why it is on the list: the reason it was picked first.
    pub why: Why,
    /// The same reason in `language`.
    pub why_text: String,
    /// vLLM: tensor-parallel size and pipeline stages over these GPUs; null otherwise.
    pub tensor_parallel_size: Option<u32>,
    pub pipeline_parallel_size: Option<u32>,
}

/// Flags behind the advice lines.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct AdviceJson {
    pub nvlink_matters: bool,
    pub sxm_only: bool,
    pub multi_node: bool,
    pub nothing_fits: bool,
}

/// One change that makes the job fit the named GPUs.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct LeverJson {
    /// precision kv_precision context offload gradient_checkpointing qlora optimizer zero
    /// more_gpus.
    pub kind: &'static str,
    pub change: String,
    pub per_gpu_gib: f64,
    pub fits: bool,
    pub tokens_per_s: Option<f64>,
    /// Offload: GiB of host RAM the model needs (offloaded weights, their KV cache, the
    /// input embeddings llama.cpp keeps there); null for other levers.
    pub host_ram_gib: Option<f64>,
    /// Offload: the host RAM's peak bandwidth in GB/s the speed assumes; null otherwise.
    pub ram_bandwidth_gbs: Option<f64>,
}

/// What went wrong, in the contract's error object.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorJson {
    pub language: &'static str,
    /// Always false.
    pub understood: bool,
    pub error: ErrorDetail,
    /// What went wrong and an example that works, in `language`.
    pub text: String,
    /// The first sentence of `text`, plain: what went wrong.
    pub verdict: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ErrorDetail {
    /// not_understood, unknown_model, unknown_gpu, ... (CONTRACT.md).
    pub kind: String,
    /// The part of the input that was not understood, when there is one.
    pub input: Option<String>,
    /// Catalog names close to `input`.
    pub suggestions: Vec<String>,
    /// `text` as plain text (no Markdown), for a client that shows it as is.
    pub message: String,
}

impl ErrorJson {
    /// An error the core has no kind for (a missing or oversized parameter).
    pub fn new(lang: Lang, kind: &str, input: Option<&str>, text: String) -> ErrorJson {
        ErrorJson {
            language: lang.code(),
            understood: false,
            error: ErrorDetail {
                kind: kind.to_string(),
                input: input.map(str::to_string),
                suggestions: Vec::new(),
                message: super::verdict::plain_text(&text),
            },
            verdict: super::verdict::first_sentence(&text),
            text,
        }
    }
}

/// The view's sections the `notes` field holds, in the contract's order: what the answer
/// assumed, what explains its numbers, then the advice.
const NOTES: [Kind; 3] = [Kind::Assumptions, Kind::Notes, Kind::Advice];

/// The answer object.
pub fn answer(lang: Lang, catalog: &Catalog, a: &Answer) -> AnswerJson {
    let verdict = super::verdict::of_estimate(lang, catalog, a);
    let r = &a.recommendations;
    AnswerJson {
        language: lang.code(),
        understood: true,
        query: query(a),
        estimate: estimate(a),
        fit: fit(a),
        recommendations: r.setups.iter().map(|s| setup(lang, catalog, s)).collect(),
        advice: AdviceJson {
            nvlink_matters: r.nvlink_matters,
            sxm_only: r.sxm_only,
            multi_node: r.multi_node,
            nothing_fits: r.nothing_fits,
        },
        levers: levers(a),
        assumed: a.assumed.clone(),
        topics: a.topics.clone(),
        notes: notes(lang, catalog, a),
        text: super::verdict::open_with(&verdict, text::answer(lang, catalog, a)),
        serving: a.serving.map(|s| ServingJson {
            kv_pool_gib: r2(s.kv_pool_gib),
            max_context: s.max_context,
            max_concurrency: s.max_concurrency,
            tokens_per_s_total: s.tokens_per_s_total.map(r1),
            at_load: s.at_load.map(|l| AtLoadJson {
                concurrency: l.concurrency,
                tpot_ms: r1(l.tpot_ms),
                ttft_ms: r1(l.ttft_ms),
                tokens_per_s_per_user: r1(l.tokens_per_s_per_user),
                tokens_per_s_per_gpu: r1(l.tokens_per_s_per_gpu),
                usd_per_million_tokens: l.usd_per_million_tokens.map(r2),
            }),
            users_at_target: s.users_at_target,
        }),
        launch: a
            .launch
            .iter()
            .map(|l| LaunchJson {
                runtime: l.runtime.name(),
                command: l.command.clone(),
            })
            .collect(),
        best_fit: a.best_fit.as_ref().map(|b| BestFitJson {
            precision: b.precision.name(),
            gpu: b.fit.gpu.clone(),
            count: b.fit.count,
            per_gpu_gib: r2(b.fit.per_gpu_gib),
            usable_gib: r2(b.fit.usable_gib),
            native: b.native.name(),
            native_per_gpu_gib: r2(b.native_fit.per_gpu_gib),
            native_precision: b.native.name(),
        }),
        max_context: a.max_context,
        launch_missing: a.launch_missing.map(|m| LaunchMissingJson {
            runtime: m.runtime.name(),
            precision: m.precision.name(),
        }),
        intent: if a.max_context_asked {
            crate::answer::Intent::MaxContext.name()
        } else {
            crate::answer::Intent::Estimate.name()
        },
        verdict,
        mixed: None,
        on_each: a
            .on_each
            .iter()
            .map(|s| FitJson {
                runtime: Some(s.runtime.name()),
                precision: Some(s.precision.name()),
                ..fit_json(&s.fit, None, s.band_pct)
            })
            .collect(),
    }
}

/// The [`NOTES`] sections of the answer's view, one sentence each, without their titles.
fn notes(lang: Lang, catalog: &Catalog, a: &Answer) -> Vec<String> {
    AnswerView::new(lang, catalog, a, &NOTES)
        .sections
        .into_iter()
        .flat_map(|section| match section {
            Section::Assumptions(assumed) => assumed.items,
            Section::Notes(lines) | Section::Advice(lines) => lines,
            _ => Vec::new(),
        })
        .collect()
}

fn query(a: &Answer) -> QueryJson {
    let synthetic = a.model.synthetic;
    QueryJson {
        model: (!synthetic).then(|| a.model.id.clone()),
        model_name: a.model.display_name.clone(),
        params_b: r2(a.model.params_b()),
        precision: a.job.precision.name(),
        kv_precision: a.job.kv_precision.name(),
        context: a.job.context(),
        prompt: a.job.prompt,
        generate: a.job.generate,
        batch: a.job.batch,
        mode: a.job.mode.name(),
        gpu: a.gpu.map(|g| g.id.clone()),
        gpu_count: a.gpu_count,
        runtime: runtime_named(a),
        profile: a.job.runtime.name(),
        source: match a.model.origin {
            Some(origin) => origin.name(),
            None if synthetic => "size",
            None => "catalog",
        },
        runtime_version: a.job.runtime.profile().version,
        weight_bytes_exact: a
            .model
            .weight_file
            .as_ref()
            .filter(|f| f.serves(a.job.precision))
            .map(|f| f.bytes),
        framework: a.job.mode.is_training().then(|| a.job.framework.name()),
    }
}

fn estimate(a: &Answer) -> EstimateJson {
    let e = &a.estimate;
    let gib = |b: f64| r2(b / GIB);
    EstimateJson {
        total_gib: r2(e.total_gib()),
        per_gpu_gib: r2(e.per_gpu_gib()),
        gpus: e.gpus,
        weights_gib: gib(e.weights),
        kv_cache_gib: gib(e.kv_cache),
        activations_gib: gib(e.activations),
        overhead_gib: gib(e.overhead),
        gradients_gib: gib(e.gradients),
        optimizer_gib: gib(e.optimizer),
        kv_bytes_per_token: e.kv_bytes_per_token.round() as u64,
        trainable_params: e.trainable_params,
        rule_of_thumb_gb: r1(e.rule_of_thumb_gb),
        error_band_pct: e.error_band.map(|b| b.pct),
        error_band_measured: e.error_band.map(|b| b.measured),
        gpu_count: e.gpus,
    }
}

fn fit(a: &Answer) -> Option<FitJson> {
    a.fit.as_ref().map(|f| FitJson {
        tight: a.tight(),
        ..fit_json(f, a.needed_count, None)
    })
}

/// One setup's fit; `band` (the estimate's ± percent) decides `tight`.
fn fit_json(f: &crate::estimate::Fit, needed_count: Option<u32>, band: Option<f64>) -> FitJson {
    FitJson {
        gpu: f.gpu.clone(),
        count: f.count,
        fits: f.fits,
        per_gpu_gib: r2(f.per_gpu_gib),
        usable_gib: r2(f.usable_gib),
        headroom_gib: r2(f.headroom_gib),
        tokens_per_s: f.tokens_per_s.map(r1),
        prefill_tokens_per_s: f.prefill_tokens_per_s.map(r1),
        interconnect: f.interconnect,
        kv_capacity_tokens: f.kv_capacity_tokens,
        max_concurrency: f.max_concurrency.map(r1),
        needed_count,
        tight: band.is_some_and(|b| f.fits && f.per_gpu_gib * (1.0 + b / 100.0) > f.usable_gib),
        runtime: None,
        precision: None,
    }
}

fn setup(lang: Lang, catalog: &Catalog, s: &crate::recommend::Setup) -> SetupJson {
    let gpu = catalog.gpu(&s.fit.gpu);
    let street = s.buy.filter(|b| b.basis == PriceBasis::Street);
    SetupJson {
        gpu: s.fit.gpu.clone(),
        count: s.fit.count,
        fits: s.fit.fits,
        per_gpu_gib: r2(s.fit.per_gpu_gib),
        tokens_per_s: s.fit.tokens_per_s.map(r1),
        price_usd: s.price_usd,
        interconnect: s.fit.interconnect,
        tags: s.tags.clone(),
        street_usd: street.map(|b| b.usd),
        street_usd_date: street.and_then(|_| gpu.and_then(|g| g.street_usd_date.clone())),
        cloud_usd_per_hour: s.cloud_usd_per_hour.map(r2),
        cloud_usd_per_hour_date: s
            .cloud_usd_per_hour
            .and_then(|_| gpu.and_then(|g| g.cloud_usd_per_hour_date.clone())),
        usd_per_million_tokens: s.usd_per_million_tokens.map(r2),
        why: s.why,
        why_text: parts::why_phrase(lang, s.why),
        tensor_parallel_size: s.layout.map(|l| l.tensor),
        pipeline_parallel_size: s.layout.map(|l| l.pipeline),
    }
}

fn levers(a: &Answer) -> Vec<LeverJson> {
    let asked = a.gpu_count.unwrap_or(1);
    a.levers
        .iter()
        .map(|l| LeverJson {
            kind: l.kind.name(),
            change: l.code(asked),
            per_gpu_gib: r2(l.fit.per_gpu_gib),
            fits: l.fit.fits,
            tokens_per_s: l.fit.tokens_per_s.map(r1),
            host_ram_gib: offloaded(a, l).map(|b| r2(b / GIB)),
            ram_bandwidth_gbs: offloaded(a, l).map(|_| crate::estimate::offload::ram_gbs(&l.job)),
        })
        .collect()
}

/// Bytes of host RAM an offload lever needs.
fn offloaded(a: &Answer, l: &crate::plan::Lever) -> Option<f64> {
    l.job
        .host_offload
        .map(|_| crate::estimate::host_ram_bytes(&a.model, &l.job))
}

/// `runtime` is null when the user named none (the default profile is in `profile`).
fn runtime_named(a: &Answer) -> Option<&'static str> {
    let assumed = a
        .assumed
        .iter()
        .any(|x| matches!(x, crate::answer::Assumption::Runtime { .. }));
    (!assumed).then(|| a.job.runtime.name())
}

/// The error object: `{"language", "understood": false, "error": {...}, "text"}`.
pub fn error(lang: Lang, catalog: &Catalog, err: &Error) -> ErrorJson {
    error_text(lang, err, error::message(lang, catalog, err))
}

/// The error object of `err` told in `text` (the API's, which names the parameter and
/// ends with a request of its own endpoint).
pub fn error_text(lang: Lang, err: &Error, text: String) -> ErrorJson {
    ErrorJson {
        language: lang.code(),
        understood: false,
        error: ErrorDetail {
            kind: err.kind().to_string(),
            input: err.input(),
            suggestions: err.suggestions().to_vec(),
            message: super::verdict::plain_text(&text),
        },
        verdict: super::verdict::first_sentence(&text),
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The contract's order, and the same sentences the text answer shows.
    #[test]
    fn notes_are_the_assumptions_then_the_caveats_then_the_advice() {
        let catalog = Catalog::get();
        let a = crate::answer::for_text(catalog, "llama 3.3 70b fp16")
            .result
            .expect("an answer");
        for lang in Lang::ALL {
            let parts = [
                parts::assumption_lines(lang, &a),
                parts::caveat_lines(lang, &a),
                parts::advice_lines(lang, &a),
            ];
            assert!(parts.iter().all(|p| !p.is_empty()), "{lang:?}: {parts:?}");
            let json = answer(lang, catalog, &a);
            assert_eq!(json.notes, parts.concat(), "{lang:?}");
            for note in &json.notes {
                assert!(json.text.contains(note.as_str()), "{lang:?}: {note}");
            }
        }
    }
}
