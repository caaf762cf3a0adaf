//! One view of an estimate: the sections a reply shows (verdict, numbers, breakdown,
//! levers, setups, launch lines, notes, guides), each computed here, once, from the
//! [`Answer`], with its words already localized.
//!
//! A writer names the sections it shows, in its order (a [`Kind`] list: the CLI text, the
//! web page, each of Discord's screens), gets them back as [`Section`]s and only formats
//! them: Markdown lines, embed fields, HTML. What an answer says, and which lines say it
//! once, is decided here and nowhere else; a new answer field is a section (or a line in
//! one) here, its Fluent messages, and the formatting of it in the writers that show it.
//!
//! Lines carry the Markdown the messages hold (`**bold**`, `` `code` ``): the text and
//! Discord keep it, the page reads it into spans.

use super::parts::{self, Separator};
use super::plan;
use crate::answer::{Answer, Topic};
use crate::catalog::{Catalog, PriceBasis};
use crate::i18n::{Args, Lang, Num, format_gib, format_number, t, tr, tr_into};
use crate::msg;
use crate::recommend::Setup;
use std::borrow::Cow;

/// A section a writer may ask for. Some kinds give the same [`Section`] in another form
/// (every setup in full, or the first three in short with their price).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A model not known, sized from the size in its name: said before any figure.
    SizedFromName,
    /// "Can I run X on Y" with no format named and the native one too big: the format
    /// that fits, said first.
    BestFit,
    /// The same, for a text that opens with the verdict sentence (which already says the
    /// format that fits and what it takes): what the model's own format needs.
    NativeFormat,
    /// One verdict line for a first screen: the format that fits, else the fit on the
    /// named GPUs.
    Lead,
    /// The answer's verdict sentence (the JSON's `verdict`, the text's first line), as a
    /// first screen's lead: the embed opens with the same words as the text and the page.
    Sentence,
    /// The verdict in words with its one line (the fit, the format that fits, or the best
    /// setup when no GPU was named), for a page that shows it in a box.
    Verdict,
    Title,
    MaxContext,
    Job,
    Total,
    /// The first screen's number under its verdict: nothing more on one GPU (the verdict
    /// line already gives the memory per GPU), the peak in all over several, the total
    /// line when there is no verdict.
    TotalUnderVerdict,
    Breakdown,
    /// Every fit line: the verdict on the named GPUs, how many would do, the topology,
    /// the KV pool.
    Fit,
    /// The fit lines the [`Kind::Verdict`] box has not said already.
    FitAfterVerdict,
    /// The best three levers under their title.
    Levers,
    /// The best two levers under their title: a chat reply's fix.
    LeversChat,
    /// Every lever, more cards included (Discord's "make it fit").
    AllLevers,
    Serving,
    /// The launch commands, or the line that says which checkpoint to look for.
    Launch,
    /// Every setup in full.
    Setups,
    /// The first three setups, each the card without its brand word and its price, so it
    /// stays one line on a phone (memory per GPU is in the chart, speed in the full view).
    SetupsFirst,
    /// Every setup, short, without prices (they follow in [`Kind::Prices`]).
    SetupsShort,
    /// The first three setups for a chat reply: the card without its brand word, memory
    /// per GPU, speed and price on one line each.
    SetupsChat,
    /// The named cards do not hold the job: what to do beyond them, from what the asker
    /// has (more cards like theirs, renting, buying); the chat setups when none applies.
    NextSteps,
    /// [`Kind::NextSteps`], or the first three setups ([`Kind::SetupsChat`]) when there is
    /// no next step to say: a chat reply's way on.
    NextStepsChat,
    /// Why each setup is listed and what it costs.
    Prices,
    Advice,
    /// The rule of thumb in both units, and why it differs.
    Rule,
    /// The rule of thumb in GiB only (one unit on a small screen), and why it differs.
    RuleGib,
    /// Which model and weights the answer is for.
    Model,
    /// Every assumption (less the sized-from-name line when it was said first).
    Assumptions,
    /// What explains the numbers: notes, the error band, the speed caveat.
    Notes,
    Guides,
    /// The memory chart's caption (the chart itself is drawn from [`AnswerView::answer`]).
    Chart,
    /// The page's pointer to its RAM bandwidth field, when an offload speed assumed one.
    RamHint,
}

