//! HTTP to the configured Hub endpoint only: JSON files with a size cap, and byte ranges
//! of weight files (their headers), following the Hub's redirects to its CDN with the
//! Range header kept. Redirects go only to the endpoint and the Hub's CDN hosts, never to
//! an internal address ([`super::egress`]). The token goes only to the endpoint: reqwest
//! drops Authorization when a redirect leaves the host. Every byte read is charged to the
//! look-up's [`Meter`], so one repo cannot make us read without end.

use super::egress::{self, Allowed, PublicResolver, Refused};
use super::traffic::Pool;
use crate::settings::HubSettings;
use reqwest::{StatusCode, header};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use url::Url;

/// Idle connections kept per host: one look-up's parallel requests.
const IDLE_PER_HOST: usize = super::repo::PARALLEL;

/// The public Hub, used when HF_ENDPOINT is not set.
pub const DEFAULT_ENDPOINT: &str = "https://huggingface.co";

/// Why a request gave nothing usable.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FetchError {
    #[error("not found")]
    NotFound,
    #[error("gated: accepting the terms and a token are needed")]
    Gated,
    #[error("answer over the {0}-byte cap")]
    TooLarge(u64),
    #[error("HTTP status {0}")]
    Status(u16),
    #[error("network: {0}")]
    Network(String),
    /// A redirect left the Hub, or a Hub name resolved to an internal address.
    #[error("{0}")]
    Refused(Refused),
    /// The look-up's bytes are spent (see [`Meter`]).
    #[error("look-up over its {0}-byte budget")]
    OverBudget(u64),
    /// The server's running look-ups hold every byte of the shared budget.
    #[error("the Hub look-ups' shared byte budget is in use")]
    Busy,
}

/// The bytes one look-up may still read, shared by its parallel requests. Bytes are
/// charged as they arrive, and a header's announced length before it is asked for. A
/// meter of the server's look-ups charges the process's [`Pool`] too, and gives those
/// bytes back when the look-up's last clone of it is dropped.
#[derive(Debug, Clone)]
pub struct Meter {
    cap: u64,
    spent: Arc<Spent>,
}

#[derive(Debug, Default)]
struct Spent {
    bytes: AtomicU64,
    pool: Option<Arc<Pool>>,
    /// Of `bytes`, those taken from the pool (given back on drop).
    pooled: AtomicU64,
    /// Milliseconds the pooled bytes stay taken after the drop (see [`Meter::hold`]).
    hold_ms: AtomicU64,
}

impl Drop for Spent {
    fn drop(&mut self) {
        let Some(pool) = self.pool.take() else { return };
        let n = *self.pooled.get_mut();
        let hold = Duration::from_millis(*self.hold_ms.get_mut());
        match tokio::runtime::Handle::try_current() {
            Ok(rt) if !hold.is_zero() && n > 0 => {
                rt.spawn(async move {
                    tokio::time::sleep(hold).await;
                    pool.give_back(n);
                });
            }
            _ => pool.give_back(n),
        }
    }
}

impl Meter {
    pub fn new(cap: u64) -> Meter {
        Meter {
            cap,
            spent: Arc::default(),
        }
    }

    /// A meter whose bytes also count against the process's `pool`.
    pub fn pooled(cap: u64, pool: Arc<Pool>) -> Meter {
        Meter {
            cap,
            spent: Arc::new(Spent {
                bytes: AtomicU64::new(0),
                pool: Some(pool),
                pooled: AtomicU64::new(0),
                hold_ms: AtomicU64::new(0),
            }),
        }
    }

