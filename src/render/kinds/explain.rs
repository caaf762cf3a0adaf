//! A guide topic: the direct answer first, then the guide.

use super::{AnswerKind, head, verdict_first};
use crate::answer::{Intent, Topic};
use crate::catalog::Catalog;
use crate::i18n::{Lang, t};
use crate::render::discord::{self as embed, Embed};
use crate::render::kinds_json::{AskJson, ExplainAnswerJson};

pub struct Explain(pub Topic);

impl AnswerKind for Explain {
    fn verdict_words(&self, lang: Lang, _catalog: &Catalog) -> String {
        crate::render::verdict::explain(lang, self.0)
    }

    fn body(&self, lang: Lang, _catalog: &Catalog) -> String {
        crate::render::text::guide(lang, self.0)
    }

    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        verdict_first(self, lang, catalog, embed::guide(lang, self.0))
    }

    fn json(&self, lang: Lang, catalog: &Catalog) -> AskJson {
        let h = head(self, lang, catalog, Intent::Explain);
        let slug = self.0.slug();
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
