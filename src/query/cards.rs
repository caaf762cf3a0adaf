//! GPU names and their counts in free text: "2x 4090", "duas 3090", "两张4090", "h100 x8",
//! "a100 80g". Each call of [`take_gpu`] takes the first card named and blanks it, so a
//! message naming several ("4090 vs 3090", "一张5090和两张3090") is read by calling it again.

use super::Query;
use super::clues::Clue;
use super::parse::{Work, re, spans};
use super::words;
use crate::catalog::Catalog;
use aho_corasick::{AhoCorasick, AhoCorasickKind};
use regex::{Captures, Regex};
use std::borrow::Cow;
use std::sync::LazyLock;

/// Words that precede a GPU name and belong to it.
const GPU_PREFIX: &[&str] = &[
    "rtx", "geforce", "nvidia", "tesla", "quadro", "radeon", "rx", "amd", "instinct", "apple",
    "mac", "macbook", "pro", "studio", "mini", "air", "imac", "dgx", "strix",
];
/// Words that follow a GPU number and belong to it.
const GPU_SUFFIX: &[&str] = &[
    "ti",
    "super",
    "s",
    "pcie",
    "sxm",
    "sxm2",
    "sxm4",
    "sxm5",
    "nvl",
    "ada",
    "xtx",
    "xt",
    "max",
    "ultra",
    "pro",
    "generation",
    "de",
    "da",
    "com",
    "con",
    "with",
];
/// English words after which "a"/"an" before a GPU means one card: "on a 4090".
const ONE_CARD_BEFORE_ARTICLE: &[&str] = &[
    "on", "with", "in", "into", "onto", "using", "have", "got", "own", "for", "buy", "just", "only",
];

/// Whether `word` stands between a count and a card's name in any language.
fn is_count_filler(word: &str) -> bool {
    words::shared::COUNT_FILLERS.contains(&word)
        || words::ALL.iter().any(|w| w.count_fillers().contains(&word))
}

/// A count word of any language ("two", "duas", "par", "两") or a number ("2", "2x").
fn count_word(word: &str) -> Option<u64> {
    let named = words::ALL
        .iter()
        .flat_map(|w| w.count_words())
        .find(|(w, _)| *w == word)
        .map(|&(_, n)| n);
    named.or_else(|| {
        let digits = word.strip_suffix('x').unwrap_or(word);
        digits.parse().ok().filter(|n| (1..=4096).contains(n))
    })
}

/// The characters a glued count ends with: measure words ("张", "台") and one-character
/// card nouns ("卡") of the languages that count that way.
static MEASURE_CHARS: LazyLock<Vec<char>> = LazyLock::new(|| {
    let glued = words::ALL.iter().filter(|w| !w.measure_words().is_empty());
    glued
        .flat_map(|w| w.measure_words().iter().chain(w.card_nouns()))
        .filter_map(|m| {
            let mut chars = m.chars();
            chars.next().filter(|_| chars.next().is_none())
        })
        .collect()
});

/// "两张", "8卡", "单卡", "用两块" -> the count before a measure word.
fn chinese_count(run: &str) -> Option<u64> {
    let body = run.trim_end_matches(MEASURE_CHARS.as_slice());
    if body.len() == run.len() && !run.ends_with(['单', '双']) {
        return None;
    }
    let last = body.chars().last()?;
    let mut buf = [0; 4];
    if !last.is_ascii_digit() {
        return count_word(last.encode_utf8(&mut buf)).filter(|_| !last.is_ascii());
    }
    let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    body[body.len() - digits..].parse().ok()
}

/// The count words that open a Chinese run after a GPU: "一张卡跑" -> "一张卡",
/// "单卡推理" -> "单卡".
fn chinese_count_prefix(run: &str) -> &str {
    let measure = MEASURE_CHARS.as_slice();
    let Some(first) = run.find(measure) else {
        return run;
    };
    let end = run[first..]
        .char_indices()
        .find(|&(_, c)| !measure.contains(&c))
        .map_or(run.len(), |(i, _)| first + i);
    &run[..end]
}

/// What [`take_gpu`] found besides the name and count it set.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Taken {
    /// The name was plural ("h200s").
    pub plural: bool,
    /// A word after it may name another card: without one, [`more_gpus`] does not
    /// tokenize and scan the message again to find none.
    pub more: bool,
}

