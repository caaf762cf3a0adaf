//! Text that came from a user and goes back out (a page, a JSON reply, the query log, the
//! operator's terminal) passes through here, so every surface drops the same characters.
//!
//! What goes: control characters (an ESC in a logged question clears the operator's
//! screen or colours it when `vramguide stats` prints it), bidirectional overrides and
//! marks (U+202E makes a question read backwards), and invisible characters (zero-width
//! spaces and joiners, tag characters, supplementary variation selectors) that hide words
//! or smuggle text past a reader. Line breaks and tabs become spaces.

/// True for characters that change how text is displayed without being seen: bidi
/// controls, zero-width and other invisible format characters, tag characters.
pub fn is_hidden(c: char) -> bool {
    matches!(c,
        // Bidi marks, embeddings, overrides and isolates.
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        // Zero-width space, joiners, word joiner, invisible operators, deprecated formats.
        | '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}' | '\u{206A}'..='\u{206F}'
        // Soft hyphen, grapheme joiner, Hangul and Khmer fillers, Mongolian separator.
        | '\u{00AD}' | '\u{034F}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180E}' | '\u{3164}' | '\u{FFA0}'
        // Byte order mark, interlinear annotation.
        | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}'
        // Shorthand and musical format controls.
        | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}'
        // Tag characters and supplementary variation selectors: invisible payloads.
        | '\u{E0000}'..='\u{E007F}' | '\u{E0100}'..='\u{E01EF}'
    )
}

/// True for characters that break a line or a column: tabs, line feeds, U+2028...
fn is_break(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// True for what [`clean`] removes or replaces.
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || is_hidden(c) || is_break(c)
}

/// The text without control, bidi and invisible characters; line breaks and tabs become
/// spaces so words stay apart. What every route echoes and logs.
pub fn clean(text: &str) -> String {
    if is_printable_ascii(text) || !text.chars().any(is_unsafe) {
        return text.to_string();
    }
    text.chars()
        .filter_map(|c| match c {
            c if is_break(c) => Some(' '),
            c if c.is_control() || is_hidden(c) => None,
            c => Some(c),
        })
        .collect()
}

/// [`clean`], with runs of whitespace collapsed to one space and the ends trimmed: the
/// form under which two questions that read the same are the same.
pub fn one_line(text: &str) -> String {
    if is_one_line_ascii(text) {
        return text.to_string();
    }
    clean(text).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// True for printable ASCII alone (space to `~`), which [`clean`] keeps as it is: most
/// questions, told apart a byte at a time instead of a character through every class.
fn is_printable_ascii(text: &str) -> bool {
    text.bytes().all(|b| (b' '..=b'~').contains(&b))
}

/// True for printable ASCII already on one line: single spaces between words and none at
/// the ends, as [`one_line`] writes it (the API's clients send questions that way).
fn is_one_line_ascii(text: &str) -> bool {
    let mut after_space = true;
    for b in text.bytes() {
        let space = b == b' ';
        if !(b' '..=b'~').contains(&b) || (space && after_space) {
            return false;
        }
        after_space = space;
    }
    !after_space || text.is_empty()
}

/// At most `max` characters of `text` (cut on a character boundary).
pub fn truncate(text: &str, max: usize) -> &str {
    // No more bytes than `max`, so no more characters either.
    if text.len() <= max {
        return text;
    }
    match text.char_indices().nth(max) {
        Some((cut, _)) => &text[..cut],
        None => text,
    }
}

/// The text with every unsafe character written out as `\u{…}`: for the operator's
/// terminal, which should show that someone sent an escape sequence, not run it.
pub fn visible(text: &str) -> String {
    if !text.chars().any(is_unsafe) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_unsafe(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// JSON text with hidden characters written as `\uXXXX` escapes: the same JSON value,
/// but nothing in it reorders or hides text on a terminal. serde_json already escapes
/// control characters; hidden ones only occur inside strings, where escapes are valid.
pub fn json_escaped(json: &str) -> String {
    if !json.chars().any(is_hidden) {
        return json.to_string();
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if is_hidden(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOSTILE: &str = "a\u{1b}[2J\u{1b}[31mb\u{202E}c\u{200B}d\u{E0041}e\tf\ng\u{0}h\u{FEFF}i";

    #[test]
    fn clean_drops_controls_bidi_and_invisibles() {
        assert_eq!(clean(HOSTILE), "a[2J[31mbcde f ghi");
        assert_eq!(clean("llama 70b · 中文 ❤"), "llama 70b · 中文 ❤");
        assert!(!clean(HOSTILE).chars().any(is_unsafe));
    }

    #[test]
    fn one_line_collapses_whitespace() {
        assert_eq!(
            one_line("  llama\n\n70b\t fp16 \u{200B} "),
            "llama 70b fp16"
        );
    }

    #[test]
    fn text_already_on_one_line_comes_back_as_it_is() {
        for text in ["llama 70b fp16", "a", "", "x = 2*y ~ z!"] {
            assert_eq!(one_line(text), text);
            assert_eq!(clean(text), text);
        }
        for (text, line) in [
            (" a", "a"),
            ("a ", "a"),
            ("a  b", "a b"),
            (" ", ""),
            ("a\tb", "a b"),
        ] {
            assert_eq!(one_line(text), line, "{text:?}");
        }
        assert_eq!(clean("a\u{7f}b  c"), "ab  c");
    }

    #[test]
    fn visible_spells_out_what_it_replaces() {
        let v = visible(HOSTILE);
        assert!(v.starts_with("a\\u{1b}[2J"), "{v}");
        assert!(v.contains("\\u{202e}") && v.contains("\\u{e0041}"));
        assert!(!v.chars().any(is_unsafe));
    }

    #[test]
    fn json_escapes_keep_the_value() {
        let value = serde_json::json!({ "q": HOSTILE });
        let text = json_escaped(&value.to_string());
        assert!(!text.chars().any(is_unsafe), "{text}");
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }

    #[test]
    fn truncate_counts_characters() {
        assert_eq!(truncate("中文字", 2), "中文");
        assert_eq!(truncate("ab", 5), "ab");
        assert_eq!(truncate("中文字", 3), "中文字");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("abcd", 3), "abc");
    }
}
