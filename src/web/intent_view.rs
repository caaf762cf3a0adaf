//! The `/ask` page's answer to a question that estimates nothing on one model: what runs on
//! a setup, what a budget buys, a pasted error read. Laid out like an estimate: a verdict
//! box with the one line that matters first (the largest model that runs, the best setup or
//! card within the budget, the cause and the first fix as a command to copy), then the
//! rest, a guide topic and the JSON. A comparison and a guide topic have pages of their own.

use super::pages::{TopicLink, topic_link};
use crate::answer::{Outcome, Topic};
use crate::catalog::Catalog;
use crate::diagnose::Read;
use crate::i18n::{Args, Lang, format_int, t, tr};
use crate::render::buy::CardsView;
use crate::render::html::{self, Span};
use crate::render::{self};

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

/// A non-estimate answer, ready for `index.html`.
pub struct IntentView {
    pub lang: Lang,
    /// The verdict box's colour: "fits", "tight", "no" or "info".
    pub class: &'static str,
    pub icon: &'static str,
    pub head: String,
    /// The one line that matters, under the head.
    pub line: Option<Vec<Span>>,
    /// A command to copy inside the verdict box (a pasted error's first fix).
    pub command: Option<String>,
    pub parts: Vec<Part>,
    pub guide: TopicLink,
    pub json_href: String,
}

impl IntentView {
    /// The view of `outcome`; None for an estimate, a comparison or a guide topic, which
    /// have their own views.
    pub fn new(lang: Lang, outcome: &Outcome, question: &str) -> Option<IntentView> {
        let json_href = super::pages::json_link(question, lang);
        let mut view = match outcome {
            Outcome::Fit(list) => fit(lang, list),
            Outcome::Buy(p) => buy(lang, &p.shopping, &p.model),
            Outcome::Cards(a) => cards(lang, a),
            Outcome::Diagnose(d) => diagnose(lang, &d.read, d.estimate.as_ref()),
            Outcome::Estimate(_) | Outcome::Compare(_) | Outcome::Explain(_) => return None,
        };
        view.json_href = json_href;
        Some(view)
    }

    pub fn t(&self, id: &str) -> String {
        t(self.lang, id)
    }

    pub fn html_lang(&self) -> &'static str {
        self.lang.locale()
    }
}

fn spans_of(lines: &[String]) -> Vec<Vec<Span>> {
    lines.iter().map(|l| html::spans(l)).collect()
}

fn view(lang: Lang, class: &'static str, icon: &'static str, head: String) -> IntentView {
    IntentView {
        lang,
        class,
        icon,
        head,
        line: None,
        command: None,
        parts: Vec::new(),
        guide: topic_link(lang, Topic::Vram),
        json_href: String::new(),
    }
}

/// What runs on a setup: the largest model first, in the verdict.
fn fit(lang: Lang, list: &crate::answer::FitList) -> IntentView {
    let setup = render::parts::setup_label(Catalog::get(), &list.gpu.id, list.count);
    let args = Args::new()
        .s("setup", setup.as_str())
        .s("precision", list.precision.name());
    let lines: Vec<String> = list
        .models
        .iter()
        .map(|(model, context)| {
            let a = Args::new()
                .s("model", model.clone())
                .s("context", format_int(lang, *context));
            tr(lang, "discord-fit-models-line", Some(&a))
        })
        .collect();
    let mut v = if lines.is_empty() {
        view(
            lang,
            "no",
            "❌",
            tr(lang, "discord-fit-models-none", Some(&args)),
        )
    } else {
        view(
            lang,
            "fits",
            "✅",
            tr(lang, "discord-fit-models-title", Some(&args)),
        )
    };
    v.line = lines.first().map(|l| html::spans(l));
    if !lines.is_empty() {
        v.parts.push(Part {
            title: t(lang, "web-fit-models-title"),
            intro: None,
            lines: spans_of(&lines),
            outro: None,
            commands: Vec::new(),
        });
    }
    v.guide = topic_link(lang, Topic::KvCache);
    v
}