/// Find a GPU name and its count; blank both.
pub(super) fn take_gpu(catalog: &Catalog, w: &mut Work, q: &mut Query) -> Taken {
    if w.clues.has(Clue::GluedCount) {
        unglue_counts(catalog, w);
    }
    let tokens = spans(&w.text);
    let Some(core) = (0..tokens.len()).find(|&i| {
        let prev = i.checked_sub(1).map(|p| tokens[p].2);
        let next = tokens.get(i + 1).map(|&(_, _, t)| t);
        is_gpu_core(catalog, tokens[i].2, prev, next)
    }) else {
        return Taken::default();
    };
    let mut plural = false;
    let mut start = core;
    while start > 0 && GPU_PREFIX.contains(&tokens[start - 1].2) {
        start -= 1;
    }
    let mut end = core + 1;
    while end < tokens.len() {
        let t = tokens[end].2;
        let memory = t.ends_with("gb") || t.ends_with('g');
        if (GPU_SUFFIX.contains(&t) && !matches!(t, "de" | "da" | "com" | "con" | "with"))
            || (memory && t.trim_end_matches(['g', 'b']).parse::<u32>().is_ok())
        {
            end += 1;
        } else if matches!(t, "de" | "da" | "com" | "con" | "with")
            && tokens
                .get(end + 1)
                .is_some_and(|&(_, _, n)| n.ends_with("gb"))
        {
            end += 2;
        } else {
            break;
        }
    }
    let mut name = String::new();
    for &(_, _, t) in &tokens[start..end] {
        if !name.is_empty() {
            name.push(' ');
        }
        // "A100 80G" is the 80 GB card, as "a100 80gb" is.
        match t.strip_suffix('g').filter(|n| n.parse::<u32>().is_ok()) {
            Some(n) => {
                name.push_str(n);
                name.push_str("gb");
            }
            None => {
                let one = singular(catalog, t);
                plural |= one.len() < t.len();
                name.push_str(one);
            }
        }
    }
    name.truncate(name.trim_end_matches(" de").len());
    q.gpu = Some(name);
    // The name, and a count before or after it.
    let mut blank: Vec<(usize, usize)> = Vec::with_capacity(2);
    blank.push((tokens[start].0, tokens[end - 1].1));
    // Count before: "2x 4090", "duas 3090", "2 placas 3090", "两张4090".
    let mut i = start;
    while i > 0 && is_count_filler(tokens[i - 1].2) && i + 2 > start {
        i -= 1;
        if start - i > 2 {
            break;
        }
    }
    let before = (i > 0).then(|| &tokens[i - 1]);
    if let Some((s, e, word)) = before {
        // "on a 4060 ti" is one card; Portuguese "a 7900 xtx" is only "the 7900 xtx".
        let one_after_verb = matches!(*word, "a" | "an")
            && i > 1
            && ONE_CARD_BEFORE_ARTICLE.contains(&tokens[i - 2].2);
        let counted = count_word(word)
            .or_else(|| chinese_count(word))
            .or(one_after_verb.then_some(1));
        if let Some(n) = counted {
            q.gpu_count = Some(n);
            blank.push((*s, *e));
        }
    }
    // Count after: "4090 x2", "h100 x 8", "numa h100 só".
    if q.gpu_count.is_none()
        && let Some((s, _, word)) = tokens.get(end)
    {
        let after_x = word
            .strip_prefix('x')
            .and_then(|n| n.parse::<u64>().ok())
            .or_else(|| {
                (*word == "x")
                    .then(|| tokens.get(end + 1).and_then(|&(_, _, n)| n.parse().ok()))
                    .flatten()
            });
        // "4090单卡", "H100 八卡", "4090一张卡".
        let after_x = after_x.or_else(|| chinese_count(chinese_count_prefix(word)));
        if let Some(n) = after_x.filter(|n| (1..=4096).contains(n)) {
            q.gpu_count = Some(n);
            let last = if *word == "x" { end + 1 } else { end };
            blank.push((*s, tokens[last].1));
        }
    }
    // Every word [`is_gpu_core`] may take names a catalog card or ends a machine's name;
    // words before the name count too (blanking it gives them other neighbours).
    let more = tokens[..start]
        .iter()
        .chain(&tokens[end..])
        .any(|&(_, _, t)| matches!(t, "spark" | "halo") || catalog.is_gpu_word(t));
    for (s, e) in blank {
        w.blank_range(s, e);
    }
    Taken { plural, more }
}

