//! What runs on one setup: the largest model per format in the verdict, then the list.

use super::page::{KindPage, Part, spans_of, topic_link, view};
use super::{AnswerKind, head, verdict_first};
use crate::answer::{FitList, Intent, Topic};
use crate::catalog::Catalog;
use crate::i18n::{Args, Lang, format_int, t, tr};
use crate::render::discord::{self as embed, Embed};
use crate::render::html;
use crate::render::kinds_json::{AskJson, FitAnswerJson, fit_models};

pub struct Fit<'a>(pub &'a FitList);

impl Fit<'_> {
    fn embed_body(&self, lang: Lang, catalog: &Catalog) -> Embed {
        let list = self.0;
        let setup = crate::render::parts::setup_label(catalog, &list.gpu.id, list.count);
        embed::fit(lang, &setup, list.precision.name(), &list.models)
    }
}

impl AnswerKind for Fit<'_> {
    fn verdict_words(&self, lang: Lang, catalog: &Catalog) -> String {
        crate::render::verdict::fit(lang, catalog, self.0)
    }

    fn body(&self, lang: Lang, catalog: &Catalog) -> String {
        let e = self.embed_body(lang, catalog);
        let mut out = format!("**{}**\n{}", e.title, e.description);
        for (name, value) in &e.fields {
            out.push_str(&format!("\n{name}: {value}"));
        }
        out
    }

    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        verdict_first(self, lang, catalog, self.embed_body(lang, catalog))
    }

    fn json(&self, lang: Lang, catalog: &Catalog) -> AskJson {
        let h = head(self, lang, catalog, Intent::Fit);
        let list = self.0;
        AskJson::Fit(FitAnswerJson {
            language: h.language,
            understood: true,
            intent: h.intent,
            verdict: h.verdict,
            gpu: list.gpu.id.clone(),
            count: list.count,
            precision: list.precision.name(),
            fit_models: fit_models(catalog, list),
            text: h.text,
        })
    }

    /// The largest model first, in the verdict box.
    fn page(&self, lang: Lang) -> Option<KindPage> {
        let list = self.0;
        let setup = crate::render::parts::setup_label(Catalog::get(), &list.gpu.id, list.count);
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
        Some(v)
    }
}
