//! The answer as Markdown text: what `ask`/`estimate` print and what free-text replies say.

use super::parts;
use crate::answer::Answer;
use crate::catalog::Catalog;
use crate::i18n::{Lang, t};

/// The whole answer: summary, fit, setups, rule of thumb, assumptions, notes, guides.
pub fn answer(lang: Lang, catalog: &Catalog, a: &Answer) -> String {
    let mut out: Vec<String> = Vec::new();
    out.push(format!("**{}**", parts::title(lang, a)));
    out.push(parts::job_line(lang, a));
    out.push(parts::total_line(lang, a));
    out.push(parts::breakdown_line(lang, a));
    out.extend(parts::fit_lines(lang, catalog, a));
    out.push(String::new());
    if a.recommendations.nothing_fits {
        out.push(t(lang, "answer-nothing-fits"));
    } else {
        let title = if a.job.mode.is_training() {
            "answer-setups-title-training"
        } else {
            "answer-setups-title"
        };
        out.push(format!("**{}**", t(lang, title)));
        for setup in &a.recommendations.setups {
            out.push(format!("- {}", parts::setup_line(lang, catalog, setup)));
        }
    }
    out.extend(parts::advice_lines(lang, a));
    out.push(String::new());
    out.extend(parts::rule_lines(lang, a));
    let assumed = parts::assumption_lines(lang, a);
    if !assumed.is_empty() {
        // The title carries its own colon: Chinese writes a full-width one.
        out.push(format!(
            "{} {}",
            t(lang, "assumed-title"),
            assumed.join("; ")
        ));
    }
    for line in parts::caveat_lines(lang, a) {
        out.push(format!("· {line}"));
    }
    out.push(parts::guides_line(lang, &a.topics));
    out.join("\n")
}

/// A guide topic: title and body.
pub fn guide(lang: Lang, topic: crate::answer::Topic) -> String {
    let slug = topic.slug();
    format!(
        "**{}**\n\n{}",
        t(lang, &format!("guide-{slug}-title")),
        t(lang, &format!("guide-{slug}-body"))
    )
}
