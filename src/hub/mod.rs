//! Models the catalog lacks, from the Hugging Face Hub or a config.json the user brings.
//!
//! Not part of the pure core: this does I/O. The answer service ([`crate::ask`]), holding a
//! question that names an `org/name` id the catalog does not know, asks [`Hub`] (through
//! the store's cache) for a [`ModelSpec`] with the exact weight bytes of the repo's files,
//! then calls the core with it. When the Hub cannot be asked or does not answer in time,
//! the service falls back to the catalog's closest model or a shape derived from the size
//! in the name, and says so.

pub mod client;
pub mod config;
pub mod gguf;
pub mod repo;
pub mod safetensors;

use crate::catalog::{ModelSpec, Origin};
use crate::error::{Error, ModelSourceError, SourceErrorKind};
use crate::estimate::Precision;
use crate::query::{HubMiss, hub_id};
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
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| invalid(format!("not JSON: {e}")))?;
    let id = value
        .get("_name_or_path")
        .and_then(serde_json::Value::as_str)
        .filter(|s| hub_id::is_repo_id(s))
        .unwrap_or(name);
    let mut spec =
        config::spec_from_config(id, &value, None).map_err(|e| invalid(e.to_string()))?;
    spec.origin = Some(Origin::Config);
    Ok(spec)
}
