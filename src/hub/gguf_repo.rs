//! A GGUF repo that holds the asked quant's file, for a launch line the offline checkpoint
//! list cannot give (issue 35 item 5): the Hub's search lists the GGUF repos of the model
//! ([`super::search::ranked`]: the name's sizes and versions in the repo's, the publisher
//! before re-uploaders, the most downloaded), and each candidate's file list
//! (`GET /api/models/{repo}`, its `siblings`) is read until one holds a `.gguf` file of that
//! quant. Only a repo the Hub answered with, whose files were seen, is ever named.

use super::Hub;
use super::client::Meter;
use super::search::{MAX_SEARCH_BODY, SEARCH_LIMIT, TTL_SEARCH, TTL_SEARCH_MISSED};
use crate::estimate::Precision;
use serde_json::Value;
use std::time::Instant;

/// Candidate repos whose file lists are read for one quant: the first few of the ranking
/// hold the files people download; past them, the answer says how to find one.
const MAX_REPOS_READ: usize = 4;

/// Whether a model-info answer lists a GGUF file of `quant` (in the repo's root or a
/// folder, as split files are kept: `Q8_0/…-00001-of-00002.gguf`).
pub fn holds_quant(info: &[u8], quant: Precision) -> bool {
    let Ok(info) = serde_json::from_slice::<Value>(info) else {
        return false;
    };
    info.get("siblings")
        .and_then(Value::as_array)
        .is_some_and(|files| {
            files
                .iter()
                .filter_map(|f| f.get("rfilename").and_then(Value::as_str))
                .filter(|f| f.ends_with(".gguf"))
                .any(|f| super::repo::quant_in_name(f) == Some(quant))
        })
}

impl Hub {
    /// The GGUF repo the Hub's search finds for `name` (a model's repo name or display
    /// name) whose files include `quant`'s, spending `who`'s Hub budget; None offline, when
    /// no candidate holds that file, or past the look-up's time budget.
    pub async fn gguf_repo_with(
        &self,
        name: &str,
        quant: Precision,
        who: &super::Requester,
    ) -> Option<String> {
        let client = self.client.as_ref()?;
        let deadline = Instant::now() + self.budget;
        let key = format!(
            "gguf-file|{}|{}|{}",
            client.endpoint(),
            super::search::candidates(name).join("|"),
            quant.name()
        );
        let missed = &self.traffic.searches_missed;
        if missed.get(&key).is_some() {
            return None;
        }
        let cached: Option<String> = match self.cache.as_ref() {
            Some(cache) => cache.get(&key).await.ok().flatten(),
            None => None,
        };
        let found = match cached {
            Some(found) => found,
            None => {
                self.traffic.budgets.spend(who).ok()?;
                let Some(found) = self.find_gguf_repo(name, quant, deadline).await else {
                    missed.put(&key, (), TTL_SEARCH_MISSED);
                    return None;
                };
                if let Some(cache) = self.cache.as_ref()
                    && let Err(e) = cache.put(&key, &found, TTL_SEARCH).await
                {
                    tracing::warn!("cannot cache the Hub's GGUF repo: {e:#}");
                }
                found
            }
        };
        (!found.is_empty()).then_some(found)
    }

    /// Search each spelling of `name` for GGUF repos and read the best candidates' file
    /// lists: the first that holds `quant`'s file, "" when none does, None when the Hub did
    /// not answer in time.
    pub(super) async fn find_gguf_repo(
        &self,
        name: &str,
        quant: Precision,
        deadline: Instant,
    ) -> Option<String> {
        let client = self.client.as_ref()?;
        let mut read = 0;
        for candidate in super::search::candidates(name) {
            let left = deadline.saturating_duration_since(Instant::now());
            let asked = client.search(&candidate, SEARCH_LIMIT, MAX_SEARCH_BODY);
            let body = match tokio::time::timeout(left, asked).await {
                Ok(Ok(body)) => body,
                Ok(Err(e)) => {
                    tracing::debug!("Hub search for {candidate}: {e}");
                    return None;
                }
                Err(_) => return None,
            };
            let hits = super::search::hits_of(&body);
            for repo in super::search::ranked(&hits, name, Some("gguf")) {
                if read == MAX_REPOS_READ {
                    return Some(String::new());
                }
                read += 1;
                let left = deadline.saturating_duration_since(Instant::now());
                let meter = Meter::new(super::repo::MAX_INFO);
                let info = client.model_info(&repo, super::repo::MAX_INFO, &meter);
                match tokio::time::timeout(left, info).await {
                    Ok(Ok(info)) if holds_quant(&info, quant) => return Some(repo),
                    Ok(_) => {}
                    Err(_) => return None,
                }
            }
        }
        Some(String::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repo_holds_a_quant_when_a_gguf_file_of_it_is_listed() {
        let info = br#"{"siblings": [
            {"rfilename": "README.md"},
            {"rfilename": "OLMo-2-13B-Q4_K_S.gguf"},
            {"rfilename": "Q8_0/OLMo-2-13B-Q8_0-00001-of-00002.gguf"}
        ]}"#;
        assert!(holds_quant(info, Precision::Q8_0));
        assert!(holds_quant(info, Precision::Q4KS));
        // Q4_K_S is no Q4_K_M, and a name alone is no file.
        assert!(!holds_quant(info, Precision::Q4KM));
        assert!(!holds_quant(
            br#"{"siblings": [{"rfilename": "Q4_K_M.txt"}]}"#,
            Precision::Q4KM
        ));
        assert!(!holds_quant(b"not json", Precision::Q4KM));
    }
}
