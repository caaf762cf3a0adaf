//! One JSON shape for every kind of answer (CONTRACT.md, "One JSON shape"): each object has
//! `language`, `understood`, `intent`, `verdict` and `text`, and a key means one thing with
//! one type in every kind (`model` is a catalog id with `model_name` beside it, `fit` is
//! only ever the fit of the question's setup). The kinds are typed, so the OpenAPI document
//! describes `/api/v1/ask` as one of them and a test validates every corpus answer.

use super::compare::CompareJson;
use super::json::AnswerJson;
use crate::answer::Outcome;
use crate::catalog::{Catalog, PriceBasis};
use crate::diagnose::Read;
use crate::i18n::Lang;
use crate::query::budget::Rates;
use serde::Serialize;
use utoipa::ToSchema;

/// Round to `digits` decimals: numbers are given as the text shows them.
fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

/// Any answer of `/api/v1/ask` and `ask --json`: which one, `intent` says.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(untagged)]
#[schema(as = AskAnswer)]
pub enum AskJson {
    /// `estimate` and `max_context`.
    Estimate(Box<AnswerJson>),
    Compare(CompareAnswerJson),
    Explain(ExplainAnswerJson),
    Fit(FitAnswerJson),
    Buy(BuyAnswerJson),
    Cards(CardsAnswerJson),
    Diagnose(Box<DiagnoseAnswerJson>),
}

/// GPUs side by side (`intent: compare`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CompareAnswerJson {
    pub language: &'static str,
    pub understood: bool,
    pub intent: &'static str,
    pub verdict: String,
    pub compare: CompareJson,
    pub text: String,
    /// Deprecated alias of `compare.gpus`, where `compare --json` had it (one release).
    pub gpus: Vec<super::compare::GpuRow>,
}

/// A guide topic (`intent: explain`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ExplainAnswerJson {
    pub language: &'static str,
    pub understood: bool,
    pub intent: &'static str,
    pub verdict: String,
    /// The topic's slug (`/api/v1/guide/{topic}`).
    pub topic: &'static str,
    pub title: String,
    pub summary: String,
    pub text: String,
}

/// What runs on one setup (`intent: fit`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FitAnswerJson {
    pub language: &'static str,
    pub understood: bool,
    pub intent: &'static str,
    pub verdict: String,
    pub gpu: String,
    pub count: u32,
    /// The format the list is for.
    pub precision: &'static str,
    /// Every catalog model that runs on the setup, largest first.
    pub fit_models: Vec<FitModelRowJson>,
    pub text: String,
}

/// One model of a fit answer.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FitModelRowJson {
    /// Catalog id.
    pub model: String,
    pub model_name: String,
    pub params_b: f64,
    pub precision: &'static str,
    /// The runtime profile the sizing followed.
    pub runtime: &'static str,
    /// The longest context one request can have.
    pub max_context: u64,
}

/// A budget, in the asked currency and in US dollars.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct BudgetJson {
    pub amount: f64,
    /// USD, BRL, EUR, CNY, ...
    pub currency: &'static str,
    /// `amount` in US dollars, whole dollars.
    pub usd: f64,
    /// The day of the exchange rate used.
    pub rate_date: String,
}

/// What a budget buys for a model (`intent: buy`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct BuyAnswerJson {
    pub language: &'static str,
    pub understood: bool,
    pub intent: &'static str,
    pub verdict: String,
    pub budget: BudgetJson,
    /// Catalog id; null for a model known only by its size.
    pub model: Option<String>,
    pub model_name: String,
    /// The format the setups run the model in.
    pub precision: &'static str,
    /// Fastest first.
    pub setups: Vec<BuySetupJson>,
    /// When nothing fits within the budget: the cheapest setup that holds the job.
    pub cheapest: Option<BuySetupJson>,
    pub text: String,
    /// The runtime the setups were sized for (`llama.cpp` for a consumer budget's GGUF).
    pub runtime: Option<&'static str>,
    /// The next format up that the budget also buys (Q8_0 above a 4-bit pick), best first.
    pub step_up: Vec<BuySetupJson>,
}

/// One setup a budget buys.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct BuySetupJson {
    pub gpu: String,
    pub count: u32,
    /// All the cards, whole US dollars.
    pub price_usd: f64,
    pub price_basis: PriceBasis,
    pub per_gpu_gib: f64,
    pub tokens_per_s: Option<f64>,
    /// The format the setup runs the model in.
    pub precision: &'static str,
    /// Memory left on all the cards once the job is loaded, GiB.
    pub spare_gib: f64,
    /// True when `price_usd` is what the cards sell for used.
    pub used: bool,
}

