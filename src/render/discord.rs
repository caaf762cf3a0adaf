//! Replies as embeds: an estimate written from the sections of `render::view`, and the
//! comparisons, guides, notices and `/fit` lists.
//!
//! An [`Embed`] is plain data so tests can check Discord's limits on every answer without
//! a connection; [`Embed::to_serenity`] turns it into serenity's builder. The layout is
//! one column of short fields so it reads on a phone between two meetings: the answer to
//! the question and the verdict first, then the one number, the setups as short lines with
//! their prices apart, advice; the levers, the rule of thumb and the assumptions wait behind
//! the "make it fit" and "full breakdown" buttons ([`View`]).

use crate::answer::{Answer, Topic};
use crate::catalog::{Catalog, GpuSpec, LookupError};
use crate::error::Error;
use crate::estimate::JobError;
use crate::estimate::precision::UnknownPrecision;
use crate::i18n::{Args, Lang, t, tr};
use crate::render::compare;
use crate::render::view::{AnswerView, Kind, Section, Tone};
use poise::serenity_prelude as serenity;

/// Discord's embed limits.
pub const TITLE_MAX: usize = 256;
pub const DESCRIPTION_MAX: usize = 4096;
pub const FIELDS_MAX: usize = 25;
pub const FIELD_NAME_MAX: usize = 256;
pub const FIELD_VALUE_MAX: usize = 1024;
pub const FOOTER_MAX: usize = 2048;
pub const TOTAL_MAX: usize = 6000;

/// Colours: green when it fits, amber for advice, red when the named setup is too small.
pub const GREEN: u32 = 0x2e_cc_71;
pub const AMBER: u32 = 0xf1_c4_0f;
pub const RED: u32 = 0xe7_4c_3c;
pub const BLUE: u32 = 0x34_98_db;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Embed {
    pub title: String,
    pub description: String,
    pub fields: Vec<(String, String)>,
    pub footer: String,
    pub colour: u32,
}

/// Cut `s` to at most `max` characters, ending with "…" when cut.
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

impl Embed {
    fn field(&mut self, name: String, lines: &[String]) {
        if lines.is_empty() {
            return;
        }
        self.fields.push((name, lines.join("\n")));
    }

    /// Characters Discord counts towards the 6000 total.
    pub fn total_chars(&self) -> usize {
        self.title.chars().count()
            + self.description.chars().count()
            + self.footer.chars().count()
            + self
                .fields
                .iter()
                .map(|(n, v)| n.chars().count() + v.chars().count())
                .sum::<usize>()
    }

    /// Clip every part to its limit, then drop trailing fields until the total fits.
    pub fn fitted(mut self) -> Embed {
        self.title = clip(&self.title, TITLE_MAX);
        self.description = clip(&self.description, DESCRIPTION_MAX);
        self.footer = clip(&self.footer, FOOTER_MAX);
        self.fields.truncate(FIELDS_MAX);
        for (name, value) in &mut self.fields {
            *name = clip(name, FIELD_NAME_MAX);
            *value = clip(value, FIELD_VALUE_MAX);
        }
        while self.total_chars() > TOTAL_MAX && !self.fields.is_empty() {
            self.fields.pop();
        }
        if self.total_chars() > TOTAL_MAX {
            let room = TOTAL_MAX - (self.total_chars() - self.description.chars().count());
            self.description = clip(&self.description, room);
        }
        self
    }

    /// Every limit Discord enforces, as a list of violations (empty when valid).
    pub fn violations(&self) -> Vec<String> {
        let mut out = Vec::new();
        let check = |out: &mut Vec<String>, what: &str, len: usize, max: usize| {
            if len > max {
                out.push(format!("{what}: {len} > {max}"));
            }
        };
        check(&mut out, "title", self.title.chars().count(), TITLE_MAX);
        check(
            &mut out,
            "description",
            self.description.chars().count(),
            DESCRIPTION_MAX,
        );
        check(&mut out, "footer", self.footer.chars().count(), FOOTER_MAX);
        check(&mut out, "fields", self.fields.len(), FIELDS_MAX);
        for (n, v) in &self.fields {
            check(&mut out, "field name", n.chars().count(), FIELD_NAME_MAX);
            check(&mut out, "field value", v.chars().count(), FIELD_VALUE_MAX);
            if n.trim().is_empty() || v.trim().is_empty() {
                out.push("empty field".into());
            }
        }
        check(&mut out, "total", self.total_chars(), TOTAL_MAX);
        out
    }

