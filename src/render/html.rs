//! An answer shaped for HTML templates: Markdown turned into typed spans and blocks, and
//! the memory bar's geometry.
//!
//! Nothing here writes HTML or escapes anything: templates get plain text marked as bold
//! or code and escape it themselves, so no user string can reach the page unescaped.

use crate::answer::Answer;
use crate::catalog::{Catalog, GIB, GpuSpec};
use crate::estimate::Estimate;
use crate::i18n::{Lang, format_gib, t};

/// A run of text, bold and/or code as the Markdown said.
#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    pub text: String,
    pub strong: bool,
    pub code: bool,
}

/// A paragraph or a bullet list of the Discord-style Markdown our texts use.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Para(Vec<Span>),
    List(Vec<Vec<Span>>),
}

/// Split one line of `**bold**` and `` `code` `` Markdown into spans.
pub fn spans(line: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let (mut strong, mut code) = (false, false);
    let mut text = String::new();
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        let marker = if rest.starts_with('`') {
            Some(1)
        } else if !code && rest.starts_with("**") {
            Some(2)
        } else {
            None
        };
        match marker {
            Some(len) => {
                if !text.is_empty() {
                    out.push(Span {
                        text: std::mem::take(&mut text),
                        strong,
                        code,
                    });
                }
                if len == 1 {
                    code = !code;
                } else {
                    strong = !strong;
                }
                rest = &rest[len..];
            }
            None => {
                text.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if !text.is_empty() {
        out.push(Span { text, strong, code });
    }
    out
}

/// Paragraphs and `- ` lists of a multi-line text (guide bodies, help).
pub fn blocks(body: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for line in body.lines().map(str::trim_end) {
        if line.trim().is_empty() {
            continue;
        }
        match line.trim_start().strip_prefix("- ") {
            Some(item) => match out.last_mut() {
                Some(Block::List(items)) => items.push(spans(item)),
                _ => out.push(Block::List(vec![spans(item)])),
            },
            None => out.push(Block::Para(spans(line.trim_start()))),
        }
    }
    out
}

/// One coloured part of the bar; `x` and `width` are in the SVG's 0..`BAR_WIDTH` units.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub class: &'static str,
    pub label: String,
    pub gib: String,
    pub x: f64,
    pub width: f64,
}

/// Width of the bar's view box; the SVG scales to the page.
pub const BAR_WIDTH: f64 = 400.0;

/// The memory one GPU needs, part by part, against what that GPU holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub segments: Vec<Segment>,
    /// The GPU the bar is drawn against: the user's, else the first setup's (one card).
    pub gpu: Option<String>,
    pub capacity_gib: String,
    pub capacity_x: f64,
    pub needed_gib: String,
    pub fits: bool,
}

/// Draw the per-GPU memory of `a` against the user's GPU or the best setup's.
pub fn bar(lang: Lang, catalog: &Catalog, a: &Answer) -> Bar {
    let (fit, gpu): (_, Option<&GpuSpec>) = match &a.fit {
        Some(f) => (Some(f), a.gpu),
        None => match a.recommendations.setups.first() {
            Some(s) => (Some(&s.fit), catalog.gpu(&s.fit.gpu)),
            None => (None, None),
        },
    };
    let estimate: &Estimate = fit.map_or(&a.estimate, |f| &f.estimate);
    let total = estimate.total().max(1.0);
    let per_gpu = estimate.per_gpu.max(1.0);
    let capacity = gpu.map_or(0.0, |g| g.memory_gb * 1e9);
    let scale = BAR_WIDTH / per_gpu.max(capacity) / 1.02;
    let share = per_gpu / total;
    let mut x = 0.0;
    let segments = [
        ("weights", "part-weights", estimate.weights),
        ("kv", "part-kv-cache", estimate.kv_cache),
        ("activations", "part-activations", estimate.activations),
        ("gradients", "part-gradients", estimate.gradients),
        ("optimizer", "part-optimizer", estimate.optimizer),
        ("overhead", "part-overhead", estimate.overhead),
    ]
    .into_iter()
    .filter(|(_, _, bytes)| *bytes > 0.0)
    .map(|(class, id, bytes)| {
        let width = bytes * share * scale;
        let segment = Segment {
            class,
            label: t(lang, id),
            gib: format_gib(lang, bytes * share / GIB),
            x: round(x),
            width: round(width),
        };
        x += width;
        segment
    })
    .collect();
    Bar {
        segments,
        gpu: gpu.map(|g| g.display_name.clone()),
        capacity_gib: format_gib(lang, capacity / GIB),
        capacity_x: round(capacity * scale),
        needed_gib: format_gib(lang, per_gpu / GIB),
        fits: fit.is_some_and(|f| f.fits),
    }
}

fn round(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_follow_bold_and_code() {
        let s = spans("a **b** `c**d` e");
        let flat: Vec<(&str, bool, bool)> = s
            .iter()
            .map(|s| (s.text.as_str(), s.strong, s.code))
            .collect();
        assert_eq!(
            flat,
            vec![
                ("a ", false, false),
                ("b", true, false),
                (" ", false, false),
                ("c**d", false, true),
                (" e", false, false)
            ]
        );
    }

    #[test]
    fn blocks_group_bullets() {
        let b = blocks("intro\n- one\n- two\n\nend");
        assert_eq!(b.len(), 3);
        assert!(matches!(&b[1], Block::List(items) if items.len() == 2));
    }
}
