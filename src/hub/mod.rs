//! Models the catalog lacks, from the Hugging Face Hub or a config.json the user brings.
//!
//! Not part of the pure core: this does I/O. The answer service ([`crate::ask`]), holding a
//! question that names an `org/name` id the catalog does not know, asks [`Hub`] (through
//! the store's cache) for a [`ModelSpec`] with the exact weight bytes of the repo's files,
//! then calls the core with it. When the Hub cannot be asked or does not answer in time,
//! the service falls back to the catalog's closest model or a shape derived from the size
//! in the name, and says so.
//!
//! Anyone can upload a repo and anyone on the web can make us look one up, so every
//! look-up is bounded ([`repo`]: files, parallel requests, bytes; [`egress`]: hosts and
//! addresses), and so is the traffic: [`Hub::model_for`] takes the [`Requester`], whose
//! budget it spends ([`traffic`]), runs one look-up per id at a time, and remembers every
//! outcome by kind, misses included.

mod blocks;
pub mod client;
pub mod config;
pub mod egress;
pub mod gguf;
pub mod gguf_repo;
pub mod kv_layout;
mod layers;
pub mod lenient;
pub mod param_groups;
mod params;
pub mod quantization;
pub mod repo;
pub mod safetensors;
pub mod search;
pub mod traffic;

use crate::catalog::{ModelSpec, Origin};
use crate::error::{Error, ModelSourceError, SourceErrorKind};
use crate::estimate::Precision;
use crate::query::{HubMiss, hub_id};
use crate::settings::HubSettings;
use crate::store::HubCache;
use client::{HubClient, Meter};
use repo::Failure;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;
pub use traffic::{BudgetSettings, Requester};
use traffic::{Budgets, Flights, Gate, Recent};

/// Time for a whole look-up (all requests of one repo) before the answer falls back.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(5);
/// How long a found model is reused: checkpoints rarely change under the same name.
const TTL_FOUND: Duration = Duration::from_secs(7 * 24 * 3600);
/// How long "not found", "gated" or "no weights" is reused: the owner may fix it soon.
const TTL_FAILED: Duration = Duration::from_secs(3600);
/// How long a malformed or oversized repo is reused: a fix needs a new upload.
const TTL_BROKEN: Duration = Duration::from_secs(6 * 3600);
/// How long a look-up that ran out of time is reused: long enough that a crowd asking
/// about one slow repo waits once, short enough that a passing slowness is forgotten.
const TTL_SLOW: Duration = Duration::from_secs(60);
/// How long "the Hub did not answer" is reused.
const TTL_UNREACHABLE: Duration = Duration::from_secs(30);
/// How long "the server's look-ups were all busy" is reused: the next ask a few seconds on
/// may find room, but a crowd asking at once does not queue again.
const TTL_BUSY: Duration = Duration::from_secs(5);
/// Outcomes kept in process (misses always; everything when no database keeps them).
const RECENT: usize = 4096;
/// Rows the database's Hub cache keeps before the oldest go (a found model's row is a
/// few KiB, so ~100k rows is a few hundred MiB at most). VRAMGUIDE_HUB_CACHE_ROWS.
pub const DEFAULT_CACHE_ROWS: u64 = 100_000;
/// How often expired cache rows are deleted.
const PRUNE_EVERY: Duration = Duration::from_secs(600);
/// Cap on a config.json a user brings (real ones are a few KiB).
pub const MAX_USER_CONFIG: u64 = 1024 * 1024;

/// A look-up's outcome as the cache keeps it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Cached {
    Found(Box<ModelSpec>),
    Failed {
        kind: String,
        detail: String,
    },
    /// The Hub was slow ("slow") or did not answer ("unreachable").
    Missed {
        reason: String,
    },
}

/// What a look-up gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Looked {
    Found(Box<ModelSpec>),
    Failed(ModelSourceError),
    Miss(HubMiss),
    /// The asker's Hub budget is spent: answer without the Hub now (the size in the name,
    /// the catalog), or tell an API client to come back after `retry_after`.
    OverBudget {
        retry_after: Duration,
    },
}

/// Hub access for one process: the client (None when offline), the cache, the time
/// budget, and the traffic bounds shared by every clone.
#[derive(Debug, Clone)]
pub struct Hub {
    client: Option<HubClient>,
    cache: Option<HubCache>,
    budget: Duration,
    traffic: Arc<Traffic>,
}

