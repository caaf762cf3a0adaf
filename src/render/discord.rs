//! Replies as embeds, built from the localized pieces in `render::parts`.
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
use crate::i18n::{Args, Lang, format_gib, format_number, t, tr};
use crate::render::{compare, parts};
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

fn colour(a: &Answer) -> u32 {
    match &a.fit {
        // "Yes, in another format": not the red of a setup that cannot run it, nor the green
        // of one that runs it as shipped.
        Some(_) if a.best_fit.is_some() || a.tight() => AMBER,
        Some(f) if !f.fits => RED,
        Some(_) => GREEN,
        None if a.recommendations.nothing_fits => RED,
        None if a.recommendations.setups.iter().any(|s| s.fit.count == 1) => GREEN,
        None => AMBER,
    }
}

/// A field title from a message that carries its own colon in running text.
fn heading(lang: Lang, id: &str) -> String {
    t(lang, id).trim_end_matches([':', '：', ' ']).to_string()
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

/// An answer: compact by default, everything when `full` (the "Full breakdown" button).
pub fn answer(lang: Lang, catalog: &Catalog, a: &Answer, full: bool) -> Embed {
    answer_view(
        lang,
        catalog,
        a,
        if full { View::Full } else { View::Compact },
    )
}

/// The description, phone first: one verdict (the format that fits when the assumed one
/// does not, else the fit on the named GPUs) and the total. The full views add what "It fits
/// on 8 ×" and the job add, and what to do next (levers only here when they do not wait
/// behind the "make it fit" button).
fn lead(lang: Lang, catalog: &Catalog, a: &Answer, view: View) -> String {
    let mut fit = parts::fit_lines(lang, catalog, a);
    let mut lines: Vec<String> = parts::best_fit_line(lang, catalog, a).into_iter().collect();
    if view == View::Compact {
        // One verdict: the best format's line says it, else the named setup's.
        if lines.is_empty() && !fit.is_empty() {
            lines.push(fit.remove(0));
        }
        let verdict = !lines.is_empty();
        lines.extend(total_compact(lang, a, verdict));
        return lines.join("\n");
    }
    lines.extend(fit);
    lines.push(parts::total_line(lang, a));
    lines.push(parts::job_line(lang, a));
    if !offers_levers(a) {
        lines.extend(crate::render::plan::lines(lang, a));
    } else if view == View::Levers {
        lines.extend(crate::render::plan::launch_lines(lang, a));
    }
    lines.join("\n")
}

/// The first view's number under the verdict. Every verdict line gives the memory per GPU
/// (as the chart does): on one GPU that is the peak itself, so no second line says it again;
/// over several, the peak in all without the split line's share per GPU, which would repeat
/// the verdict's and take two more lines on a phone. With no verdict, the total line.
fn total_compact(lang: Lang, a: &Answer, verdict: bool) -> Option<String> {
    if !verdict {
        return Some(parts::total_line(lang, a));
    }
    if a.estimate.gpus <= 1 {
        return None;
    }
    let total = format_gib(lang, a.estimate.total_gib());
    Some(tr(
        lang,
        "answer-total",
        Some(&Args::new().s("total", total)),
    ))
}

/// Setups shown on the first view.
const COMPACT_SETUPS: usize = 3;

/// "• 2 × RTX 3090 · $1,700": the first view's setup line, the card and its price alone so
/// it stays one line on a phone; the memory per GPU is in the chart under it, the speed in
/// the full breakdown.
fn setup_compact(lang: Lang, catalog: &Catalog, s: &crate::recommend::Setup) -> String {
    let label = parts::setup_label(catalog, &s.fit.gpu, s.fit.count);
    let mut line = format!("• {}", without_brand(&label));
    if let Some(buy) = s.buy {
        line.push_str(" · ");
        line.push_str(&price(lang, buy));
    }
    line
}

/// Brand words that lead a card's name and that people leave out ("RTX 4090", "MI300X"):
/// the first view drops them so a setup and its price stay on one line on a phone.
const BRANDS: [&str; 3] = ["GeForce ", "NVIDIA ", "AMD "];

/// "2 × GeForce RTX 4090" as "2 × RTX 4090": the label without a leading [`BRANDS`] word.
fn without_brand(label: &str) -> String {
    let (count, name) = match label.split_once(" × ") {
        Some((n, name)) => (Some(n), name),
        None => (None, label),
    };
    let name = BRANDS
        .iter()
        .find_map(|b| name.strip_prefix(b))
        .unwrap_or(name);
    match count {
        Some(n) => format!("{n} × {name}"),
        None => name.to_string(),
    }
}

/// A setup's price: today's, else the launch price, said so.
fn price(lang: Lang, buy: crate::recommend::Price) -> String {
    let amount = parts::price_usd(lang, buy.usd);
    match buy.basis {
        crate::catalog::PriceBasis::Street => amount,
        crate::catalog::PriceBasis::Launch => tr(
            lang,
            "compare-price-launch",
            Some(&Args::new().s("price", amount)),
        ),
    }
}

/// "• 2 × RTX 3090 · 21.5 GiB/GPU · ≈24 tokens/s": card, memory per GPU and speed on one
/// line (the full views' setups; their prices are in a field of their own).
fn setup_short(lang: Lang, catalog: &Catalog, s: &crate::recommend::Setup) -> String {
    let setup = parts::setup_label(catalog, &s.fit.gpu, s.fit.count);
    let args = Args::new()
        .s("setup", setup)
        .s("per_gpu", format_gib(lang, s.fit.per_gpu_gib));
    let mut line = format!("• {}", tr(lang, "controls-setup-short", Some(&args)));
    if let Some(tps) = s.fit.tokens_per_s {
        let tps = format_number(lang, tps, if tps < 10.0 { 1 } else { 0 });
        line.push_str(" · ");
        line.push_str(&tr(
            lang,
            "answer-setup-speed",
            Some(&Args::new().s("tps", tps)),
        ));
    }
    line
}

/// The first view's setups: the first three, each on one line with its price.
fn setups_compact(e: &mut Embed, lang: Lang, catalog: &Catalog, a: &Answer) {
    let title = setups_title(a);
    if a.recommendations.nothing_fits {
        e.field(t(lang, title), &[t(lang, "answer-nothing-fits")]);
        return;
    }
    let lines: Vec<String> = a
        .recommendations
        .setups
        .iter()
        .take(COMPACT_SETUPS)
        .map(|s| setup_compact(lang, catalog, s))
        .collect();
    e.field(t(lang, title), &lines);
}

fn setups_title(a: &Answer) -> &'static str {
    if a.job.mode.is_training() {
        "answer-setups-title-training"
    } else {
        "answer-setups-title"
    }
}