    pub fn to_serenity(&self) -> serenity::CreateEmbed {
        let mut e = serenity::CreateEmbed::new()
            .colour(self.colour)
            .description(&self.description);
        if !self.title.is_empty() {
            e = e.title(&self.title);
        }
        for (name, value) in &self.fields {
            e = e.field(name, value, false);
        }
        if !self.footer.is_empty() {
            e = e.footer(serenity::CreateEmbedFooter::new(&self.footer));
        }
        e
    }
}

/// The colour of the whole answer: green when it fits, amber for "yes, but", red when not.
fn colour(tone: Tone) -> u32 {
    match tone {
        Tone::Good => GREEN,
        Tone::Mixed => AMBER,
        Tone::Bad => RED,
    }
}

/// A field title from a message that carries its own colon in running text.
fn heading(title: &str) -> String {
    title.trim_end_matches([':', '：', ' ']).to_string()
}

/// How much of an answer an embed shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// What a phone shows first: the verdict, the number, the setups.
    Compact,
    /// "Make it fit": the compact answer with every lever and the launch line.
    Levers,
    /// "Full breakdown": the compact answer with the parts, the rule of thumb, the
    /// assumptions, the notes and the guides.
    Full,
}

/// Whether the answer has a "make it fit" button: the named GPUs are too small and some
/// change fixes that. Its levers then wait behind the button instead of filling the screen.
pub fn offers_levers(a: &Answer) -> bool {
    a.fit.as_ref().is_some_and(|f| !f.fits) && !a.levers.is_empty()
}

/// The first view, phone first: one verdict (the format that fits when the assumed one
/// does not, else the fit on the named GPUs), the total, three setups with their prices
/// (none when the named setup holds the job),
/// and which model and weights it is (a Hub repo's exact bytes). The chart is the message's
/// picture; the rest waits behind "full breakdown".
const COMPACT: &[Kind] = &[
    Kind::Title,
    Kind::Sentence,
    Kind::TotalUnderVerdict,
    Kind::SetupsFirst,
    Kind::Model,
];

/// The fuller views open with what "It fits on 8 ×" and the job add to the first view.
const LEAD: [Kind; 5] = [
    Kind::Title,
    Kind::BestFit,
    Kind::Fit,
    Kind::Total,
    Kind::Job,
];

/// What to do next, in the description, when the levers do not wait behind a button.
const PLAN: [Kind; 4] = [Kind::MaxContext, Kind::Levers, Kind::Serving, Kind::Launch];

/// "Make it fit": every lever in a field and the launch line; the setups with their prices
/// apart, the advice, which model it is.
const LEVERS_AFTER: [Kind; 5] = [
    Kind::AllLevers,
    Kind::SetupsShort,
    Kind::Prices,
    Kind::Advice,
    Kind::Model,
];

/// "Full breakdown": the setups with their prices apart, the advice, the parts, the rule of
/// thumb, the assumptions, the notes and the guides.
const FULL_AFTER: [Kind; 8] = [
    Kind::SetupsShort,
    Kind::Prices,
    Kind::Advice,
    Kind::Breakdown,
    Kind::RuleGib,
    Kind::Assumptions,
    Kind::Notes,
    Kind::Guides,
];

/// The sections each [`View`] shows, in order.
pub fn layout(view: View, a: &Answer) -> Vec<Kind> {
    let mut out = Vec::with_capacity(24);
    if view == View::Compact {
        // A named setup that holds the job needs no list of others, as in the chat text.
        let own_fits = a.fit.as_ref().is_some_and(|f| f.fits);
        out.extend(
            COMPACT
                .iter()
                .filter(|&&k| !(own_fits && k == Kind::SetupsFirst)),
        );
        return out;
    }
    out.extend(LEAD);
    if !offers_levers(a) {
        out.extend(PLAN);
    } else if view == View::Levers {
        out.push(Kind::Launch);
    }
    match view {
        View::Levers => out.extend(LEVERS_AFTER),
        _ => out.extend(FULL_AFTER),
    }
    out
}

