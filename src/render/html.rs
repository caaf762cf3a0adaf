//! An answer shaped for HTML templates: Markdown (read by pulldown-cmark) turned into typed
//! spans and blocks, and
//! the memory bar's geometry.
//!
//! Nothing here writes HTML or escapes anything: templates get plain text marked as bold
//! or code and escape it themselves, so no user string can reach the page unescaped.

use crate::answer::Answer;
use crate::catalog::{Catalog, GIB, GpuSpec};
use crate::estimate::Estimate;
use crate::i18n::{Lang, format_gib, t};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

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
    let mut reader = Reader::default();
    for event in Parser::new(line) {
        reader.inline(event);
    }
    reader.line
}

/// Paragraphs and `- ` lists of a multi-line text (guide bodies, help). Our texts put one
/// paragraph per line, so a line break inside a paragraph starts a new one.
pub fn blocks(body: &str) -> Vec<Block> {
    let mut reader = Reader::default();
    for event in Parser::new(body) {
        match event {
            Event::Start(Tag::Item) => reader.in_item = true,
            Event::End(TagEnd::Item) => {
                reader.end_line();
                reader.in_item = false;
            }
            Event::End(TagEnd::Paragraph) | Event::SoftBreak | Event::HardBreak => {
                reader.end_line();
            }
            Event::End(TagEnd::List(_)) => reader.in_list_end(),
            event => reader.inline(event),
        }
    }
    reader.end_line();
    reader.blocks
}

/// What [`spans`] and [`blocks`] gather from pulldown-cmark's events.
#[derive(Default)]
struct Reader {
    blocks: Vec<Block>,
    line: Vec<Span>,
    strong: u32,
    in_item: bool,
    /// A list item ended: the next item joins the same list.
    list_open: bool,
}

impl Reader {
    /// Text, code and emphasis within a line; anything else (links, HTML) as its text.
    fn inline(&mut self, event: Event<'_>) {
        match event {
            Event::Start(Tag::Strong) => self.strong += 1,
            Event::End(TagEnd::Strong) => self.strong = self.strong.saturating_sub(1),
            Event::Text(text) | Event::Html(text) | Event::InlineHtml(text) => {
                self.push(&text, false);
            }
            Event::Code(text) => self.push(&text, true),
            Event::SoftBreak | Event::HardBreak => self.push(" ", false),
            _ => {}
        }
    }

    fn push(&mut self, text: &str, code: bool) {
        let strong = self.strong > 0;
        match self.line.last_mut() {
            Some(last) if last.strong == strong && last.code == code => last.text.push_str(text),
            _ => self.line.push(Span {
                text: text.to_string(),
                strong,
                code,
            }),
        }
    }

    fn end_line(&mut self) {
        if self.line.is_empty() {
            return;
        }
        let line = std::mem::take(&mut self.line);
        match (self.in_item, self.blocks.last_mut()) {
            (true, Some(Block::List(items))) if self.list_open => items.push(line),
            (true, _) => {
                self.blocks.push(Block::List(vec![line]));
                self.list_open = true;
            }
            (false, _) => {
                self.blocks.push(Block::Para(line));
                self.list_open = false;
            }
        }
    }

    fn in_list_end(&mut self) {
        self.list_open = false;
    }
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
    let capacity = gpu.map_or(0.0, |g| g.memory_gib() * GIB);
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
        // One paragraph per line, as our texts write them; escapes read as Markdown does.
        let b = blocks("first\nsecond \\*not bold\\*\n- **a** `b`");
        assert_eq!(b.len(), 3);
        assert!(matches!(&b[1], Block::Para(s) if s[0].text == "second *not bold*"));
        assert!(matches!(&b[2], Block::List(items) if items[0].len() == 3));
    }
}
