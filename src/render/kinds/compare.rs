//! GPUs side by side.

use super::{AnswerKind, head, verdict_first};
use crate::answer::Intent;
use crate::catalog::{Catalog, GpuSpec};
use crate::i18n::Lang;
use crate::render::discord::{self as embed, Embed};
use crate::render::kinds_json::{AskJson, CompareAnswerJson};

pub struct Compare<'a>(pub &'a [&'static GpuSpec]);

impl AnswerKind for Compare<'_> {
    fn verdict_words(&self, lang: Lang, _catalog: &Catalog) -> String {
        crate::render::verdict::compare(lang, self.0)
    }

    fn body(&self, lang: Lang, catalog: &Catalog) -> String {
        crate::render::compare::text(lang, catalog, self.0)
    }

    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        verdict_first(self, lang, catalog, embed::compare(lang, catalog, self.0))
    }

    fn json(&self, lang: Lang, catalog: &Catalog) -> AskJson {
        let h = head(self, lang, catalog, Intent::Compare);
        let compare = crate::render::compare::json(lang, catalog, self.0);
        AskJson::Compare(CompareAnswerJson {
            language: h.language,
            understood: true,
            intent: h.intent,
            verdict: h.verdict,
            gpus: compare.gpus.clone(),
            compare,
            text: h.text,
        })
    }
}