    /// Count `n` more bytes; past the cap the look-up stops, and past the pool's it stops
    /// as busy (the repo is not to blame: other look-ups hold the bytes).
    pub fn charge(&self, n: u64) -> Result<(), FetchError> {
        let before = self.spent.bytes.fetch_add(n, Ordering::Relaxed);
        match before.checked_add(n) {
            Some(total) if total <= self.cap => {}
            _ => return Err(FetchError::OverBudget(self.cap)),
        }
        if let Some(pool) = &self.spent.pool {
            if !pool.take(n) {
                return Err(FetchError::Busy);
            }
            self.spent.pooled.fetch_add(n, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Whether `n` more bytes would still fit (nothing is charged): over the look-up's
    /// cap, or over what the pool has free now (busy).
    pub fn room(&self, n: u64) -> Result<(), FetchError> {
        let fits = self
            .spent
            .bytes
            .load(Ordering::Relaxed)
            .checked_add(n)
            .is_some_and(|t| t <= self.cap);
        if !fits {
            return Err(FetchError::OverBudget(self.cap));
        }
        match &self.spent.pool {
            Some(pool) if !pool.has_room(n) => Err(FetchError::Busy),
            _ => Ok(()),
        }
    }

    /// True when `n` more bytes would still fit (see [`Meter::room`]).
    pub fn fits(&self, n: u64) -> bool {
        self.room(n).is_ok()
    }

    /// Keep this look-up's pooled bytes taken for `hold` after it ends: a look-up that
    /// read its bytes for nothing (a repo built to be large, a crowd over the pool) is
    /// what a hostile crowd repeats, and while its bytes stay counted the next ones of the
    /// crowd find the pool full instead of pulling as much again. Bytes read in a burst
    /// of such look-ups are then bounded by the pool, not by how fast the Hub sends.
    pub fn hold(&self, hold: Duration) {
        let ms = u64::try_from(hold.as_millis()).unwrap_or(u64::MAX);
        self.spent.hold_ms.store(ms, Ordering::Relaxed);
    }

    /// Bytes read so far.
    pub fn spent(&self) -> u64 {
        self.spent.bytes.load(Ordering::Relaxed)
    }
}

/// A client bound to one endpoint.
#[derive(Debug, Clone)]
pub struct HubClient {
    http: reqwest::Client,
    endpoint: Url,
    token: Option<String>,
}

impl HubClient {
    /// A client for `endpoint` (an http(s) URL); `token` is sent as a bearer token.
    /// Redirects may reach the real Hub's CDN ([`egress::DEFAULT_REDIRECT_HOSTS`]).
    pub fn new(endpoint: &str, token: Option<String>) -> Result<HubClient, String> {
        let cdn: Vec<String> = egress::DEFAULT_REDIRECT_HOSTS
            .iter()
            .map(|h| h.to_string())
            .collect();
        HubClient::with_redirect_hosts(endpoint, token, &cdn)
    }

    /// Same, with the CDN hosts redirects may reach (`.example.com` is any subdomain).
    pub fn with_redirect_hosts(
        endpoint: &str,
        token: Option<String>,
        cdn: &[String],
    ) -> Result<HubClient, String> {
        let endpoint = Url::parse(endpoint.trim_end_matches('/'))
            .map_err(|e| format!("HF_ENDPOINT is not a URL: {e}"))?;
        if !matches!(endpoint.scheme(), "http" | "https") {
            return Err("HF_ENDPOINT must be an http or https URL".into());
        }
        let allowed = Allowed::new(&endpoint, cdn);
        let http = reqwest::Client::builder()
            .user_agent(concat!("vramguide/", env!("CARGO_PKG_VERSION")))
            .dns_resolver(Arc::new(PublicResolver::new(&allowed)))
            .redirect(allowed.redirect_policy())
            .connect_timeout(Duration::from_secs(3))
            // Idle connections keep their read buffers (up to ~400 KiB each after a large
            // header): a crowd of look-ups left a hundred of them, ~40 MiB, for 90 s.
            .pool_max_idle_per_host(IDLE_PER_HOST)
            .pool_idle_timeout(Duration::from_secs(20))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(HubClient {
            http,
            endpoint,
            token: token.filter(|t| !t.trim().is_empty()),
        })
    }

    /// From the settings: the endpoint (HF_ENDPOINT), the token (HF_TOKEN) and the CDN
    /// hosts redirects may reach (VRAMGUIDE_HUB_REDIRECT_HOSTS).
    pub fn from_settings(settings: &HubSettings) -> Result<HubClient, String> {
        let endpoint = settings.endpoint.as_deref().unwrap_or(DEFAULT_ENDPOINT);
        let token = settings.token.as_ref().map(|t| t.expose().to_string());
        match &settings.redirect_hosts {
            Some(cdn) => HubClient::with_redirect_hosts(endpoint, token, cdn),
            None => HubClient::new(endpoint, token),
        }
    }

    pub fn endpoint(&self) -> &str {
        self.endpoint.as_str()
    }

    pub fn has_token(&self) -> bool {
        self.token.is_some()
    }

    /// `{endpoint}/{segments...}`, each segment percent-encoded.
    fn url(&self, segments: &[&str]) -> Url {
        let mut url = self.endpoint.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty();
            for s in segments {
                for part in s.split('/') {
                    path.push(part);
                }
            }
        }
        url
    }

    /// `GET /api/models/{repo}`: files, gating, parameter counts.
    pub async fn model_info(
        &self,
        repo: &str,
        cap: u64,
        meter: &Meter,
    ) -> Result<Vec<u8>, FetchError> {
        self.get(self.url(&["api", "models", repo]), None, cap, meter)
            .await
    }

    /// The Hub's model search: repos whose id holds `search`, most downloaded first.
    pub async fn search(&self, search: &str, limit: u32, cap: u64) -> Result<Vec<u8>, FetchError> {
        let mut url = self.url(&["api", "models"]);
        url.query_pairs_mut()
            .append_pair("search", search)
            .append_pair("sort", "downloads")
            .append_pair("direction", "-1")
            .append_pair("limit", &limit.to_string());
        // One search is its own look-up: its body alone is bounded by `cap`.
        self.get(url, None, cap, &Meter::new(cap)).await
    }

    /// A whole small file of the repo (config.json, the shard index).
    pub async fn file(
        &self,
        repo: &str,
        file: &str,
        cap: u64,
        meter: &Meter,
    ) -> Result<Vec<u8>, FetchError> {
        self.get(self.url(&[repo, "resolve", "main", file]), None, cap, meter)
            .await
    }

    /// Bytes `start..start + len` of a repo file (fewer when the file is shorter).
    pub async fn range(
        &self,
        repo: &str,
        file: &str,
        (start, len): (u64, u64),
        meter: &Meter,
    ) -> Result<Vec<u8>, FetchError> {
        let url = self.url(&[repo, "resolve", "main", file]);
        self.get(url, Some((start, len)), len, meter).await
    }

    async fn get(
        &self,
        url: Url,
        range: Option<(u64, u64)>,
        cap: u64,
        meter: &Meter,
    ) -> Result<Vec<u8>, FetchError> {
        let mut req = self.http.get(url);
        if let Some(token) = &self.token {
            req = req.bearer_auth(token);
        }
        if let Some((start, len)) = range {
            let last = start
                .checked_add(len)
                .and_then(|end| end.checked_sub(1))
                .filter(|_| len > 0)
                .ok_or(FetchError::TooLarge(len))?;
            req = req.header(header::RANGE, format!("bytes={start}-{last}"));
        }
        let mut resp = req.send().await.map_err(network)?;
        check_status(&resp)?;
        let partial = resp.status() == StatusCode::PARTIAL_CONTENT;
        if range.is_none()
            && let Some(n) = resp.content_length().filter(|&n| n > cap)
        {
            return Err(FetchError::TooLarge(n));
        }
        // A server that ignored the Range sends the whole file from byte 0: skip to start.
        let skip = match range {
            Some((start, _)) if !partial => start,
            _ => 0,
        };
        // Sized once from the announced length (within the cap): growing by doubling held
        // up to twice a large header's bytes while it arrived.
        let announced = resp.content_length().unwrap_or(0).min(cap);
        let mut out = Vec::with_capacity(usize::try_from(announced).unwrap_or(0));
        let mut seen = 0u64;
        while let Some(chunk) = resp.chunk().await.map_err(network)? {
            meter.charge(chunk.len() as u64)?;
            let from = skip.saturating_sub(seen).min(chunk.len() as u64) as usize;
            seen += chunk.len() as u64;
            out.extend_from_slice(&chunk[from..]);
            if out.len() as u64 > cap {
                if range.is_some() {
                    out.truncate(cap as usize);
                    break;
                }
                return Err(FetchError::TooLarge(cap));
            }
        }
        Ok(out)
    }
}

/// A failed request: refused by [`super::egress`] (found down the error's causes), else
/// the network's error.
fn network(e: reqwest::Error) -> FetchError {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(&e);
    while let Some(c) = cause {
        if let Some(r) = c.downcast_ref::<Refused>() {
            return FetchError::Refused(*r);
        }
        cause = c.source();
    }
    FetchError::Network(e.without_url().to_string())
}

/// The Hub's answers for missing and gated repos: 404, or 401/403 with `X-Error-Code`
/// (`RepoNotFound` for a repo that does not exist or is private, `GatedRepo`).
fn check_status(resp: &reqwest::Response) -> Result<(), FetchError> {
    let status = resp.status();
    if status.is_success() {
        return Ok(());
    }
    let code = resp
        .headers()
        .get("x-error-code")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    Err(match (status.as_u16(), code) {
        (_, "RepoNotFound" | "EntryNotFound" | "RevisionNotFound") | (404, _) => {
            FetchError::NotFound
        }
        (401 | 403, _) => FetchError::Gated,
        (s, _) => FetchError::Status(s),
    })
}
