//! Every kind of answer is one unit here: the estimate, a comparison, a guide topic, what
//! fits a setup, what a budget buys (with a model or without), a pasted error. Each unit
//! owns its verdict, its text, its Discord embed, its JSON object and (for the kinds the
//! `/ask` page shows itself) its page view; [`of`] is the one place that registers them,
//! and the writers ([`text`], [`embed`], [`json`], [`page`]) are the same for every kind.
//!
//! Adding a kind of answer: the core function that answers it (an [`Outcome`] variant),
//! a unit here implementing [`AnswerKind`] (its JSON object in `kinds_json`), one line in
//! [`of`], and its locale lines in every locale.

mod buy;
mod cards;
mod compare;
mod diagnose;
mod estimate;
mod explain;
mod fit;
pub mod page;

use super::discord::Embed;
use super::kinds_json::AskJson;
use crate::answer::Outcome;
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::render::outcome::Length;
pub use page::KindPage;

/// One kind of answer: what each surface shows of it.
pub trait AnswerKind {
    /// One sentence that answers the question (Markdown allowed: [`verdict`] makes it plain).
    fn verdict_words(&self, lang: Lang, catalog: &Catalog) -> String;
    /// The answer under its verdict, as chat text.
    fn body(&self, lang: Lang, catalog: &Catalog) -> String;
    /// The Discord embed; its description opens with the verdict.
    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed;
    /// The JSON object of the kind (`kinds_json`).
    fn json(&self, lang: Lang, catalog: &Catalog) -> AskJson;
    /// The `/ask` page's view of the kind; None for a kind with a view of its own (an
    /// estimate's `AnswerHtml`).
    fn page(&self, _lang: Lang) -> Option<KindPage> {
        None
    }
}

/// The unit of an answer: the one place every kind is registered.
pub fn of(outcome: &Outcome) -> Box<dyn AnswerKind + '_> {
    of_with(outcome, Length::Full)
}

/// [`of`], with an estimate's, a fit's and a budget's text the `length` asked (the
/// terminal's chat length).
pub fn of_with(outcome: &Outcome, length: Length) -> Box<dyn AnswerKind + '_> {
    match outcome {
        Outcome::Estimate(a) => Box::new(estimate::Estimate(a, length)),
        Outcome::Compare(gpus) => Box::new(compare::Compare(gpus, length)),
        Outcome::Explain(e) => Box::new(explain::Explain(e, length)),
        Outcome::Fit(list) => Box::new(fit::Fit(list, length)),
        Outcome::Buy(p) => Box::new(buy::Buy(p, length)),
        Outcome::Cards(a) => Box::new(cards::Cards(a)),
        Outcome::Diagnose(d) => Box::new(diagnose::Diagnose(d)),
    }
}

/// The verdict of a kind, in plain text (no Markdown), one sentence.
pub fn verdict(kind: &dyn AnswerKind, lang: Lang, catalog: &Catalog) -> String {
    super::verdict::first_sentence(&kind.verdict_words(lang, catalog))
}

/// The answer as chat text: the verdict on the first line, then the answer.
pub fn text(kind: &dyn AnswerKind, lang: Lang, catalog: &Catalog) -> String {
    super::verdict::open_with(&verdict(kind, lang, catalog), kind.body(lang, catalog))
}

/// The answer as a Discord embed.
pub fn embed(kind: &dyn AnswerKind, lang: Lang, catalog: &Catalog) -> Embed {
    kind.embed(lang, catalog)
}

/// The answer as its JSON object.
pub fn json(kind: &dyn AnswerKind, lang: Lang, catalog: &Catalog) -> AskJson {
    kind.json(lang, catalog)
}

/// The `/ask` page's view of an answer the page shows itself.
pub fn page(kind: &dyn AnswerKind, lang: Lang) -> Option<KindPage> {
    kind.page(lang)
}

/// An embed whose description opens with the kind's verdict, in bold.
fn verdict_first(kind: &dyn AnswerKind, lang: Lang, catalog: &Catalog, mut e: Embed) -> Embed {
    let verdict = verdict(kind, lang, catalog);
    e.description = if e.description.is_empty() {
        verdict
    } else {
        format!("**{verdict}**\n\n{}", e.description)
    };
    e
}

/// The fields every kind's JSON object starts with.
struct Head {
    language: &'static str,
    intent: &'static str,
    verdict: String,
    text: String,
}

fn head(
    kind: &dyn AnswerKind,
    lang: Lang,
    catalog: &Catalog,
    intent: crate::answer::Intent,
) -> Head {
    Head {
        language: lang.code(),
        intent: intent.name(),
        verdict: verdict(kind, lang, catalog),
        text: text(kind, lang, catalog),
    }
}