/// A section of the answer, in the reader's language.
#[derive(Debug, Clone, PartialEq)]
pub enum Section {
    SizedFromName(String),
    BestFit(String),
    Lead(String),
    Verdict(Verdict),
    Title(String),
    MaxContext(String),
    Job(String),
    Total(String),
    Breakdown(Titled),
    Fit(Vec<String>),
    /// The title line, then one `- ` line per lever (or the one line saying none helps).
    Levers(Vec<String>),
    AllLevers(List),
    Serving(String),
    Launch(Launch),
    /// No checkpoint in the planned format is known: which to look for instead.
    LaunchMissing(String),
    Setups(List),
    Prices(Vec<String>),
    Advice(Vec<String>),
    Rule(Vec<String>),
    Model(Vec<String>),
    Assumptions(Titled),
    Notes(Vec<String>),
    Guides(Guides),
    /// The chart's caption: what is needed against what the card holds.
    Chart(String),
    RamHint(String),
}

/// Items under a title that carries its own colon ("Breakdown:", "Assumed:").
#[derive(Debug, Clone, PartialEq)]
pub struct Titled {
    pub title: String,
    pub items: Vec<String>,
}

/// A list under a title, or the one line said when there is nothing to list.
#[derive(Debug, Clone, PartialEq)]
pub struct List {
    pub title: String,
    pub lines: Vec<String>,
    pub none: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Launch {
    pub title: String,
    /// The commands as typed (no Markdown).
    pub commands: Vec<String>,
}

/// "Read more:" and the guides' titles.
#[derive(Debug, Clone, PartialEq)]
pub struct Guides {
    pub title: String,
    pub topics: Vec<(Topic, String)>,
}

/// A first screen's verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub kind: VerdictKind,
    pub words: String,
    /// The one line that matters, without the ✅/❌ the verdict's own icon says.
    pub line: Option<String>,
}

/// Does it fit (and only inside the error band), not, or no card was named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerdictKind {
    Fits,
    Tight,
    No,
    Estimate,
}

/// How good the news is, for a surface that colours the whole answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Good,
    /// Yes, but: in another format, inside the error band, or only on several cards.
    Mixed,
    Bad,
}

/// An answer's sections, in the order a writer asked for them, with the punctuation its
/// writers join them with.
#[derive(Debug)]
pub struct AnswerView<'a> {
    pub lang: Lang,
    /// The answer itself, for what draws from its numbers rather than its words (the chart).
    pub answer: &'a Answer,
    pub tone: Tone,
    pub sections: Vec<Section>,
    /// Between the items of an assumptions line: "; " or "；".
    pub clause: Cow<'static, str>,
    /// After a title's colon: " ", or nothing after a full-width "：".
    pub after_title: Cow<'static, str>,
}

impl<'a> AnswerView<'a> {
    /// The sections of `layout` that have something to say, in its order.
    pub fn new(lang: Lang, catalog: &Catalog, a: &'a Answer, layout: &[Kind]) -> AnswerView<'a> {
        let mut build = Builder {
            lang,
            catalog,
            a,
            layout,
            fit: None,
        };
        let sections = layout.iter().filter_map(|&k| build.section(k)).collect();
        AnswerView {
            lang,
            answer: a,
            tone: tone(a),
            sections,
            clause: parts::separator(lang, Separator::Clause),
            after_title: parts::separator(lang, Separator::AfterTitle),
        }
    }
}

fn tone(a: &Answer) -> Tone {
    match &a.fit {
        // "Yes, in another format": not the red of a setup that cannot run it, nor the green
        // of one that runs it as shipped.
        Some(_) if a.best_fit.is_some() || a.tight() => Tone::Mixed,
        Some(f) if !f.fits => Tone::Bad,
        Some(_) => Tone::Good,
        None if a.recommendations.nothing_fits => Tone::Bad,
        None if a.recommendations.setups.iter().any(|s| s.fit.count == 1) => Tone::Good,
        None => Tone::Mixed,
    }
}

/// Computes sections; the fit lines, which several sections read, once.
struct Builder<'a> {
    lang: Lang,
    catalog: &'a Catalog,
    a: &'a Answer,
    layout: &'a [Kind],
    fit: Option<Vec<String>>,
}

