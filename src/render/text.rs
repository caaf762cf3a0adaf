//! The answer as Markdown text: what `ask`/`estimate` print and what free-text replies say.

use super::view::{AnswerView, Kind, Section};
use crate::answer::Answer;
use crate::catalog::Catalog;
use crate::i18n::{Lang, t};
use crate::msg;
use crate::vocab::Runtime;

/// What the text says, in this order: the answer to the question asked first, the numbers,
/// what to change and how to start it, the setups, then the details.
pub const LAYOUT: &[Kind] = &[
    Kind::SizedFromName,
    Kind::NativeFormat,
    Kind::Title,
    Kind::MaxContext,
    Kind::Job,
    Kind::Total,
    Kind::Breakdown,
    Kind::Fit,
    Kind::Levers,
    Kind::Serving,
    Kind::Launch,
    Kind::NextSteps,
    Kind::Setups,
    Kind::Advice,
    Kind::Rule,
    Kind::Assumptions,
    Kind::Notes,
    Kind::Guides,
];

/// A chat reply: what it says under its verdict, at most eleven more lines (issue: an
/// estimate the length of a chat message). The numbers, the best two ways to make it fit
/// or how to start it, what it serves when users were asked; then, when the asker's cards
/// do not hold it, the next steps beyond them, and with no card named the first three
/// setups. A setup that holds the job needs no list of others; the rest stays behind
/// `--full`.
pub const CHAT: &[Kind] = &[
    Kind::SizedFromName,
    Kind::NativeFormat,
    Kind::Title,
    Kind::MaxContext,
    Kind::Breakdown,
    Kind::LeversChat,
    Kind::Serving,
    Kind::Launch,
    Kind::NextStepsChat,
    Kind::SetupsChat,
];

/// The answer the length of a chat message ([`CHAT`]), ending with where the rest is.
///
/// Only the sections it shows are built: the short answer is also the cheap one.
pub fn chat(lang: Lang, catalog: &Catalog, a: &Answer) -> String {
    // The fix or the launch line: what to change comes before how to start what does not
    // fit yet. The serving lines only where the question serves users.
    let fix = a
        .fit
        .as_ref()
        .is_some_and(|f| !f.fits || (a.tight() && !a.levers.is_empty()));
    let serves = serves_users(a);
    let layout: Vec<Kind> = CHAT
        .iter()
        .copied()
        .filter(|k| match k {
            // Cards of different kinds that hold it: the split below says how to start it;
            // the levers and the launch line are the first card's alone.
            // An engine setting that fixes it: the line that starts it with that setting.
            Kind::Launch => (!fix || engine_fix(a)) && !mixed_fits(a),
            Kind::LeversChat => fix && !mixed_fits(a),
            Kind::Serving => serves && !fix,
            // The asker's own cards: the next steps when they do not hold it, nothing more
            // when they do; the setups only when no card was named.
            Kind::NextStepsChat => {
                a.fit.as_ref().is_some_and(|f| !f.fits) && !mixed_fits(a) && !engine_fix(a)
            }
            // The verdict of a "max context" question already says it.
            Kind::MaxContext => !(a.max_context_asked && a.gpu.is_some()),
            Kind::SetupsChat => a.fit.is_none(),
            _ => true,
        })
        .collect();
    let mut view = AnswerView::new(lang, catalog, a, &layout);
    for section in &mut view.sections {
        match section {
            // What it serves at the load asked (or the most it holds): the last line.
            Section::Serving(lines) => {
                if let Some((_, last)) = lines.rsplit_once('\n') {
                    *lines = last.to_string();
                }
            }
            // One command goes on its title's line.
            Section::Launch(l) if l.commands.len() == 1 => {
                let cmd = l.commands.pop().unwrap_or_default();
                l.title = format!("{} `{cmd}`", l.title);
            }
            _ => {}
        }
    }
    // No blank lines inside a chat message: every line says something.
    let mut out = write_lines(&view, Spacing::Compact);
    out.push('\n');
    out.push_str(&t(lang, msg!("answer-chat-more")));
    out
}

/// The best lever is an engine setting (`--gpu-memory-utilization 0.9`, `-fa on`,
/// `--limit-mm-per-prompt`) on the asker's own cards: the launch line starts with it.
fn engine_fix(a: &Answer) -> bool {
    a.levers.first().is_some_and(|l| {
        l.kind == crate::plan::LeverKind::Engine && Some(l.count) == a.gpu_count.or(Some(1))
    }) && !a.launch.is_empty()
}

