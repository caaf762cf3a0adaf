//! What a budget buys when no model was named: the cards, largest memory first.

use super::page::{KindPage, Part, spans_of, topic_link, view};
use super::{AnswerKind, head, text};
use crate::answer::{Intent, Topic};
use crate::buy::Affordable;
use crate::catalog::Catalog;
use crate::i18n::{Lang, t};
use crate::render::buy::CardsView;
use crate::render::discord::{self as embed, Embed};
use crate::render::html;
use crate::render::kinds_json::{AskJson, CardsAnswerJson, budget, card};

pub struct Cards<'a>(pub &'a Affordable);

impl AnswerKind for Cards<'_> {
    fn verdict_words(&self, lang: Lang, _catalog: &Catalog) -> String {
        crate::render::verdict::cards(lang, self.0)
    }

    fn body(&self, lang: Lang, _catalog: &Catalog) -> String {
        crate::render::buy::cards_text(lang, self.0)
    }

    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        embed::notice(text(self, lang, catalog), embed::GREEN)
    }

    fn json(&self, lang: Lang, catalog: &Catalog) -> AskJson {
        let h = head(self, lang, catalog, Intent::Buy);
        let a = self.0;
        AskJson::Cards(CardsAnswerJson {
            language: h.language,
            understood: true,
            intent: h.intent,
            verdict: h.verdict,
            budget: budget(&a.budget),
            cards: a.within.iter().map(card).collect(),
            cheapest: a.cheapest.as_ref().map(card),
            topic: Topic::Choosing.slug(),
            text: h.text,
            pair: a.pair.as_ref().map(|c| {
                let mut j = card(c);
                j.memory_gb *= 2.0;
                j
            }),
        })
    }

    /// The largest card first.
    fn page(&self, lang: Lang) -> Option<KindPage> {
        let c = CardsView::new(lang, self.0);
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
        Some(v)
    }
}