/// The cards a budget buys when no model was named (`intent: buy`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CardsAnswerJson {
    pub language: &'static str,
    pub understood: bool,
    pub intent: &'static str,
    pub verdict: String,
    pub budget: BudgetJson,
    /// Largest memory first.
    pub cards: Vec<CardJson>,
    pub cheapest: Option<CardJson>,
    /// The guide topic on choosing a card.
    pub topic: &'static str,
    pub text: String,
    /// Two cards of one kind when they run a larger model than the first card alone:
    /// `price_usd` and `memory_gb` of both, `largest_model` on the two; null otherwise.
    pub pair: Option<CardJson>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CardJson {
    pub gpu: String,
    pub memory_gb: f64,
    /// Whole US dollars.
    pub price_usd: f64,
    pub price_basis: PriceBasis,
    /// The largest catalog model the card runs at Q4_K_M (llama.cpp), by id; null if none.
    pub largest_model: Option<String>,
}

/// A pasted error, read (`intent: diagnose`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct DiagnoseAnswerJson {
    pub language: &'static str,
    /// False when no reader knows the log.
    pub understood: bool,
    pub intent: &'static str,
    pub verdict: String,
    /// The engine, the kind of failure, the log's figures and the fixes; null when the log
    /// was not recognized.
    #[schema(value_type = Option<Object>)]
    pub diagnosis: Option<serde_json::Value>,
    /// Our estimate for the model the log names, as an estimate answer; null when none.
    pub answer: Option<AnswerJson>,
    /// Deprecated alias of `answer` (one release).
    pub estimate: Option<AnswerJson>,
    pub text: String,
}

/// The answer as its kind's object (each kind's unit in `render::kinds` builds it).
pub fn of(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> AskJson {
    super::kinds::of(outcome).json(lang, catalog)
}

/// The JSON text of an answer, or of the error object that stands in for it.
pub fn to_string(
    lang: Lang,
    catalog: &Catalog,
    outcome: Result<&Outcome, &crate::error::Error>,
) -> String {
    // Serializing our own types into a String cannot fail.
    match outcome {
        Ok(outcome) => serde_json::to_string(&of(lang, catalog, outcome)),
        Err(e) => serde_json::to_string(&super::json::error(lang, catalog, e)),
    }
    .unwrap_or_default()
}

/// The models of a fit list with their ids, sizes, and the format and runtime that sized
/// each, the formats in the answer's order (4 bits first when none was asked).
pub(crate) fn fit_models(catalog: &Catalog, list: &crate::answer::FitList) -> Vec<FitModelRowJson> {
    list.groups
        .iter()
        .flat_map(|(precision, models)| {
            let runtime = crate::estimate::Job::new(crate::estimate::Mode::Inference, *precision)
                .runtime
                .name();
            models.iter().filter_map(move |(name, max_context)| {
                let m = catalog.models.iter().find(|m| &m.display_name == name)?;
                Some(FitModelRowJson {
                    model: m.id.clone(),
                    model_name: m.display_name.clone(),
                    params_b: round(m.params_b(), 2),
                    precision: precision.name(),
                    runtime,
                    max_context: *max_context,
                })
            })
        })
        .collect()
}

pub(crate) fn budget(b: &crate::query::budget::Budget) -> BudgetJson {
    BudgetJson {
        amount: round(b.amount, 2),
        currency: b.currency.code(),
        usd: round(b.usd, 0),
        rate_date: Rates::get().date.clone(),
    }
}

pub(crate) fn buy_setup(x: &crate::buy::Priced) -> BuySetupJson {
    BuySetupJson {
        gpu: x.gpu.id.clone(),
        count: x.fit.count,
        price_usd: round(x.usd, 0),
        price_basis: x.basis,
        per_gpu_gib: round(x.fit.per_gpu_gib, 2),
        tokens_per_s: x.fit.tokens_per_s.map(|v| round(v, 1)),
        precision: x.precision.name(),
        spare_gib: round((x.fit.headroom_gib * f64::from(x.fit.count)).max(0.0), 1),
        used: x.used(),
    }
}

pub(crate) fn card(c: &crate::buy::Card) -> CardJson {
    CardJson {
        gpu: c.gpu.id.clone(),
        memory_gb: c.gpu.memory_gb,
        price_usd: round(c.usd, 0),
        price_basis: c.basis,
        largest_model: c.largest.map(|m| m.id.clone()),
    }
}

/// Every number of `v` to 0.01, as the text shows GiB and shares.
pub(crate) fn rounded(v: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Number(n) if n.is_f64() => n
            .as_f64()
            .and_then(|x| serde_json::Number::from_f64(round(x, 2)))
            .map_or(Value::Number(n), Value::Number),
        Value::Array(items) => Value::Array(items.into_iter().map(rounded).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, rounded(v))).collect())
        }
        other => other,
    }
}

/// The diagnosis's fields with its fixes as `{id, command}`.
pub(crate) fn diagnosis(read: &Read) -> Option<serde_json::Value> {
    let Read::Known(diag) = read else {
        return None;
    };
    let mut fields = serde_json::to_value(diag.as_ref()).ok()?;
    if let serde_json::Value::Object(map) = &mut fields {
        let fixes: Vec<serde_json::Value> = diag
            .fixes
            .iter()
            .map(|f| serde_json::json!({ "id": f.id(), "command": f.command() }))
            .collect();
        map.insert("fixes".into(), fixes.into());
    }
    Some(fields)
}
