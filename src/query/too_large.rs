//! Numbers past any amount or size the tool can mean ("$1e400", "18446744073709551615
//! MiB"): found before the amount and size patterns read their first digits, so the
//! question is refused saying so instead of being answered as "$1".

use std::sync::LazyLock;

/// Numbers past this mean nothing the tool can size or price: no budget, card, model or
/// context reaches a thousand trillion of anything.
const LARGEST_MEANINGFUL: f64 = 1e15;

static NUMBER: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r"(?-u:\b)\d+(?:\.\d+)?(?:[eE]\+?\d+)?").expect("valid pattern")
});

/// The first number of a question that is past any amount or size it could mean
/// ("1e400", "18446744073709551615"), as typed (at most 40 characters of it). Read before
/// the amount and size patterns, which would otherwise take its first digits ("$1e400" as
/// $1) or a value no card or model has.
pub fn out_of_range(text: &str) -> Option<String> {
    if !may_be_huge(text) {
        return None;
    }
    NUMBER.find_iter(text).find_map(|m| {
        let n: f64 = m.as_str().parse().ok()?;
        (!n.is_finite() || n >= LARGEST_MEANINGFUL).then(|| m.as_str().chars().take(40).collect())
    })
}

/// Whether `text` may hold such a number: one reaches 10^15 only with sixteen digits in
/// a row or an exponent after a digit. One pass over the bytes settles nearly every
/// question without the pattern.
fn may_be_huge(text: &str) -> bool {
    let mut run = 0;
    for b in text.bytes() {
        if b.is_ascii_digit() {
            run += 1;
            if run >= 16 {
                return true;
            }
        } else {
            if run > 0 && (b == b'e' || b == b'E') {
                return true;
            }
            run = 0;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_test_lets_every_huge_number_through() {
        for text in [
            "$1e400",
            "1E16 tokens",
            "1234567890123456",
            "x 99999999999999999999b",
        ] {
            assert!(may_be_huge(text), "{text}");
        }
        for text in [
            "llama 70b on 2x 4090 under $2000",
            "123456789012345 tokens",
            "1.5e",
        ] {
            assert_eq!(may_be_huge(text), text.ends_with('e'), "{text}");
        }
    }

    #[test]
    fn numbers_past_any_meaning_are_found_as_typed() {
        assert_eq!(
            out_of_range("best gpu for $1e400").as_deref(),
            Some("1e400")
        );
        assert_eq!(
            out_of_range("what runs on 18446744073709551615 MiB").as_deref(),
            Some("18446744073709551615")
        );
        assert_eq!(out_of_range("llama 70b on 2x 4090 under $2000"), None);
        assert_eq!(
            out_of_range("lr 1e-5, 128k context, 999999999999999 tokens"),
            None
        );
        assert_eq!(out_of_range("r18446744073709551615"), None);
        assert_eq!(
            out_of_range("llama 99999999999999999999b").as_deref(),
            Some("99999999999999999999")
        );
    }
}
