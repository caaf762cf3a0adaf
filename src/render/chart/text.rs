//! Type in the SVG: escaped, measured and cut to fit, since the SVG cannot wrap or measure
//! its own text.

use std::fmt::Write as _;

/// XML-escape text for an element or a double-quoted attribute.
pub(super) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // XML 1.0 has no place for other control characters.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// About how wide `s` is at `size` px: CJK and full-width forms are square, Latin about
/// 0.58 em (bold 0.62). Used to cut labels and place the legend, so it errs wide.
pub(super) fn text_width(s: &str, size: f64, bold: bool) -> f64 {
    let (latin, wide) = if bold { (0.64, 0.92) } else { (0.6, 0.88) };
    s.chars()
        .map(|c| match c {
            '\u{2e80}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}' => 1.0,
            'M' | 'W' | 'm' | 'w' | '×' => wide,
            ' ' | '.' | ',' | 'i' | 'l' | 'I' | 'j' | '·' => 0.3,
            _ => latin,
        })
        .sum::<f64>()
        * size
}

/// `s` cut with "…" to fit `width` px.
pub(super) fn fit_text(s: &str, size: f64, bold: bool, width: f64) -> String {
    if text_width(s, size, bold) <= width {
        return s.to_string();
    }
    let mut out = String::new();
    for c in s.chars() {
        out.push(c);
        if text_width(&out, size, bold) + size * 0.6 > width {
            out.pop();
            break;
        }
    }
    out.trim_end().to_string() + "…"
}

/// A text element; `attrs` are extra attributes written as given.
pub(super) fn text(
    out: &mut String,
    x: f64,
    y: f64,
    size: f64,
    fill: &str,
    attrs: &str,
    body: &str,
) {
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" fill="{fill}"{attrs}>{}</text>"#,
        esc(body)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_labels_are_cut() {
        let cut = fit_text(&"x".repeat(200), 27.0, true, 300.0);
        assert!(cut.ends_with('…') && text_width(&cut, 27.0, true) <= 300.0);
        assert_eq!(fit_text("short", 27.0, true, 300.0), "short");
    }
}