/// "8xh100" -> "8x h100" (a count glued to a GPU; "8x7b" stays whole).
fn unglue_counts(catalog: &Catalog, w: &mut Work) {
    let unglued = GLUED_COUNT.replace_all(&w.text, |c: &Captures| {
        if catalog.is_gpu_word(&c[2]) {
            format!("{}x {}", &c[1], &c[2])
        } else {
            c[0].to_string()
        }
    });
    if let Cow::Owned(text) = unglued {
        w.text = text;
    }
}

static GLUED_COUNT: LazyLock<Regex> = LazyLock::new(|| re(r"\b(\d{1,4})x([a-z0-9]+)\b"));

/// "a100s" -> "a100", "3090s" -> "3090".
fn singular<'t>(catalog: &Catalog, token: &'t str) -> &'t str {
    match token.strip_suffix('s') {
        Some(stem) if catalog.find_gpu(token).is_none() && catalog.find_gpu(stem).is_some() => stem,
        _ => token,
    }
}

/// Tokens that name a GPU on their own ("4090", "a100", "h100s", "mi300x"); "6000" only
/// with "ada"/"blackwell"; an Apple chip ("m3") only with "max"/"ultra"/"pro", a memory
/// size after it ("m4 24gb") or a Mac before it ("mac mini m4"), so numbers and other
/// words (MiniMax M2) are not taken.
fn is_gpu_core(catalog: &Catalog, token: &str, prev: Option<&str>, next: Option<&str>) -> bool {
    // Unified-memory machines named by words alone: "dgx spark", "strix halo".
    if matches!(
        (prev, token),
        (Some("dgx"), "spark") | (Some("strix"), "halo")
    ) {
        return true;
    }
    if !catalog.is_gpu_word(token) {
        return false;
    }
    match token.strip_suffix('s').unwrap_or(token) {
        "6000" => matches!(next, Some("ada") | Some("blackwell")),
        "m1" | "m2" | "m3" | "m4" | "m5" => {
            matches!(next, Some("max" | "ultra" | "pro"))
                || next.is_some_and(is_memory_size)
                || matches!(
                    prev,
                    Some("mac" | "mini" | "air" | "macbook" | "imac" | "apple" | "pro")
                )
        }
        _ => true,
    }
}