/// Cards of different kinds that hold the job between them: no step beyond them.
fn mixed_fits(a: &Answer) -> bool {
    matches!(
        a.mixed,
        Some(crate::mixed::Mixed::Layers { fits: true, .. })
    )
}

/// Whether a reply should say what the setup serves: users at once were asked, or the
/// runtime is a server people run for many users (vLLM, SGLang).
fn serves_users(a: &Answer) -> bool {
    a.job.load.concurrency.is_some() || matches!(a.job.runtime, Runtime::Vllm | Runtime::Sglang)
}

/// The whole answer: summary, fit, setups, rule of thumb, assumptions, notes, guides.
pub fn answer(lang: Lang, catalog: &Catalog, a: &Answer) -> String {
    write(&AnswerView::new(lang, catalog, a, LAYOUT))
}

/// The sections as Markdown lines: a blank line before the setups and before the rule of
/// thumb, titles in bold, list items after "- ", notes after "· ".
pub fn write(view: &AnswerView) -> String {
    write_lines(view, Spacing::Blank)
}

/// Whether a blank line sets the setups and the rule of thumb apart.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spacing {
    Blank,
    Compact,
}

fn write_lines(view: &AnswerView, spacing: Spacing) -> String {
    // An English answer with levers and four picks runs to about 3 KB.
    let mut out = Lines(String::with_capacity(4096));
    for section in &view.sections {
        match section {
            Section::SizedFromName(l)
            | Section::BestFit(l)
            | Section::Lead(l)
            | Section::MaxContext(l)
            | Section::Job(l)
            | Section::Total(l)
            | Section::Serving(l)
            | Section::LaunchMissing(l)
            | Section::Chart(l)
            | Section::RamHint(l) => out.line().push_str(l),
            Section::Title(title) => out.bold(title),
            Section::Verdict(v) => out.all([&v.words].into_iter().chain(&v.line)),
            Section::Breakdown(b) => out.joined(&b.title, &view.after_title, &b.items, " · "),
            Section::Fit(lines)
            | Section::Levers(lines)
            | Section::Advice(lines)
            | Section::Model(lines)
            | Section::Prices(lines) => out.all(lines),
            Section::Launch(l) => {
                out.line().push_str(&l.title);
                for cmd in &l.commands {
                    let line = out.line();
                    line.push('`');
                    line.push_str(cmd);
                    line.push('`');
                }
            }
            Section::Setups(list) | Section::AllLevers(list) => {
                if spacing == Spacing::Blank {
                    out.line();
                }
                match &list.none {
                    Some(none) => out.line().push_str(none),
                    None => {
                        out.bold(&list.title);
                        for l in &list.lines {
                            out.item("- ", l);
                        }
                    }
                }
            }
            Section::Rule(lines) => {
                if spacing == Spacing::Blank {
                    out.line();
                }
                out.all(lines);
            }
            Section::Assumptions(a) => {
                out.joined(&a.title, &view.after_title, &a.items, &view.clause)
            }
            Section::Notes(lines) => lines.iter().for_each(|l| out.item("· ", l)),
            Section::Guides(g) => {
                let titles: Vec<&String> = g.topics.iter().map(|(_, title)| title).collect();
                out.joined(&g.title, &view.after_title, &titles, " · ");
            }
        }
    }
    out.0
}

/// The reply being written, a line at a time.
struct Lines(String);

impl Lines {
    /// A new line to write into (no break before the first).
    fn line(&mut self) -> &mut String {
        if !self.0.is_empty() {
            self.0.push('\n');
        }
        &mut self.0
    }

    fn all<'s>(&mut self, lines: impl IntoIterator<Item = &'s String>) {
        for l in lines {
            self.line().push_str(l);
        }
    }

    fn bold(&mut self, text: &str) {
        let line = self.line();
        line.push_str("**");
        line.push_str(text);
        line.push_str("**");
    }

    fn item(&mut self, bullet: &str, text: &str) {
        let line = self.line();
        line.push_str(bullet);
        line.push_str(text);
    }

    /// "Title: a · b · c" on one line.
    fn joined(&mut self, title: &str, after_title: &str, items: &[impl AsRef<str>], sep: &str) {
        let line = self.line();
        line.push_str(title);
        line.push_str(after_title);
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                line.push_str(sep);
            }
            line.push_str(item.as_ref());
        }
    }
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
