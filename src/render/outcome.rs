//! Any kind of answer ([`Outcome`]) as text, as a Discord embed and as the `ask` JSON, so
//! the CLI, the web API and the bot give the same answer to the same question. Each kind is
//! a unit of `render::kinds`; these are its writers.

use super::discord::Embed;
use crate::answer::Outcome;
use crate::catalog::Catalog;
use crate::i18n::Lang;
use serde_json::Value;

/// The answer as chat text: the verdict on the first line, then the answer.
pub fn text(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> String {
    super::kinds::text(super::kinds::of(outcome).as_ref(), lang, catalog)
}

/// The answer as a Discord embed, its verdict at the top.
pub fn embed(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> Embed {
    super::kinds::embed(super::kinds::of(outcome).as_ref(), lang, catalog)
}

/// The `ask` JSON of an answer: every kind is its typed object of [`super::kinds_json`],
/// with its `intent`, `verdict`, `language` and `text`.
pub fn json(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> Value {
    serde_json::to_value(super::kinds_json::of(lang, catalog, outcome)).unwrap_or_default()
}
