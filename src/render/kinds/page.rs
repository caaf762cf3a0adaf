//! The `/ask` page's view of a kind that estimates nothing on one model (what runs on a
//! setup, what a budget buys, a pasted error), laid out like an estimate: a verdict box with
//! the one line that matters first, then the parts, a guide topic and the JSON link (the
//! web adapter fills `json_href`). Each kind builds its own in its unit.

use crate::answer::Topic;
use crate::buy::Affordable;
use crate::i18n::{Lang, t};
use crate::render::buy::CardsView;
use crate::render::html::{self, Span};

/// One part under the verdict: a title, lines, commands to copy (with what each does).
pub struct Part {
    pub title: String,
    /// A line before the list (the budget at the dated rate).
    pub intro: Option<Vec<Span>>,
    pub lines: Vec<Vec<Span>>,
    /// A line after the list (how to narrow it down).
    pub outro: Option<Vec<Span>>,
    pub commands: Vec<(String, Vec<Span>)>,
}

/// A guide topic link with its title in `lang`.
pub struct TopicLink {
    pub href: String,
    pub title: String,
    pub summary: String,
}

pub fn topic_link(lang: Lang, topic: Topic) -> TopicLink {
    let slug = topic.slug();
    TopicLink {
        href: format!("/guide/{slug}?lang={}", lang.code()),
        title: t(lang, &format!("guide-{slug}-title")),
        summary: t(lang, &format!("guide-{slug}-summary")),
    }
}

/// A kind's answer, ready for `index.html`.
pub struct KindPage {
    pub lang: Lang,
    /// The verdict box's colour: "fits", "tight", "no" or "info".
    pub class: &'static str,
    pub icon: &'static str,
    pub head: String,
    /// The one line that matters, under the head.
    pub line: Option<Vec<Span>>,
    /// A command to copy inside the verdict box (a pasted error's first fix).
    pub command: Option<String>,
    /// What that command changes, said above it; the parts do not list it again.
    pub command_why: Option<Vec<Span>>,
    pub parts: Vec<Part>,
    pub guide: TopicLink,
    /// The answer as JSON; set by the web adapter, which knows the question's URL.
    pub json_href: String,
}

impl KindPage {
    pub fn t(&self, id: &str) -> String {
        t(self.lang, id)
    }

    pub fn html_lang(&self) -> &'static str {
        self.lang.locale()
    }
}

pub(super) fn spans_of(lines: &[String]) -> Vec<Vec<Span>> {
    lines.iter().map(|l| html::spans(l)).collect()
}

pub(super) fn view(lang: Lang, class: &'static str, icon: &'static str, head: String) -> KindPage {
    KindPage {
        lang,
        class,
        icon,
        head,
        line: None,
        command: None,
        command_why: None,
        parts: Vec::new(),
        guide: topic_link(lang, Topic::Vram),
        json_href: String::new(),
    }
}

/// The budget in dollars at the dated rate, when it was typed in another currency.
pub(super) fn rate_line(lang: Lang, b: crate::query::budget::Budget) -> Option<String> {
    CardsView::new(
        lang,
        &Affordable {
            budget: b,
            within: Vec::new(),
            cheapest: None,
            pair: None,
        },
    )
    .rate
}
