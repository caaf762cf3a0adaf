//! "Which card for X under $2000?": the setups a budget buys, fastest first, each with its
//! price, and the budget converted at the dated rate it was read at.

use super::parts::{price_usd, setup_label};
use crate::buy::{Priced, Shopping};
use crate::catalog::{Catalog, PriceBasis};
use crate::i18n::{Args, Lang, format_number, t, tr};
use crate::query::budget::{Currency, Rates};

/// The budget as typed: "10.000 BRL", or the dollars the locale's way.
fn budget_label(lang: Lang, amount: f64, currency: Currency) -> String {
    match currency {
        Currency::Usd => price_usd(lang, amount),
        other => format!("{} {}", format_number(lang, amount, 0), other.code()),
    }
}

fn line(lang: Lang, catalog: &Catalog, p: &Priced) -> String {
    let basis = match p.basis {
        PriceBasis::Street => t(lang, "buy-street"),
        PriceBasis::Launch => t(lang, "buy-launch"),
    };
    let mut out = format!(
        "{}: {} ({basis})",
        setup_label(catalog, &p.gpu.id, p.fit.count),
        price_usd(lang, p.usd)
    );
    if let Some(speed) = p.fit.tokens_per_s {
        out.push_str(&format!(" · ≈{} tokens/s", format_number(lang, speed, 0)));
    }
    out
}

/// The answer as chat text.
pub fn text(lang: Lang, catalog: &Catalog, s: &Shopping, model: &str) -> String {
    let b = s.budget;
    let typed = budget_label(lang, b.amount, b.currency);
    let mut out = format!(
        "**{}**\n",
        tr(
            lang,
            "buy-title",
            Some(&Args::new().s("budget", typed.as_str()).s("model", model))
        )
    );
    if b.currency != Currency::Usd {
        let args = Args::new()
            .s("amount", typed.as_str())
            .s("usd", price_usd(lang, b.usd))
            .s("date", Rates::get().date.as_str());
        out.push_str(&tr(lang, "buy-rate", Some(&args)));
        out.push('\n');
    }
    for p in &s.within {
        out.push_str(&format!("• {}\n", line(lang, catalog, p)));
    }
    if let Some(c) = &s.cheapest {
        let args = Args::new()
            .s("budget", typed.as_str())
            .s("setup", setup_label(catalog, &c.gpu.id, c.fit.count))
            .s("price", price_usd(lang, c.usd));
        out.push_str(&tr(lang, "buy-none", Some(&args)));
    }
    out.truncate(out.trim_end().len());
    out
}
