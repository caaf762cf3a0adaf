//! GPUs side by side, each as the setup the question named ("5090 ou 2x3090"): its count,
//! its memory and price in all, and which setup runs the model the question names.

use super::{AnswerKind, head, verdict_first};
use crate::answer::{Compared, Intent};
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::render::discord::{self as embed, Embed};
use crate::render::kinds_json::{AskJson, CompareAnswerJson};

pub struct Compare<'a>(pub &'a Compared);

impl AnswerKind for Compare<'_> {
    fn verdict_words(&self, lang: Lang, catalog: &Catalog) -> String {
        let c = self.0;
        crate::render::setups::runs_sentence(lang, catalog, c)
            .or_else(|| crate::render::verdict::setups_memory(lang, catalog, c))
            .unwrap_or_else(|| crate::render::verdict::compare(lang, &c.gpus))
    }

    fn body(&self, lang: Lang, catalog: &Catalog) -> String {
        let c = self.0;
        let mut out = crate::render::compare::text(lang, catalog, &c.gpus);
        let setups = crate::render::setups::text(lang, catalog, c);
        if !setups.is_empty() {
            out.push_str("\n\n");
            out.push_str(&setups);
        }
        out
    }

    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        let c = self.0;
        let mut e = embed::compare(lang, catalog, &c.gpus);
        let setups = crate::render::setups::text(lang, catalog, c);
        if !setups.is_empty() {
            e.description = format!("{}\n\n{setups}", e.description);
        }
        verdict_first(self, lang, catalog, e)
    }

    fn json(&self, lang: Lang, catalog: &Catalog) -> AskJson {
        let h = head(self, lang, catalog, Intent::Compare);
        let compare = crate::render::setups::json(lang, catalog, self.0);
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
