//! The answer as Markdown text: what `ask`/`estimate` print and what free-text replies say.

use super::parts::Appended;
use super::{parts, plan};
use crate::answer::Answer;
use crate::catalog::Catalog;
use crate::i18n::{Lang, label, t};
use crate::msg;

/// The whole answer: summary, fit, setups, rule of thumb, assumptions, notes, guides.
pub fn answer(lang: Lang, catalog: &Catalog, a: &Answer) -> String {
    // An English answer with levers and four picks runs to about 3 KB.
    let mut out = String::with_capacity(4096);
    // "Can I run X on Y" answered first: the format that fits Y when the assumed one does not.
    // A model not known, sized from its name: said before any figure about it.
    let unknown = parts::sized_from_name_line(lang, a);
    if let Some(line) = &unknown {
        out.push_str(line);
        out.push('\n');
    }
    if let Some(best) = parts::best_fit_line(lang, catalog, a) {
        out.push_str(&best);
        out.push('\n');
    }
    out.push_str("**");
    parts::title_into(&mut out, lang, a);
    out.push_str("**");
    if let Some(l) = plan::max_context_line(lang, a) {
        line(&mut out, &l);
    }
    out.push('\n');
    parts::job_line_into(&mut out, lang, a);
    out.push('\n');
    parts::total_line_into(&mut out, lang, a);
    out.push('\n');
    parts::breakdown_line_into(&mut out, lang, a);
    parts::fit_lines_to(&mut Appended(&mut out), lang, catalog, a);
    plan::after_verdict_to(&mut Appended(&mut out), lang, a);
    line(&mut out, "");
    if a.recommendations.nothing_fits {
        line(&mut out, &label(lang, msg!("answer-nothing-fits")));
    } else {
        let title = if a.job.mode.is_training() {
            msg!("answer-setups-title-training")
        } else {
            msg!("answer-setups-title")
        };
        out.push('\n');
        bold(&mut out, &label(lang, title));
        for setup in &a.recommendations.setups {
            line(&mut out, "- ");
            parts::setup_line_into(&mut out, lang, catalog, setup);
        }
    }
    for l in parts::advice_lines(lang, a) {
        line(&mut out, &l);
    }
    line(&mut out, "");
    parts::rule_lines_to(&mut Appended(&mut out), lang, a);
    let mut assumed = parts::assumption_lines(lang, a);
    assumed.retain(|l| Some(l) != unknown.as_ref());
    if !assumed.is_empty() {
        // The title carries its own colon: Chinese writes a full-width one, with no space.
        line(&mut out, &label(lang, msg!("assumed-title")));
        out.push_str(&parts::separator(lang, parts::Separator::AfterTitle));
        let clause = parts::separator(lang, parts::Separator::Clause);
        for (i, a) in assumed.iter().enumerate() {
            if i > 0 {
                out.push_str(&clause);
            }
            out.push_str(a);
        }
    }
    for l in parts::caveat_lines(lang, a) {
        line(&mut out, "· ");
        out.push_str(&l);
    }
    out.push('\n');
    parts::guides_line_into(&mut out, lang, &a.topics);
    out
}

/// Start a new line of the reply.
fn line(out: &mut String, text: &str) {
    out.push('\n');
    out.push_str(text);
}

fn bold(out: &mut String, text: &str) {
    out.push_str("**");
    out.push_str(text);
    out.push_str("**");
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
