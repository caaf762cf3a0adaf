//! The JSON API of CONTRACT.md: the same objects `ask --json` and `estimate --json` print.

use super::AppState;
use super::api_errors::{Endpoint, error_json};
use super::ask::{MAX_QUESTION_CHARS, ask as ask_question};
use super::errors::{self, api_error};
use super::input::ClientAddr;
use super::input::{self, GpuListError};
use crate::answer::Topic;
use crate::ask::{Attached, Question, Request, Who};
use crate::catalog::Catalog;
use crate::catalog::{GpuSpec, ModelSpec};
use crate::error::Error;
use crate::i18n::{Args, Lang, t, tr};
use crate::query::Fields;
use crate::render::compare::CompareJson;
use crate::render::json::{AnswerJson, ErrorJson};
use crate::store::Source;
use crate::{render, sanitize};
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query as QueryParams, RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;
use std::time::Instant;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AskParams {
    /// The question, e.g. "llama 70b fp16 on 2x 4090" (at most 500 characters).
    #[param(required = true)]
    q: Option<String>,
    /// Reply language when the question does not tell: en, pt, es, zh (pt-BR, es-419,
    /// zh-TW... map). Else the lang cookie, then Accept-Language, then English.
    lang: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LangParam {
    /// Reply language: en, pt, es, zh. Else the lang cookie, then Accept-Language, then
    /// English.
    lang: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct EstimateParams {
    #[serde(flatten)]
    fields: Fields,
    lang: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CompareParams {
    /// Two to eight GPU ids or names, comma-separated ("rtx-4090,a100-80gb").
    #[param(required = true)]
    gpus: Option<String>,
    /// Reply language: en, pt, es, zh.
    lang: Option<String>,
}

/// The guide's topics with their titles and summaries.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = GuideIndex)]
pub struct GuideIndexJson {
    language: &'static str,
    topics: Vec<GuideEntryJson>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GuideEntryJson {
    topic: &'static str,
    title: String,
    summary: String,
}

/// One guide topic in full.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = GuideTopic)]
pub struct GuideTopicJson {
    language: &'static str,
    topic: &'static str,
    title: String,
    summary: String,
    /// The topic as Markdown text.
    text: String,
}

/// An error object of the contract with its HTTP status, told for `endpoint`.
fn endpoint_error(status: StatusCode, lang: Lang, err: &Error, endpoint: Endpoint) -> Response {
    let body = error_json(lang, Catalog::get(), err, endpoint, None);
    (status, Json(body)).into_response()
}

/// An error the core has no kind for (missing or oversized parameters).
pub(crate) fn bad_request(lang: Lang, kind: &str, input: Option<&str>, text: String) -> Response {
    api_error(StatusCode::BAD_REQUEST, lang, kind, input, text)
}

pub(crate) fn missing(lang: Lang, name: &str) -> Response {
    let text = tr(
        lang,
        "web-missing-parameter",
        Some(&Args::new().s("name", name.to_string())),
    );
    bad_request(lang, "missing_parameter", Some(name), text)
}

/// `GET /api/v1/ask?q=&lang=`: a free-text question. One the core cannot use (empty,
/// nothing understood, an unknown model) is a 400 with the error object and its help text,
/// as the CLI exits 2.
#[utoipa::path(get, path = "/api/v1/ask", params(AskParams),
    responses(
        (status = 200, description = "The answer, one object per kind (see intent)", body = crate::render::kinds_json::AskJson),
        (status = 400, description = "A missing, empty, too long or not understood question, an unknown model or GPU, with help text", body = ErrorJson),
        (status = 429, description = "Rate limited; see Retry-After", body = ErrorJson),
    ))]
pub async fn ask(
    State(state): State<AppState>,
    // The request rather than its `HeaderMap`, which axum extracts as a copy.
    request: axum::extract::Request,
) -> Response {
    let p = match ask_params(request.uri()) {
        Ok(p) => p,
        Err(rejection) => return rejection.into_response(),
    };
    let headers = request.headers();
    let lang_param = p.lang.as_deref();
    let Some(q) = p.q.as_deref() else {
        return missing(super::lang::negotiate(lang_param, headers), "q");
    };
    if input::longer_than(q, MAX_QUESTION_CHARS) {
        let lang = super::lang::negotiate(lang_param, headers);
        let text = tr(
            lang,
            "web-too-long",
            Some(&Args::new().s("max", MAX_QUESTION_CHARS.to_string())),
        );
        return bad_request(lang, "too_long", None, text);
    }
    let addr = ClientAddr(
        request
            .extensions()
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|info| info.0.ip()),
    );
    let asked = ask_question(&state, "api", q, lang_param, headers, addr).await;
    let status = if asked.reply.outcome.is_ok() {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    json_response(status, asked.json.clone())
}

/// The parameters of `/api/v1/ask`, read straight from the query string; what is not
/// well-formed goes through axum's `Query`, whose rejection says where it failed (the
/// wrapper that tracks that path costs a tenth of a cached answer when nothing fails).
fn ask_params(uri: &axum::http::Uri) -> Result<AskParams, QueryRejection> {
    serde_urlencoded::from_str(uri.query().unwrap_or_default())
        .or_else(|_| QueryParams::try_from_uri(uri).map(|QueryParams(p)| p))
}

/// JSON bytes already serialized, with their status: the response made directly, since
/// `(status, headers, bytes)` first labels the bytes as `application/octet-stream`
/// and then replaces that header.
pub(crate) fn json_response(status: StatusCode, json: axum::body::Bytes) -> Response {
    let mut response = Response::new(axum::body::Body::from(json));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        axum::http::HeaderValue::from_static("application/json"),
    );
    response
}

/// `GET /api/v1/estimate?model=&precision=...`: explicit options; bad ones are a 400.
#[utoipa::path(get, path = "/api/v1/estimate", params(Fields, LangParam),
    responses(
        (status = 200, description = "The answer", body = AnswerJson),
        (status = 400, description = "A value that is not understood, with help text", body = ErrorJson),
        (status = 429, description = "Rate limited; see Retry-After", body = ErrorJson),
    ))]
