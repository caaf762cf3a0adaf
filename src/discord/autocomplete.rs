//! Autocomplete for model and GPU options: at most 25 entries, best matches first, working
//! on partial and misspelled input.
//!
//! Ranking: whatever the core's resolver picks for the whole input comes first (it knows
//! versions, sizes and typos), then its suggestions, then names by a prefix/substring/
//! Jaro-Winkler score over ids, display names and aliases.

use super::Context;
use crate::catalog::{Catalog, LookupError};
use poise::serenity_prelude as serenity;

/// Discord's limit on autocomplete entries.
pub const MAX_CHOICES: usize = 25;

fn normalize(s: &str) -> String {
    s.to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '.')
        .collect()
}

fn words(s: &str) -> Vec<String> {
    s.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// How well one typed word matches a name's words: equal, a prefix, or a close typo.
fn word_score(q: &str, name_words: &[String]) -> f64 {
    name_words
        .iter()
        .map(|w| {
            if w == q {
                1.0
            } else if w.starts_with(q) {
                0.9
            } else if q.len() >= 3 && strsim::jaro_winkler(q, w) >= 0.85 {
                0.8 * strsim::jaro_winkler(q, w)
            } else {
                0.0
            }
        })
        .fold(0.0, f64::max)
}

/// How well `query` matches a name (higher is better; 0 means no match): whole-string
/// matches first, then word by word, preferring shorter names.
fn score(query: &str, names: &[&str]) -> f64 {
    let compact = normalize(query);
    let typed = words(query);
    names
        .iter()
        .map(|name| {
            let n = normalize(name);
            let whole = if n == compact {
                4.0
            } else if n.starts_with(&compact) {
                3.0
            } else if n.contains(&compact) {
                2.0
            } else {
                0.0
            };
            let name_words = words(name);
            let per_word: Vec<f64> = typed.iter().map(|q| word_score(q, &name_words)).collect();
            let by_words = if per_word.iter().all(|s| *s > 0.0) && !per_word.is_empty() {
                per_word.iter().sum::<f64>() / per_word.len() as f64
            } else {
                0.0
            };
            let best = f64::max(whole, by_words * 2.0);
            if best > 0.0 {
                best - name_words.len() as f64 * 0.01
            } else {
                0.0
            }
        })
        .fold(0.0, f64::max)
}

/// Put `first` ids ahead, then the scored rest (the resolver's `hints` get a small bonus),
/// without duplicates, at most 25.
fn rank<'a>(
    query: &str,
    first: Option<String>,
    hints: &[String],
    items: impl Iterator<Item = (&'a str, &'a str, Vec<&'a str>)>,
) -> Vec<(String, String)> {
    let items: Vec<(&str, &str, Vec<&str>)> = items.collect();
    let mut out: Vec<(String, String)> = Vec::new();
    if let Some((id, name, _)) = first.and_then(|f| items.iter().find(|(i, _, _)| *i == f)) {
        out.push((name.to_string(), id.to_string()));
    }
    let empty = query.trim().is_empty();
    let mut scored: Vec<(f64, usize)> = items
        .iter()
        .enumerate()
        .map(|(i, (id, name, aliases))| {
            let mut names = vec![*id, *name];
            names.extend(aliases.iter().copied());
            let hint = if hints.iter().any(|h| h == id) {
                0.1
            } else {
                0.0
            };
            (
                if empty {
                    1.0
                } else {
                    score(query, &names) + hint
                },
                i,
            )
        })
        .filter(|(s, _)| *s > 0.05)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in scored {
        let (id, name, _) = &items[i];
        if !out.iter().any(|(_, v)| v == id) {
            out.push((name.to_string(), id.to_string()));
        }
    }
    out.truncate(MAX_CHOICES);
    out
}

/// (label, catalog id) pairs for a partial model name.
pub fn models(catalog: &Catalog, partial: &str) -> Vec<(String, String)> {
    let (first, hints) = match catalog.resolve_model(partial) {
        Ok(m) => (Some(m.model.id.clone()), Vec::new()),
        Err(LookupError::UnknownModel { suggestions, .. }) => (None, suggestions),
        Err(_) => (None, Vec::new()),
    };
    let items = catalog.models.iter().map(|m| {
        (
            m.id.as_str(),
            m.display_name.as_str(),
            m.aliases.iter().map(String::as_str).collect(),
        )
    });
    rank(
        partial,
        first.filter(|_| !partial.trim().is_empty()),
        &hints,
        items,
    )
}

/// (label, catalog id) pairs for a partial GPU name.
pub fn gpus(catalog: &Catalog, partial: &str) -> Vec<(String, String)> {
    let (first, hints) = match catalog.resolve_gpu(partial) {
        Ok(g) => (Some(g.gpu.id.clone()), Vec::new()),
        Err(LookupError::UnknownGpu { suggestions, .. }) => (None, suggestions),
        Err(_) => (None, Vec::new()),
    };
    let items = catalog.gpus.iter().map(|g| {
        (
            g.id.as_str(),
            g.display_name.as_str(),
            g.aliases.iter().map(String::as_str).collect(),
        )
    });
    rank(
        partial,
        first.filter(|_| !partial.trim().is_empty()),
        &hints,
        items,
    )
}

fn response(pairs: Vec<(String, String)>) -> serenity::CreateAutocompleteResponse {
    let choices = pairs
        .into_iter()
        .map(|(name, id)| {
            serenity::AutocompleteChoice::new(crate::render::discord::clip(&name, 100), id)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

pub async fn model(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    response(models(Catalog::get(), partial))
}

pub async fn gpu(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    response(gpus(Catalog::get(), partial))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_and_misspelled_input() {
        let c = Catalog::get();
        let m = models(c, "lamma 70");
        assert!(!m.is_empty() && m.len() <= MAX_CHOICES);
        assert!(
            m[0].1.starts_with("llama") && m[0].1.contains("70b"),
            "{m:?}"
        );
        assert_eq!(
            models(c, "qwen2.5 7")[0].1,
            "qwen2.5-7b",
            "{:?}",
            models(c, "qwen2.5 7")
        );
        let g = gpus(c, "409");
        assert!(g[0].1.contains("4090"), "{g:?}");
        assert_eq!(models(c, "").len(), MAX_CHOICES.min(c.models.len()));
        let g = gpus(c, "h10 sxm");
        assert!(g.iter().take(3).any(|(_, id)| id.contains("h100")), "{g:?}");
    }
}
