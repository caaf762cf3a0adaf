//! `/api`, `/api/v1` and `/docs`: the OpenAPI document as a page people read, rendered on
//! the server from the same document `/api/v1/openapi.json` serves (no script, no second
//! description to keep in step).

use super::{Chrome, LangParam, page};
use askama::Template;
use axum::extract::{OriginalUri, Query as QueryParams};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde_json::Value;

/// One endpoint of the document: method, path, what it does, its parameters.
pub struct Endpoint {
    pub method: String,
    pub path: String,
    pub summary: String,
    pub params: Vec<Param>,
    /// A request to try it with, for GETs (the path with its required parameters filled).
    pub example: Option<String>,
}

/// One parameter: where it goes, whether it must be given, what it means.
pub struct Param {
    pub name: String,
    pub place: String,
    pub required: bool,
    pub description: String,
}

#[derive(Template)]
#[template(path = "api_docs.html")]
struct ApiDocsPage {
    page: Chrome,
    description: String,
    endpoints: Vec<Endpoint>,
}

/// Example values for the parameters a GET needs, so each endpoint shows a request that
/// works (`gpus` is a list of two for a comparison; an estimate's is left out).
fn example_value(path: &str, name: &str) -> &'static str {
    match name {
        "q" => "llama+3.1+8b+on+rtx+4090",
        "model" => "llama-3.1-8b",
        "gpus" if path.ends_with("/compare") => "rtx-4090,rtx-3090",
        "topic" => "nvlink",
        _ => "",
    }
}

/// The endpoints of an OpenAPI document, in its order.
pub fn endpoints(doc: &Value) -> Vec<Endpoint> {
    let Some(paths) = doc["paths"].as_object() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (path, ops) in paths {
        let Some(ops) = ops.as_object() else { continue };
        for (method, op) in ops {
            let params: Vec<Param> = op["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| Param {
                    name: p["name"].as_str().unwrap_or_default().to_string(),
                    place: p["in"].as_str().unwrap_or_default().to_string(),
                    required: p["required"].as_bool().unwrap_or(false),
                    description: p["description"].as_str().unwrap_or_default().to_string(),
                })
                .collect();
            let example = (method == "get").then(|| example_request(path, &params));
            let summary = op["summary"]
                .as_str()
                .or(op["description"].as_str())
                .unwrap_or_default();
            out.push(Endpoint {
                method: method.to_ascii_uppercase(),
                path: path.clone(),
                summary: summary.to_string(),
                params,
                example,
            });
        }
    }
    out
}

/// `path` with its path parameters and required query parameters given example values.
fn example_request(path: &str, params: &[Param]) -> String {
    let mut url = path.to_string();
    let mut query = Vec::new();
    for p in params {
        let value = example_value(path, &p.name);
        if p.place == "path" {
            url = url.replace(&format!("{{{}}}", p.name), value);
        } else if p.place == "query" && !value.is_empty() {
            query.push(format!("{}={value}", p.name));
        }
    }
    if !query.is_empty() {
        url.push('?');
        url.push_str(&query.join("&"));
    }
    url
}

/// `/api`, `/api/v1`, `/docs`: the API's reference page.
pub async fn api_docs(
    QueryParams(p): QueryParams<LangParam>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
) -> Response {
    let lang = crate::web::lang::negotiate(p.lang.as_deref(), &headers);
    let doc: Value = serde_json::from_str(&crate::web::openapi::DOCUMENT).unwrap_or_default();
    let body = ApiDocsPage {
        page: Chrome::new(lang, "web-api-title", "/docs", &uri.to_string()),
        description: doc["info"]["description"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        endpoints: endpoints(&doc),
    };
    page(StatusCode::OK, body.render())
}
