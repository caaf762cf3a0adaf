//! Cleaning a message before its fields are read: decimal commas, lowercase, accents
//! stripped, the punctuation names use kept, Chinese runs spaced off Latin words and digits,
//! currency signs turned into words.

use super::parse::re;
use regex::{Captures, Regex};
use std::borrow::Cow;
use std::sync::LazyLock;

/// "2,5" -> "2.5", "1,5b" -> "1.5b" (a decimal comma, as Portuguese and Spanish write
/// versions and sizes: "qwen 2,5 7b"), "32,768" -> "32768" (a thousands separator); other commas stay and
/// [`clean`] turns them into spaces.
pub(super) fn decimal_commas(text: &str) -> Cow<'_, str> {
    static COMMA: LazyLock<Regex> = LazyLock::new(|| re(r"(\d),(\d{1,3})([bkm]?)\b"));
    if !text.contains(',') {
        return Cow::Borrowed(text);
    }
    COMMA.replace_all(text, |c: &Captures| {
        if c[2].len() == 3 {
            format!("{}{}{}", &c[1], &c[2], &c[3])
        } else {
            format!("{}.{}{}", &c[1], &c[2], &c[3])
        }
    })
}

/// Lowercase, strip accents, keep the punctuation names use ("q4_k_m", "llama.cpp",
/// "deepseek-r1:14b", "org/model"), space Chinese runs off Latin words and digits.
pub(super) fn clean(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    // Most questions are ASCII: no Chinese run to space off, no character to decompose.
    if text.is_ascii() {
        for &b in text.as_bytes() {
            if b == b'$' {
                out.push_str(" usd ");
            } else {
                let l = b.to_ascii_lowercase();
                out.push(if kept(l) { char::from(l) } else { ' ' });
            }
        }
        return out;
    }
    let mut prev_han: Option<bool> = None;
    for c in text.chars() {
        if c.is_ascii() {
            emit_ascii(c as u8, &mut out, &mut prev_han);
        } else if is_han(c) {
            // CJK ideographs have no decomposition: skip the NFKD machinery for them.
            emit(c, &mut out, &mut prev_han);
        } else {
            unicode_normalization::char::decompose_compatible(c, |d| {
                emit(d, &mut out, &mut prev_han)
            });
        }
    }
    out
}

/// The common case of [`clean`]: an ASCII byte, already its own decomposition.
fn emit_ascii(b: u8, out: &mut String, prev_han: &mut Option<bool>) {
    if b == b'$' {
        // "$2000", "R$ 10 mil", "US$ 1.500": a word the budget pattern reads.
        out.push_str(" usd ");
        *prev_han = None;
        return;
    }
    let l = b.to_ascii_lowercase();
    if !kept(l) {
        out.push(' ');
        *prev_han = None;
        return;
    }
    if *prev_han == Some(true) {
        out.push(' ');
    }
    out.push(char::from(l));
    *prev_han = Some(false);
}

/// Whether a lower-cased ASCII byte stays in the cleaned text (else it becomes a space).
fn kept(l: u8) -> bool {
    l.is_ascii_alphanumeric() || matches!(l, b'.' | b'_' | b'-' | b'/' | b':' | b'=')
}

/// One character of a decomposition: lowercased, marks dropped, Chinese runs spaced off.
fn emit(c: char, out: &mut String, prev_han: &mut Option<bool>) {
    // The two unified ideograph blocks are letters throughout, with no case and no marks:
    // kept as they are, without the three Unicode table look-ups below.
    if matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}') {
        if *prev_han == Some(false) {
            out.push(' ');
        }
        out.push(c);
        *prev_han = Some(true);
        return;
    }
    if unicode_normalization::char::is_combining_mark(c) {
        return;
    }
    let c = match c {
        '×' => 'x',
        '€' | '¥' => {
            out.push_str(if c == '€' { " eur " } else { " cny " });
            *prev_han = None;
            return;
        }
        c => c,
    };
    let han = is_han(c);
    for l in c.to_lowercase() {
        let keep = l.is_alphanumeric() || matches!(l, '.' | '_' | '-' | '/' | ':' | '=');
        let mapped = if keep { l } else { ' ' };
        if mapped != ' '
            && let Some(p) = *prev_han
            && p != han
        {
            out.push(' ');
        }
        out.push(mapped);
        *prev_han = if mapped == ' ' { None } else { Some(han) };
    }
}

pub(super) fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}')
}
