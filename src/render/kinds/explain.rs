//! A guide topic as asked: the direct answer first (from `guide::FACTS` and the cards'
//! data, else the topic's summary), then the guide's part the question is about; the whole
//! guide in the full answer (`--full`, the API's `text`, Discord's "Whole guide" button).

use super::page::{KindPage, Part, spans_of, topic_link, view};
use super::{AnswerKind, head, verdict, verdict_first};
use crate::answer::{Explained, Intent};
use crate::catalog::Catalog;
use crate::guide::paragraphs;
use crate::i18n::{Args, Lang, t, tr};
use crate::render::discord::{self as embed, Embed};
use crate::render::kinds_json::{AskJson, ExplainAnswerJson};
use crate::render::outcome::Length;

pub struct Explain<'a>(pub &'a Explained, pub Length);

impl Explain<'_> {
    /// The guide's paragraphs the question is about, in order.
    fn asked_part(&self, lang: Lang) -> String {
        let body = t(lang, &format!("guide-{}-body", self.0.topic.slug()));
        let all = paragraphs(&body);
        self.0
            .parts()
            .iter()
            .filter_map(|&i| all.get(i).copied())
            .collect::<Vec<_>>()
            .join("\n\n")
    }

    fn title(&self, lang: Lang) -> String {
        t(lang, &format!("guide-{}-title", self.0.topic.slug()))
    }
}

impl AnswerKind for Explain<'_> {
    fn verdict_words(&self, lang: Lang, catalog: &Catalog) -> String {
        crate::render::direct::answer(lang, catalog, self.0)
            .unwrap_or_else(|| crate::render::verdict::explain(lang, self.0.topic))
    }

    fn body(&self, lang: Lang, _catalog: &Catalog) -> String {
        if self.1 == Length::Full {
            return crate::render::text::guide(lang, self.0.topic);
        }
        let more = Args::new().s("topic", self.0.topic.slug());
        format!(
            "**{}**\n\n{}\n\n· {}",
            self.title(lang),
            self.asked_part(lang),
            tr(lang, "guide-chat-more", Some(&more))
        )
    }

    /// The first view: the direct answer and the asked part; the whole guide is a button.
    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        let e = Embed {
            title: self.title(lang),
            description: self.asked_part(lang),
            footer: t(lang, "discord-footer"),
            colour: embed::BLUE,
            ..Embed::default()
        };
        verdict_first(self, lang, catalog, e.fitted())
    }

    /// The direct answer in the verdict box, the asked part of the guide under it, and the
    /// whole guide one link away.
    fn page(&self, lang: Lang) -> Option<KindPage> {
        let catalog = Catalog::get();
        let mut v = view(lang, "info", "💡", verdict(self, lang, catalog));
        let part = self.asked_part(lang);
        let lines: Vec<String> = part
            .lines()
            .map(|l| l.trim().trim_start_matches("- ").to_string())
            .filter(|l| !l.is_empty())
            .collect();
        v.parts.push(Part {
            title: self.title(lang),
            intro: None,
            lines: spans_of(&lines),
            outro: None,
            commands: Vec::new(),
        });
        v.guide = topic_link(lang, self.0.topic);
        Some(v)
    }

    fn json(&self, lang: Lang, catalog: &Catalog) -> AskJson {
        let h = head(self, lang, catalog, Intent::Explain);
        let slug = self.0.topic.slug();
        AskJson::Explain(ExplainAnswerJson {
            language: h.language,
            understood: true,
            intent: h.intent,
            verdict: h.verdict,
            topic: slug,
            title: t(lang, &format!("guide-{slug}-title")),
            summary: t(lang, &format!("guide-{slug}-summary")),
            text: h.text,
        })
    }
}
