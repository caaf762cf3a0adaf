//! Hugging Face Hub repo ids ("org/name") in questions and options.
//!
//! An id the catalog does not know exactly is left for the adapter to look up on the Hub;
//! only text matching the Hub's id rules qualifies, so a URL or a path a user typed never
//! becomes a request.

use crate::catalog::{Catalog, MatchKind, ModelMatch, tokenize};
use regex::Regex;
use std::sync::LazyLock;

/// The Hub's rules for `namespace/name`: letters, digits, `-`, `_`, `.`; starts and ends
/// with a letter or digit; at most 96 characters a part; no `--` or `..`.
static REPO_ID: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9])?/[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9])?$")
        .expect("valid pattern")
});

/// A candidate id inside free text: not preceded or followed by `/`, `:` or `@` (URLs,
/// paths, e-mail addresses stay out).
static IN_TEXT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|[^A-Za-z0-9._/:@-])([A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*)")
        .expect("valid pattern")
});

/// True when `s` is a well-formed Hub repo id with a letter in each part (so "1/2" or a
/// fraction is not one).
pub fn is_repo_id(s: &str) -> bool {
    REPO_ID.is_match(s)
        && !s.contains("--")
        && !s.contains("..")
        && !s.ends_with(".git")
        && s.split('/')
            .all(|part| part.bytes().any(|b| b.is_ascii_alphabetic()))
}

/// Words a repo name adds to a model's own name without changing its weights.
const SAME_WEIGHTS: &[&str] = &["instruct", "chat", "hf", "it", "base", "gguf"];

/// A name's words without those, run together ("Llama-3.1-8B-Instruct" -> "llama3.18b").
fn core_name(name: &str) -> String {
    tokenize(name)
        .into_iter()
        .filter(|t| !SAME_WEIGHTS.contains(&t.as_str()))
        .collect()
}

/// True when `name` is a repo id the catalog does not hold: the adapter should ask the
/// Hub. The catalog holds it when an entry's `hub_id` is that repo, or when its exact
/// match carries that very name (the repo part, less "Instruct", "GGUF"...: the base or
/// chat repo of the same weights, which a gated Hub would not even show); a fine-tune or
/// a quantized upload of a known model ("org/Llama-3.1-8B-Turbo",
/// "org/Qwen2.5-7B-Instruct-AWQ") has its own files.
pub fn needs_hub(catalog: &Catalog, name: &str) -> bool {
    if !is_repo_id(name) {
        return false;
    }
    if catalog.by_hub_id(name).is_some() {
        return false;
    }
    let Some(m) = catalog
        .find_model(name)
        .filter(|m| m.kind == MatchKind::Exact)
    else {
        return true;
    };
    let wanted = core_name(name.rsplit('/').next().unwrap_or(name));
    let model = m.model;
    !std::iter::once(&model.id)
        .chain(&model.aliases)
        .chain(std::iter::once(&model.display_name))
        .any(|n| core_name(n.rsplit('/').next().unwrap_or(n)) == wanted)
}

/// The first repo id in `text` that needs the Hub, as typed (ids keep their case).
pub fn find(catalog: &Catalog, text: &str) -> Option<String> {
    candidates(text).find(|id| needs_hub(catalog, id))
}

/// The first repo id in `text` that is a catalog entry's `hub_id`, as typed, with that
/// entry: the exact name of a known model, so nothing else in the text is read as it.
pub fn find_known<'c>(catalog: &'c Catalog, text: &str) -> Option<(String, ModelMatch<'c>)> {
    candidates(text).find_map(|id| {
        let model = catalog.by_hub_id(&id)?;
        Some((
            id,
            ModelMatch {
                model,
                kind: MatchKind::Exact,
            },
        ))
    })
}

/// Every well-placed `org/name` in `text` (not part of a URL, path or address).
fn candidates(text: &str) -> impl Iterator<Item = String> + '_ {
    // Most questions have no slash: skip the regex altogether.
    let found = text.contains('/').then(|| IN_TEXT.captures_iter(text));
    found.into_iter().flatten().filter_map(|c| {
        let m = c.get(1)?;
        let after = text[m.end()..].chars().next();
        if matches!(after, Some('/' | ':' | '@')) {
            return None;
        }
        let id = m.as_str().trim_end_matches(['.', '-', '_']);
        is_repo_id(id).then(|| id.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_hub_rules() {
        for ok in [
            "org/name",
            "moonshotai/Kimi-K2-Instruct",
            "unsloth/Qwen3-30B-A3B-GGUF",
            "a.b/c_d",
        ] {
            assert!(is_repo_id(ok), "{ok}");
        }
        for bad in [
            "1/2",
            "org/",
            "/name",
            "a--b/c",
            "a/b..c",
            "https://x/y",
            "org/name/extra",
            "-org/name",
            "org/name.git",
        ] {
            assert!(!is_repo_id(bad), "{bad}");
        }
    }

    #[test]
    fn urls_and_catalog_ids_are_not_looked_up() {
        let c = Catalog::get();
        assert_eq!(
            find(c, "someorg/Kimi-K2-Turbo fp8 on 8x h200").as_deref(),
            Some("someorg/Kimi-K2-Turbo")
        );
        // The catalog holds Kimi K2 under its Hub id.
        assert_eq!(find(c, "moonshotai/Kimi-K2-Instruct fp8 on 8x h200"), None);
        assert_eq!(find(c, "see https://huggingface.co/org/name please"), None);
        assert_eq!(find(c, "mail me@host/x"), None);
        assert_eq!(find(c, "llama 70b 1/2 precision"), None);
        // The catalog's own models stay offline; fine-tunes and quantized uploads do not.
        assert!(!needs_hub(c, "meta-llama/Llama-3.1-8B-Instruct"));
        assert!(!needs_hub(c, "Qwen/Qwen2.5-7B-Instruct"));
        assert!(needs_hub(c, "someorg/Llama-3.1-8B-Turbo"));
        assert!(needs_hub(c, "Qwen/Qwen2.5-7B-Instruct-AWQ"));
    }
}