impl Builder<'_> {
    fn section(&mut self, kind: Kind) -> Option<Section> {
        let (lang, catalog, a) = (self.lang, self.catalog, self.a);
        let non_empty = |v: Vec<String>| (!v.is_empty()).then_some(v);
        Some(match kind {
            Kind::SizedFromName => Section::SizedFromName(parts::sized_from_name_line(lang, a)?),
            Kind::BestFit => Section::BestFit(parts::best_fit_line(lang, catalog, a)?),
            Kind::NativeFormat => Section::BestFit(parts::native_format_line(lang, a)?),
            Kind::Lead => Section::Lead(
                parts::best_fit_line(lang, catalog, a)
                    .or_else(|| self.fit_lines().first().cloned())?,
            ),
            Kind::Verdict => Section::Verdict(self.verdict()),
            Kind::Sentence => Section::Lead(crate::render::verdict::of_estimate(lang, catalog, a)),
            Kind::Title => Section::Title(parts::title(lang, a)),
            Kind::MaxContext => Section::MaxContext(plan::max_context_line(lang, a)?),
            Kind::Job => Section::Job(parts::job_line(lang, a)),
            Kind::Total => Section::Total(parts::total_line(lang, a)),
            Kind::TotalUnderVerdict => Section::Total(self.total_under_verdict()?),
            Kind::Breakdown => Section::Breakdown(Titled {
                title: t(lang, msg!("answer-breakdown-title")),
                items: parts::breakdown_items(lang, a),
            }),
            // Written straight into the section unless a verdict already read them.
            Kind::Fit => Section::Fit(non_empty(match &self.fit {
                Some(lines) => lines.clone(),
                None => parts::fit_lines(lang, catalog, a),
            })?),
            Kind::FitAfterVerdict => {
                // The verdict says the format that fits when there is one, else the first
                // fit line, which is then not said again.
                let skip = usize::from(a.fit.is_some() && a.best_fit.is_none());
                Section::Fit(non_empty(
                    self.fit_lines().iter().skip(skip).cloned().collect(),
                )?)
            }
            Kind::Levers => Section::Levers(non_empty(plan::lever_lines(lang, a))?),
            Kind::LeversChat => Section::Levers(non_empty(plan::first_lever_lines(lang, a, 2))?),
            Kind::AllLevers => {
                let lines = plan::all_lever_lines(lang, a);
                Section::AllLevers(List {
                    title: t(lang, msg!("controls-levers-title")),
                    none: lines
                        .is_empty()
                        .then(|| t(lang, msg!("controls-levers-none"))),
                    lines,
                })
            }
            Kind::Serving => Section::Serving(plan::serving_line(lang, a)?),
            Kind::Launch if a.launch.is_empty() => {
                Section::LaunchMissing(plan::launch_missing_line(lang, a)?)
            }
            Kind::Launch => Section::Launch(Launch {
                title: t(lang, msg!("answer-launch-title")),
                commands: a.launch.iter().map(|l| l.command.clone()).collect(),
            }),
            Kind::Setups => self.setups(usize::MAX, |s| parts::setup_line(lang, catalog, s)),
            Kind::SetupsFirst => {
                let mut section = self.setups(3, |s| setup_compact(lang, catalog, s));
                // With no card named the verdict is the first setup: the first screen lists
                // the next ones, not that one again.
                if let (None, Section::Setups(list)) = (&a.fit, &mut section)
                    && !list.lines.is_empty()
                {
                    list.lines.remove(0);
                }
                section
            }
            Kind::SetupsShort => self.setups(usize::MAX, |s| setup_short(lang, catalog, s)),
            Kind::SetupsChat => self.setups(3, |s| setup_chat(lang, catalog, s)),
            Kind::NextSteps | Kind::NextStepsChat => {
                let lines = super::next_steps::lines(lang, catalog, a);
                if lines.is_empty() {
                    if kind == Kind::NextSteps {
                        return None;
                    }
                    self.setups(3, |s| setup_chat(lang, catalog, s))
                } else {
                    Section::Setups(List {
                        title: t(lang, msg!("next-steps-title")),
                        lines,
                        none: None,
                    })
                }
            }
            Kind::Prices if a.recommendations.nothing_fits => return None,
            Kind::Prices => Section::Prices(
                a.recommendations
                    .setups
                    .iter()
                    .map(|s| price_line(lang, catalog, s))
                    .collect(),
            ),
            Kind::Advice => Section::Advice(non_empty(parts::advice_lines(lang, a))?),
            Kind::Rule => Section::Rule(parts::rule_lines(lang, a)),
            Kind::RuleGib => {
                let mut rule = vec![parts::rule_line_gib(lang, a)];
                rule.extend(parts::rule_lines(lang, a).into_iter().skip(1));
                Section::Rule(rule)
            }
            Kind::Model => Section::Model(non_empty(parts::model_lines(lang, a))?),
            Kind::Assumptions => {
                let items = if self.layout.contains(&Kind::SizedFromName) {
                    parts::assumption_lines_after_first(lang, a)
                } else {
                    parts::assumption_lines(lang, a)
                };
                Section::Assumptions(Titled {
                    title: t(lang, msg!("assumed-title")),
                    items: non_empty(items)?,
                })
            }
            Kind::Notes => Section::Notes(non_empty(parts::caveat_lines(lang, a))?),
            Kind::Guides => Section::Guides(Guides {
                title: t(lang, msg!("answer-guides-title")),
                topics: a
                    .topics
                    .iter()
                    .map(|&tp| (tp, t(lang, parts::guide_title_id(tp))))
                    .collect(),
            }),
            Kind::Chart => Section::Chart(chart_caption(lang, catalog, a)),
            Kind::RamHint if a.offload_assumes_ram() => Section::RamHint(t(lang, "web-ram-hint")),
            Kind::RamHint => return None,
        })
    }

    fn fit_lines(&mut self) -> &[String] {
        let (lang, catalog, a) = (self.lang, self.catalog, self.a);
        self.fit
            .get_or_insert_with(|| parts::fit_lines(lang, catalog, a))
    }

    /// See [`Kind::TotalUnderVerdict`].
    fn total_under_verdict(&mut self) -> Option<String> {
        let (lang, a) = (self.lang, self.a);
        let verdict =
            parts::best_fit_line(lang, self.catalog, a).is_some() || !self.fit_lines().is_empty();
        if !verdict {
            return Some(parts::total_line(lang, a));
        }
        (a.estimate.gpus > 1).then(|| {
            let total = format_gib(lang, a.estimate.total_gib());
            tr(lang, "answer-total", Some(&Args::new().s("total", total)))
        })
    }

    /// The setups written by `line`, at most `shown` of them, or the line that says none fits.
    fn setups(&self, shown: usize, line: impl Fn(&Setup) -> String) -> Section {
        let (lang, a) = (self.lang, self.a);
        let title = if a.job.mode.is_training() {
            msg!("answer-setups-title-training")
        } else {
            msg!("answer-setups-title")
        };
        let r = &a.recommendations;
        Section::Setups(List {
            title: t(lang, title),
            lines: if r.nothing_fits {
                Vec::new()
            } else {
                r.setups.iter().take(shown).map(line).collect()
            },
            none: r.nothing_fits.then(|| t(lang, msg!("answer-nothing-fits"))),
        })
    }

    /// From the fit lines (the first is the ✅/❌ verdict, said here without its icon), the
    /// format that fits and the first setup.
    fn verdict(&mut self) -> Verdict {
        let (lang, catalog, a) = (self.lang, self.catalog, self.a);
        let strip = |l: &str| {
            l.trim_start_matches(['✅', '❌', '\u{fe0f}'])
                .trim_start()
                .to_string()
        };
        let kind = match &a.fit {
            Some(f) if f.fits && a.tight() => VerdictKind::Tight,
            Some(f) if f.fits => VerdictKind::Fits,
            Some(_) => VerdictKind::No,
            None => VerdictKind::Estimate,
        };
        let words = match kind {
            VerdictKind::Tight => "web-verdict-tight",
            VerdictKind::Fits => "web-verdict-fits",
            VerdictKind::No => "web-verdict-no",
            VerdictKind::Estimate => "web-verdict-estimate",
        };
        let line = match kind {
            // With no format named, the line on the native format that did not fit says
            // why this answer is about another one.
            VerdictKind::Estimate => a
                .recommendations
                .setups
                .first()
                .map(|s| parts::setup_brief(lang, catalog, s)),
            _ => parts::best_fit_line(lang, catalog, a).or_else(|| match &self.fit {
                Some(lines) => lines.first().map(|l| strip(l)),
                None => parts::fit_verdict_line(lang, catalog, a).map(|l| strip(&l)),
            }),
        };
        Verdict {
            kind,
            words: t(lang, words),
            line,
        }
    }
}

