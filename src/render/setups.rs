//! Cards compared as setups ("5090 ou 2x3090", "una 5090 o un par de 3090", "5090 对比
//! 双卡3090"): each setup's memory and price in all, and which one runs the model the
//! question names. Messages live in `setups.ftl`.

use super::compare::CompareJson;
use super::parts::setup_label;
use crate::answer::Compared;
use crate::catalog::Catalog;
use crate::i18n::{Args, Lang, format_number, t, tr};

/// "2 × RTX 3090" for each setup, in order.
fn labels(catalog: &Catalog, c: &Compared) -> Vec<String> {
    c.gpus
        .iter()
        .zip(&c.counts)
        .map(|(g, &n)| setup_label(catalog, &g.id, n))
        .collect()
}

/// The lines under the spec table: one per setup with its totals, then which setup runs
/// the named model. Empty when the question compares one card of each kind and no model.
pub fn text(lang: Lang, catalog: &Catalog, c: &Compared) -> String {
    if !c.is_setups() {
        return String::new();
    }
    let mut out = vec![format!("**{}**", t(lang, "compare-setups-title"))];
    for ((g, &n), label) in c.gpus.iter().zip(&c.counts).zip(labels(catalog, c)) {
        let memory = format_number(lang, g.memory_gb * f64::from(n), 0);
        let args = Args::new().s("setup", label).s("memory", memory);
        // Today's price where one is published, else the launch price, said so.
        let line = match g.buy_price() {
            Some(_) => tr(
                lang,
                "compare-setup-line",
                Some(&args.s("price", super::compare_short::price_of(lang, g, n))),
            ),
            None => tr(lang, "compare-setup-line-no-price", Some(&args)),
        };
        out.push(format!("- {line}"));
    }
    if let Some(runs) = runs_sentence(lang, catalog, c) {
        out.push(String::new());
        out.push(runs);
    }
    out.join("\n")
}

/// "Llama 3.3 70B (Q4_K_M) runs on 2 × RTX 3090, not on RTX 5090.": the verdict of a
/// comparison that names a model.
pub fn runs_sentence(lang: Lang, catalog: &Catalog, c: &Compared) -> Option<String> {
    let runs = c.runs.as_ref()?;
    let labels = labels(catalog, c);
    let sep = if lang == Lang::Zh { "、" } else { ", " };
    let pick = |fits: bool| -> Vec<&str> {
        labels
            .iter()
            .zip(&runs.fits)
            .filter(|&(_, &f)| f == fits)
            .map(|(l, _)| l.as_str())
            .collect()
    };
    let (yes, no) = (pick(true), pick(false));
    let args = Args::new()
        .s("model", runs.model_name.as_str())
        .s("precision", runs.precision.name().to_uppercase())
        .s("setups", yes.join(sep))
        .s("others", no.join(sep));
    let id = match (yes.is_empty(), no.is_empty()) {
        (true, _) => "compare-setup-runs-none",
        (false, true) => "compare-setup-runs-all",
        (false, false) => "compare-setup-runs-some",
    };
    Some(tr(lang, id, Some(&args)))
}

/// The comparison object with each setup's count and totals, and the named model.
pub fn json(lang: Lang, catalog: &Catalog, c: &Compared) -> CompareJson {
    let mut out = super::compare::json(lang, catalog, &c.gpus);
    for (i, row) in out.gpus.iter_mut().enumerate() {
        let n = c.counts.get(i).copied().unwrap_or(1);
        row.count = n;
        row.total_memory_gb = row.memory_gb * f64::from(n);
        row.total_price_usd = row.price_usd.map(|p| p * f64::from(n));
        row.runs_model = c.runs.as_ref().and_then(|r| r.fits.get(i).copied());
        row.total_buy_price_usd = row.buy_price_usd.map(|p| p * f64::from(n));
        if let Some(g) = c.gpus.get(i) {
            row.largest_q4_k_m =
                super::compare_short::largest_at_4bit(catalog, g, n).map(|m| m.id.clone());
        }
    }
    if let Some(r) = &c.runs {
        out.model = Some(r.model.clone());
        out.model_name = Some(r.model_name.clone());
    }
    let extra = text(lang, catalog, c);
    if !extra.is_empty() {
        out.text.push_str("\n\n");
        out.text.push_str(&extra);
    }
    out
}
