//! Which language a message is written in: Chinese by its script, Portuguese, Spanish and
//! English by the words people use to ask (question words, verbs, articles), which each
//! language keeps in its own word module ([`super::words`]).
//!
//! Short messages made only of names and numbers ("llama 70b fp16") have no language of
//! their own; `detect` then returns None and the caller's locale decides.

use crate::vocab::Lang;
use aho_corasick::{AhoCorasick, AhoCorasickKind};
use rustc_hash::FxHashMap as HashMap;
use std::sync::LazyLock;

/// Words both Portuguese and Spanish use: they count for neither.
const SHARED_IBERIAN: &[&str] = &[
    "usa",
    // Latin American Spanish says "placa de video" too.
    "placa",
    "placas",
    "memoria",
    "ajuste",
    "fino",
    "comprar",
    "usuarios",
    "quatro",
    "cuatro",
    "tres",
    "para",
    "precision",
    "suficiente",
    "usar",
    "funciona",
    "compro",
];

/// Every Portuguese and Spanish telling phrase in one automaton, with its language and
/// weight: one pass over the text instead of a substring search per phrase (those
/// searches were a twentieth of a whole ask).
static PHRASES: LazyLock<(AhoCorasick, Vec<(Lang, f64)>)> = LazyLock::new(|| {
    let mut patterns = Vec::new();
    let mut weights = Vec::new();
    for words in [super::words::of(Lang::Pt), super::words::of(Lang::Es)] {
        for &(phrase, weight) in words.telling_phrases() {
            patterns.push(phrase);
            weights.push((words.lang(), weight));
        }
    }
    // Each phrase counts once, marked in a 64-bit set.
    assert!(
        patterns.len() <= 64,
        "more telling phrases than the set holds"
    );
    let automaton = AhoCorasick::builder()
        .kind(Some(AhoCorasickKind::DFA))
        .build(patterns)
        .expect("a few short phrases build");
    (automaton, weights)
});

/// The Portuguese and Spanish weights of the telling phrases that stand in `text` as
/// whole words ("o que" is not in "lo que"), each phrase counted once.
fn phrase_weights(text: &str) -> (f64, f64) {
    let (automaton, weights) = &*PHRASES;
    let bytes = text.as_bytes();
    let mut seen = 0u64;
    let (mut pt, mut es) = (0.0, 0.0);
    for m in automaton.find_overlapping_iter(text) {
        let (start, end) = (m.start(), m.end());
        let open = start == 0 || !bytes[start - 1].is_ascii_alphanumeric();
        let close = end == bytes.len() || !bytes[end].is_ascii_alphanumeric();
        let id = m.pattern().as_usize();
        if !open || !close || seen & (1 << id) != 0 {
            continue;
        }
        seen |= 1 << id;
        match weights[id] {
            (Lang::Pt, w) => pt += w,
            (_, w) => es += w,
        }
    }
    (pt, es)
}

/// " o " right after a word with a digit in it. Each lone "o" is found byte by byte: a
/// substring searcher costs more to set up than a question is long.
fn or_after_number(text: &str) -> bool {
    let bytes = text.as_bytes();
    (1..bytes.len().saturating_sub(1)).any(|i| {
        if bytes[i] != b'o' || bytes[i - 1] != b' ' || bytes[i + 1] != b' ' {
            return false;
        }
        // The space before the "o" is ASCII: a character boundary.
        let word = text[..i - 1].rsplit(' ').next().unwrap_or("");
        // "4070 ti super o 3090": a card's closing brand word is part of its number.
        word.bytes().any(|b| b.is_ascii_digit()) || BRAND_WORDS.contains(&word)
    })
}

/// Product words that are part of a card's or a machine's name ("RTX PRO 6000", "M3
/// Max", "4070 Super", "4060 Ti"): beside such a name they are no language's word.
const BRAND_WORDS: &[&str] = &["pro", "max", "ultra", "super", "ti", "plus"];

/// Whether a word belongs to a product name a brand word can sit beside.
fn is_product_word(w: &str) -> bool {
    w.bytes().any(|b| b.is_ascii_digit())
        || BRAND_WORDS.contains(&w)
        || matches!(
            w,
            "rtx" | "gtx" | "quadro" | "macbook" | "mac" | "ipad" | "studio"
        )
}

/// Hand every word to `count` except brand words next to a product word.
fn without_brands<'w>(words: impl Iterator<Item = &'w str>, mut count: impl FnMut(&'w str)) {
    let mut prev = "";
    // A brand word after an ordinary one waits to see the word that follows it.
    let mut held: Option<&str> = None;
    for w in words {
        if w.is_empty() {
            continue;
        }
        if let Some(h) = held.take()
            && !is_product_word(w)
        {
            count(h);
        }
        if BRAND_WORDS.contains(&w) {
            if !is_product_word(prev) {
                held = Some(w);
            }
        } else {
            count(w);
        }
        prev = w;
    }
    if let Some(h) = held {
        count(h);
    }
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}')
}

