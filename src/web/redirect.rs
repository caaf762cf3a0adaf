//! Where `/lang?set=..&next=..` may send the browser back to: a path on this site, never
//! another site, and never a value that cannot be a `Location` header.
//!
//! Checking the text is not enough: browsers drop tabs and line breaks from URLs and read
//! `\` as `/`, so `/\t/evil.example` arrives at `//evil.example`. The target is refused
//! when it holds any such character (or its percent-encoding), then parsed the way a
//! browser does against a fixed origin, and kept only when it stays on that origin.

use url::Url;

/// The origin relative targets are resolved against; it never leaves this module.
const ORIGIN: &str = "http://vramguide.invalid/";
/// Longest target kept: a question and a few parameters.
const MAX_NEXT_BYTES: usize = 2048;

/// A same-origin path (with its query) for `next`, else `/`.
pub fn same_site(next: Option<&str>) -> String {
    next.and_then(resolve).unwrap_or_else(|| "/".to_string())
}

fn resolve(next: &str) -> Option<String> {
    if next.len() > MAX_NEXT_BYTES || !next.starts_with('/') || next.starts_with("//") {
        return None;
    }
    // Decoded again and again: `%2509` is a tab to whoever decodes twice.
    if next.chars().any(char::is_whitespace) {
        return None;
    }
    let mut text = next.to_string();
    for _ in 0..4 {
        if suspicious(&text) {
            return None;
        }
        let decoded = percent_decoded(&text);
        if decoded == text {
            break;
        }
        text = decoded;
    }
    if suspicious(&text) {
        return None;
    }
    let base = Url::parse(ORIGIN).ok()?;
    let url = base.join(next).ok()?;
    if url.origin() != base.origin() {
        return None;
    }
    let path = url.path();
    // "/.//x" normalizes to the path "//x", which a browser reads as a host.
    if !path.starts_with('/') || path.starts_with("//") {
        return None;
    }
    Some(match url.query() {
        Some(q) => format!("{path}?{q}"),
        None => path.to_string(),
    })
}

/// Characters a browser strips or reinterprets in a URL, and a protocol-relative start.
/// (An encoded space is fine: `/ask?q=llama%2070b` is a question.)
fn suspicious(s: &str) -> bool {
    s.starts_with("//")
        || s.chars()
            .any(|c| crate::sanitize::is_unsafe(c) || c == '\\')
}

/// One round of percent-decoding, lossy: `%09` and `%5C` show what they are.
fn percent_decoded(s: &str) -> String {
    let bytes: Vec<u8> = percent_decode(s.as_bytes());
    String::from_utf8_lossy(&bytes).into_owned()
}

fn percent_decode(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        if input[i] == b'%'
            && let (Some(hi), Some(lo)) = (
                input.get(i + 1).copied().and_then(hex),
                input.get(i + 2).copied().and_then(hex),
            )
        {
            out.push((hi * 16 + lo) as u8);
            i += 3;
        } else {
            out.push(input[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_on_this_site_are_kept() {
        assert_eq!(same_site(Some("/ask?q=llama")), "/ask?q=llama");
        assert_eq!(same_site(Some("/guide/nvlink")), "/guide/nvlink");
        assert_eq!(same_site(Some("/ask?q=中文")), "/ask?q=%E4%B8%AD%E6%96%87");
        assert_eq!(same_site(Some("/a/../b")), "/b");
        assert_eq!(same_site(Some("/ask?q=llama%2070b")), "/ask?q=llama%2070b");
        assert_eq!(same_site(None), "/");
    }

    #[test]
    fn anything_else_goes_home() {
        for evil in [
            "//evil.example",
            "/\t/evil.example",
            "/%09/evil.example",
            "/%2509/evil.example",
            "/\\evil.example",
            "/%5Cevil.example",
            "\\\\evil.example",
            "https://evil.example",
            "javascript:alert(1)",
            "/.//evil.example",
            "/\n/evil.example",
            "/\r\nSet-Cookie: x=1",
            "/\0",
            "/%00",
            "/\u{202E}x",
            "evil.example",
            "",
        ] {
            assert_eq!(same_site(Some(evil)), "/", "{evil:?}");
        }
    }
}