/// "2 × RTX 3090 · 21.5 GiB/GPU · ≈24 tokens/s": card, memory per GPU and speed on one
/// line (the full views' setups; their prices follow in [`Kind::Prices`]).
fn setup_short(lang: Lang, catalog: &Catalog, s: &Setup) -> String {
    let setup = parts::setup_label(catalog, &s.fit.gpu, s.fit.count);
    let args = Args::new()
        .s("setup", setup)
        .s("per_gpu", format_gib(lang, s.fit.per_gpu_gib));
    let mut line = tr(lang, "controls-setup-short", Some(&args));
    if let Some(tps) = s.fit.tokens_per_s {
        let tps = format_number(lang, tps, if tps < 10.0 { 1 } else { 0 });
        line.push_str(" · ");
        let args = parts::setup_speed_args(lang, &tps, s.fit.speed_users);
        line.push_str(&tr(
            lang,
            parts::setup_speed_id(s.fit.speed_users),
            Some(&args),
        ));
    }
    line
}

/// "2 × RTX 3090 · $1,700": a first screen's setup, the card without its brand word and
/// its price (today's, else the launch price, said so).
fn setup_compact(lang: Lang, catalog: &Catalog, s: &Setup) -> String {
    let mut line = without_brand(&parts::setup_label(catalog, &s.fit.gpu, s.fit.count));
    push_buy_price(&mut line, lang, s);
    line
}

