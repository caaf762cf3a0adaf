//! The API's own telling of the core's errors: which query parameter held the value that
//! was refused, what was wrong with it, and an example request of the same endpoint (the
//! bot and the page end theirs with a question to type, which a client of
//! `/api/v1/compare` cannot use).

use crate::catalog::{Catalog, LookupError};
use crate::error::Error;
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
/// one does (a config.json body that is no model, a missing model).
fn parameter(err: &Error, endpoint: Endpoint, kv_precision: Option<&str>) -> Option<&'static str> {
    match (endpoint, err) {
        (Endpoint::Compare, Error::Lookup(LookupError::UnknownGpu { .. })) => Some("gpus"),
        (Endpoint::Guide, Error::UnknownTopic(_)) => Some("topic"),
        (Endpoint::Compare | Endpoint::Guide, _) => None,
        (Endpoint::EstimateConfig, Error::ModelSource(_)) => None,
        (_, Error::Precision(_))
            if kv_precision.is_some() && err.input().as_deref() == kv_precision =>
        {
            Some("kv_precision")
        }
        _ => err.option(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimate_error_names_its_parameter_and_ends_with_a_request() {
        let catalog = Catalog::get();
        let fields = crate::query::Fields {
            model: Some("llama-3.1-8b".to_string()),
            context: Some("abc".to_string()),
            ..Default::default()
        };
        let err = fields.query().expect_err("not a number");
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
        let fields = crate::query::Fields {
            model: Some("llama-3.1-8b".to_string()),
            kv_precision: Some("fp7".to_string()),
            ..Default::default()
        };
        let kv = fields.query().expect_err("no such precision");
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
