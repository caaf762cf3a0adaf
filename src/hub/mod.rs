//! Models the catalog lacks, from the Hugging Face Hub or a config.json the user brings.
//!
//! Not part of the pure core: this does I/O. An adapter holding a question that names an
//! `org/name` id the catalog does not know asks [`Hub`] (through the store's cache) for a
//! [`ModelSpec`] with the exact weight bytes of the repo's files, then calls the core with
//! it ([`answer::for_query_with`], [`answer::for_parsed_with`]). When the Hub cannot be
//! asked or does not answer in time, the answer falls back to the catalog's closest model
//! or a shape derived from the size in the name, and says so.

pub mod client;
pub mod config;
pub mod gguf;
mod layers;
pub mod lenient;
pub mod repo;
pub mod safetensors;
pub mod search;

use crate::answer::{self, Answer, Reply};
use crate::catalog::{Catalog, ModelSpec, Origin, size_of, tokenize};
use crate::error::{Error, ModelSourceError, SourceErrorKind};
use crate::estimate::Precision;
use crate::query::{self, Assumption, HubMiss, Parsed, Query, hub_id};
use crate::store::HubCache;
use client::HubClient;
use repo::Failure;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Time for a whole look-up (all requests of one repo) before the answer falls back.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(5);
/// How long a found model is reused: checkpoints rarely change under the same name.
const TTL_FOUND: Duration = Duration::from_secs(7 * 24 * 3600);
/// How long "not found", "gated" or "no weights" is reused: the owner may fix it soon.
const TTL_FAILED: Duration = Duration::from_secs(3600);
/// Cap on a config.json a user brings (real ones are a few KiB).
pub const MAX_USER_CONFIG: u64 = 1024 * 1024;

/// A look-up's outcome as the cache keeps it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Cached {
    Found(Box<ModelSpec>),
    Failed { kind: String, detail: String },
}

/// What a look-up gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Looked {
    Found(Box<ModelSpec>),
    Failed(ModelSourceError),
    Miss(HubMiss),
}

/// Hub access for one process: the client (None when offline), the cache, the budget.
#[derive(Debug, Clone)]
pub struct Hub {
    client: Option<HubClient>,
    cache: Option<HubCache>,
    budget: Duration,
}

/// True for "1", "true", "yes" (any case).
fn truthy(v: &str) -> bool {
    matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes")
}

