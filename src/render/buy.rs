//! "Which card for X under $2000?": the setups a budget buys, fastest first, each with its
//! price, and the budget converted at the dated rate it was read at.

use super::parts::{price_usd, setup_label};
use crate::buy::{Affordable, Card, Priced, Shopping};
use crate::catalog::{Catalog, PriceBasis};
use crate::i18n::{Args, Lang, format_number, t, tr};
use crate::query::budget::{Currency, Rates};

/// The budget as people write it: "R$ 10.000" for reais, "10.000 EUR", or the dollars the
/// locale's way.
pub fn budget_label(lang: Lang, amount: f64, currency: Currency) -> String {
    match currency {
        Currency::Usd => price_usd(lang, amount),
        Currency::Brl => format!("R$ {}", format_number(lang, amount, 0)),
        other => format!("{} {}", format_number(lang, amount, 0), other.code()),
    }
}

/// "2 × RTX 3090: US$1,700 (street price) · ≈40 tokens/s".
pub fn line(lang: Lang, catalog: &Catalog, p: &Priced) -> String {
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

fn basis(lang: Lang, b: PriceBasis) -> String {
    match b {
        PriceBasis::Street => t(lang, "buy-street"),
        PriceBasis::Launch => t(lang, "buy-launch"),
    }
}

/// "RTX 3090: 24 GB · US$850 (street price)".
fn card_line(lang: Lang, c: &Card) -> String {
    format!(
        "{}: {} GB · {} ({})",
        c.gpu.display_name,
        format_number(lang, c.gpu.memory_gb, 0),
        price_usd(lang, c.usd),
        basis(lang, c.basis)
    )
}

/// The parts of a budget-only answer, for the chat text and the web page alike.
#[derive(Debug, Clone)]
pub struct CardsView {
    /// "What US$2,000 buys".
    pub title: String,
    /// The budget in dollars at the dated rate, when typed in another currency.
    pub rate: Option<String>,
    /// One line per card, largest memory first.
    pub cards: Vec<String>,
    /// When nothing is within the budget: the cheapest card.
    pub none: Option<String>,
    /// How to see which of them hold a model.
    pub hint: String,
    /// The choosing guide's title, which the surfaces link.
    pub guide: String,
}

impl CardsView {
    pub fn new(lang: Lang, a: &Affordable) -> CardsView {
        let b = a.budget;
        let typed = budget_label(lang, b.amount, b.currency);
        let rate = (b.currency != Currency::Usd).then(|| {
            let args = Args::new()
                .s("amount", typed.as_str())
                .s("usd", price_usd(lang, b.usd))
                .s("date", Rates::get().date.as_str());
            tr(lang, "buy-rate", Some(&args))
        });
        let none = a.cheapest.as_ref().map(|c| {
            let args = Args::new()
                .s("budget", typed.as_str())
                .s("card", c.gpu.display_name.as_str())
                .s("price", price_usd(lang, c.usd));
            tr(lang, "buy-cards-none", Some(&args))
        });
        CardsView {
            title: tr(
                lang,
                "buy-cards-title",
                Some(&Args::new().s("budget", typed.as_str())),
            ),
            rate,
            cards: a.within.iter().map(|c| card_line(lang, c)).collect(),
            none,
            hint: t(lang, "buy-cards-hint"),
            guide: t(lang, "guide-choosing-title"),
        }
    }
}

/// A budget-only answer as chat text, ending with the choosing guide.
pub fn cards_text(lang: Lang, a: &Affordable) -> String {
    let v = CardsView::new(lang, a);
    let mut out = format!("**{}**\n", v.title);
    if let Some(rate) = &v.rate {
        out.push_str(rate);
        out.push('\n');
    }
    for line in &v.cards {
        out.push_str(&format!("• {line}\n"));
    }
    if let Some(none) = &v.none {
        out.push_str(none);
        out.push('\n');
    }
    out.push_str(&v.hint);
    out.push('\n');
    out.push_str(&tr(
        lang,
        "buy-cards-guide",
        Some(&Args::new().s("guide", v.guide.as_str())),
    ));
    out
}
