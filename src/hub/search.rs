//! Free-text model names the catalog lacks, found with the Hub's search.
//!
//! `GET {HF_ENDPOINT}/api/models?search=S&sort=downloads&direction=-1&limit=N` matches `S`
//! as a plain substring of repo ids, so "gemma 4 31b" is searched as "gemma-4-31b" (and as
//! typed glued, "qwen3-vl-235b"). Of the repos found, the one that agrees with every size,
//! version and variant of the name is taken, the publisher's own before fine-tunes and
//! re-uploads; a GGUF, AWQ, GPTQ or FP8 repo only when the question asks for that format,
//! and for a GGUF quant the first of those whose file list holds that quant's file.
//! The repo is then looked up like a typed `org/name` (config and weight headers, exact
//! bytes). Everything runs inside the look-up's time budget; the choice is cached.

use super::{Hub, Looked};
use crate::catalog::{Origin, is_variant_word, size_of, tokenize};
use crate::estimate::{Format, Precision};
use serde::Deserialize;
use std::time::{Duration, Instant};

/// Repos asked for per search: enough for the publisher's repo among popular derivatives.
pub const SEARCH_LIMIT: u32 = 30;
/// Hits read from one answer, whatever the Hub sends.
const MAX_HITS: usize = 100;
/// Bytes of one search answer (a hit is ~300 bytes).
pub(super) const MAX_SEARCH_BODY: u64 = 256 * 1024;
/// Spellings searched for one name.
const MAX_CANDIDATES: usize = 2;
/// How long the repo a name led to is reused.
pub(super) const TTL_SEARCH: Duration = Duration::from_secs(24 * 3600);
/// How long a search that failed or ran out of time is remembered, for its name and for
/// the search endpoint as a whole: each new phrasing of a name would otherwise wait the
/// whole time budget again while the Hub's search hangs.
pub(super) const TTL_SEARCH_MISSED: Duration = Duration::from_secs(60);

/// One repo of a search answer.
#[derive(Debug, Clone, Deserialize)]
pub struct Hit {
    pub id: String,
    #[serde(default)]
    pub downloads: u64,
}

/// Organisations that re-upload or quantize other labs' models: never the publisher.
const REUPLOADERS: &[&str] = &[
    "unsloth",
    "bartowski",
    "lmstudio-community",
    "thebloke",
    "mlx-community",
    "quantfactory",
    "maziyarpanahi",
    "mradermacher",
    "second-state",
    "ggml-org",
    "redhatai",
    "neuralmagic",
    "cyankiwi",
    "nightmedia",
    "noctrex",
    "turboderp",
];

/// Words of repo names that say which file format the repo holds.
const FORMAT_WORDS: &[&str] = &[
    "gguf", "awq", "gptq", "fp8", "nvfp4", "mlx", "bnb", "4bit", "8bit", "exl2", "exl3", "int4",
    "int8", "w4a16", "w8a8",
];

/// Words a publisher adds to a model's name for the same weights.
const SAME_WEIGHTS: &[&str] = &["instruct", "it", "chat", "hf", "base", "bf16", "fp16"];

/// The substrings to search for: the name's words as typed joined by '-' ("qwen3-vl-235b"),
/// then split into name and numbers ("qwen-3-vl-235b") when that differs.
pub fn candidates(name: &str) -> Vec<String> {
    let name = name.rsplit('/').next().unwrap_or(name);
    let typed: Vec<String> = name
        .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .filter(|w| !FORMAT_WORDS.contains(&w.as_str()))
        .take(8)
        .collect();
    let mut out = vec![typed.join("-")];
    let split = tokenize(name)
        .into_iter()
        .filter(|w| !FORMAT_WORDS.contains(&w.as_str()))
        .take(8)
        .collect::<Vec<_>>()
        .join("-");
    if !out.contains(&split) {
        out.push(split);
    }
    out.retain(|c| c.len() >= 3 && c.len() <= 96);
    out.truncate(MAX_CANDIDATES);
    out
}

/// The format word a question's precision asks for in a repo name.
pub fn format_word(precision: Option<Precision>) -> Option<&'static str> {
    let p = precision?;
    if p.format() == Format::Gguf {
        return Some("gguf");
    }
    let name = p.name();
    ["gptq", "awq", "nvfp4", "fp8"]
        .into_iter()
        .find(|w| name.starts_with(w))
}