/// "2 × RTX 3090: 21.5 GiB per GPU · ≈18 tokens/s · $1,700": a chat reply's setup line,
/// the full line less its link, rental and per-token prices and the reasons it was picked.
fn setup_chat(lang: Lang, catalog: &Catalog, s: &Setup) -> String {
    let mut line = String::with_capacity(128);
    push_without_brand(
        &mut line,
        &parts::setup_label_cow(catalog, &s.fit.gpu, s.fit.count),
    );
    line.push_str(&parts::separator(lang, Separator::Colon));
    let per_gpu = Num::gib(lang, s.fit.per_gpu_gib);
    let args = Args::new().s("per_gpu", per_gpu.as_str());
    tr_into(&mut line, lang, msg!("amount-per-gpu"), Some(&args));
    if let Some(tps) = s.fit.tokens_per_s {
        let tps = Num::number(lang, tps, if tps < 10.0 { 1 } else { 0 });
        line.push_str(" · ");
        let args = parts::setup_speed_args(lang, tps.as_str(), s.fit.speed_users);
        tr_into(
            &mut line,
            lang,
            parts::setup_speed_id(s.fit.speed_users),
            Some(&args),
        );
    }
    push_buy_price(&mut line, lang, s);
    line
}

/// " · $1,700" (today's price) or " · $1,599 at launch": what the setup costs to buy.
fn push_buy_price(line: &mut String, lang: Lang, s: &Setup) {
    let Some(buy) = s.buy else {
        return;
    };
    let amount = parts::price_usd(lang, buy.usd);
    line.push_str(" · ");
    match buy.basis {
        PriceBasis::Street => line.push_str(&amount),
        PriceBasis::Launch => line.push_str(&tr(
            lang,
            "compare-price-launch",
            Some(&Args::new().s("price", amount)),
        )),
    }
}

/// Brand words that lead a card's name and that people leave out ("RTX 4090", "MI300X").
const BRANDS: [&str; 3] = ["GeForce ", "NVIDIA ", "AMD "];

