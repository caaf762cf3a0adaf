//! HTTP to the configured Hub endpoint only: JSON files with a size cap, and byte ranges
//! of weight files (their headers), following the Hub's redirects to its CDN with the
//! Range header kept. The token goes only to the endpoint: reqwest drops Authorization
//! when a redirect leaves the host.

use reqwest::{StatusCode, header};
use std::time::Duration;
use url::Url;

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
    pub fn new(endpoint: &str, token: Option<String>) -> Result<HubClient, String> {
        let endpoint = Url::parse(endpoint.trim_end_matches('/'))
            .map_err(|e| format!("HF_ENDPOINT is not a URL: {e}"))?;
        if !matches!(endpoint.scheme(), "http" | "https") {
            return Err("HF_ENDPOINT must be an http or https URL".into());
        }
        let http = reqwest::Client::builder()
            .user_agent(concat!("vramguide/", env!("CARGO_PKG_VERSION")))
            .redirect(reqwest::redirect::Policy::limited(5))
            .connect_timeout(Duration::from_secs(3))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(HubClient {
            http,
            endpoint,
            token: token.filter(|t| !t.trim().is_empty()),
        })
    }

    /// From HF_ENDPOINT and HF_TOKEN.
    pub fn from_env() -> Result<HubClient, String> {
        let endpoint =
            std::env::var("HF_ENDPOINT").unwrap_or_else(|_| DEFAULT_ENDPOINT.to_string());
        HubClient::new(&endpoint, std::env::var("HF_TOKEN").ok())
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
    pub async fn model_info(&self, repo: &str, cap: u64) -> Result<Vec<u8>, FetchError> {
        self.get(self.url(&["api", "models", repo]), None, cap)
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
        self.get(url, None, cap).await
    }

    /// A whole small file of the repo (config.json, the shard index).
    pub async fn file(&self, repo: &str, file: &str, cap: u64) -> Result<Vec<u8>, FetchError> {
        self.get(self.url(&[repo, "resolve", "main", file]), None, cap)
            .await
    }

    /// Bytes `start..start + len` of a repo file (fewer when the file is shorter).
    pub async fn range(
        &self,
        repo: &str,
        file: &str,
        start: u64,
        len: u64,
    ) -> Result<Vec<u8>, FetchError> {
        let url = self.url(&[repo, "resolve", "main", file]);
        self.get(url, Some((start, len)), len).await
    }

    async fn get(
        &self,
        url: Url,
        range: Option<(u64, u64)>,
        cap: u64,
    ) -> Result<Vec<u8>, FetchError> {
        let mut req = self.http.get(url);
        if let Some(token) = &self.token {
            req = req.bearer_auth(token);
        }
        if let Some((start, len)) = range {
            req = req.header(header::RANGE, format!("bytes={start}-{}", start + len - 1));
        }
        let mut resp = req
            .send()
            .await
            .map_err(|e| FetchError::Network(e.to_string()))?;
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
        let mut out = Vec::new();
        let mut seen = 0u64;
        while let Some(chunk) = resp
            .chunk()
            .await
            .map_err(|e| FetchError::Network(e.to_string()))?
        {
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
