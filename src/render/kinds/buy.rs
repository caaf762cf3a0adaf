//! What a budget buys for a model: what the money runs best first, as a short table.

use super::page::{KindPage, Part, rate_line, spans_of, topic_link, view};
use super::{AnswerKind, head};
use crate::answer::{Intent, Purchase, Topic};
use crate::catalog::Catalog;
use crate::i18n::{Lang, t};
use crate::render::buy::Rest;
use crate::render::discord::{self as embed, Embed};
use crate::render::html;
use crate::render::kinds_json::{AskJson, BuyAnswerJson, budget, buy_setup};
use crate::render::outcome::Length;

/// A budget's answer, at the length asked (the embed is always chat length).
pub struct Buy<'a>(pub &'a Purchase, pub Length);

impl AnswerKind for Buy<'_> {
    fn verdict_words(&self, lang: Lang, catalog: &Catalog) -> String {
        crate::render::verdict::buy(lang, catalog, self.0)
    }

    fn body(&self, lang: Lang, catalog: &Catalog) -> String {
        crate::render::buy::text(lang, catalog, self.0, self.1)
    }

    /// The chat-length answer; the setups it leaves out are counted, not sent to a flag
    /// Discord does not have.
    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        let chat = Buy(self.0, Length::Chat);
        let body =
            crate::render::buy::text_with_rest(lang, catalog, self.0, Length::Chat, Rest::Counted);
        let verdict = super::verdict(&chat, lang, catalog);
        embed::notice(
            crate::render::verdict::open_with(&verdict, body),
            embed::GREEN,
        )
    }

    fn json(&self, lang: Lang, catalog: &Catalog) -> AskJson {
        let h = head(self, lang, catalog, Intent::Buy);
        let (p, s) = (self.0, &self.0.shopping);
        let runtime = s
            .within
            .first()
            .or(s.cheapest.as_ref())
            .map(|x| x.runtime.name());
        AskJson::Buy(BuyAnswerJson {
            language: h.language,
            understood: true,
            intent: h.intent,
            verdict: h.verdict,
            budget: budget(&s.budget),
            model: p.model_id.clone(),
            model_name: p.model_name.clone(),
            precision: p.precision.name(),
            setups: s.within.iter().map(buy_setup).collect(),
            cheapest: s.cheapest.as_ref().map(buy_setup),
            text: h.text,
            runtime,
            step_up: s.step_up.iter().map(buy_setup).collect(),
        })
    }

    fn page(&self, lang: Lang) -> Option<KindPage> {
        let catalog = Catalog::get();
        let s = &self.0.shopping;
        let b = s.budget;
        let lines: Vec<String> = s
            .within
            .iter()
            .chain(&s.step_up)
            .map(|p| crate::render::buy::row(lang, catalog, p))
            .collect();
        // The box opens with the verdict, as the text and the embed do.
        let head = super::verdict(self, lang, catalog);
        let mut v = if lines.is_empty() {
            view(lang, "no", "❌", head)
        } else {
            view(lang, "fits", "🛒", head)
        };
        // The verdict already names the best setup, or the cheapest that runs the model:
        // the box says it once and the rows follow below. Only a step up with nothing
        // within the budget and nothing cheaper is news the sentence lacks.
        v.line = match (&s.cheapest, s.within.is_empty()) {
            (None, true) => lines.first().map(|l| html::spans(l)),
            _ => None,
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
        Some(v)
    }
}
