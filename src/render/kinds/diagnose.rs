//! A pasted error: what the log is, the cause, the fixes as commands to copy.

use super::page::{KindPage, Part, spans_of, topic_link, view};
use super::{AnswerKind, head, text};
use crate::answer::{Diagnosed, Intent, Topic};
use crate::catalog::Catalog;
use crate::diagnose::Read;
use crate::i18n::{Lang, t};
use crate::render::discord::{self as embed, Embed};
use crate::render::html;
use crate::render::kinds_json::{AskJson, DiagnoseAnswerJson, diagnosis};

pub struct Diagnose<'a>(pub &'a Diagnosed);

impl AnswerKind for Diagnose<'_> {
    fn verdict_words(&self, lang: Lang, _catalog: &Catalog) -> String {
        crate::render::verdict::diagnose(lang, &self.0.read)
    }

    fn body(&self, lang: Lang, _catalog: &Catalog) -> String {
        let d = self.0;
        crate::render::diagnosis::text(lang, &d.read, d.estimate.as_ref())
    }

    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        let colour = match self.0.read {
            Read::Known(_) => embed::AMBER,
            Read::Unknown => embed::RED,
        };
        // The asker's own log is the message right above the reply: the embed does not
        // quote it again, so the cause and the fixes stand on the first screen.
        let full = text(self, lang, catalog);
        let unquoted: Vec<&str> = full
            .lines()
            .filter(|l| !l.starts_with("> "))
            .collect::<Vec<_>>();
        embed::notice(unquoted.join("\n"), colour)
    }

    fn json(&self, lang: Lang, catalog: &Catalog) -> AskJson {
        let h = head(self, lang, catalog, Intent::Diagnose);
        let d = self.0;
        let ours = d
            .estimate
            .as_ref()
            .map(|a| crate::render::json::answer(lang, catalog, a));
        AskJson::Diagnose(Box::new(DiagnoseAnswerJson {
            language: h.language,
            understood: !matches!(d.read, Read::Unknown),
            intent: h.intent,
            verdict: h.verdict,
            diagnosis: diagnosis(&d.read),
            estimate: ours.clone(),
            answer: ours,
            text: h.text,
        }))
    }

    /// The cause and the first fix (with what it changes) in the verdict box, then the log's
    /// figures and the other fixes: each command once.
    fn page(&self, lang: Lang) -> Option<KindPage> {
        let d = match &self.0.read {
            Read::Known(d) => d,
            Read::Unknown => {
                let text = crate::render::diagnosis::unknown(lang);
                let mut lines = text.lines();
                let mut v = view(
                    lang,
                    "no",
                    "🩺",
                    lines.next().unwrap_or_default().to_string(),
                );
                v.command = lines.next().map(|l| l.trim_matches('`').to_string());
                v.guide = topic_link(lang, Topic::Oom);
                return Some(v);
            }
        };
        let p = crate::render::diagnosis::parts(lang, d, self.0.estimate.as_ref());
        let mut v = view(lang, "no", "🩺", p.title);
        v.line = Some(html::spans(&p.cause));
        // The first fix, with what it changes, is the box's command; the list below holds
        // the others, so no command is shown twice.
        let mut fixes = p.fixes.into_iter();
        if let Some((cmd, why)) = fixes.next() {
            v.command = Some(cmd);
            v.command_why = Some(html::spans(&why));
        }
        let mut figures = p.figures;
        figures.extend(p.ours);
        if !figures.is_empty() {
            v.parts.push(Part {
                title: t(lang, "diag-figures-title"),
                intro: None,
                lines: spans_of(&figures),
                outro: None,
                commands: Vec::new(),
            });
        }
        let others: Vec<_> = fixes.map(|(cmd, why)| (cmd, html::spans(&why))).collect();
        if !others.is_empty() {
            v.parts.push(Part {
                title: t(lang, "diag-more-fixes-title"),
                intro: None,
                lines: Vec::new(),
                outro: None,
                commands: others,
            });
        }
        v.guide = topic_link(lang, Topic::Oom);
        Some(v)
    }
}
