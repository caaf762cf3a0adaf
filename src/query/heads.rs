//! Words that can open a model's name: the first word of a catalog entry's id, display
//! name or alias ("llama", "qwen", "deepseek", "gpt"). A model is named only by such a
//! word, or by a near spelling of one followed by a size ("lamma 3 8b"): an ordinary word
//! that happens to be one of a name's later words ("base", "next", "air", "thinking") or
//! that is merely close to one ("maximo", "think") names no model, and neither does a
//! context figure ("8k").

use crate::catalog::{Catalog, size_of, tokenize};
use rustc_hash::FxHashSet as HashSet;
use std::sync::LazyLock;

/// The first word of every model's id, display name and aliases.
static HEADS: LazyLock<HashSet<String>> = LazyLock::new(|| {
    let mut heads = HashSet::default();
    for m in &Catalog::get().models {
        let names = [&m.id, &m.display_name].into_iter().chain(&m.aliases);
        for name in names {
            if let Some(first) = tokenize(name).into_iter().next() {
                heads.insert(first);
            }
        }
    }
    heads
});

/// Family words that are also common words (Spanish "llama", English "command", "code"):
/// they open a name only with a size or a version after them.
static COMMON_HEADS: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    // Each language's most frequent words ([`super::words::Words::common_words`]).
    super::words::ALL
        .iter()
        .flat_map(|w| w.common_words().lines())
        .filter(|w| HEADS.contains(*w))
        .collect()
});

/// Whether `word` opens a model's name, given the words after it: a family word, and for
/// one that is also a common word, a size or version right after it.
pub(super) fn opens_name_before(word: &str, next: &[&str]) -> bool {
    if !opens_name(word) {
        return false;
    }
    !COMMON_HEADS.contains(word)
        || next.iter().take(3).any(|t| {
            tokenize(t)
                .iter()
                .any(|s| size_of(s).is_some() || crate::catalog::is_version(s))
        })
}

/// Whether `word` (a token of the cleaned text) opens a model's name.
pub(super) fn opens_name(word: &str) -> bool {
    if HEADS.contains(word) {
        return true;
    }
    tokenize(word).first().is_some_and(|t| HEADS.contains(t))
}

/// Whether one of the two words right before a family word gives a size: "70b llama",
/// "70B的llama" name Llama 70B (a common word such as Spanish "llama" rarely follows a
/// size).
pub(super) fn sized_before(before: &[&str]) -> bool {
    before
        .iter()
        .rev()
        .take(2)
        .any(|t| tokenize(t).iter().any(|s| size_of(s).is_some()))
}

/// Whether one of the words right after a name's first word gives a size ("lamma 3 8b").
pub(super) fn sized_after(next: &[&str]) -> bool {
    next.iter()
        .take(3)
        .any(|t| tokenize(t).iter().any(|s| size_of(s).is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn family_names_open_names_and_later_words_do_not() {
        for head in ["llama", "qwen3", "deepseek", "gpt-oss", "mistral", "gemma"] {
            assert!(opens_name(head), "{head}");
        }
        for word in [
            "base", "next", "air", "8k", "thinking", "instruct", "maximo",
        ] {
            assert!(!opens_name(word), "{word}");
        }
        // Spanish "llama" (calls) is Llama only with a version or size after it.
        assert!(!opens_name_before("llama", &["en", "una"]));
        assert!(opens_name_before("llama", &["3.1", "8b"]));
        assert!(opens_name_before("qwen", &[]));
    }
}
