//! What runs on one setup: the largest model per format in the verdict, then the models by
//! format, 4 bits first (what the asker downloads), a few per format at chat length.

use super::page::{KindPage, Part, spans_of, topic_link, view};
use super::{AnswerKind, head, verdict_first};
use crate::answer::{FitList, Intent, Topic};
use crate::catalog::Catalog;
use crate::estimate::{Job, Mode, Precision};
use crate::i18n::{Args, Lang, format_int, format_number, tr};
use crate::render::discord::{self as embed, Embed};
use crate::render::html;
use crate::render::kinds_json::{AskJson, FitAnswerJson, fit_models};
use crate::render::outcome::Length;

/// Models of the first format a chat-length answer lists.
pub const CHAT_PER_FORMAT: usize = 4;
/// Models listed for each later format at chat length.
pub const CHAT_PER_OTHER_FORMAT: usize = 2;
/// Models per format the web page lists (the JSON has them all).
pub const PAGE_PER_FORMAT: usize = 15;

/// A fit answer, at the length asked (the embed is always chat length).
pub struct Fit<'a>(pub &'a FitList, pub Length);

/// "At 4 bits (Q4_K_M, llama.cpp)": a format's heading.
fn group_title(lang: Lang, precision: Precision) -> String {
    let runtime = Job::new(Mode::Inference, precision).runtime.name();
    let bits = format_number(lang, precision.bits_per_weight().floor(), 0);
    let args = Args::new()
        .s("bits", bits)
        .s("format", crate::render::buy::format_label(precision))
        .s("runtime", runtime);
    tr(lang, "fit-group", Some(&args))
}

/// "Qwen3 14B: up to 12,288 tokens of context".
fn model_line(lang: Lang, model: &str, context: u64) -> String {
    let a = Args::new()
        .s("model", model)
        .s("context", format_int(lang, context));
    tr(lang, "discord-fit-models-line", Some(&a))
}

impl Fit<'_> {
    /// The answer's heading, and the models by format under it; `more` is the message that
    /// counts the models left out (the terminal's names `--full`, Discord's only counts).
    fn titled(&self, lang: Lang, catalog: &Catalog, more_id: &str) -> (String, String) {
        let list = self.0;
        let setup = crate::render::parts::setup_label(catalog, &list.gpu.id, list.count);
        let args = Args::new()
            .s("setup", setup.as_str())
            .s("precision", list.precision.name());
        if list.groups.iter().all(|(_, m)| m.is_empty()) {
            return (
                tr(lang, "discord-fit-models-none", Some(&args)),
                String::new(),
            );
        }
        let one_format = list.groups.len() == 1;
        let title = if one_format {
            tr(lang, "discord-fit-models-title", Some(&args))
        } else {
            tr(lang, "fit-title", Some(&args))
        };
        let mut out = String::new();
        let mut more = 0;
        for (i, (precision, models)) in list.groups.iter().enumerate() {
            let per_format = self.per_format(i);
            if !one_format {
                out.push_str(&format!("\n{}", group_title(lang, *precision)));
            }
            if models.is_empty() {
                let none = Args::new().s("format", crate::render::buy::format_label(*precision));
                out.push_str(&format!("\n• {}", tr(lang, "fit-group-none", Some(&none))));
            }
            for (model, context) in models.iter().take(per_format) {
                out.push_str(&format!("\n• {}", model_line(lang, model, *context)));
            }
            more += models.len().saturating_sub(per_format);
        }
        if more > 0 {
            let a = Args::new().s("count", more.to_string());
            out.push_str(&format!("\n{}", tr(lang, more_id, Some(&a))));
        }
        (title, out)
    }

    /// How many models of the `i`-th format this length lists: at chat length the first
    /// format (what the asker runs, 4 bits unless they named one) gets the room, the
    /// others a taste, so the answer stays one phone screen.
    fn per_format(&self, i: usize) -> usize {
        match self.1 {
            Length::Chat if i == 0 => CHAT_PER_FORMAT,
            Length::Chat => CHAT_PER_OTHER_FORMAT,
            Length::Full => usize::MAX,
        }
    }
}

impl AnswerKind for Fit<'_> {
    fn verdict_words(&self, lang: Lang, catalog: &Catalog) -> String {
        crate::render::verdict::fit(lang, catalog, self.0)
    }

    fn body(&self, lang: Lang, catalog: &Catalog) -> String {
        let (title, rest) = self.titled(lang, catalog, "fit-more");
        format!("**{title}**{rest}")
    }

    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        let chat = Fit(self.0, Length::Chat);
        let (title, rest) = chat.titled(lang, catalog, "discord-fit-models-more");
        let colour = if self.0.groups.iter().all(|(_, m)| m.is_empty()) {
            embed::AMBER
        } else {
            embed::GREEN
        };
        let e = Embed {
            title,
            description: rest.trim_start().to_string(),
            colour,
            ..Embed::default()
        };
        verdict_first(&chat, lang, catalog, e).fitted()
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

    /// The largest model first, in the verdict box; a part per format.
    fn page(&self, lang: Lang) -> Option<KindPage> {
        let list = self.0;
        let first = list
            .groups
            .iter()
            .find_map(|(_, m)| m.first())
            .map(|(m, c)| model_line(lang, m, *c));
        // The box opens with the verdict, as the text and the embed do.
        let head = super::verdict(self, lang, Catalog::get());
        let mut v = match first {
            None => view(lang, "no", "❌", head),
            Some(_) => view(lang, "fits", "✅", head),
        };
        v.line = first.map(|l| html::spans(&l));
        for (precision, models) in &list.groups {
            if models.is_empty() {
                continue;
            }
            let lines: Vec<String> = models
                .iter()
                .take(PAGE_PER_FORMAT)
                .map(|(m, c)| model_line(lang, m, *c))
                .collect();
            let more = models.len().saturating_sub(PAGE_PER_FORMAT);
            let outro = (more > 0).then(|| {
                let a = Args::new().s("count", more.to_string());
                html::spans(&tr(lang, "discord-fit-models-more", Some(&a)))
            });
            v.parts.push(Part {
                title: group_title(lang, *precision),
                intro: None,
                lines: spans_of(&lines),
                outro,
                commands: Vec::new(),
            });
        }
        v.guide = topic_link(lang, Topic::KvCache);
        Some(v)
    }
}
