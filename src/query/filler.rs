//! Ordinary words of questions: never reported as not understood.

use rustc_hash::FxHashSet;
use std::sync::LazyLock;

/// Ordinary words: every language's stop words ([`super::words::Words::stop_words`]),
/// the shared ones, and every word language detection knows.
pub(super) static FILLER: LazyLock<FxHashSet<&'static str>> = LazyLock::new(|| {
    super::words::ALL
        .iter()
        .flat_map(|w| w.stop_words().iter().copied())
        .chain(super::words::shared::STOP_WORDS.iter().copied())
        .chain(super::detect::words())
        .collect()
});