/// What a budget buys for a model: the fastest setup within it first.
fn buy(lang: Lang, s: &crate::buy::Shopping, model: &str) -> IntentView {
    let catalog = Catalog::get();
    let b = s.budget;
    let typed = render::buy::budget_label(lang, b.amount, b.currency);
    let head = tr(
        lang,
        "buy-title",
        Some(&Args::new().s("budget", typed.as_str()).s("model", model)),
    );
    let lines: Vec<String> = s
        .within
        .iter()
        .map(|p| render::buy::line(lang, catalog, p))
        .collect();
    let mut v = if lines.is_empty() {
        view(lang, "no", "❌", head)
    } else {
        view(lang, "fits", "🛒", head)
    };
    v.line = match &s.cheapest {
        Some(c) => {
            let args = Args::new()
                .s("budget", typed.as_str())
                .s(
                    "setup",
                    render::parts::setup_label(catalog, &c.gpu.id, c.fit.count),
                )
                .s("price", render::parts::price_usd(lang, c.usd));
            Some(html::spans(&tr(lang, "buy-none", Some(&args))))
        }
        None => lines.first().map(|l| html::spans(l)),
    };
    if !s.within.is_empty() {
        v.parts.push(Part {
            title: t(lang, "web-buy-setups-title"),
            intro: rate_line(lang, b).map(|l| html::spans(&l)),
            lines: spans_of(&lines),
            outro: None,
            commands: Vec::new(),
        });
    }
    v.guide = topic_link(lang, Topic::Choosing);
    v
}

/// The budget in dollars at the dated rate, when it was typed in another currency.
fn rate_line(lang: Lang, b: crate::query::budget::Budget) -> Option<String> {
    CardsView::new(
        lang,
        &crate::buy::Affordable {
            budget: b,
            within: Vec::new(),
            cheapest: None,
        },
    )
    .rate
}

/// What a budget buys when no model was named: the largest card first.
fn cards(lang: Lang, a: &crate::buy::Affordable) -> IntentView {
    let c = CardsView::new(lang, a);
    let mut v = if c.cards.is_empty() {
        view(lang, "no", "❌", c.title.clone())
    } else {
        view(lang, "fits", "🛒", c.title.clone())
    };
    v.line = c.none.as_ref().or(c.cards.first()).map(|l| html::spans(l));
    v.parts.push(Part {
        title: t(lang, "web-buy-cards-title"),
        intro: c.rate.as_ref().map(|l| html::spans(l)),
        lines: spans_of(&c.cards),
        outro: Some(html::spans(&c.hint)),
        commands: Vec::new(),
    });
    v.guide = topic_link(lang, Topic::Choosing);
    v
}

/// A pasted error: the cause and the first fix in the verdict, then the log's figures and
/// every fix.
fn diagnose(lang: Lang, read: &Read, ours: Option<&crate::answer::Answer>) -> IntentView {
    let d = match read {
        Read::Known(d) => d,
        Read::Unknown => {
            let text = render::diagnosis::unknown(lang);
            let mut lines = text.lines();
            let mut v = view(
                lang,
                "no",
                "🩺",
                lines.next().unwrap_or_default().to_string(),
            );
            v.command = lines.next().map(|l| l.trim_matches('`').to_string());
            v.guide = topic_link(lang, Topic::Oom);
            return v;
        }
    };
    let p = render::diagnosis::parts(lang, d, ours);
    let mut v = view(lang, "no", "🩺", p.title);
    v.line = Some(html::spans(&p.cause));
    v.command = p.fixes.first().map(|(cmd, _)| cmd.clone());
    let mut figures = p.figures;
    figures.extend(p.ours);
    if !figures.is_empty() {
        v.parts.push(Part {
            title: t(lang, "diag-figures-title"),
            intro: None,
            lines: spans_of(&figures),
            outro: None,
            commands: Vec::new(),
        });
    }
    v.parts.push(Part {
        title: t(lang, "diag-fix-title"),
        intro: None,
        lines: Vec::new(),
        outro: None,
        commands: p
            .fixes
            .into_iter()
            .map(|(cmd, why)| (cmd, html::spans(&why)))
            .collect(),
    });
    v.guide = topic_link(lang, Topic::Oom);
    v
}