/// Setups as short lines (card and count, per GPU, speed), and their prices and labels
/// in a second, shorter field.
fn setups(e: &mut Embed, lang: Lang, catalog: &Catalog, a: &Answer) {
    let setups_title = setups_title(a);
    if a.recommendations.nothing_fits {
        e.field(t(lang, setups_title), &[t(lang, "answer-nothing-fits")]);
        return;
    }
    let mut short = Vec::new();
    let mut prices = Vec::new();
    for s in &a.recommendations.setups {
        let setup = parts::setup_label(catalog, &s.fit.gpu, s.fit.count);
        short.push(setup_short(lang, catalog, s));
        // Why it is on the list, then what it costs now (street price, else launch price,
        // said so), to rent and per token: the same words as the text answer's setup line.
        let mut line = parts::why_phrase(lang, s.why);
        parts::price_extras(&mut line, lang, catalog, s);
        let colon = parts::separator(lang, parts::Separator::Colon);
        prices.push(format!("• {setup}{colon}{line}"));
    }
    e.field(t(lang, setups_title), &short);
    e.field(t(lang, "controls-prices-title"), &prices);
}

/// An answer in one of its [`View`]s.
pub fn answer_view(lang: Lang, catalog: &Catalog, a: &Answer, view: View) -> Embed {
    let mut e = Embed {
        title: parts::title(lang, a),
        description: lead(lang, catalog, a, view),
        footer: t(lang, "discord-footer"),
        colour: colour(a),
        ..Embed::default()
    };
    if view == View::Compact {
        // Verdict, number, three setups and the chart (the message's picture); the rest
        // waits behind "full breakdown".
        setups_compact(&mut e, lang, catalog, a);
        // Which model and weights it is stays in sight (a Hub repo's exact bytes).
        let model = parts::model_lines(lang, a);
        if !model.is_empty() {
            let clause = parts::separator(lang, parts::Separator::Clause);
            e.field(heading(lang, "assumed-title"), &[model.join(&clause)]);
        }
        return e.fitted();
    }
    if view == View::Levers {
        let mut levers = crate::render::plan::all_lever_lines(lang, a);
        if levers.is_empty() {
            levers.push(t(lang, "controls-levers-none"));
        }
        e.field(t(lang, "controls-levers-title"), &levers);
    }
    setups(&mut e, lang, catalog, a);
    e.field(
        t(lang, "discord-advice-title"),
        &parts::advice_lines(lang, a),
    );
    let clause = parts::separator(lang, parts::Separator::Clause);
    if view != View::Full {
        // Which model and weights it is stays in sight; the chosen defaults wait.
        let model = parts::model_lines(lang, a);
        if !model.is_empty() {
            e.field(heading(lang, "assumed-title"), &[model.join(&clause)]);
        }
    }
    if view == View::Full {
        let items: Vec<String> = parts::breakdown_items(lang, a)
            .into_iter()
            .map(|(label, value)| {
                let args = Args::new().s("label", label).s("value", value);
                format!("• {}", tr(lang, "part-item", Some(&args)))
            })
            .collect();
        e.field(t(lang, "discord-breakdown-title"), &items);
        // One unit in the answer: the rule of thumb's decimal GB converted to GiB.
        let mut rule = vec![parts::rule_line_gib(lang, a)];
        rule.extend(parts::rule_lines(lang, a).into_iter().skip(1));
        e.field(t(lang, "discord-more-title"), &rule);
        let assumed = parts::assumption_lines(lang, a);
        if !assumed.is_empty() {
            e.field(heading(lang, "assumed-title"), &[assumed.join(&clause)]);
        }
        let caveats: Vec<String> = parts::caveat_lines(lang, a)
            .into_iter()
            .map(|l| format!("· {l}"))
            .collect();
        e.field(t(lang, "discord-notes-title"), &caveats);
        e.field(
            t(lang, "discord-guides-title"),
            &[parts::guides_line(lang, &a.topics)],
        );
    }
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
    use super::{escape, without_brand};

    #[test]
    fn the_first_view_names_cards_without_their_brand() {
        assert_eq!(without_brand("2 × GeForce RTX 4090"), "2 × RTX 4090");
        assert_eq!(without_brand("NVIDIA DGX Spark (GB10)"), "DGX Spark (GB10)");
        assert_eq!(without_brand("AMD Instinct MI300X"), "Instinct MI300X");
        assert_eq!(without_brand("Apple M4 Max"), "Apple M4 Max");
        assert_eq!(
            without_brand("RTX PRO 6000 GeForce"),
            "RTX PRO 6000 GeForce"
        );
    }

    #[test]
    fn escapes_markdown_and_mentions() {
        assert_eq!(
            escape("**hi** @everyone"),
            "\\*\\*hi\\*\\* @\u{200b}everyone"
        );
        assert_eq!(escape("<@123>"), "<@\u{200b}123\\>");
    }
}