impl Hub {
    /// From the environment: HF_ENDPOINT, HF_TOKEN, VRAMGUIDE_OFFLINE,
    /// VRAMGUIDE_HUB_TIMEOUT (seconds); `offline` is the `--offline` flag.
    pub fn from_env(offline: bool, cache: Option<HubCache>) -> Hub {
        let offline = offline || std::env::var("VRAMGUIDE_OFFLINE").is_ok_and(|v| truthy(&v));
        let client = if offline {
            None
        } else {
            HubClient::from_env()
                .map_err(|e| tracing::warn!("Hub look-ups are off: {e}"))
                .ok()
        };
        let budget = std::env::var("VRAMGUIDE_HUB_TIMEOUT")
            .ok()
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0 && *s <= 60.0)
            .map_or(DEFAULT_BUDGET, Duration::from_secs_f64);
        Hub {
            client,
            cache,
            budget,
        }
    }

    /// A Hub at `endpoint` without a token (tests point it at a fake).
    pub fn for_endpoint(endpoint: &str, cache: Option<HubCache>) -> Result<Hub, String> {
        Ok(Hub {
            client: Some(HubClient::new(endpoint, None)?),
            cache,
            budget: DEFAULT_BUDGET,
        })
    }

    /// No look-ups at all.
    pub fn offline() -> Hub {
        Hub {
            client: None,
            cache: None,
            budget: DEFAULT_BUDGET,
        }
    }

    fn cache_key(client: &HubClient, repo: &str, quant: Option<Precision>) -> String {
        format!(
            "{}|{repo}|{}|{}",
            client.endpoint(),
            quant.map_or("", Precision::name),
            if client.has_token() { "auth" } else { "anon" }
        )
    }

    /// Look `repo` up: the cache, else the Hub within the time budget.
    pub async fn model(&self, repo: &str, quant: Option<Precision>) -> Looked {
        let Some(client) = &self.client else {
            return Looked::Miss(HubMiss::Offline);
        };
        if !hub_id::is_repo_id(repo) {
            return Looked::Failed(source_error(SourceErrorKind::NotFound, repo, String::new()));
        }
        // Only the GGUF quant changes which file is read.
        let quant = quant.filter(|p| p.format() == crate::estimate::Format::Gguf);
        let key = Hub::cache_key(client, repo, quant);
        if let Some(cached) = self.cached(&key).await {
            return cached.into_looked(repo);
        }
        let result = tokio::time::timeout(self.budget, repo::fetch(client, repo, quant)).await;
        let cached = match result {
            Err(_) => return Looked::Miss(HubMiss::Slow),
            Ok(Err(Failure::Miss(miss))) => return Looked::Miss(miss),
            Ok(Ok(spec)) => Cached::Found(Box::new(spec)),
            Ok(Err(Failure::Error(kind, detail))) => Cached::Failed {
                kind: kind.name().to_string(),
                detail,
            },
        };
        self.store(&key, &cached).await;
        cached.into_looked(repo)
    }

    async fn cached(&self, key: &str) -> Option<Cached> {
        let body = self.cache.as_ref()?.get(key).await.ok()??;
        serde_json::from_str(&body).ok()
    }

    async fn store(&self, key: &str, value: &Cached) {
        let (Some(cache), Ok(body)) = (&self.cache, serde_json::to_string(value)) else {
            return;
        };
        let ttl = match value {
            Cached::Found(_) => TTL_FOUND,
            Cached::Failed { .. } => TTL_FAILED,
        };
        if let Err(e) = cache.put(key, &body, ttl).await {
            tracing::warn!("cannot cache the Hub look-up: {e:#}");
        }
    }

    /// The answer to a structured question, looking a Hub id up first when the catalog
    /// lacks it.
    pub async fn answer_query(
        &self,
        catalog: &'static Catalog,
        q: &Query,
    ) -> Result<Answer, Error> {
        let repo = match &q.model {
            Some(name) if hub_id::needs_hub(catalog, name) => name.clone(),
            _ => {
                let found = self.searched_spec(catalog, q).await;
                return answer::for_query_with(catalog, q, found);
            }
        };
        match self.model(&repo, q.precision).await {
            Looked::Found(spec) => answer::for_query_with(catalog, q, Some(*spec)),
            Looked::Failed(e) => Err(with_suggestions(catalog, e).into()),
            Looked::Miss(miss) => {
                fallback(catalog, q, &repo, miss, |q| answer::for_query(catalog, q))
            }
        }
    }

    /// The answer to a parsed message (see [`Hub::answer_query`]).
    pub async fn answer_parsed(
        &self,
        catalog: &'static Catalog,
        parsed: &Parsed,
    ) -> Result<Answer, Error> {
        let Some(repo) = &parsed.hub_id else {
            // A free-text name no catalog model agrees with: the Hub's search.
            let found = match parsed.model_match {
                None => self.searched_spec(catalog, &parsed.query).await,
                Some(_) => None,
            };
            return answer::for_parsed_with(catalog, parsed, found);
        };
        match self.model(repo, parsed.query.precision).await {
            Looked::Found(spec) => answer::for_parsed_with(catalog, parsed, Some(*spec)),
            Looked::Failed(e) => Err(with_suggestions(catalog, e).into()),
            Looked::Miss(miss) => fallback(catalog, &parsed.query, repo, miss, |q| {
                answer::for_query(catalog, q)
            }),
        }
    }

    /// [`answer::for_text`] with Hub look-ups.
    pub async fn answer_text(&self, catalog: &'static Catalog, text: &str) -> Reply {
        let parsed = query::parse(catalog, text);
        let result = self.answer_parsed(catalog, &parsed).await;
        Reply { parsed, result }
    }
}

impl Cached {
    fn into_looked(self, repo: &str) -> Looked {
        match self {
            Cached::Found(spec) => Looked::Found(spec),
            Cached::Failed { kind, detail } => {
                let kind = ALL_KINDS
                    .iter()
                    .copied()
                    .find(|k| k.name() == kind)
                    .unwrap_or(SourceErrorKind::Malformed);
                Looked::Failed(source_error(kind, repo, detail))
            }
        }
    }
}

const ALL_KINDS: &[SourceErrorKind] = &[
    SourceErrorKind::NotFound,
    SourceErrorKind::Gated,
    SourceErrorKind::NoWeights,
    SourceErrorKind::Malformed,
    SourceErrorKind::TooLarge,
    SourceErrorKind::Unreachable,
    SourceErrorKind::InvalidConfig,
];

fn source_error(kind: SourceErrorKind, repo: &str, detail: String) -> ModelSourceError {
    ModelSourceError {
        kind,
        repo: repo.to_string(),
        detail,
        suggestions: Vec::new(),
    }
}

