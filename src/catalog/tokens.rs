//! Text normalization shared by catalog lookup and the question parser.

use unicode_normalization::UnicodeNormalization;

/// Lowercase, strip accents, turn separators into spaces, keep dots inside numbers.
///
/// "Llama-3.1_70B/Instruct" -> "llama 3.1 70b instruct". Accents are stripped so "memória"
/// and "memoria" compare equal where that is wanted; CJK characters pass unchanged.
pub fn normalize(text: &str) -> String {
    if text.is_ascii() {
        // The common case on the reply path: no decomposition, and a byte map instead of
        // pushing characters one by one.
        let bytes: Vec<u8> = text
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b == b'.' {
                    b.to_ascii_lowercase()
                } else {
                    b' '
                }
            })
            .collect();
        // ASCII mapped to ASCII is UTF-8: the lossy fallback never runs.
        return String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    }
    let mut out = String::with_capacity(text.len());
    for c in text.nfkd() {
        if unicode_normalization::char::is_combining_mark(c) {
            continue;
        }
        for l in c.to_lowercase() {
            if l.is_alphanumeric() || l == '.' {
                out.push(l);
            } else {
                out.push(' ');
            }
        }
    }
    out
}

/// Letter prefixes that glue onto a version or size ("llama3.1", "qwen2.5", "rtx4090").
const GLUED_PREFIXES: &[&str] = &[
    "llama", "qwen", "gemma", "mistral", "mixtral", "phi", "falcon", "bloom", "rtx", "gtx",
    "deepseek", "gptoss", "neox",
];

/// Split normalized text into lookup tokens.
///
/// Splits "llama3.1" into "llama" "3.1", joins "70 b" into "70b", trims stray dots.
pub fn tokenize(text: &str) -> Vec<String> {
    let norm = normalize(text);
    // Names and questions' words run to a few tokens: one allocation, no regrowing.
    let mut out: Vec<String> = Vec::with_capacity(4);
    // `normalize` leaves ASCII spaces as the only whitespace.
    for raw in norm.split_ascii_whitespace() {
        let word = raw.trim_matches('.');
        if word.is_empty() {
            continue;
        }
        split_glued(word, &mut out);
    }
    out
}

/// Split "llama3.1" / "qwenn3" (a word of four letters or more, or a known short prefix,
/// glued to a number) into the word and the number; short codes like "a100", "fp16",
/// "int8", "mi300x" stay whole.
fn split_glued(word: &str, out: &mut Vec<String>) {
    let letters = word.bytes().take_while(u8::is_ascii_alphabetic).count();
    let (name, rest) = word.split_at(letters);
    // Every prefix is letters only, so one glued to a number is exactly the letters.
    let glued = rest.starts_with(|c: char| c.is_ascii_digit())
        && ((letters >= 4 && !word.starts_with("float")) || GLUED_PREFIXES.contains(&name));
    if glued {
        push_joined(out, name);
        push_joined(out, rest);
    } else {
        push_joined(out, word);
    }
}

/// Push a token, joining a lone "b" onto the number before it: "70" "b" -> "70b",
/// "8x7" "b" -> "8x7b".
fn push_joined(out: &mut Vec<String>, token: &str) {
    if token == "b"
        && let Some(last) = out.last_mut()
        && last.ends_with(|c: char| c.is_ascii_digit())
    {
        last.push('b');
        return;
    }
    out.push(token.to_string());
}

/// A size token such as "70b", "0.5b", "8x7b" in billions (8x7b counts as 8 x 7).
pub fn size_b(token: &str) -> Option<f64> {
    let body = token.strip_suffix('b')?;
    if let Some((n, per)) = body.split_once('x') {
        let n: f64 = n.parse().ok()?;
        let per: f64 = per.parse().ok()?;
        return Some(n * per);
    }
    if body.starts_with(|c: char| c.is_ascii_digit()) {
        body.parse().ok()
    } else {
        None
    }
}

/// A version token: "3", "3.1", "2.5", "v3", "r1", "v0.3".
pub fn is_version(token: &str) -> bool {
    let body = token
        .strip_prefix('v')
        .or_else(|| token.strip_prefix('r'))
        .unwrap_or(token);
    !body.is_empty()
        && body.chars().all(|c| c.is_ascii_digit() || c == '.')
        && body.starts_with(|c: char| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_and_joins() {
        assert_eq!(
            tokenize("Llama-3.1-70B-Instruct"),
            ["llama", "3.1", "70b", "instruct"]
        );
        assert_eq!(tokenize("llama3 70b"), ["llama", "3", "70b"]);
        assert_eq!(tokenize("qwen2.5 32 b"), ["qwen", "2.5", "32b"]);
        assert_eq!(
            tokenize("meta-llama/Llama-3.1-8B"),
            ["meta", "llama", "llama", "3.1", "8b"]
        );
        assert_eq!(tokenize("deepseek-r1:70b"), ["deepseek", "r1", "70b"]);
        assert_eq!(tokenize("RTX4090"), ["rtx", "4090"]);
        assert_eq!(normalize("Memória"), "memoria");
    }

    #[test]
    fn sizes_and_versions() {
        assert_eq!(size_b("70b"), Some(70.0));
        assert_eq!(size_b("0.5b"), Some(0.5));
        assert_eq!(size_b("8x7b"), Some(56.0));
        assert_eq!(size_b("b"), None);
        assert_eq!(size_b("a3b"), None);
        assert!(is_version("3.1") && is_version("r1") && is_version("v3"));
        assert!(!is_version("70b") && !is_version("rtx"));
    }
}
