//! GPUs side by side, each as the setup the question named ("5090 ou 2x3090"): a verdict
//! (by what each setup runs, or for the usual use of two cards), one short line per setup,
//! and the full spec sheets only in the full answer (`--full`, the API's `text`, Discord's
//! "Full specs" button).

use super::page::{KindPage, Part, spans_of, topic_link, view};
use super::{AnswerKind, head, verdict, verdict_first};
use crate::answer::{Compared, Intent, Topic};
use crate::catalog::Catalog;
use crate::i18n::{Lang, t};
use crate::render::compare_short;
use crate::render::discord::{self as embed, Embed};
use crate::render::kinds_json::{AskJson, CompareAnswerJson};
use crate::render::outcome::Length;
use crate::render::parts::{Separator, separator};

pub struct Compare<'a>(pub &'a Compared, pub Length);

impl AnswerKind for Compare<'_> {
    fn verdict_words(&self, lang: Lang, catalog: &Catalog) -> String {
        let c = self.0;
        compare_short::verdict(lang, catalog, c)
            .or_else(|| crate::render::setups::runs_sentence(lang, catalog, c))
            .or_else(|| crate::render::verdict::setups_memory(lang, catalog, c))
            .unwrap_or_else(|| crate::render::verdict::compare(lang, &c.gpus))
    }

    fn body(&self, lang: Lang, catalog: &Catalog) -> String {
        let c = self.0;
        if self.1 == Length::Chat {
            return compare_short::text(lang, catalog, c);
        }
        let mut out = compare_short::table_text(lang, catalog, c);
        out.push_str("\n\n");
        out.push_str(&crate::render::compare::text(lang, catalog, &c.gpus));
        let setups = crate::render::setups::text(lang, catalog, c);
        if !setups.is_empty() {
            out.push_str("\n\n");
            out.push_str(&setups);
        }
        out
    }

    /// The first view: the verdict and the short lines; the sheets wait behind a button.
    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        let c = self.0;
        let lines: Vec<String> = compare_short::table(lang, catalog, c)
            .into_iter()
            .map(|l| format!("• {l}"))
            .collect();
        let e = Embed {
            title: t(lang, "compare-title"),
            description: lines.join("\n"),
            footer: t(lang, "discord-footer"),
            colour: embed::BLUE,
            ..Embed::default()
        };
        verdict_first(self, lang, catalog, e.fitted())
    }

    /// The verdict, the short table, then each card's full sheet (the page's details).
    fn page(&self, lang: Lang) -> Option<KindPage> {
        let catalog = Catalog::get();
        let c = self.0;
        let mut v = view(lang, "info", "⚖️", verdict(self, lang, catalog));
        v.parts.push(Part {
            title: t(lang, "compare-title"),
            intro: None,
            lines: spans_of(&compare_short::table(lang, catalog, c)),
            outro: None,
            commands: Vec::new(),
        });
        let rows = crate::render::compare::rows(lang, catalog, &c.gpus);
        let colon = separator(lang, Separator::Colon);
        for (i, g) in c.gpus.iter().enumerate() {
            let lines: Vec<String> = rows
                .iter()
                .map(|(label, values)| format!("{label}{colon}{}", values[i]))
                .collect();
            v.parts.push(Part {
                title: g.display_name.clone(),
                intro: None,
                lines: spans_of(&lines),
                outro: None,
                commands: Vec::new(),
            });
        }
        v.guide = topic_link(lang, Topic::Choosing);
        Some(v)
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