/// "2 × GeForce RTX 4090" as "2 × RTX 4090": the label without a leading [`BRANDS`] word.
pub(crate) fn without_brand(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    push_without_brand(&mut out, label);
    out
}

/// [`without_brand`], appended to `out`.
fn push_without_brand(out: &mut String, label: &str) {
    // " × " found by its one non-ASCII char: a substring search costs more than the label.
    let (count, name) = match label.find('×') {
        Some(at) if label[..at].ends_with(' ') && label[at + '×'.len_utf8()..].starts_with(' ') => {
            (Some(&label[..at - 1]), &label[at + '×'.len_utf8() + 1..])
        }
        _ => (None, label),
    };
    let name = BRANDS
        .iter()
        .find_map(|b| name.strip_prefix(b))
        .unwrap_or(name);
    if let Some(n) = count {
        out.push_str(n);
        out.push_str(" × ");
    }
    out.push_str(name);
}

/// "2 × RTX 3090: cheapest now · US$1,700 now (2026-05) · …": why the setup is listed,
/// then what it costs to buy, to rent and per token, in the text answer's words.
fn price_line(lang: Lang, catalog: &Catalog, s: &Setup) -> String {
    let mut line = parts::setup_label(catalog, &s.fit.gpu, s.fit.count);
    line.push_str(&parts::separator(lang, Separator::Colon));
    line.push_str(&parts::why_phrase(lang, s.why));
    parts::price_extras(&mut line, lang, catalog, s);
    line
}