/// An answer: compact by default, everything when `full` (the "Full breakdown" button).
pub fn answer(lang: Lang, catalog: &Catalog, a: &Answer, full: bool) -> Embed {
    answer_view(
        lang,
        catalog,
        a,
        if full { View::Full } else { View::Compact },
    )
}

/// An answer in one of its [`View`]s.
pub fn answer_view(lang: Lang, catalog: &Catalog, a: &Answer, view: View) -> Embed {
    write(&AnswerView::new(lang, catalog, a, &layout(view, a)))
}

/// The sections as an embed: the title, the short lines in the description, the lists in
/// fields (one column, "• " items), clipped to Discord's limits.
pub fn write(view: &AnswerView) -> Embed {
    let lang = view.lang;
    let mut e = Embed {
        footer: t(lang, "discord-footer"),
        colour: colour(view.tone),
        ..Embed::default()
    };
    let bullets = |lines: &[String], bullet: &str| -> Vec<String> {
        lines.iter().map(|l| format!("{bullet}{l}")).collect()
    };
    let mut description: Vec<String> = Vec::new();
    for section in &view.sections {
        match section {
            Section::Title(title) => e.title = title.clone(),
            Section::SizedFromName(l)
            | Section::BestFit(l)
            | Section::Lead(l)
            | Section::MaxContext(l)
            | Section::Job(l)
            | Section::Total(l)
            | Section::Serving(l)
            | Section::LaunchMissing(l)
            | Section::Chart(l)
            | Section::RamHint(l) => description.push(l.clone()),
            Section::Verdict(v) => {
                description.extend([&v.words].into_iter().chain(&v.line).cloned())
            }
            Section::Fit(lines) | Section::Levers(lines) => description.extend_from_slice(lines),
            Section::Launch(l) => {
                description.push(l.title.clone());
                description.extend(l.commands.iter().map(|c| format!("`{c}`")));
            }
            Section::Setups(list) | Section::AllLevers(list) => match &list.none {
                Some(none) => e.field(list.title.clone(), std::slice::from_ref(none)),
                None => e.field(list.title.clone(), &bullets(&list.lines, "• ")),
            },
            Section::Prices(lines) => {
                e.field(t(lang, "controls-prices-title"), &bullets(lines, "• "));
            }
            Section::Advice(lines) => e.field(t(lang, "discord-advice-title"), lines),
            Section::Breakdown(b) => {
                e.field(t(lang, "discord-breakdown-title"), &bullets(&b.items, "• "));
            }
            Section::Rule(lines) => e.field(t(lang, "discord-more-title"), lines),
            // Which model and weights it is: one line in the description, not a field
            // whose heading would take a line of its own on a phone's first screen.
            Section::Model(lines) => description.push(format!("ℹ️ {}", lines.join(&view.clause))),
            Section::Assumptions(a) => {
                e.field(heading(&a.title), &[a.items.join(&view.clause)]);
            }
            Section::Notes(lines) => e.field(t(lang, "discord-notes-title"), &bullets(lines, "· ")),
            Section::Guides(g) => {
                let mut line = format!("{}{}", g.title, view.after_title);
                for (i, (_, title)) in g.topics.iter().enumerate() {
                    if i > 0 {
                        line.push_str(" · ");
                    }
                    line.push_str(title);
                }
                e.field(t(lang, "discord-guides-title"), &[line]);
            }
        }
    }
    e.description = description.join("\n");
    e.fitted()
}

/// GPUs side by side: one field per GPU, rows as "label: value" lines.
pub fn compare(lang: Lang, catalog: &Catalog, gpus: &[&GpuSpec]) -> Embed {
    let rows = compare::rows(lang, catalog, gpus);
    let fields = gpus
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let lines: Vec<String> = rows
                .iter()
                .map(|(label, values)| format!("**{label}:** {}", values[i]))
                .collect();
            (g.display_name.clone(), lines.join("\n"))
        })
        .collect();
    Embed {
        title: t(lang, "compare-title"),
        description: t(lang, "compare-runs-note"),
        fields,
        footer: t(lang, "discord-footer"),
        colour: BLUE,
    }
    .fitted()
}

