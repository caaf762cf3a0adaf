//! JSON as Python writes it: `Infinity`, `-Infinity` and `NaN` as bare words.
//!
//! Python's `json.dump` writes non-finite floats that way and some published configs carry
//! them (Nemotron-H's `time_step_limit: [0.0, Infinity]`); serde_json rejects the whole
//! file. The words are replaced by `null` outside strings, byte for byte in a copy, so no
//! field we read changes and nothing inside a string is touched.

/// Parse `bytes` as JSON, reading Python's non-finite numbers as `null`.
pub fn parse(bytes: &[u8]) -> Result<serde_json::Value, serde_json::Error> {
    match serde_json::from_slice(bytes) {
        Ok(v) => Ok(v),
        Err(first) => match without_non_finite(bytes) {
            Some(fixed) => serde_json::from_slice(&fixed),
            None => Err(first),
        },
    }
}

/// The words Python writes for non-finite floats, longest first (`-Infinity` before its
/// tail).
const WORDS: &[&[u8]] = &[b"-Infinity", b"Infinity", b"NaN"];

/// A copy of `bytes` with each non-finite word outside strings replaced by `null` (the
/// longer ones padded with spaces), or None when there is none.
fn without_non_finite(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut changed = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            out.push(b);
            i += 1;
            continue;
        }
        if b == b'"' {
            in_string = true;
            out.push(b);
            i += 1;
            continue;
        }
        if let Some(word) = WORDS.iter().find(|w| bytes[i..].starts_with(w)) {
            out.extend_from_slice(b"null");
            out.extend(std::iter::repeat_n(b' ', word.len().saturating_sub(4)));
            i += word.len();
            changed = true;
            continue;
        }
        out.push(b);
        i += 1;
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_finite_words_become_null_outside_strings() {
        let v = parse(br#"{"a": [0.0, Infinity], "b": -Infinity, "c": NaN, "d": "NaN Infinity"}"#)
            .unwrap();
        assert!(v["a"][1].is_null() && v["b"].is_null() && v["c"].is_null());
        assert_eq!(v["d"], "NaN Infinity");
        let v = parse(br#"{"e": "a \"Infinity\" b", "f": 1}"#).unwrap();
        assert_eq!(v["f"], 1);
        assert!(parse(b"{\"a\": Infinit}").is_err());
        assert!(parse(b"Infinity").unwrap().is_null());
    }
}
