//! A card given by its memory ("on 24gb", "my 96gb card", "a 12g card", "numa placa de
//! 16gb"): read as the common card of that size, which the answer names
//! ([`super::Assumption::CardByMemory`]). A memory figure with no card word or card
//! preposition around it ("needs 140gb") stays a figure.

use super::parse::{Work, re};
use regex::Regex;
use std::sync::LazyLock;

/// The common card of each memory size (GB as sold), by catalog id: the one most people
/// who say "my 24gb card" have. Sizes no common card has are left alone.
const COMMON_CARD: &[(u32, &str)] = &[
    (8, "rtx-3070"),
    (10, "rtx-3080-10gb"),
    (12, "rtx-3060-12gb"),
    (16, "rtx-4060-ti-16gb"),
    (22, "rtx-2080-ti-22gb"),
    (24, "rtx-3090"),
    (32, "rtx-5090"),
    (40, "a100-40gb-pcie"),
    (48, "rtx-a6000"),
    (80, "h100-sxm"),
    (96, "rtx-pro-6000-blackwell"),
    (141, "h200-sxm"),
];

/// A memory amount with a card word after it, or a card preposition before it.
static MEMORY_CARD: LazyLock<Regex> = LazyLock::new(|| {
    let alternatives = |words: Vec<&str>| {
        let mut words: Vec<String> = words.into_iter().map(regex::escape).collect();
        words.sort_by_key(|w| std::cmp::Reverse(w.len()));
        words.dedup();
        words.join("|")
    };
    // Every language's card prepositions and one-word card nouns ([`super::words`]).
    let all = super::words::ALL.iter();
    let before = alternatives(
        all.clone()
            .flat_map(|w| w.card_prepositions())
            .copied()
            .collect(),
    );
    let nouns = all
        .flat_map(|w| w.card_nouns())
        .filter(|n| !n.contains(' '));
    let after = alternatives(nouns.copied().chain(["vram"]).collect());
    re(&format!(
        r"(?:\b(?:{before})\s+)(\d{{1,3}})\s*(?:gb|g|gib)\b|\b(\d{{1,3}})\s*(?:gb|g|gib)\s+(?:de\s+vram\s+)?(?:{after})"
    ))
});

/// The memory and the common card of a card given by its memory; blanks it.
pub(super) fn take(w: &mut Work) -> Option<(u32, &'static str)> {
    if !w.text.contains('g') {
        return None;
    }
    w.take(&MEMORY_CARD, |c| {
        let gb: u32 = c.get(1).or(c.get(2))?.as_str().parse().ok()?;
        COMMON_CARD
            .iter()
            .find(|(size, _)| *size == gb)
            .map(|&(_, id)| (gb, id))
    })
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::query::parse;

    #[test]
    fn every_common_card_is_in_the_catalog() {
        let catalog = Catalog::get();
        for (gb, id) in super::COMMON_CARD {
            let g = catalog.resolve_gpu(id).expect(id).gpu;
            assert!(
                (g.memory_gb - f64::from(*gb)).abs() < 1.0,
                "{id}: {}",
                g.memory_gb
            );
        }
    }

    #[test]
    fn a_card_given_by_its_memory_is_that_card() {
        let catalog = Catalog::get();
        for (text, id) in [
            ("qwen3 32b on 24gb", "rtx-3090"),
            ("what can i run on my 96gb card", "rtx-pro-6000-blackwell"),
            ("llama 3.1 8b on a 12g card", "rtx-3060-12gb"),
            ("roda qwen3 14b numa placa de 16gb?", "rtx-4060-ti-16gb"),
            ("qwen3 14b 用 24g 显卡", "rtx-3090"),
        ] {
            let p = parse(catalog, text);
            assert_eq!(p.query.gpu.as_deref(), Some(id), "{text}");
            assert!(p.query.gpu_by_memory.is_some(), "{text}");
        }
        for text in ["llama 70b needs 140gb", "qwen3 32b on a 4090 with 24gb"] {
            let p = parse(catalog, text);
            assert!(p.query.gpu_by_memory.is_none(), "{text}");
        }
    }
}