/// What every clone of one [`Hub`] shares.
#[derive(Debug)]
struct Traffic {
    budgets: Budgets,
    gate: Gate,
    flights: Flights<Looked>,
    recent: Recent<Cached>,
    /// Searches that failed or hung, by key, and the search endpoint itself while it
    /// fails ([`search`]).
    searches_missed: Recent<()>,
}

impl Traffic {
    fn new(settings: BudgetSettings) -> Arc<Traffic> {
        Arc::new(Traffic {
            budgets: Budgets::new(settings),
            gate: Gate::new(&settings),
            flights: Flights::new(),
            recent: Recent::new(RECENT),
            searches_missed: Recent::new(RECENT),
        })
    }
}

impl Hub {
    /// As the settings say (`--offline`, HF_ENDPOINT, HF_TOKEN, the timeout, the budgets,
    /// the redirect hosts, the cache's rows); an unset or unusable value keeps the Hub's
    /// default. With a cache and inside a runtime, expired rows are pruned in the background.
    pub fn from_settings(settings: &HubSettings, cache: Option<HubCache>) -> Hub {
        let client = if settings.offline {
            None
        } else {
            HubClient::from_settings(settings)
                .map_err(|e| tracing::warn!("Hub look-ups are off: {e}"))
                .ok()
        };
        let budget = settings
            .timeout_s
            .filter(|s| s.is_finite() && *s > 0.0 && *s <= 60.0)
            .map_or(DEFAULT_BUDGET, Duration::from_secs_f64);
        let rows = settings
            .cache_rows
            .filter(|&n| n > 0)
            .unwrap_or(DEFAULT_CACHE_ROWS);
        let cache = cache.map(|c| c.with_max_rows(rows));
        if let (Some(cache), Ok(rt)) = (&cache, tokio::runtime::Handle::try_current()) {
            rt.spawn(cache.clone().prune_every(PRUNE_EVERY));
        }
        Hub {
            client,
            cache,
            budget,
            traffic: Traffic::new(BudgetSettings::from_settings(settings)),
        }
    }

    /// A Hub at `endpoint` without a token (tests point it at a fake).
    pub fn for_endpoint(endpoint: &str, cache: Option<HubCache>) -> Result<Hub, String> {
        Ok(Hub {
            client: Some(HubClient::new(endpoint, None)?),
            cache,
            budget: DEFAULT_BUDGET,
            traffic: Traffic::new(BudgetSettings::default()),
        })
    }

    /// No look-ups at all.
    pub fn offline() -> Hub {
        Hub {
            client: None,
            cache: None,
            budget: DEFAULT_BUDGET,
            traffic: Traffic::new(BudgetSettings::default()),
        }
    }

    /// The same Hub with other look-up budgets (and fresh buckets).
    pub fn with_budgets(mut self, settings: BudgetSettings) -> Hub {
        self.traffic = Traffic::new(settings);
        self
    }

    /// The same Hub with another time budget for a whole look-up.
    pub fn with_timeout(mut self, budget: Duration) -> Hub {
        self.budget = budget;
        self
    }

    /// One key per repo whatever its case: the Hub resolves ids case-insensitively
    /// (`CaseOrg/CaseModel` and `caseorg/casemodel` are one repo), so they share a row.
    fn cache_key(client: &HubClient, repo: &str, quant: Option<Precision>) -> String {
        format!(
            "{}|{}|{}|{}",
            client.endpoint(),
            repo.to_ascii_lowercase(),
            quant.map_or("", Precision::name),
            if client.has_token() { "auth" } else { "anon" }
        )
    }

    /// Look `repo` up for the command line (no budget): see [`Hub::model_for`].
    pub async fn model(&self, repo: &str, quant: Option<Precision>) -> Looked {
        self.model_for(repo, quant, &Requester::default()).await
    }

    /// Look `repo` up for `who`: what is remembered (in process, then the cache), else the
    /// look-up already running for it, else, within `who`'s budget, the Hub within the
    /// time budget. Past the budget the answer does not wait: [`Looked::OverBudget`].
    pub async fn model_for(&self, repo: &str, quant: Option<Precision>, who: &Requester) -> Looked {
        let Some(client) = &self.client else {
            return Looked::Miss(HubMiss::Offline);
        };
        if !hub_id::is_repo_id(repo) {
            return Looked::Failed(source_error(SourceErrorKind::NotFound, repo, String::new()));
        }
        // Only the GGUF quant changes which file is read.
        let quant = quant.filter(|p| p.format() == crate::estimate::Format::Gguf);
        let key = Hub::cache_key(client, repo, quant);
        if let Some(cached) = self.remembered(&key).await {
            return cached.into_looked(repo);
        }
        let flights = &self.traffic.flights;
        if flights.running(&key).is_none()
            && let Err(retry_after) = self.traffic.budgets.spend(who)
        {
            return Looked::OverBudget { retry_after };
        }
        flights
            .run(&key, || self.look_up(client, &key, repo, quant))
            .await
    }