pub async fn estimate(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
    addr: ClientAddr,
    headers: HeaderMap,
) -> Response {
    let started = Instant::now();
    let p = match input::names_query::<EstimateParams>(raw.as_deref()) {
        Ok(p) => p,
        Err(refused) => return refused_query(&headers, raw.as_deref(), refused),
    };
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
    let kv = p.fields.kv_precision.clone();
    let question = Question::of(Request::Fields(Box::new(p.fields)), lang);
    respond(&state, question, addr, started, (Endpoint::Estimate, kv)).await
}

/// `POST /api/v1/estimate?precision=...` with a config.json as the body: the model is the
/// one the config describes; the other options come from the query string as for GET.
#[utoipa::path(post, path = "/api/v1/estimate", params(Fields, LangParam),
    request_body(content = Object, content_type = "application/json",
        description = "A Hugging Face config.json (at most 64 KiB here)"),
    responses(
        (status = 200, description = "The answer for the model the config describes", body = AnswerJson),
        (status = 400, description = "Invalid JSON, missing fields (named), or a bad option", body = ErrorJson),
        (status = 429, description = "Rate limited; see Retry-After", body = ErrorJson),
    ))]
pub async fn estimate_config(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
    addr: ClientAddr,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let started = Instant::now();
    let p = match input::names_query::<EstimateParams>(raw.as_deref()) {
        Ok(p) => p,
        Err(refused) => return refused_query(&headers, raw.as_deref(), refused),
    };
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
    let config = Attached {
        name: "config.json".to_string(),
        bytes: Ok(body.to_vec()),
    };
    let kv = p.fields.kv_precision.clone();
    let question = Question::of(Request::Fields(Box::new(p.fields)), lang).with_config(config);
    respond(
        &state,
        question,
        addr,
        started,
        (Endpoint::EstimateConfig, kv),
    )
    .await
}

/// Ask the answer service (which logs the question), count it, and send its JSON; an
/// error is told for `endpoint` (its parameter, its example; the request's `kv_precision`).
async fn respond(
    state: &AppState,
    question: Question,
    addr: ClientAddr,
    started: Instant,
    (endpoint, kv_precision): (Endpoint, Option<String>),
) -> Response {
    let who = Who::on(Source::Web).with_addr(addr.0);
    let reply = state.service.ask(question, &who).await;
    let ok = reply.outcome.is_ok();
    let elapsed = started.elapsed().as_secs_f64();
    state.metrics.answer("api", reply.lang, ok, elapsed);
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    let catalog = Catalog::get();
    let json = match reply.outcome.as_ref() {
        Err(err) => {
            let body = error_json(reply.lang, catalog, err, endpoint, kv_precision.as_deref());
            serde_json::to_string(&body).unwrap_or_default()
        }
        outcome => crate::render::kinds_json::to_string(reply.lang, catalog, outcome),
    };
    json_response(status, json.into())
}

/// A 400 for parameters refused before any work, in the language the request asks for.
fn refused_query(headers: &HeaderMap, raw: Option<&str>, refused: input::Refused) -> Response {
    let lang = super::lang::negotiate(errors::query_lang(raw).as_deref(), headers);
    match refused {
        input::Refused::TooLong(name) => errors::too_long(lang, &name, input::MAX_VALUE_CHARS),
        input::Refused::Unreadable => {
            bad_request(lang, "bad_request", None, t(lang, "web-bad-request"))
        }
    }
}

/// `GET /api/v1/compare?gpus=a,b,c`: two to eight GPUs.
#[utoipa::path(get, path = "/api/v1/compare", params(CompareParams),
    responses(
        (status = 200, description = "The GPUs side by side", body = CompareJson),
        (status = 400, description = "A missing list, too many GPUs or an unknown one", body = ErrorJson),
        (status = 429, description = "Rate limited; see Retry-After", body = ErrorJson),
    ))]
