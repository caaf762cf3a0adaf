//! The API's own telling of the core's errors: which query parameter held the value that
//! was refused, what was wrong with it, and an example request of the same endpoint (the
//! bot and the page end theirs with a question to type, which a client of
//! `/api/v1/compare` cannot use).

use crate::catalog::{Catalog, LookupError};
use crate::error::Error;
use crate::estimate::{Field, JobError};
use crate::i18n::{Args, Lang, t, tr};
use crate::render::error::{Example, message_with};
use crate::render::json::{ErrorJson, error_text};

/// The endpoints whose values the core checks, each with a request that works.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    /// `GET /api/v1/estimate` (query parameters).
    Estimate,
    /// `POST /api/v1/estimate` (a config.json body; the rest as for GET).
    EstimateConfig,
    Compare,
    Guide,
}

impl Endpoint {
    /// A request of this endpoint that answers (the job of `help-example-1`).
    pub const fn example(self) -> &'static str {
        match self {
            Endpoint::Estimate | Endpoint::EstimateConfig => {
                "/api/v1/estimate?model=llama-3.1-70b&precision=fp16&gpu=rtx-4090&gpus=2"
            }
            Endpoint::Compare => "/api/v1/compare?gpus=rtx-4090,rtx-3090",
            Endpoint::Guide => "/api/v1/guide/kv-cache",
        }
    }
}

/// `err` as this endpoint's error object: "Parameter “context”: …", then the core's
/// explanation and suggestions, then this endpoint's example. `kv_precision` is the
/// request's value of that parameter, to tell which precision was refused.
pub fn error_json(
    lang: Lang,
    catalog: &Catalog,
    err: &Error,
    endpoint: Endpoint,
    kv_precision: Option<&str>,
) -> ErrorJson {
    let example = Example::Request(endpoint.example());
    let message = match err {
        // The core's words name the CLI's flags (--model, --params-b).
        Error::NeedModel => {
            let example = format!("`{}`", endpoint.example());
            let example = tr(
                lang,
                "error-example",
                Some(&Args::new().s("example", example)),
            );
            format!("{} {example}", t(lang, "api-need-model"))
        }
        _ => message_with(lang, catalog, err, example),
    };
    let text = match parameter(err, endpoint, kv_precision) {
        Some(name) => tr(
            lang,
            "api-error-parameter",
            Some(&Args::new().s("name", name).s("message", message)),
        ),
        None => message,
    };
    error_text(lang, err, text)
}

/// The query parameter (or path part) whose value `err` refuses; None where no single
/// one does (a config.json body that is no model).
fn parameter(err: &Error, endpoint: Endpoint, kv_precision: Option<&str>) -> Option<&'static str> {
    match (endpoint, err) {
        (Endpoint::Compare, Error::Lookup(LookupError::UnknownGpu { .. })) => Some("gpus"),
        (Endpoint::Guide, Error::UnknownTopic(_)) => Some("topic"),
        (Endpoint::Compare | Endpoint::Guide, _) => None,
        (Endpoint::EstimateConfig, Error::ModelSource(_)) => None,
        (_, Error::Lookup(LookupError::UnknownModel { .. }) | Error::ModelSource(_)) => {
            Some("model")
        }
        (_, Error::NeedModel) => None,
        (_, Error::Lookup(LookupError::UnknownGpu { .. })) => Some("gpu"),
        (_, Error::Precision(_))
            if kv_precision.is_some() && err.input().as_deref() == kv_precision =>
        {
            Some("kv_precision")
        }
        (_, Error::Precision(_)) => Some("precision"),
        (_, Error::Job(job)) => Some(job_parameter(job)),
        (_, Error::UnknownTopic(_) | Error::NotUnderstood { .. } | Error::OutOfRange(_)) => None,
    }
}