/// "24gb", "64g": a memory size written after a card.
fn is_memory_size(token: &str) -> bool {
    token
        .strip_suffix("gb")
        .or_else(|| token.strip_suffix('g'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Every card named after the first: "4090 vs 3090", "一张5090和两张3090", "a 4090 and a
/// 3090" (at most eight).
pub(super) fn more_gpus(
    catalog: &Catalog,
    w: &mut Work,
    q: &Query,
    first_taken: Taken,
) -> Vec<(String, Option<u64>)> {
    let Some(first) = &q.gpu else {
        return Vec::new();
    };
    let mut all = vec![(first.clone(), q.gpu_count)];
    let mut more = first_taken.more;
    while more && all.len() < 8 {
        let mut next = Query::default();
        let Taken {
            plural,
            more: after,
        } = take_gpu(catalog, w, &mut next);
        more = after;
        // "8x h100 or do i need h200s": cards named in the plural with no count of their own
        // are as many as the setup before them.
        if plural && next.gpu_count.is_none() {
            next.gpu_count = all.last().and_then(|(_, n)| *n).filter(|&n| n > 1);
        }
        match next.gpu {
            // "h100 or a100, is the h100 worth it": a card named again is the same card.
            Some(name) if next.gpu_count.is_none() && all.iter().any(|(n, _)| *n == name) => {}
            Some(name) => all.push((name, next.gpu_count)),
            None => break,
        }
    }
    all
}

/// Words that only ever open a card's name.
const CARD_BRANDS: &[&str] = &["rtx", "gtx", "rx", "radeon", "geforce", "quadro", "tesla"];

/// "rtx 9090": a brand word and a number the catalog does not know. Taken out so the
/// answer can suggest cards instead of ignoring it.
pub(super) fn take_unknown_gpu(catalog: &Catalog, w: &mut Work) -> Option<String> {
    let tokens = spans(&w.text);
    let i = tokens.windows(2).position(|pair| {
        let (brand, number) = (pair[0].2, pair[1].2);
        CARD_BRANDS.contains(&brand)
            && (3..=7).contains(&number.len())
            && number.bytes().next().is_some_and(|b| b.is_ascii_digit())
            // A model size ("70b") or a context ("32k") is not a card.
            && !number.ends_with(['b', 'm', 'k'])
            && !catalog.is_gpu_word(number)
    })?;
    let (start, end) = (tokens[i].0, tokens[i + 1].1);
    let name = format!("{} {}", tokens[i].2, tokens[i + 1].2);
    w.blank_range(start, end);
    Some(name)
}

/// A count of cards with no card named: "2 placas", "dos tarjetas", "2 gpus", "两张卡",
/// "双卡", "8卡". Latin words need a card noun after the count, so "dos" (of the) and a
/// bare number are never a count. Built from every language's count words and card
/// nouns ([`words::Words::count_words`], [`words::Words::card_nouns`]).
static BARE_COUNT: LazyLock<Regex> = LazyLock::new(|| {
    let alternation = |items: &mut dyn Iterator<Item = &'static str>| {
        let mut items: Vec<String> = items
            .map(|w| {
                let w = regex::escape(w).replace(' ', r"\s+");
                if w.is_ascii() { format!(r"{w}\b") } else { w }
            })
            .collect();
        // Longest first: "cards" before "card", "显卡" before "卡".
        items.sort_by_key(|w| std::cmp::Reverse(w.len()));
        items.dedup();
        items.join("|")
    };
    let (glued, spaced): (Vec<&dyn words::Words>, Vec<&dyn words::Words>) = words::ALL
        .iter()
        .partition(|w| !w.measure_words().is_empty());
    let words_of = |langs: &[&dyn words::Words], nouns: bool| -> Vec<&'static str> {
        langs
            .iter()
            .flat_map(|w| match nouns {
                true => w.card_nouns().to_vec(),
                false => w.count_words().iter().map(|&(c, _)| c).collect(),
            })
            .collect()
    };
    let spaced_counts = alternation(&mut words_of(&spaced, false).into_iter());
    let spaced_nouns = alternation(&mut words_of(&spaced, true).into_iter());
    let glued_counts = alternation(&mut words_of(&glued, false).into_iter());
    let glued_nouns = alternation(&mut words_of(&glued, true).into_iter());
    let measures = alternation(&mut glued.iter().flat_map(|w| w.measure_words().iter().copied()));
    re(&format!(
        r"\b(\d{{1,4}}x?\b|{spaced_counts})\s+(?:x\s+)?(?:{spaced_nouns})|(\d{{1,4}}|{glued_counts})\s*(?:(?:{measures})\s*(?:{glued_nouns})?|{glued_nouns})"
    ))
});

/// Every card noun and measure word: one of them is needed for a bare count (a cheap
/// test before the pattern runs).
static BARE_COUNT_NOUNS: LazyLock<AhoCorasick> = LazyLock::new(|| {
    let nouns = words::ALL
        .iter()
        .flat_map(|w| w.card_nouns().iter().chain(w.measure_words()));
    AhoCorasick::builder()
        .kind(Some(AhoCorasickKind::DFA))
        .build(nouns)
        .expect("a few short words build")
});

/// [`BARE_COUNT`]: how many cards the message counts without naming one; blanks it.
pub(super) fn take_bare_count(w: &mut Work) -> Option<u64> {
    if !BARE_COUNT_NOUNS.is_match(&w.text) {
        return None;
    }
    w.take(&BARE_COUNT, |c| {
        let n = match (c.get(1), c.get(2)) {
            (Some(word), _) => count_word(word.as_str()),
            (None, Some(han)) => count_word(han.as_str()),
            _ => None,
        };
        n.filter(|n| (1..=4096).contains(n))
    })
}