/// word -> (pt, es, en) weight, built once from the lists above.
static WEIGHTS: LazyLock<HashMap<&'static str, (f64, f64, f64)>> = LazyLock::new(|| {
    let mut map: HashMap<&'static str, (f64, f64, f64)> = HashMap::default();
    for words in super::words::ALL {
        for w in words.telling_words() {
            let weight = map.entry(*w).or_default();
            match words.lang() {
                Lang::Pt => weight.0 = 1.0,
                Lang::Es => weight.1 = 1.0,
                Lang::En => weight.2 = 1.0,
                Lang::Zh => {}
            }
        }
    }
    for w in SHARED_IBERIAN {
        let lean = if *w == "para" { 0.5 } else { 0.3 };
        map.insert(w, (0.3, lean, 0.0));
    }
    map
});

/// Every word that tells a language: ordinary question words, never a model or GPU.
pub fn words() -> impl Iterator<Item = &'static str> {
    WEIGHTS.keys().copied()
}

/// Detect the language of `text`; None when it has no telling words.
pub fn detect(text: &str) -> Option<Lang> {
    detect_cleaned(text, &crate::catalog::normalize(&text.to_lowercase()))
}

/// Detect from the raw text (for script and accents) and its lowercased, accent-stripped
/// form (for words), when the caller has already made it.
pub fn detect_cleaned(text: &str, cleaned: &str) -> Option<Lang> {
    let mut pt: f64 = 0.0;
    let mut es: f64 = 0.0;
    let mut en: f64 = 0.0;
    // Any Chinese character settles it; else letters and marks only one of the languages
    // uses count. An ASCII text has neither.
    if !text.is_ascii() {
        for c in text.chars() {
            match c {
                c if is_han(c) => return Some(Lang::Zh),
                'ã' | 'õ' | 'ç' | 'ê' | 'ô' | 'à' => pt += 1.5,
                'ñ' | '¿' | '¡' => es += 1.5,
                _ => {}
            }
        }
    }
    let count = |word: &str| {
        // Every telling word starts with a lower-case ASCII letter: numbers and sizes
        // ("70b" starts with a digit) are settled without hashing them.
        if !word.as_bytes().first().is_some_and(u8::is_ascii_lowercase) {
            return;
        }
        if let Some((p, s, e)) = WEIGHTS.get(word) {
            pt += p;
            es += s;
            en += e;
        }
    };
    // Cleaned text is mostly ASCII, where bytes split it as its characters would.
    if cleaned.is_ascii() {
        let is_sep = |b: u8| !b.is_ascii_alphanumeric();
        without_brands(
            super::pieces::pieces(cleaned, is_sep).map(|(_, w)| w),
            count,
        );
    } else {
        without_brands(cleaned.split(|c: char| !c.is_alphanumeric()), count);
    }
    // Phrases that settle short questions whose words both languages share: "dá pra",
    // "o que é", "quanto de" are Portuguese; "qué es", "qué son" Spanish.
    let (pt_phrases, es_phrases) = phrase_weights(cleaned);
    pt += pt_phrases;
    es += es_phrases;
    // "a6000 o l40s": a lone "o" after a card or a number is Spanish "or" (Portuguese
    // writes "ou"; its article "o" comes before nouns, not after numbers).
    if or_after_number(cleaned) {
        es += 1.0;
    }
    let best = pt.max(es).max(en);
    if best < 1.0 {
        // Only words both Iberian languages share ("5090 vs rtx pro 6000 para ia"): not
        // English; Brazilians write "pra", so a lone "para" leans Spanish.
        return (en == 0.0 && es > pt).then_some(Lang::Es);
    }
    if en == best && en > pt && en > es {
        Some(Lang::En)
    } else if pt > es {
        Some(Lang::Pt)
    } else if es > pt {
        Some(Lang::Es)
    } else if en == best {
        Some(Lang::En)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`detect_cleaned`] hashes only words that start with a lower-case ASCII letter.
    #[test]
    fn telling_words_start_with_a_lowercase_letter() {
        for w in words() {
            assert!(w.as_bytes()[0].is_ascii_lowercase(), "{w}");
        }
    }

    #[test]
    fn tells_languages_apart() {
        assert_eq!(
            detect("quanta VRAM preciso pro llama 3 70b?"),
            Some(Lang::Pt)
        );
        assert_eq!(
            detect("¿cuánta VRAM necesito para llama 3 70b?"),
            Some(Lang::Es)
        );
        assert_eq!(detect("dá pra rodar qwen 32b numa 4090"), Some(Lang::Pt));
        assert_eq!(detect("puedo correr qwen 32b en una 4090"), Some(Lang::Es));
        assert_eq!(detect("can we run llama 70b in fp16?"), Some(Lang::En));
        assert_eq!(detect("两张4090能跑70B吗"), Some(Lang::Zh));
        assert_eq!(detect("llama 70b fp16"), None);
    }

    #[test]
    fn brand_words_never_vote() {
        assert_eq!(
            detect("gpt oss 120b fits in 96gb? thinking rtx pro 6000"),
            Some(Lang::En)
        );
        assert_eq!(detect("y si uso 2 placas?"), Some(Lang::Es));
        assert_eq!(detect("e com 2 placas?"), Some(Lang::Pt));
        // "pro" as Portuguese "para o" still counts.
        assert_eq!(detect("quanto de vram pro llama 70b"), Some(Lang::Pt));
    }
}