/// The repo of `hits` that is the model `name` names: every size, version and variant of
/// the name in the repo's name, the wanted format's word (or none at all), then the
/// publisher before re-uploaders, the fewest extra words (fine-tunes add theirs), the most
/// downloads.
pub fn pick(hits: &[Hit], name: &str, format: Option<&str>) -> Option<String> {
    ranked(hits, name, format).into_iter().next()
}

/// Every repo of `hits` that [`pick`] would take, best first.
pub fn ranked(hits: &[Hit], name: &str, format: Option<&str>) -> Vec<String> {
    let wanted: Vec<String> = tokenize(name.rsplit('/').next().unwrap_or(name))
        .into_iter()
        .filter(|t| !FORMAT_WORDS.contains(&t.as_str()))
        .collect();
    let must: Vec<&String> = wanted
        .iter()
        .filter(|t| {
            size_of(t).is_some() || is_variant_word(t) || t.bytes().any(|b| b.is_ascii_digit())
        })
        .collect();
    let mut ranked: Vec<_> = hits
        .iter()
        .take(MAX_HITS)
        .filter(|h| super::hub_id::is_repo_id(&h.id))
        .filter_map(|h| {
            let (org, repo) = h.id.split_once('/')?;
            let words = tokenize(repo);
            if !must.iter().all(|t| words.contains(t)) {
                return None;
            }
            let formats: Vec<&String> = words
                .iter()
                .filter(|w| FORMAT_WORDS.contains(&w.as_str()))
                .collect();
            let format_ok = match format {
                Some(f) => formats.iter().any(|w| w.as_str() == f),
                None => formats.is_empty(),
            };
            if !format_ok {
                return None;
            }
            let reupload = REUPLOADERS.contains(&org.to_ascii_lowercase().as_str());
            // The publisher's name in its own repo's name ("nvidia/NVIDIA-Nemotron-...")
            // is no fine-tune's word.
            let org_words = tokenize(org);
            let extras = words
                .iter()
                .filter(|w| {
                    !wanted.contains(w)
                        && !org_words.contains(w)
                        && !SAME_WEIGHTS.contains(&w.as_str())
                        && !FORMAT_WORDS.contains(&w.as_str())
                })
                .count();
            Some(((reupload, extras, u64::MAX - h.downloads), h.id.clone()))
        })
        .collect();
    // Stable: ties keep the Hub's order.
    ranked.sort_by_key(|r| r.0);
    ranked.into_iter().map(|(_, id)| id).collect()
}

/// Hits from a search answer's bytes; junk gives none.
pub(super) fn hits_of(body: &[u8]) -> Vec<Hit> {
    let Ok(serde_json::Value::Array(items)) = serde_json::from_slice(body) else {
        return Vec::new();
    };
    items
        .into_iter()
        .take(MAX_HITS)
        .filter_map(|v| serde_json::from_value(v).ok())
        .collect()
}

