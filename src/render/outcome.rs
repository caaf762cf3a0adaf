//! Any kind of answer ([`Outcome`]) as text, as a Discord embed and as the `ask` JSON, so
//! the CLI, the web API and the bot give the same answer to the same question. Each kind is
//! a unit of `render::kinds`; these are its writers.

use super::discord::Embed;
use crate::answer::Outcome;
use crate::catalog::Catalog;
use crate::i18n::Lang;
use serde_json::Value;

/// The whole answer as text: the verdict on the first line, then the answer. A name the
/// catalog lacks, sized as the closest entry, says so before anything else.
pub fn text(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> String {
    text_with(lang, catalog, outcome, Length::Full)
}

/// How much of an estimate a text answer says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Length {
    /// The length of a chat message ([`super::text::CHAT`]): what the terminal prints.
    Chat,
    /// Every section (`--full`, the API's `text`).
    #[default]
    Full,
}

/// The answer as text of that length, its verdict on the first line (after the notice of
/// a name sized as the closest entry).
pub fn text_with(lang: Lang, catalog: &Catalog, outcome: &Outcome, length: Length) -> String {
    let out = super::kinds::text(
        super::kinds::of_with(outcome, length).as_ref(),
        lang,
        catalog,
    );
    match sized_as_line(lang, outcome) {
        Some(first) => format!("{first}\n{out}"),
        None => out,
    }
}

/// The answer as a Discord embed, its verdict at the top (after the notice of a name
/// sized as the closest entry).
pub fn embed(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> Embed {
    let mut e = super::kinds::embed(super::kinds::of(outcome).as_ref(), lang, catalog);
    if let Some(first) = sized_as_line(lang, outcome) {
        e.description = format!("{first}\n\n{}", e.description);
    }
    e
}

/// "I don't know dolphin 3.0 llama 3.1 8b; sized as Llama 3.1 8B, the closest model I
/// know.": the first line of an answer whose model name the catalog lacks (a version, a
/// suffix or a fine-tune's name around a known model), so nobody reads it as that model's.
pub fn sized_as_line(lang: Lang, outcome: &Outcome) -> Option<String> {
    let Outcome::Estimate(a) = outcome else {
        return None;
    };
    let crate::catalog::MatchKind::Assumed { from } = &a.model_kind else {
        return None;
    };
    let args = crate::i18n::Args::new()
        .s("input", from.clone())
        .s("model", super::parts::model_name(lang, a));
    Some(crate::i18n::tr(lang, "match-sized-as-closest", Some(&args)))
}

/// The `ask` JSON of an answer: every kind is its typed object of [`super::kinds_json`],
/// with its `intent`, `verdict`, `language` and `text`.
pub fn json(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> Value {
    serde_json::to_value(super::kinds_json::of(lang, catalog, outcome)).unwrap_or_default()
}