/// A repo that does not exist gets the catalog's closest names (or the model its name
/// loosely matches).
fn with_suggestions(catalog: &Catalog, mut e: ModelSourceError) -> ModelSourceError {
    if matches!(
        e.kind,
        SourceErrorKind::NotFound | SourceErrorKind::Unreachable
    ) {
        e.suggestions = match catalog.resolve_model(&e.repo) {
            Ok(m) => vec![m.model.id.clone()],
            Err(crate::catalog::LookupError::UnknownModel { suggestions, .. }) => suggestions,
            Err(_) => Vec::new(),
        };
    }
    e
}

/// The Hub gave nothing: the catalog's match for the name, else a model of the size the
/// name carries ("org/Foo-13B"), with a note saying so; else an error that says why.
fn fallback(
    catalog: &'static Catalog,
    q: &Query,
    repo: &str,
    miss: HubMiss,
    answer_with: impl Fn(&Query) -> Result<Answer, Error>,
) -> Result<Answer, Error> {
    let note = Assumption::HubFallback {
        repo: repo.to_string(),
        reason: miss,
    };
    // A catalog model stands in only when the repo's name gives a size and it agrees with
    // every size, version and variant there: `acme/tiny-llama` is not TinyLlama.
    let name = repo.rsplit('/').next().unwrap_or(repo);
    let sized_name = tokenize(name).iter().any(|t| size_of(t).is_some());
    let by_name = catalog
        .find_model(repo)
        .filter(|m| sized_name && catalog.agrees(m.model, repo))
        .map(|_| answer_with(q));
    let result = by_name.or_else(|| {
        let size = tokenize(name).iter().find_map(|t| size_of(t))?;
        let sized = Query {
            model: None,
            params_b: Some(size),
            ..q.clone()
        };
        Some(answer_with(&sized))
    });
    match result {
        Some(Ok(mut a)) => {
            a.assumed.push(note);
            Ok(a)
        }
        Some(Err(e)) => Err(e),
        None => {
            let detail = match miss {
                HubMiss::Offline => "offline",
                HubMiss::Unreachable => "unreachable",
                HubMiss::Slow => "slow",
            };
            Err(with_suggestions(
                catalog,
                source_error(SourceErrorKind::Unreachable, repo, detail.to_string()),
            )
            .into())
        }
    }
}

/// A config.json the user brought (a file, an attachment, a pasted text), as a spec.
pub fn spec_from_user_config(name: &str, bytes: &[u8]) -> Result<ModelSpec, Error> {
    let invalid = |detail: String| -> Error {
        source_error(SourceErrorKind::InvalidConfig, name, detail).into()
    };
    if bytes.len() as u64 > MAX_USER_CONFIG {
        return Err(source_error(
            SourceErrorKind::TooLarge,
            name,
            format!("over {MAX_USER_CONFIG} bytes"),
        )
        .into());
    }
    let value = lenient::parse(bytes).map_err(|e| invalid(format!("not JSON: {e}")))?;
    let id = config_model_name(name, &value);
    let id = id.as_str();
    let mut spec =
        config::spec_from_config(id, &value, None).map_err(|e| invalid(e.to_string()))?;
    spec.origin = Some(Origin::Config);
    Ok(spec)
}

/// The name an answer from a user's config.json gives its model: the `_name_or_path` it
/// was saved from (a repo id, or the last folder of a local path), else the folder the
/// file sits in, else the file's own name when it is not plain `config.json`, else the
/// architecture the config names. Never "config.json": that names no model.
fn config_model_name(file: &str, config: &serde_json::Value) -> String {
    let last_folder = |path: &str| {
        path.trim_end_matches(['/', '\\'])
            .rsplit(['/', '\\'])
            .next()
            .filter(|s| !s.is_empty() && *s != "." && *s != "..")
            .map(str::to_string)
    };
    let saved = config
        .get("_name_or_path")
        .and_then(serde_json::Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty() && s.len() <= 200);
    if let Some(saved) = saved {
        if hub_id::is_repo_id(saved) {
            return saved.to_string();
        }
        if let Some(folder) = last_folder(saved) {
            return folder;
        }
    }
    let path = file.trim();
    let base = path.rsplit(['/', '\\']).next().unwrap_or(path);
    if base.eq_ignore_ascii_case("config.json") {
        let parent = &path[..path.len() - base.len()];
        if let Some(folder) = last_folder(parent) {
            return folder;
        }
    } else if !base.is_empty() {
        return base.trim_end_matches(".json").to_string();
    }
    config
        .get("architectures")
        .and_then(|a| a.get(0))
        .and_then(serde_json::Value::as_str)
        .or_else(|| config.get("model_type").and_then(serde_json::Value::as_str))
        .filter(|s| !s.is_empty() && s.len() <= 100)
        .map_or_else(|| file.to_string(), str::to_string)
}