/// A guide topic (bodies are written to fit an embed description).
pub fn guide(lang: Lang, topic: Topic) -> Embed {
    let slug = topic.slug();
    Embed {
        title: t(lang, &format!("guide-{slug}-title")),
        description: t(lang, &format!("guide-{slug}-body")),
        footer: t(lang, "discord-footer"),
        colour: BLUE,
        ..Embed::default()
    }
    .fitted()
}

/// A core error in the user's language, with their text escaped.
pub fn error(lang: Lang, err: &Error) -> Embed {
    let text = crate::render::error::message(lang, Catalog::get(), &escaped(err));
    notice(text, AMBER)
}

/// An error or a notice: the localized text alone.
pub fn notice(text: String, colour: u32) -> Embed {
    Embed {
        description: text,
        colour,
        ..Embed::default()
    }
    .fitted()
}

/// Models that fit a setup, largest first, with the most context each can hold.
pub fn fit(lang: Lang, setup: &str, precision: &str, rows: &[(String, u64)]) -> Embed {
    const SHOWN: usize = 15;
    let args = Args::new().s("setup", setup).s("precision", precision);
    if rows.is_empty() {
        return notice(tr(lang, "discord-fit-models-none", Some(&args)), AMBER);
    }
    let mut lines: Vec<String> = rows
        .iter()
        .take(SHOWN)
        .map(|(model, context)| {
            let a = Args::new()
                .s("model", model.clone())
                .s("context", crate::i18n::format_int(lang, *context));
            format!("• {}", tr(lang, "discord-fit-models-line", Some(&a)))
        })
        .collect();
    if rows.len() > SHOWN {
        let more = Args::new().s(
            "count",
            crate::i18n::format_int(lang, (rows.len() - SHOWN) as u64),
        );
        lines.push(tr(lang, "discord-fit-models-more", Some(&more)));
    }
    Embed {
        title: tr(lang, "discord-fit-models-title", Some(&args)),
        description: lines.join("\n"),
        footer: t(lang, "discord-footer"),
        colour: GREEN,
        ..Embed::default()
    }
    .fitted()
}

/// Escape Markdown and defuse mentions in text a user typed, after dropping what
/// [`crate::sanitize::clean`] drops everywhere else.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in crate::sanitize::clean(text).chars() {
        match c {
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#' | '[' | ']' | '(' | ')' | '-' => {
                out.push('\\');
                out.push(c);
            }
            // A zero-width space after @ keeps "@everyone" from reading as a mention.
            '@' => out.push_str("@\u{200b}"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The same error with every piece of user text escaped, ready to render.
pub fn escaped(err: &Error) -> Error {
    match err.clone() {
        Error::Lookup(LookupError::UnknownModel { input, suggestions }) => {
            Error::Lookup(LookupError::UnknownModel {
                input: escape(&input),
                suggestions,
            })
        }
        Error::Lookup(LookupError::UnknownGpu { input, suggestions }) => {
            Error::Lookup(LookupError::UnknownGpu {
                input: escape(&input),
                suggestions,
            })
        }
        Error::Precision(UnknownPrecision(input)) => {
            Error::Precision(UnknownPrecision(escape(&input)))
        }
        Error::UnknownTopic(input) => Error::UnknownTopic(escape(&input)),
        Error::NotUnderstood { unparsed } => Error::NotUnderstood {
            unparsed: unparsed.iter().map(|w| escape(w)).collect(),
        },
        Error::Job(JobError::NotANumber { what, value }) => Error::Job(JobError::NotANumber {
            what,
            value: escape(&value),
        }),
        Error::Job(JobError::UnknownOption { what, value }) => {
            Error::Job(JobError::UnknownOption {
                what,
                value: escape(&value),
            })
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_markdown_and_mentions() {
        assert_eq!(
            escape("**hi** @everyone"),
            "\\*\\*hi\\*\\* @\u{200b}everyone"
        );
        assert_eq!(escape("<@123>"), "<@\u{200b}123\\>");
    }
}
