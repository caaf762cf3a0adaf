//! Answers for a terminal: the renderers write Markdown (Discord and the web read it), a
//! terminal wants plain text, in colour when it is one. `--format markdown` keeps the
//! Markdown for pasting.

use anstyle::{AnsiColor, Style};

/// How text answers are printed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Plain text, with colour on a terminal (NO_COLOR turns it off).
    #[default]
    Text,
    /// The Markdown the bot posts, for pasting into Discord, GitHub or a chat.
    Markdown,
}

const STRONG: Style = Style::new().bold();
const CODE: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Cyan)));
const GOOD: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));
const BAD: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));

/// Markdown emphasis and code spans as terminal styles; a verdict line (✅ / ❌) in green or
/// red. The escape codes are stripped again by [`print`] when stdout is not a terminal.
pub fn styled(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len() + 64);
    for (i, line) in markdown.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let verdict = if line.starts_with('✅') {
            Some(GOOD)
        } else if line.starts_with('❌') {
            Some(BAD)
        } else {
            None
        };
        if let Some(style) = verdict {
            out.push_str(&format!("{}", style.render()));
        }
        spans_into(&mut out, line, verdict.unwrap_or_default());
        if verdict.is_some() {
            out.push_str(&format!("{}", Style::new().render_reset()));
        }
    }
    out
}

/// One line: `**strong**` and `` `code` `` become styles, returning to `base` after each.
fn spans_into(out: &mut String, line: &str, base: Style) {
    // Back to the line's style, bold again inside a `**` span.
    let restore = |out: &mut String, strong: bool| {
        out.push_str(&format!("{}{}", Style::new().render_reset(), base.render()));
        if strong {
            out.push_str(&format!("{}", STRONG.render()));
        }
    };
    let mut rest = line;
    let mut strong = false;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("**") {
            strong = !strong;
            restore(out, strong);
            rest = after;
        } else if let Some(after) = rest.strip_prefix('`')
            && let Some(end) = after.find('`')
        {
            out.push_str(&format!("{}{}", CODE.render(), &after[..end]));
            restore(out, strong);
            rest = &after[end + 1..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
}

/// Print a text answer: Markdown as is, or styled text that `anstream` strips to plain
/// when stdout is a pipe or a file, or NO_COLOR is set.
pub fn print(text: &str, format: Format) {
    use std::io::Write;
    match format {
        Format::Markdown => {
            let _ = writeln!(std::io::stdout().lock(), "{text}");
        }
        Format::Text => {
            let _ = writeln!(anstream::stdout().lock(), "{}", styled(text));
        }
    }
}

/// An error message on stderr, styled like [`print`].
pub fn eprint(text: &str, format: Format) {
    use std::io::Write;
    match format {
        Format::Markdown => {
            let _ = writeln!(std::io::stderr().lock(), "{text}");
        }
        Format::Text => {
            let _ = writeln!(anstream::stderr().lock(), "{}", styled(text));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(s: &str) -> String {
        anstream::adapter::strip_str(s).to_string()
    }

    #[test]
    fn markdown_marks_become_styles_and_strip_to_plain_text() {
        let md = "Estimated peak memory: **16.7 GiB**\n✅ Fits on RTX 4090\nrun `vllm serve x`";
        let s = styled(md);
        assert!(s.contains("\u{1b}["), "styled: {s:?}");
        assert_eq!(
            plain(&s),
            "Estimated peak memory: 16.7 GiB\n✅ Fits on RTX 4090\nrun vllm serve x"
        );
    }

    #[test]
    fn a_lone_backtick_is_kept() {
        assert_eq!(plain(&styled("a ` b")), "a ` b");
    }
}