/// "Needs 141.2 GiB; an RTX 4090 holds 24 GiB": what the chart shows, in words.
fn chart_caption(lang: Lang, catalog: &Catalog, a: &Answer) -> String {
    let bar = super::html::bar(lang, catalog, a);
    let args = Args::new().s("needed", bar.needed_gib);
    match bar.gpu {
        Some(gpu) => {
            let args = args.s("gpu", gpu).s("capacity", bar.capacity_gib);
            tr(lang, "web-bar-caption", Some(&args))
        }
        None => tr(lang, "web-bar-caption-none", Some(&args)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_screen_names_cards_without_their_brand() {
        assert_eq!(without_brand("2 × GeForce RTX 4090"), "2 × RTX 4090");
        assert_eq!(without_brand("NVIDIA DGX Spark (GB10)"), "DGX Spark (GB10)");
        assert_eq!(without_brand("AMD Instinct MI300X"), "Instinct MI300X");
        assert_eq!(without_brand("Apple M4 Max"), "Apple M4 Max");
        assert_eq!(
            without_brand("RTX PRO 6000 GeForce"),
            "RTX PRO 6000 GeForce"
        );
    }
    use crate::answer;

    fn answer_to(question: &str) -> Answer {
        answer::for_text(Catalog::get(), question)
            .result
            .expect("an estimate")
    }

    /// The variant's name, to compare orders.
    fn name(s: &Section) -> &'static str {
        match s {
            Section::SizedFromName(_) => "sized-from-name",
            Section::BestFit(_) => "best-fit",
            Section::Lead(_) => "lead",
            Section::Verdict(_) => "verdict",
            Section::Title(_) => "title",
            Section::MaxContext(_) => "max-context",
            Section::Job(_) => "job",
            Section::Total(_) => "total",
            Section::Breakdown(_) => "breakdown",
            Section::Fit(_) => "fit",
            Section::Levers(_) => "levers",
            Section::AllLevers(_) => "all-levers",
            Section::Serving(_) => "serving",
            Section::Launch(_) => "launch",
            Section::LaunchMissing(_) => "launch-missing",
            Section::Setups(_) => "setups",
            Section::Prices(_) => "prices",
            Section::Advice(_) => "advice",
            Section::Rule(_) => "rule",
            Section::Model(_) => "model",
            Section::Assumptions(_) => "assumptions",
            Section::Notes(_) => "notes",
            Section::Guides(_) => "guides",
            Section::Chart(_) => "chart",
            Section::RamHint(_) => "ram-hint",
        }
    }

    #[test]
    fn a_miss_on_two_cards_has_its_sections_in_the_layouts_order() {
        let a = answer_to("llama 3.1 70b fp16 on 2x rtx 4090 with transformers");
        let view = AnswerView::new(Lang::En, Catalog::get(), &a, crate::render::text::LAYOUT);
        let names: Vec<&str> = view.sections.iter().map(name).collect();
        assert_eq!(
            names,
            [
                "title",
                "job",
                "total",
                "breakdown",
                "fit",
                "levers",
                "launch",
                "setups",
                "setups",
                "advice",
                "rule",
                "assumptions",
                "notes",
                "guides"
            ]
        );
        assert_eq!(view.tone, Tone::Bad);
        let Section::Fit(fit) = &view.sections[4] else {
            unreachable!("checked above");
        };
        assert!(fit[0].starts_with('❌'), "{fit:?}");
        // The next steps beyond the two cards, then every setup.
        let Section::Setups(next) = &view.sections[7] else {
            unreachable!("checked above");
        };
        assert_eq!(next.title, t(Lang::En, "next-steps-title"));
        assert!(!next.lines.is_empty() && next.lines.len() <= 3, "{next:?}");
        let Section::Setups(setups) = &view.sections[8] else {
            unreachable!("checked above");
        };
        assert_eq!(setups.lines.len(), a.recommendations.setups.len());
        assert!(setups.none.is_none());
    }

    #[test]
    fn the_verdict_box_takes_the_first_fit_line_and_the_rest_follow() {
        let a = answer_to("llama 3.1 70b fp16 on 2x rtx 4090 with transformers");
        let layout = [Kind::Verdict, Kind::FitAfterVerdict, Kind::Fit];
        let view = AnswerView::new(Lang::Pt, Catalog::get(), &a, &layout);
        let [Section::Verdict(v), Section::Fit(rest), Section::Fit(all)] = &view.sections[..]
        else {
            panic!("{:?}", view.sections);
        };
        assert_eq!(v.kind, VerdictKind::No);
        let line = v.line.as_deref().expect("the fit line");
        assert!(all[0].ends_with(line) && !line.starts_with('❌'), "{line}");
        assert_eq!(rest[..], all[1..]);
    }

    #[test]
    fn another_format_is_said_once_and_the_fit_line_still_follows() {
        let a = answer_to("meta-llama/Llama-3.1-70B-Instruct with vllm on 2x H100, 32k context");
        assert!(a.best_fit.is_some(), "the native format does not fit");
        let layout = [Kind::Verdict, Kind::FitAfterVerdict, Kind::Fit];
        let view = AnswerView::new(Lang::En, Catalog::get(), &a, &layout);
        let [Section::Verdict(v), Section::Fit(rest), Section::Fit(all)] = &view.sections[..]
        else {
            panic!("{:?}", view.sections);
        };
        assert_eq!(v.line, parts::best_fit_line(Lang::En, Catalog::get(), &a));
        assert_eq!(rest, all, "the fit line is not the verdict's here");
    }

    #[test]
    fn a_first_screen_leads_with_one_verdict_and_three_setups() {
        let a = answer_to("mistral 7b");
        let layout = [Kind::Lead, Kind::Total, Kind::SetupsFirst];
        let view = AnswerView::new(Lang::Es, Catalog::get(), &a, &layout);
        // No card named: no verdict line to lead with.
        let [Section::Total(_), Section::Setups(setups)] = &view.sections[..] else {
            panic!("{:?}", view.sections);
        };
        assert!(setups.lines.len() <= 3 && !setups.lines.is_empty());
    }

    #[test]
    fn a_model_sized_from_its_name_is_said_once() {
        let a = answer_to("gemma 5 31b on an h100");
        let said = parts::sized_from_name_line(Lang::En, &a).expect("sized from its name");
        for (layout, assumed) in [
            (&[Kind::SizedFromName, Kind::Assumptions][..], false),
            (&[Kind::Assumptions][..], true),
        ] {
            let view = AnswerView::new(Lang::En, Catalog::get(), &a, layout);
            let listed = view
                .sections
                .iter()
                .any(|s| matches!(s, Section::Assumptions(t) if t.items.contains(&said)));
            assert_eq!(listed, assumed, "{layout:?}");
        }
    }
}
