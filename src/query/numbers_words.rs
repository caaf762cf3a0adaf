//! Model sizes written in words, as people type them in chat: "seventy billion",
//! "setenta bilhoes", "ciento ochenta mil millones", "七百亿".
//!
//! The parser works on lowercased, accent-stripped text, so the tables hold words in that
//! form. Only a number directly followed by a scale word ("billion", "bilhoes", "mil
//! millones", "亿") is rewritten, into the "70b" form the rest of the parser knows; counts
//! ("two 4090s", "dos tarjetas") are left alone, the GPU parser reads those itself. No
//! crate covers these four languages with the billion scales they use (Spanish "mil
//! millones", Chinese 亿 = 10^8), so the tables are small and ours: each language's are
//! in its word module ([`super::words`]).

use super::words::ALL;
use aho_corasick::{AhoCorasick, AhoCorasickKind};
use std::sync::LazyLock;

/// The value a number word adds, in any language ([`Words::number_words`]).
fn word_value(word: &str) -> Option<u32> {
    ALL.iter()
        .flat_map(|w| w.number_words())
        .find(|(w, _)| *w == word)
        .map(|&(_, v)| v)
}

/// What a multiplying word ("hundred") multiplies by.
fn multiplier(word: &str) -> Option<u32> {
    ALL.iter()
        .flat_map(|w| w.number_multipliers())
        .find(|(w, _)| *w == word)
        .map(|&(_, v)| v)
}

/// Whether `word` joins a number's parts ("e", "y", "and").
fn is_joiner(word: &str) -> bool {
    ALL.iter().any(|w| w.number_joiners().contains(&word))
}

/// The value of number words below a thousand ("one hundred eighty", "ciento ochenta",
/// "setenta e dois"); None when a word is not part of a number.
pub fn words_value(words: &[&str]) -> Option<u32> {
    let mut total = 0u32;
    let mut seen = false;
    for (i, &w) in words.iter().enumerate() {
        if let Some(m) = multiplier(w) {
            total = total.max(1) * m;
            continue;
        }
        if is_joiner(w) && i > 0 && i + 1 < words.len() {
            continue;
        }
        total += word_value(w)?;
        seen = true;
    }
    (seen && total > 0 && total < 1000).then_some(total)
}

/// The value of a Chinese numeral below ten thousand ("七百", "一百三十", "三百二十", "十三").
pub fn chinese_value(numeral: &str) -> Option<u32> {
    let digit = |c: char| -> Option<u32> {
        Some(match c {
            '零' | '〇' => 0,
            '一' => 1,
            '二' | '两' => 2,
            '三' => 3,
            '四' => 4,
            '五' => 5,
            '六' => 6,
            '七' => 7,
            '八' => 8,
            '九' => 9,
            _ => return None,
        })
    };
    let (mut total, mut pending) = (0u32, None::<u32>);
    for c in numeral.chars() {
        let unit = match c {
            '十' => 10,
            '百' => 100,
            '千' => 1000,
            _ => {
                pending = Some(digit(c)?);
                continue;
            }
        };
        // "十三" starts with the unit alone: one ten.
        total += pending.take().unwrap_or(1) * unit;
    }
    total += pending.unwrap_or(0);
    (total > 0).then_some(total)
}

/// Rewrite sizes in words into "70b"; everything else is kept as it is. The text must
/// be cleaned (lowercase, accents stripped, Chinese runs spaced off Latin words).
pub fn rewrite_sizes(text: &str) -> Option<String> {
    // Most messages hold no scale word and skip the walk.
    let latin = SCALE_OPENERS
        .is_match(text)
        .then(|| rewrite_latin(text))
        .flatten();
    let chinese = rewrite_chinese(latin.as_deref().unwrap_or(text));
    chinese.or(latin)
}

/// The first word of every language's scale words, found anywhere (a cheap test before
/// the walk over words).
static SCALE_OPENERS: LazyLock<AhoCorasick> = LazyLock::new(|| {
    let openers = ALL
        .iter()
        .flat_map(|w| w.billion_words())
        .filter_map(|s| s.first());
    AhoCorasick::builder()
        .kind(Some(AhoCorasickKind::DFA))
        .build(openers)
        .expect("a few short words build")
});