pub async fn compare(
    State(state): State<AppState>,
    QueryParams(p): QueryParams<CompareParams>,
    addr: ClientAddr,
    headers: HeaderMap,
) -> Response {
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
    let names = match input::gpu_list(p.gpus.as_deref()) {
        Ok(names) => names,
        Err(GpuListError::Missing) => {
            let text = tr(lang, "api-compare-gpus-missing", None);
            return bad_request(lang, "missing_parameter", Some("gpus"), text);
        }
        Err(GpuListError::OnlyOne) => {
            let text = tr(lang, "api-compare-one-gpu", None);
            return bad_request(lang, "one_gpu", Some("gpus"), text);
        }
        Err(GpuListError::TooLong) => {
            return errors::too_long(lang, "gpus", input::MAX_VALUE_CHARS);
        }
        Err(GpuListError::TooMany) => {
            let max = input::MAX_COMPARE_GPUS.to_string();
            let text = tr(lang, "web-too-many-gpus", Some(&Args::new().s("max", max)));
            return bad_request(lang, "too_many_gpus", Some("gpus"), text);
        }
    };
    match super::compare::gpus(&state, &names, lang, &headers, addr).await {
        Ok(gpus) => Json(render::compare::json(lang, Catalog::get(), &gpus)).into_response(),
        Err(e) => endpoint_error(StatusCode::BAD_REQUEST, lang, &e, Endpoint::Compare),
    }
}

fn json_bytes(body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

static MODELS: LazyLock<String> =
    LazyLock::new(|| serde_json::to_string(&Catalog::get().models).unwrap_or_default());
static GPUS: LazyLock<String> =
    LazyLock::new(|| serde_json::to_string(&Catalog::get().gpus).unwrap_or_default());

/// `GET /api/v1/models`: every model with its architecture and sources.
#[utoipa::path(get, path = "/api/v1/models",
    responses((status = 200, description = "Every catalog model", body = Vec<ModelSpec>)))]
pub async fn models() -> Response {
    json_bytes(&MODELS)
}

/// `GET /api/v1/gpus`: every GPU with its specs and sources.
#[utoipa::path(get, path = "/api/v1/gpus",
    responses((status = 200, description = "Every catalog GPU", body = Vec<GpuSpec>)))]
pub async fn gpus() -> Response {
    json_bytes(&GPUS)
}

pub fn topic_json(lang: Lang, topic: Topic) -> GuideTopicJson {
    let slug = topic.slug();
    GuideTopicJson {
        language: lang.code(),
        topic: slug,
        title: t(lang, &format!("guide-{slug}-title")),
        summary: t(lang, &format!("guide-{slug}-summary")),
        text: render::text::guide(lang, topic),
    }
}

/// `GET /api/v1/guide`: the topics, titles and summaries.
#[utoipa::path(get, path = "/api/v1/guide", params(LangParam),
    responses((status = 200, description = "The topics", body = GuideIndexJson)))]
pub async fn guide_index(QueryParams(p): QueryParams<LangParam>, headers: HeaderMap) -> Response {
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
    let topics = Topic::ALL
        .iter()
        .map(|&topic| {
            let slug = topic.slug();
            GuideEntryJson {
                topic: slug,
                title: t(lang, &format!("guide-{slug}-title")),
                summary: t(lang, &format!("guide-{slug}-summary")),
            }
        })
        .collect();
    let index = GuideIndexJson {
        language: lang.code(),
        topics,
    };
    Json(index).into_response()
}

/// `GET /api/v1/guide/{topic}`: one topic, or 404.
#[utoipa::path(get, path = "/api/v1/guide/{topic}",
    params(("topic" = String, Path, description = "vram nvlink tensor-cores sxm precision quantization kv-cache oom multi-gpu cuda-visible-devices choosing"), LangParam),
    responses(
        (status = 200, description = "The topic", body = GuideTopicJson),
        (status = 404, description = "No such topic", body = ErrorJson),
    ))]
pub async fn guide_topic(
    Path(topic): Path<String>,
    QueryParams(p): QueryParams<LangParam>,
    headers: HeaderMap,
) -> Response {
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
    match Topic::from_slug(&topic) {
        Some(topic) => Json(topic_json(lang, topic)).into_response(),
        None => {
            let input = sanitize::clean(sanitize::truncate(&topic, input::MAX_VALUE_CHARS));
            let err = Error::UnknownTopic(input);
            endpoint_error(StatusCode::NOT_FOUND, lang, &err, Endpoint::Guide)
        }
    }
}

/// `GET /api/v1/openapi.json`: generated from the types above (see [`super::openapi`]).
pub async fn openapi() -> Response {
    json_bytes(&super::openapi::DOCUMENT)
}

/// Unknown `/api/...` paths answer in JSON too.
pub fn not_found(lang: Lang) -> Response {
    let text = t(lang, "web-not-found-body");
    api_error(StatusCode::NOT_FOUND, lang, "not_found", None, text)
}