impl Hub {
    /// The repo the Hub's search finds for the free-text `name`, and its look-up: None when
    /// offline, when nothing agrees with the name, or when the budget runs out.
    pub async fn search_model(
        &self,
        name: &str,
        quant: Option<Precision>,
        who: &super::Requester,
    ) -> Option<(String, Looked)> {
        let client = self.client.as_ref()?;
        let deadline = Instant::now() + self.budget;
        let format = format_word(quant);
        let key = format!(
            "search|{}|{}|{}",
            client.endpoint(),
            candidates(name).join("|"),
            format.unwrap_or("")
        );
        let down = format!("search-down|{}", client.endpoint());
        let missed = &self.traffic.searches_missed;
        let cached = match self.cache.as_ref() {
            Some(cache) => cache.get(&key).await.ok().flatten(),
            None => None,
        };
        let repo = match cached {
            Some(cached) => cached,
            None => {
                if missed.get(&key).is_some() || missed.get(&down).is_some() {
                    return None;
                }
                // A search is Hub traffic like a look-up: it spends the asker's budget.
                self.traffic.budgets.spend(who).ok()?;
                let found = match quant.filter(|p| p.format() == Format::Gguf) {
                    // A GGUF quant asked: the repo whose file list holds that file.
                    Some(q) => self.find_gguf_repo(name, q, deadline).await,
                    None => self.search_repo(name, format, deadline).await,
                };
                let Some(found) = found else {
                    missed.put(&key, (), TTL_SEARCH_MISSED);
                    missed.put(&down, (), TTL_SEARCH_MISSED);
                    return None;
                };
                if let Some(cache) = self.cache.as_ref()
                    && let Err(e) = cache.put(&key, &found, TTL_SEARCH).await
                {
                    tracing::warn!("cannot cache the Hub search: {e:#}");
                }
                found
            }
        };
        if repo.is_empty() {
            return None;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        let looked = tokio::time::timeout(left, self.model_for(&repo, quant, who))
            .await
            .ok()?;
        let looked = match looked {
            Looked::Found(mut spec) => {
                spec.origin = Some(Origin::Search);
                Looked::Found(spec)
            }
            other => other,
        };
        Some((repo, looked))
    }

    /// Search each spelling of `name` until a repo agrees; "" when none does (cached too),
    /// None when the Hub did not answer in time.
    async fn search_repo(
        &self,
        name: &str,
        format: Option<&str>,
        deadline: Instant,
    ) -> Option<String> {
        let client = self.client.as_ref()?;
        for candidate in candidates(name) {
            let left = deadline.saturating_duration_since(Instant::now());
            let asked = client.search(&candidate, SEARCH_LIMIT, MAX_SEARCH_BODY);
            let body = match tokio::time::timeout(left, asked).await {
                Err(_) => return None,
                Ok(Err(e)) => {
                    tracing::debug!("Hub search for {candidate}: {e}");
                    return None;
                }
                Ok(Ok(body)) => body,
            };
            if let Some(repo) = pick(&hits_of(&body), name, format) {
                return Some(repo);
            }
        }
        Some(String::new())
    }
}

impl Hub {
    /// The spec of the repo the search finds for the model `q` names, when the name is
    /// free text the catalog lacks (never a repo id, never a catalog model) and the Hub
    /// is online; None leaves the answer to the catalog or to the size in the name.
    pub async fn searched_spec(
        &self,
        catalog: &crate::catalog::Catalog,
        q: &crate::query::Query,
        who: &super::Requester,
    ) -> Option<crate::catalog::ModelSpec> {
        self.client.as_ref()?;
        let name = q.model.as_deref()?;
        if super::hub_id::is_repo_id(name) || catalog.find_model(name).is_some() {
            return None;
        }
        match self.search_model(name, q.precision, who).await? {
            (_, Looked::Found(spec)) => Some(*spec),
            (repo, other) => {
                tracing::debug!("Hub search for {name} led to {repo}: {other:?}");
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hits(ids: &[(&str, u64)]) -> Vec<Hit> {
        ids.iter()
            .map(|(id, downloads)| Hit {
                id: id.to_string(),
                downloads: *downloads,
            })
            .collect()
    }

    #[test]
    fn candidates_follow_the_repo_spelling() {
        assert_eq!(candidates("gemma 4 31b"), vec!["gemma-4-31b"]);
        assert_eq!(
            candidates("qwen3 vl 235b"),
            vec!["qwen3-vl-235b", "qwen-3-vl-235b"]
        );
        assert_eq!(
            candidates("Devstral Small 2 GGUF"),
            vec!["devstral-small-2"]
        );
    }

    #[test]
    fn the_publisher_beats_fine_tunes_and_reuploads() {
        let found = hits(&[
            ("unsloth/gemma-4-31b-it", 900),
            ("someone/gemma-4-31b-it-abliterated", 800),
            ("google/gemma-4-31b-it", 500),
            ("bartowski/google_gemma-4-31b-it-GGUF", 2000),
            ("google/gemma-4-3b-it", 9000),
        ]);
        assert_eq!(
            pick(&found, "gemma 4 31b", None).as_deref(),
            Some("google/gemma-4-31b-it")
        );
        assert_eq!(
            pick(&found, "gemma 4 31b", Some("gguf")).as_deref(),
            Some("bartowski/google_gemma-4-31b-it-GGUF")
        );
        // Another size or a missing variant is never taken.
        assert_eq!(pick(&found, "gemma 4 12b", None), None);
        assert_eq!(pick(&found, "gemma 4 31b vl", None), None);
    }

    #[test]
    fn junk_answers_give_no_hits() {
        assert!(hits_of(b"{not json").is_empty());
        assert!(hits_of(b"{\"id\": \"a/b\"}").is_empty());
        assert_eq!(hits_of(br#"[{"id": "a/b"}, 3, {"x": 1}]"#).len(), 1);
        let many: Vec<String> = (0..500)
            .map(|i| format!(r#"{{"id": "o/m-{i}"}}"#))
            .collect();
        let body = format!("[{}]", many.join(","));
        assert_eq!(hits_of(body.as_bytes()).len(), MAX_HITS);
    }
}