/// Whitespace-separated words with their byte spans (cleaned text has only ASCII spaces).
fn words(text: &str) -> Vec<(usize, usize, &str)> {
    super::pieces::pieces(text, super::pieces::is_ascii_space)
        .map(|(start, t)| (start, start + t.len(), t))
        .collect()
}

/// "seventy billion" -> "70b", "ciento ochenta mil millones" -> "180b".
fn rewrite_latin(text: &str) -> Option<String> {
    let toks = words(text);
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let mut scales = ALL.iter().flat_map(|w| w.billion_words());
        let Some(scale_len) = scales.find_map(|s| {
            let fits = toks.len() >= i + s.len()
                && s.iter().zip(&toks[i..]).all(|(w, &(_, _, t))| *w == t);
            fits.then_some(s.len())
        }) else {
            i += 1;
            continue;
        };
        // Walk back over number words to the longest run that reads as a number.
        let mut start = i;
        while start > 0 && {
            let t = toks[start - 1].2;
            word_value(t).is_some() || multiplier(t).is_some() || is_joiner(t)
        } {
            start -= 1;
        }
        while start < i && is_joiner(toks[start].2) {
            start += 1;
        }
        let run: Vec<&str> = toks[start..i].iter().map(|&(_, _, t)| t).collect();
        if let Some(n) = (!run.is_empty()).then(|| words_value(&run)).flatten() {
            let end = toks[i + scale_len - 1].1;
            edits.push((toks[start].0, end, format!("{n}b")));
        }
        i += scale_len;
    }
    apply(text, edits)
}

/// "七百亿" -> "70b", "一百三十亿" -> "13b" (亿 is 10^8).
fn rewrite_chinese(text: &str) -> Option<String> {
    let mut edits = Vec::new();
    for (at, _) in text.match_indices('亿') {
        let numeral_start = text[..at]
            .char_indices()
            .rev()
            .take_while(|&(_, c)| "零〇一二两三四五六七八九十百千".contains(c))
            .last()
            .map(|(i, _)| i);
        let Some(start) = numeral_start else { continue };
        if let Some(n) = chinese_value(&text[start..at]) {
            let size = f64::from(n) / 10.0;
            edits.push((start, at + '亿'.len_utf8(), format!(" {size}b ")));
        }
    }
    apply(text, edits)
}

fn apply(text: &str, edits: Vec<(usize, usize, String)>) -> Option<String> {
    if edits.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (start, end, with) in edits {
        out.push_str(&text[last..start]);
        out.push_str(&with);
        last = end;
    }
    out.push_str(&text[last..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_words_in_four_languages() {
        let cases = [
            ("seventy billion", "70b"),
            (
                "one hundred and eighty billion parameters",
                "180b parameters",
            ),
            ("setenta bilhoes", "70b"),
            ("treze bilhoes", "13b"),
            ("setenta e dois bilhoes", "72b"),
            ("setenta mil millones", "70b"),
            ("ciento ochenta mil millones", "180b"),
            ("七百亿 参数", " 70b  参数"),
            ("一百三十亿", " 13b "),
            ("三百二十亿", " 32b "),
            ("十五亿", " 1.5b "),
        ];
        for (text, want) in cases {
            assert_eq!(rewrite_sizes(text).as_deref(), Some(want), "{text}");
        }
    }

    #[test]
    fn leaves_counts_and_plain_text_alone() {
        assert_eq!(rewrite_sizes("two 4090s for llama 70b"), None);
        assert_eq!(rewrite_sizes("dos tarjetas de mil euros"), None);
        assert_eq!(rewrite_sizes("billion"), None);
        assert_eq!(rewrite_sizes("亿"), None);
    }

    #[test]
    fn chinese_numerals() {
        assert_eq!(chinese_value("七百"), Some(700));
        assert_eq!(chinese_value("一百三十"), Some(130));
        assert_eq!(chinese_value("十三"), Some(13));
        assert_eq!(chinese_value("两千零五"), Some(2005));
        assert_eq!(chinese_value("x"), None);
    }
}
