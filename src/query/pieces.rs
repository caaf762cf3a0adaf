//! Splitting cleaned text into words at ASCII separator bytes.
//!
//! The parser splits the same short text several times (language words, GPU and model
//! tokens, leftovers). `str::split` with a char predicate and `split_ascii_whitespace`
//! decode and test one character at a time through a generic searcher, which costs more
//! than the rest of those passes; a byte loop gives the same words for a fraction.

/// The non-empty runs of `text` between bytes `is_sep` accepts, each with its byte offset.
///
/// `is_sep` must accept ASCII bytes only: UTF-8 never uses them inside a multi-byte
/// character, so every cut falls between characters and each piece is valid text.
pub(crate) fn pieces<F: Fn(u8) -> bool>(text: &str, is_sep: F) -> Pieces<'_, F> {
    Pieces {
        text,
        at: 0,
        is_sep,
    }
}

/// Iterator of [`pieces`]; generic over the test so that it inlines into the byte loops.
pub(crate) struct Pieces<'t, F> {
    text: &'t str,
    at: usize,
    is_sep: F,
}

impl<'t, F: Fn(u8) -> bool> Iterator for Pieces<'t, F> {
    type Item = (usize, &'t str);

    fn next(&mut self) -> Option<(usize, &'t str)> {
        let bytes = self.text.as_bytes();
        let mut at = self.at;
        while at < bytes.len() && (self.is_sep)(bytes[at]) {
            at += 1;
        }
        if at == bytes.len() {
            self.at = at;
            return None;
        }
        let start = at;
        while at < bytes.len() && !(self.is_sep)(bytes[at]) {
            at += 1;
        }
        self.at = at;
        // Both ends sit next to an ASCII byte or at an end of the text: char boundaries.
        self.text.get(start..at).map(|piece| (start, piece))
    }
}

/// ASCII whitespace, as `split_ascii_whitespace` splits on it.
#[inline]
pub(crate) fn is_ascii_space(b: u8) -> bool {
    b.is_ascii_whitespace()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_the_std_splitters() {
        for text in [
            "",
            "  ",
            "a",
            " llama  70b\tfp16 ",
            "两张 4090能跑",
            "x  y\n",
        ] {
            let ours: Vec<&str> = pieces(text, is_ascii_space).map(|(_, p)| p).collect();
            let std: Vec<&str> = text.split_ascii_whitespace().collect();
            assert_eq!(ours, std, "{text:?}");
            for (at, p) in pieces(text, is_ascii_space) {
                assert_eq!(&text[at..at + p.len()], p);
            }
        }
        let ours: Vec<&str> = pieces("a.b--c", |b| matches!(b, b'.' | b'-'))
            .map(|(_, p)| p)
            .collect();
        assert_eq!(ours, ["a", "b", "c"]);
    }
}
