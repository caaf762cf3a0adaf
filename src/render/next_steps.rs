//! What to do beyond the asker's own cards when they do not hold the job (issue 35): the
//! plan starts from what they have. The levers on their cards (a quant that keeps quality,
//! part of the model in RAM) come first in the answer; here follow more cards like theirs in
//! one machine, then renting (the cheapest hourly setup that fits), then buying (the
//! cheapest setup to buy now). Picks made for other reasons (the fastest within one machine,
//! what a datacenter would run) stay in the full list of setups.

use super::parts::{price_usd, setup_label_cow};
use super::view::without_brand;
use crate::answer::Answer;
use crate::catalog::{Catalog, PriceBasis};
use crate::i18n::{Args, Lang, Num, tr, usd_num};
use crate::plan::levers::{Lever, LeverKind};
use crate::recommend::{Setup, Tag};

/// Levers a chat reply shows on the asker's cards (`LeversChat`): a step that repeats one
/// of them is not said again.
const SHOWN_LEVERS: usize = 2;

/// The next steps as lines, best first; empty when the named cards hold the job, or when
/// none was named.
pub fn lines(lang: Lang, catalog: &Catalog, a: &Answer) -> Vec<String> {
    if a.fit.as_ref().is_none_or(|f| f.fits) {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(3);
    out.extend(more_like_theirs(lang, catalog, a));
    // With no format named, renting and buying run the format that keeps quality.
    let (setups, precision) = match (&a.beyond, &a.more_cards) {
        (Some(r), Some(l)) if !r.setups.is_empty() => (&r.setups[..], l.job.precision),
        _ => (&a.recommendations.setups[..], a.job.precision),
    };
    let precision = precision.name().to_uppercase();
    if let Some(s) = cheapest_rental(setups) {
        out.push(rent_line(lang, catalog, s, &precision));
    }
    if let Some(s) = cheapest_to_buy(setups) {
        out.push(buy_line(lang, catalog, s, &precision));
    }
    out
}

/// More of the asker's card within one machine, in a format that keeps quality (the
/// answer's [`Answer::more_cards`], else the lever that needs the fewest more of them),
/// unless the reply's levers already say it.
fn more_like_theirs(lang: Lang, catalog: &Catalog, a: &Answer) -> Option<String> {
    let gpu = a.gpu?;
    let asked = a.gpu_count.unwrap_or(1);
    let more = |l: &&Lever| l.count > asked && l.fit.fits;
    let best = a.more_cards.as_deref().or_else(|| {
        a.levers
            .iter()
            .filter(more)
            .filter(|l| l.count <= crate::estimate::box_limit(gpu))
            .min_by_key(|l| l.count)
    })?;
    let shown = a
        .levers
        .iter()
        .filter(|l| l.kind != LeverKind::MoreGpus)
        .take(SHOWN_LEVERS)
        .any(|l| l.count == best.count && l.job.precision == best.job.precision);
    if shown {
        return None;
    }
    let setup = short_setup(catalog, &best.fit.gpu, best.count);
    let per_gpu = Num::gib(lang, best.fit.per_gpu_gib);
    let args = Args::new()
        .s("setup", setup)
        .s("precision", best.job.precision.name().to_uppercase())
        .s("per_gpu", per_gpu.as_str())
        .s("speed", speed(lang, best.fit.tokens_per_s));
    Some(tr(lang, crate::msg!("next-step-more"), Some(&args)))
}

/// The listed setup that rents for the least an hour.
fn cheapest_rental(setups: &[Setup]) -> Option<&Setup> {
    setups
        .iter()
        .filter(|s| s.cloud_usd_per_hour.is_some())
        .min_by(|x, y| hourly(x).total_cmp(&hourly(y)))
}

/// The listed setup that costs the least to buy now (the ranking's "cheapest" pick).
fn cheapest_to_buy(setups: &[Setup]) -> Option<&Setup> {
    setups
        .iter()
        .find(|s| s.tags.contains(&Tag::Cheapest) && s.buy.is_some())
        .or_else(|| {
            setups
                .iter()
                .filter(|s| s.buy.is_some())
                .min_by(|x, y| to_buy(x).total_cmp(&to_buy(y)))
        })
}

fn hourly(s: &Setup) -> f64 {
    s.cloud_usd_per_hour.unwrap_or(f64::INFINITY)
}

fn to_buy(s: &Setup) -> f64 {
    s.buy.map_or(f64::INFINITY, |b| b.usd)
}

fn rent_line(lang: Lang, catalog: &Catalog, s: &Setup, precision: &str) -> String {
    let hourly = usd_num(lang, s.cloud_usd_per_hour.unwrap_or_default(), 2);
    let args = Args::new()
        .s("setup", short_setup(catalog, &s.fit.gpu, s.fit.count))
        .s("price", hourly.as_str())
        .s("precision", precision)
        .s("speed", speed(lang, s.fit.tokens_per_s));
    tr(lang, crate::msg!("next-step-rent"), Some(&args))
}

fn buy_line(lang: Lang, catalog: &Catalog, s: &Setup, precision: &str) -> String {
    let price = match s.buy {
        Some(b) if b.basis == PriceBasis::Launch => tr(
            lang,
            crate::msg!("compare-price-launch"),
            Some(&Args::new().s("price", price_usd(lang, b.usd))),
        ),
        Some(b) => price_usd(lang, b.usd),
        None => String::new(),
    };
    let args = Args::new()
        .s("setup", short_setup(catalog, &s.fit.gpu, s.fit.count))
        .s("price", price)
        .s("precision", precision)
        .s("speed", speed(lang, s.fit.tokens_per_s));
    tr(lang, crate::msg!("next-step-buy"), Some(&args))
}

/// " · ≈17 tokens/s", or nothing for a training job.
fn speed(lang: Lang, tps: Option<f64>) -> String {
    match tps {
        Some(tps) => {
            let tps = Num::number(lang, tps, if tps < 10.0 { 1 } else { 0 });
            tr(
                lang,
                crate::msg!("next-step-speed"),
                Some(&Args::new().s("tps", tps.as_str())),
            )
        }
        None => String::new(),
    }
}

/// "3 × RTX 4090": the setup's label without the brand.
fn short_setup(catalog: &Catalog, gpu: &str, count: u32) -> String {
    without_brand(&setup_label_cow(catalog, gpu, count))
}