fn job_parameter(err: &JobError) -> &'static str {
    match err {
        JobError::ContextZero | JobError::ContextTooLarge(_) => "context",
        JobError::BatchZero | JobError::BatchTooLarge(_) => "batch",
        JobError::GpuCount(_) => "gpus",
        JobError::ParamsOutOfRange(_) => "params_b",
        JobError::LoraRank(_) => "lora_rank",
        JobError::PrecisionNotTrainable { .. } => "precision",
        JobError::MemoryShare(_) => "gpu_memory_utilization",
        JobError::RamBandwidth(_) => "ram_bandwidth",
        JobError::NotANumber { what, .. } | JobError::UnknownOption { what, .. } => {
            field_parameter(*what)
        }
    }
}

/// The estimate endpoint's parameter for each field of a job (see `query::Fields`).
fn field_parameter(field: Field) -> &'static str {
    match field {
        Field::ModelSize => "params_b",
        Field::Context => "context",
        Field::PromptLength => "prompt",
        Field::GenerationLength => "generate",
        Field::Batch => "batch",
        Field::GpuCount => "gpus",
        Field::LoraRank => "lora_rank",
        Field::Mode => "mode",
        Field::Runtime => "runtime",
        Field::Optimizer => "optimizer",
        Field::LoraTargets => "lora_targets",
        Field::GradientCheckpointing => "gradient_checkpointing",
        Field::Sharding => "sharding",
        Field::CpuOffload => "cpu_offload",
        Field::GpuMemoryUtilization => "gpu_memory_utilization",
        Field::MaxNumBatchedTokens => "max_num_batched_tokens",
        Field::MasterWeights => "master_weights",
        Field::OptimizerInBackward => "optimizer_in_backward",
        Field::ChunkedLoss => "chunked_loss",
        Field::RamBandwidth => "ram_bandwidth",
        Field::Framework => "framework",
        Field::EngineVersion => "engine_version",
        Field::Concurrency => "concurrency",
        Field::TargetTokensPerS => "target_tokens_per_s",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names the errors give are the estimate endpoint's own parameters, as its
    /// OpenAPI description lists them.
    #[test]
    fn every_named_parameter_is_one_of_the_endpoint() {
        let doc: serde_json::Value =
            serde_json::from_str(&crate::web::openapi::DOCUMENT).expect("the document");
        let names: Vec<&str> = doc["paths"]["/api/v1/estimate"]["get"]["parameters"]
            .as_array()
            .expect("parameters")
            .iter()
            .filter_map(|p| p["name"].as_str())
            .collect();
        let mut named: Vec<&str> = Field::ALL.iter().map(|f| field_parameter(*f)).collect();
        named.extend(["model", "gpu", "precision", "kv_precision"]);
        for name in named {
            assert!(
                names.contains(&name),
                "{name} is not a parameter: {names:?}"
            );
        }
    }

    #[test]
    fn an_estimate_error_names_its_parameter_and_ends_with_a_request() {
        let catalog = Catalog::get();
        let err = Error::Job(JobError::NotANumber {
            what: Field::Context,
            value: "abc".to_string(),
        });
        for lang in Lang::ALL {
            let json = error_json(lang, catalog, &err, Endpoint::Estimate, None);
            let named = ["“context”", "«context»"];
            assert!(
                named.iter().any(|n| json.text.contains(n)),
                "{lang:?}: {}",
                json.text
            );
            assert!(
                json.text.contains(Endpoint::Estimate.example()),
                "{}",
                json.text
            );
            assert!(
                !json.text.contains(&t(lang, "help-example-1")),
                "{}",
                json.text
            );
        }
        let kv = Error::Precision(crate::estimate::precision::UnknownPrecision("fp7".into()));
        let json = error_json(Lang::En, catalog, &kv, Endpoint::Estimate, Some("fp7"));
        assert!(
            json.text.starts_with("Parameter “kv_precision”"),
            "{}",
            json.text
        );
        let need = error_json(
            Lang::Pt,
            catalog,
            &Error::NeedModel,
            Endpoint::Estimate,
            None,
        );
        assert!(!need.text.contains("--model"), "{}", need.text);
    }
}
