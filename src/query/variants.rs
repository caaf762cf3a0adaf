//! A name that differs from the catalog entry it matched is another model: a version the
//! entry lacks ("minimax m2.7" is not MiniMax-M2, "glm 4.5v" is not GLM-4.5), a word its
//! names lack ("olmocr" is not OLMo, "deepresearch" is not Qwen3), or a fine-tune's name
//! around it ("dolphin 3.0 llama 3.1 8b", "… abliterated"). The answer then says which
//! entry it sized it as ([`crate::catalog::MatchKind::Assumed`]) instead of taking it
//! silently.

use crate::catalog::{ModelSpec, size_of, tokenize};
use rustc_hash::FxHashMap as HashMap;
use std::sync::LazyLock;

/// Names of fine-tunes and their makers, said anywhere around the base's name.
const FINE_TUNES: &[&str] = &[
    "dolphin",
    "hermes",
    "openhermes",
    "nous",
    "abliterated",
    "uncensored",
    "airoboros",
    "wizardlm",
    "orca",
    "lexi",
    "tess",
    "heretic",
    "merged",
];

/// Words that follow a name without making it another model.
const NEUTRAL: &[&str] = &["instruct", "chat", "it", "hf", "model", "the", "a", "an"];

/// Every catalog entry's name words (id, display name, aliases) and the same run together,
/// worked out once: this check runs on every question that names a model.
static NAMES: LazyLock<HashMap<&'static str, (Vec<String>, String)>> = LazyLock::new(|| {
    crate::catalog::Catalog::get()
        .models
        .iter()
        .map(|m| (m.id.as_str(), names_of(m)))
        .collect()
});

fn names_of(model: &ModelSpec) -> (Vec<String>, String) {
    let known: Vec<String> = [&model.id, &model.display_name]
        .into_iter()
        .chain(&model.aliases)
        .flat_map(|n| tokenize(n))
        .collect();
    let compact = known.concat();
    (known, compact)
}

/// "gptoss" typed whole for "gpt oss": a word of letters only found in the names run
/// together (with a digit it would match anywhere).
fn glued_in(word: &str, compact: &str) -> bool {
    word.len() >= 3 && word.bytes().all(|b| b.is_ascii_alphabetic()) && compact.contains(word)
}

/// "32" in "qwen2.5 32 b": the model's size in billions, its "b" typed apart.
fn is_size_number(word: &str, model: &ModelSpec) -> bool {
    word.bytes().all(|b| b.is_ascii_digit())
        && word
            .parse::<f64>()
            .is_ok_and(|n| (n - model.params_b()).abs() < 0.5)
}

/// "mixtrall" for "mixtral", "lamma" for "llama": a name word of letters only typed
/// with a slip, as the catalog's own typo correction reads it (the same first letter,
/// a letter more or less at most, Jaro-Winkler 0.88 or more), is not another model's
/// name ("olmocr" is two letters past "olmo": another model).
/// Versions and sizes carry digits and are never typos of each other.
fn is_typo_of(word: &str, name: &str) -> bool {
    name.len() >= 4
        && word.len() >= 4
        && word.bytes().all(|b| b.is_ascii_alphabetic())
        && name.bytes().all(|b| b.is_ascii_alphabetic())
        && word.as_bytes()[0] == name.as_bytes()[0]
        && word.len().abs_diff(name.len()) <= 1
        && strsim::jaro_winkler(word, name) >= 0.88
}

/// The words typed for the model, with the fine-tune words around them, when they name
/// another model than `model`; None when they agree with one of its names.
///
/// `run` is the run of words read as the name, `before` and `after` the words around it.
pub(super) fn another(
    model: &ModelSpec,
    run: &[&str],
    before: &[&str],
    after: &[&str],
) -> Option<String> {
    let owned;
    let (known, compact) = match NAMES.get(model.id.as_str()) {
        Some((known, compact)) => (known.as_slice(), compact.as_str()),
        None => {
            owned = names_of(model);
            (owned.0.as_slice(), owned.1.as_str())
        }
    };
    // Most names are typed as the catalog writes them: settled without tokenizing.
    if before.is_empty() && after.is_empty() && run.iter().all(|w| known.iter().any(|k| k == w)) {
        return None;
    }
    let foreign = |w: &&str| {
        // A word typed as one of the names is settled without tokenizing it.
        if known.iter().any(|k| k == w) {
            return false;
        }
        let subs = tokenize(w);
        !subs.is_empty()
            && subs.iter().any(|s| {
                // A lone letter or the model's size with its unit apart ("32 b") names
                // no model.
                s.len() > 1
                    && !is_size_number(s, model)
                    && size_of(s).is_none()
                    && !NEUTRAL.contains(&s.as_str())
                    && !known.iter().any(|k| k == s || is_typo_of(s, k))
                    && !glued_in(s, compact)
            })
    };
    let near = |ws: &[&str]| -> Vec<String> {
        ws.iter()
            .filter(|w| FINE_TUNES.contains(w) && !known.iter().any(|k| k == *w))
            .map(|w| w.to_string())
            .collect()
    };
    let lead = near(before);
    // A version or code glued after the name the run stopped before ("minimax m2.7",
    // "glm 4.5v"): part of the name as typed.
    let glued = after
        .first()
        .filter(|w| {
            w.bytes().any(|b| b.is_ascii_digit()) && w.bytes().any(|b| b.is_ascii_alphabetic())
        })
        .filter(|w| foreign(w));
    let run: Vec<&str> = run.iter().copied().chain(glued.copied()).collect();
    let tail = near(after);
    if lead.is_empty() && tail.is_empty() && !run.iter().any(foreign) {
        return None;
    }
    let mut words = lead;
    words.extend(run.iter().map(|w| w.to_string()));
    words.extend(tail);
    Some(words.join(" "))
}

#[cfg(test)]
mod tests {
    use crate::catalog::{Catalog, MatchKind};
    use crate::query::parse;

    fn assumed(text: &str) -> Option<String> {
        let p = parse(Catalog::get(), text);
        match p.model_match.map(|m| m.kind) {
            Some(MatchKind::Assumed { from }) => Some(from),
            _ => None,
        }
    }

    #[test]
    fn another_version_word_or_fine_tune_is_not_taken_silently() {
        for text in [
            "minimax m2.7",
            "glm 4.5v",
            "olmocr 2 7b",
            "dolphin 3.0 llama 3.1 8b",
            "deepseek r1 distill llama 70b abliterated",
        ] {
            assert!(assumed(text).is_some(), "{text}");
        }
        for text in [
            "llama 3.1 8b",
            "qwen3 30b a3b on a 4090",
            "gpt oss 120b",
            "llama 3 70b instruct",
            "qwen2.5 coder 7b",
            "qwen2.5 vl 7b",
            "mixtrall 8x7b",
            "lamma 3 8b",
            "kimi k2.5",
            "deepseek v3",
        ] {
            assert_eq!(assumed(text), None, "{text}");
        }
    }
}
