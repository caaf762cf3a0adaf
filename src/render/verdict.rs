//! One sentence that answers the question, for every kind of answer: the first line of the
//! text, the top of the embed and the page, and `verdict` in the JSON. Computed from the
//! answer itself, so the four surfaces cannot disagree.

use super::parts::{price_usd, setup_label};
use super::view::{AnswerView, Kind, Section, VerdictKind};
use crate::answer::{FitList, Outcome, Purchase, Topic};
use crate::buy::Affordable;
use crate::catalog::{Catalog, GpuSpec};
use crate::diagnose::Read;
use crate::i18n::{Args, Lang, Num, format_gib, format_number, t, tr};
use std::borrow::Cow;

/// The verdict of an answer, in plain text (no Markdown), one sentence: each kind's
/// sentence is one of the functions below, chosen by its unit (`render::kinds`).
pub fn of(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> String {
    super::kinds::verdict(super::kinds::of(outcome).as_ref(), lang, catalog)
}

/// A pasted error's verdict: what the log is.
pub(crate) fn diagnose(lang: Lang, read: &Read) -> String {
    match read {
        Read::Known(diag) => tr(
            lang,
            &format!("diag-title-{}", diag.kind.id().replace('_', "-")),
            Some(&Args::new().s("engine", super::diagnosis::engine_name(diag.engine))),
        ),
        Read::Unknown => super::diagnosis::unknown(lang),
    }
}

/// `body` opened with its verdict, unless its first line already says it (an estimate's
/// "in another format" lead line is its verdict with an icon).
pub fn open_with(verdict: &str, body: String) -> String {
    // Taking the Markdown out only shortens a line: one shorter than the verdict is
    // another line (a title), settled without unmarking it.
    if first_line(&body).len() >= verdict.len() && plain_first_line(&body) == verdict {
        return body;
    }
    let mut out = String::with_capacity(verdict.len() + 2 + body.len());
    out.push_str(verdict);
    out.push_str("\n\n");
    out.push_str(&body);
    out
}

/// Text without its Markdown (bold, inline code), for a client that shows it as is.
pub fn plain_text(s: &str) -> String {
    s.replace("**", "").replace('`', "")
}

/// The first line of a Markdown text, plain: an error's verdict.
pub fn first_sentence(s: &str) -> String {
    plain(s)
}

/// Markdown and the icons a line starts with go: the verdict is read as a sentence.
fn plain(s: &str) -> String {
    plain_first_line(s).into_owned()
}

/// [`plain`], borrowed from `s` when its first line has no Markdown (most have none).
fn plain_first_line(s: &str) -> Cow<'_, str> {
    const ICONS: [char; 7] = ['✅', '❌', '⚠', 'ℹ', '\u{fe0f}', '•', ' '];
    let first = first_line(s);
    // Slice `contains` on bytes is a memchr: most first lines are a hundred bytes or more.
    if !(first.as_bytes().contains(&b'*') || first.as_bytes().contains(&b'`')) {
        return Cow::Borrowed(first.trim_start_matches(ICONS).trim());
    }
    let unmarked = unmarked(first);
    Cow::Owned(unmarked.trim_start_matches(ICONS).trim().to_string())
}

/// The first line of `s` with more than blanks on it, as written.
fn first_line(s: &str) -> &str {
    s.lines().find(|l| !l.trim().is_empty()).unwrap_or("")
}