    /// One look-up, remembered by outcome. It waits its turn among the process's look-ups
    /// in flight within its time budget, and its bytes count against the shared pool.
    async fn look_up(
        &self,
        client: &HubClient,
        key: &str,
        repo: &str,
        quant: Option<Precision>,
    ) -> Looked {
        let deadline = tokio::time::Instant::now() + self.budget;
        let gate = &self.traffic.gate;
        let result = match gate.enter(deadline).await {
            Some(_slot) => {
                let meter = Meter::pooled(repo::MAX_LOOKUP_BYTES, gate.pool().clone());
                let fetch = repo::fetch_metered(client, repo, quant, meter.clone());
                let result = tokio::time::timeout_at(deadline, fetch).await;
                if !matches!(result, Ok(Ok(_))) {
                    // Twice the time budget: every look-up of a crowd asking at once has
                    // started and ended before these bytes are free again.
                    meter.hold(self.budget * 2);
                }
                result
            }
            None => Ok(Err(Failure::Miss(HubMiss::Busy))),
        };
        let cached = match result {
            Err(_) => Cached::Missed {
                reason: "slow".into(),
            },
            Ok(Err(Failure::Miss(miss))) => Cached::Missed {
                reason: miss_name(miss).into(),
            },
            Ok(Ok(spec)) => Cached::Found(Box::new(spec)),
            Ok(Err(Failure::Error(kind, detail))) => Cached::Failed {
                kind: kind.name().to_string(),
                detail,
            },
        };
        self.store(key, &cached).await;
        cached.into_looked(repo)
    }

    /// The in-process memory, else the database's cache.
    async fn remembered(&self, key: &str) -> Option<Cached> {
        if let Some(c) = self.traffic.recent.get(key) {
            return Some(c);
        }
        let body = self.cache.as_ref()?.get(key).await.ok()??;
        serde_json::from_str(&body).ok()
    }

    async fn store(&self, key: &str, value: &Cached) {
        let ttl = value.ttl();
        // Misses and failures are small: kept in process too, so they hold without a
        // database; found models only when there is none.
        if !matches!(value, Cached::Found(_)) || self.cache.is_none() {
            self.traffic.recent.put(key, value.clone(), ttl);
        }
        let (Some(cache), Ok(body)) = (&self.cache, serde_json::to_string(value)) else {
            return;
        };
        if let Err(e) = cache.put(key, &body, ttl).await {
            tracing::warn!("cannot cache the Hub look-up: {e:#}");
        }
    }
}

/// A miss's name in the cache and in error details.
pub(crate) fn miss_name(miss: HubMiss) -> &'static str {
    match miss {
        HubMiss::Offline => "offline",
        HubMiss::Unreachable => "unreachable",
        HubMiss::Slow => "slow",
        HubMiss::Busy => "busy",
    }
}

impl Cached {
    /// How long this outcome holds, by kind.
    fn ttl(&self) -> Duration {
        match self {
            Cached::Found(_) => TTL_FOUND,
            Cached::Missed { reason } if reason == "slow" => TTL_SLOW,
            Cached::Missed { reason } if reason == "busy" => TTL_BUSY,
            Cached::Missed { .. } => TTL_UNREACHABLE,
            Cached::Failed { kind, .. }
                if kind == SourceErrorKind::Malformed.name()
                    || kind == SourceErrorKind::TooLarge.name()
                    || kind == SourceErrorKind::InvalidConfig.name() =>
            {
                TTL_BROKEN
            }
            Cached::Failed { .. } => TTL_FAILED,
        }
    }

    fn into_looked(self, repo: &str) -> Looked {
        match self {
            Cached::Found(spec) => Looked::Found(spec),
            Cached::Missed { reason } => Looked::Miss(
                [HubMiss::Offline, HubMiss::Slow, HubMiss::Busy]
                    .into_iter()
                    .find(|m| miss_name(*m) == reason)
                    .unwrap_or(HubMiss::Unreachable),
            ),
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