/// `s` without bold markers (`**`) and backticks, in one pass: what
/// `s.replace("**", "").replace('`', "")` gives, without the second copy.
fn unmarked(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '`' => {}
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// An estimate's verdict, plain: the JSON's `verdict` and the first line of its `text`.
pub fn of_estimate(lang: Lang, catalog: &Catalog, a: &crate::answer::Answer) -> String {
    plain(&estimate(lang, catalog, a))
}

/// Whether an estimate's box line (the fit line, the format that fits, or the first setup)
/// only says again what its verdict `sentence` ([`of_estimate`]) says, so a page that shows
/// the sentence leaves the line out: the sentence was made from the line ("It runs on
/// 3 × RTX 3090: …"), or it answers for the asker's own setup with the memory needed and
/// usable there, which is all a fit line has ("Does not fit on RTX 4090: 132.4 GiB per GPU
/// needed, 23.2 GiB usable"). The line on why the answer is in another format than the
/// model's own stays, and so does the fit under a longest-context sentence.
pub fn box_line_repeats(
    lang: Lang,
    catalog: &Catalog,
    a: &crate::answer::Answer,
    sentence: &str,
    line: &str,
) -> bool {
    let line = plain(line);
    if sentence.contains(line.trim_end_matches(['.', '。'])) {
        return true;
    }
    let own_setup = a.fit.is_some() && a.gpu.is_some();
    let about_context =
        a.max_context_asked && a.gpu.is_some() && super::plan::max_context_line(lang, a).is_some();
    own_setup
        && !about_context
        && super::parts::best_fit_line(lang, catalog, a).is_none_or(|b| plain(&b) != line)
}

/// On the asker's own setup, yes, maybe or no with the memory and the speed there; with no
/// setup named, the first setup that runs it.
pub(crate) fn estimate(lang: Lang, catalog: &Catalog, a: &crate::answer::Answer) -> String {
    // "Max context on my GPU": the longest context is the answer.
    if a.max_context_asked
        && a.gpu.is_some()
        && let Some(line) = super::plan::max_context_line(lang, a)
    {
        return plain(&line);
    }
    if a.on_each.len() >= 2 {
        return on_each(lang, catalog, a);
    }
    if let Some(crate::mixed::Mixed::Layers {
        devices,
        fits: true,
        ..
    }) = &a.mixed
    {
        return mixed_yes(lang, catalog, a, devices);
    }
    if let (Some(fit), Some(_), None) = (&a.fit, a.gpu, &a.mixed) {
        return own_setup(lang, catalog, a, fit);
    }
    let view = AnswerView::new(lang, catalog, a, &[Kind::Verdict]);
    let Some(Section::Verdict(v)) = view.sections.into_iter().next() else {
        return t(lang, "web-verdict-estimate");
    };
    match (v.kind, v.line) {
        (VerdictKind::Estimate, Some(line)) => tr(
            lang,
            "verdict-estimate",
            Some(&Args::new().s("setup", plain(&line))),
        ),
        (_, Some(line)) => plain(&line),
        (_, None) => v.words,
    }
}

/// "Yes: Qwen3.5-27B at Q6_K runs on your RTX 4090 with llama.cpp: 21.2 of 23.2 GiB, about
/// 40 tokens/s": the answer to "can I run it", the format, the runtime, the memory and the
/// speed on the cards the asker has, in one sentence (issue 33). A fit inside the error band
/// is a maybe; a miss says what it needs against what the cards hold.
fn own_setup(
    lang: Lang,
    catalog: &Catalog,
    a: &crate::answer::Answer,
    fit: &crate::estimate::Fit,
) -> String {
    let training = a.job.mode.is_training();
    let precision = a.job.precision.name().to_uppercase();
    let model = super::parts::model_title(lang, a);
    let job = Args::new()
        .s("model", model.as_ref())
        .s("precision", precision.as_str())
        .s("mode", super::parts::mode_label(lang, a.job.mode));
    let job = tr(
        lang,
        if training {
            crate::msg!("verdict-job-training")
        } else {
            crate::msg!("verdict-job")
        },
        Some(&job),
    );
    let many = if fit.count > 1 { "yes" } else { "no" };
    let used = Num::gib(lang, fit.per_gpu_gib);
    let usable = Num::gib(lang, fit.usable_gib);
    let setup = super::view::without_brand(&setup_label(catalog, &fit.gpu, fit.count));
    let runtime = super::parts::runtime_label(lang, a.job.runtime);
    let args = Args::new()
        .s("job", job.as_str())
        .s("setup", setup.as_str())
        .s("runtime", runtime.as_ref())
        .s("many", many)
        .s("usable", usable.as_str());
    let memory = || {
        let args = Args::new()
            .s("many", many)
            .s("used", used.as_str())
            .s("usable", usable.as_str());
        tr(lang, crate::msg!("verdict-memory"), Some(&args))
    };
    // Each verdict's message, in its training wording where the job trains.
    let (no, tight, yes) = if training {
        (
            crate::msg!("verdict-no-training"),
            crate::msg!("verdict-tight-training"),
            crate::msg!("verdict-yes-training"),
        )
    } else {
        (
            crate::msg!("verdict-no"),
            crate::msg!("verdict-tight"),
            crate::msg!("verdict-yes"),
        )
    };
    if !fit.fits {
        // The memory holds it but vLLM stops at start-up (what it allocates after its
        // profile is more than the budget share leaves): say so, not "needs less than it has".
        if let Some(lower) = startup_lower(a) {
            let args = args
                .s("need", used.as_str())
                .s("lower", format_number(lang, lower, 2));
            return tr(lang, crate::msg!("verdict-no-startup"), Some(&args));
        }
        return tr(lang, no, Some(&args.s("need", used.as_str())));
    }
    if a.tight() {
        let band = a.estimate.error_band.map_or(0.0, |b| b.pct);
        let args = args
            .s("memory", memory())
            .s("band", format_number(lang, band, 0));
        return tr(lang, tight, Some(&args));
    }
    let speed = match fit.tokens_per_s.filter(|_| !training) {
        Some(tps) => {
            let tps = Num::number(lang, tps, if tps < 10.0 { 1 } else { 0 });
            tr(
                lang,
                crate::msg!("verdict-speed"),
                Some(&Args::new().s("tps", tps.as_str())),
            )
        }
        None => String::new(),
    };
    let args = args.s("memory", memory()).s("speed", speed);
    tr(lang, yes, Some(&args))
}

/// "X on A or do I need B": yes, maybe or no on each setup named, in its order, with the
/// memory per GPU and the speed ("No on 8 × H100 SXM5 80GB: Kimi K2.5 at INT4 with vLLM
/// needs …; yes on 8 × H200 SXM 141GB: … of … GiB per GPU, about 40 tokens/s."). The job
/// is named once, in the first clause, with the first setup's format and runtime; a later
/// setup that runs another says which ("; yes on H100 SXM5 80GB at AWQ-INT4 with vLLM: …").
fn on_each(lang: Lang, catalog: &Catalog, a: &crate::answer::Answer) -> String {
    let Some(lead) = a.on_each.first() else {
        return String::new();
    };
    let job = Args::new()
        .s("model", super::parts::model_title(lang, a))
        .s("precision", lead.precision.name().to_uppercase());
    let job = tr(lang, "verdict-job", Some(&job));
    let mut rest = String::new();
    let mut first = String::new();
    for (i, each) in a.on_each.iter().enumerate() {
        let fit = &each.fit;
        let band = each.band_pct.unwrap_or(0.0);
        let setup = super::view::without_brand(&setup_label(catalog, &fit.gpu, fit.count));
        let setup = setup_run_as(lang, setup, each, lead);
        let outcome = if !fit.fits {
            if fit.per_gpu_gib <= fit.usable_gib {
                "startup"
            } else {
                "no"
            }
        } else if each.tight() {
            "tight"
        } else {
            "yes"
        };
        let speed = match fit
            .tokens_per_s
            .filter(|_| fit.fits && !a.job.mode.is_training())
        {
            Some(tps) => {
                let tps = format_number(lang, tps, if tps < 10.0 { 1 } else { 0 });
                tr(lang, "verdict-speed", Some(&Args::new().s("tps", tps)))
            }
            None => String::new(),
        };
        let runtime = super::parts::runtime_label(lang, each.runtime);
        let args = Args::new()
            .s("outcome", outcome)
            .s("setup", setup.as_str())
            .s("job", job.as_str())
            .s("runtime", runtime.as_ref())
            .s("used", format_gib(lang, fit.per_gpu_gib))
            .s("usable", format_gib(lang, fit.usable_gib))
            .s("band", format_number(lang, band, 0))
            .s("speed", speed);
        if i == 0 {
            first = tr(lang, "verdict-each-first", Some(&args));
        } else {
            rest.push_str(&tr(lang, "verdict-each-next", Some(&args)));
        }
    }
    tr(
        lang,
        "verdict-each",
        Some(&Args::new().s("first", first).s("rest", rest)),
    )
}

/// A later setup's label, with the format and runtime it runs when they are not the first
/// setup's ("H100 SXM5 80GB at AWQ-INT4 with vLLM"): each setup is judged as its owner
/// would run it, and the reader has to see where that differs.
fn setup_run_as(
    lang: Lang,
    setup: String,
    each: &crate::answer::OnSetup,
    lead: &crate::answer::OnSetup,
) -> String {
    let what = match (
        each.runtime == lead.runtime,
        each.precision == lead.precision,
    ) {
        (true, true) => return setup,
        (false, true) => "runtime",
        (true, false) => "precision",
        (false, false) => "both",
    };
    let runtime = super::parts::runtime_label(lang, each.runtime);
    let args = Args::new()
        .s("what", what)
        .s("setup", setup.as_str())
        .s("precision", each.precision.name().to_uppercase())
        .s("runtime", runtime.as_ref());
    tr(lang, "verdict-each-run-as", Some(&args))
}

/// The `--gpu-memory-utilization` vLLM would start at, when it stops at start-up although
/// the job's memory fits.
fn startup_lower(a: &crate::answer::Answer) -> Option<f64> {
    a.estimate.notes.iter().find_map(|n| match n {
        crate::estimate::Note::StartupShortfall { lower, .. } => Some(*lower),
        _ => None,
    })
}

/// Cards of different kinds that hold the job split by layers: yes, across all of them,
/// with the memory taken of what they hold in all ("RTX 4090 + RTX 3090").
fn mixed_yes(
    lang: Lang,
    catalog: &Catalog,
    a: &crate::answer::Answer,
    devices: &[crate::mixed::Device],
) -> String {
    let mut names: Vec<(String, u32)> = Vec::new();
    for d in devices {
        match names.last_mut() {
            Some((id, n)) if *id == d.gpu => *n += 1,
            _ => names.push((d.gpu.clone(), 1)),
        }
    }
    let setup: Vec<String> = names
        .iter()
        .map(|(id, n)| super::view::without_brand(&setup_label(catalog, id, *n)))
        .collect();
    let job = Args::new()
        .s("model", super::parts::model_title(lang, a))
        .s("precision", a.job.precision.name().to_uppercase());
    let job = tr(lang, "verdict-job", Some(&job));
    let used: f64 = devices.iter().map(|d| d.need_gib).sum();
    let usable: f64 = devices.iter().map(|d| d.usable_gib).sum();
    let memory = Args::new()
        .s("many", "no")
        .s("used", format_gib(lang, used))
        .s("usable", format_gib(lang, usable));
    let args = Args::new()
        .s("job", job)
        .s("setup", setup.join(" + "))
        .s("runtime", super::parts::runtime_label(lang, a.job.runtime))
        .s("many", "yes")
        .s("memory", tr(lang, "verdict-memory", Some(&memory)))
        .s("speed", "");
    tr(lang, "verdict-yes", Some(&args))
}

/// The card with the most memory and the one with the fastest memory, the two numbers that
/// decide what runs and how fast.
pub(crate) fn compare(lang: Lang, gpus: &[&'static GpuSpec]) -> String {
    let by = |f: fn(&GpuSpec) -> f64| gpus.iter().copied().max_by(|a, b| f(a).total_cmp(&f(b)));
    let (Some(mem), Some(bw)) = (by(|g| g.memory_gb), by(|g| g.memory_bandwidth_gbs)) else {
        return t(lang, "compare-title");
    };
    let args = Args::new()
        .s("memory_gpu", mem.display_name.as_str())
        .s("memory", format_number(lang, mem.memory_gb, 0))
        .s("bandwidth_gpu", bw.display_name.as_str())
        .s("bandwidth", format_number(lang, bw.memory_bandwidth_gbs, 0));
    let same_memory = gpus.iter().all(|g| g.memory_gb == mem.memory_gb);
    let id = if gpus.len() < 2 {
        "verdict-compare-one"
    } else if same_memory {
        "verdict-compare-same-memory"
    } else if std::ptr::eq(mem, bw) {
        "verdict-compare-both"
    } else {
        "verdict-compare-split"
    };
    tr(lang, id, Some(&args))
}

/// Setups of several cards with no model named: the one with the most memory in all.
pub(crate) fn setups_memory(
    lang: Lang,
    catalog: &Catalog,
    c: &crate::answer::Compared,
) -> Option<String> {
    if !c.counts.iter().any(|&n| n > 1) {
        return None;
    }
    let total = |i: usize| c.gpus[i].memory_gb * f64::from(c.counts[i]);
    let best = (0..c.gpus.len()).max_by(|&a, &b| total(a).total_cmp(&total(b)))?;
    let args = Args::new()
        .s(
            "setup",
            setup_label(catalog, &c.gpus[best].id, c.counts[best]),
        )
        .s("memory", format_number(lang, total(best), 0));
    Some(tr(lang, "verdict-setups-memory", Some(&args)))
}

/// The guide's one-line summary: what the topic comes down to.
pub(crate) fn explain(lang: Lang, topic: Topic) -> String {
    t(lang, &format!("guide-{}-summary", topic.slug()))
}

/// Tiers by format: the largest model at 4, 8 and 16 bits, the formats people download.
pub(crate) fn fit(lang: Lang, catalog: &Catalog, list: &FitList) -> String {
    let setup = setup_label(catalog, &list.gpu.id, list.count);
    let tiers: Vec<String> = list
        .tiers
        .iter()
        .map(|(precision, largest)| {
            let bits = format_number(lang, precision.bits_per_weight().floor(), 0);
            let args = Args::new().s("bits", bits);
            match largest {
                Some(m) => tr(
                    lang,
                    "verdict-fit-tier",
                    Some(&args.s("largest", m.as_str())),
                ),
                None => tr(lang, "verdict-fit-tier-none", Some(&args)),
            }
        })
        .collect();
    let clause = super::parts::separator(lang, super::parts::Separator::Clause);
    let args = Args::new()
        .s("setup", setup.as_str())
        .s("tiers", tiers.join(&clause));
    tr(lang, "verdict-fit", Some(&args))
}

/// What the money runs best ("Best for $2,000: one used GeForce RTX 3090 (US$850) runs
/// Qwen3 32B at Q4_K_M, about 35 tokens/s; two of them run it at Q8_0 …"), else the
/// cheapest setup that runs the model.
pub(crate) fn buy(lang: Lang, catalog: &Catalog, p: &Purchase) -> String {
    use super::buy::{format_label, model_label, price_in_sentence, row, setup_phrase};
    let s = &p.shopping;
    let budget = super::buy::budget_label(lang, s.budget.amount, s.budget.currency);
    let model = model_label(lang, p);
    let args = Args::new()
        .s("budget", budget.as_str())
        .s("model", model.as_str())
        .s("format", format_label(p.precision));
    let Some(best) = s.within.first() else {
        return match &s.cheapest {
            Some(c) => tr(
                lang,
                "verdict-buy-cheapest",
                Some(&args.s("line", row(lang, catalog, c))),
            ),
            None => tr(lang, "verdict-buy-none", Some(&args)),
        };
    };
    let speed = |x: &crate::buy::Priced| {
        x.fit.tokens_per_s.map_or_else(String::new, |v| {
            let a = Args::new().s("speed", format_number(lang, v, 0));
            tr(lang, "verdict-buy-speed", Some(&a))
        })
    };
    let step = s
        .step_up
        .first()
        .map(|up| step_up(lang, catalog, best, up, speed(up)))
        .unwrap_or_default();
    tr(
        lang,
        "verdict-buy-best",
        Some(
            &args
                .s("setup", setup_phrase(lang, catalog, best))
                .s("price", price_in_sentence(lang, best))
                .n(lang, "count", u64::from(best.fit.count))
                .s("speed", speed(best))
                .s("step", step),
        ),
    )
}

/// The clause on the next format up: the same cards ("at Q8_0 it still does …"), more of
/// them ("two of them run it at Q8_0 …"), or another setup.
fn step_up(
    lang: Lang,
    catalog: &Catalog,
    best: &crate::buy::Priced,
    up: &crate::buy::Priced,
    speed: String,
) -> String {
    let args = Args::new()
        .s("format", super::buy::format_label(up.precision))
        .s("price", price_usd(lang, up.usd))
        .s("speed", speed);
    let same_kind = std::ptr::eq(best.gpu, up.gpu);
    if same_kind && up.fit.count == best.fit.count {
        return tr(lang, "verdict-buy-step-same", Some(&args));
    }
    if same_kind {
        let n = match up.fit.count {
            2 => "two",
            3 => "three",
            4 => "four",
            _ => "many",
        };
        let args = args.s("n", n).s("count", up.fit.count.to_string());
        return tr(lang, "verdict-buy-step-more", Some(&args));
    }
    let args = args
        .s("setup", super::buy::setup_phrase(lang, catalog, up))
        .n(lang, "count", u64::from(up.fit.count));
    tr(lang, "verdict-buy-step-other", Some(&args))
}

/// "; two GeForce RTX 3090 cards (US$1,700, 48 GB) run up to Llama 3.3 70B", when two
/// cards of one kind run a larger model than the first card alone.
fn cards_pair(lang: Lang, a: &Affordable) -> String {
    let Some((p, m)) = a.pair.as_ref().and_then(|p| Some((p, p.largest?))) else {
        return String::new();
    };
    let args = Args::new()
        .s("gpu", p.gpu.display_name.as_str())
        .s("price", price_usd(lang, p.usd))
        .s("memory", format_number(lang, 2.0 * p.gpu.memory_gb, 0))
        .s("model", m.display_name.as_str());
    tr(lang, "verdict-cards-pair", Some(&args))
}

/// The card with the most memory the budget buys.
pub(crate) fn cards(lang: Lang, a: &Affordable) -> String {
    let budget = super::buy::budget_label(lang, a.budget.amount, a.budget.currency);
    let args = Args::new().s("budget", budget.as_str());
    match a.within.first() {
        Some(c) if c.largest.is_some() => tr(
            lang,
            "verdict-cards-runs",
            Some(
                &args
                    .s("gpu", c.gpu.display_name.as_str())
                    .s("memory", format_number(lang, c.gpu.memory_gb, 0))
                    .s("price", price_usd(lang, c.usd))
                    .s("model", c.largest.map_or("", |m| m.display_name.as_str()))
                    .s("pair", cards_pair(lang, a)),
            ),
        ),
        Some(c) => tr(
            lang,
            "verdict-cards",
            Some(
                &args
                    .s("gpu", c.gpu.display_name.as_str())
                    .s("memory", format_number(lang, c.gpu.memory_gb, 0))
                    .s("price", price_usd(lang, c.usd)),
            ),
        ),
        None => tr(lang, "verdict-cards-none", Some(&args)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmarking_in_one_pass_matches_the_two_replacements() {
        for s in [
            "**a** `b`",
            "***",
            "*`*",
            "*`**",
            "*`*`*",
            "a * b",
            "`**`",
            "**x*",
        ] {
            assert_eq!(unmarked(s), s.replace("**", "").replace('`', ""), "{s}");
        }
    }
}
