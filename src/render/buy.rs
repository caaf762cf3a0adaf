//! "Which card for X under $2000?": the setups a budget buys, best first, each with its
//! price and the kind of price, the format, the speed and the memory left; the budget
//! converted at the dated rate it was read at.

use super::parts::{price_usd, setup_label};
use crate::answer::Purchase;
use crate::buy::{Affordable, Card, MAX_PICKS, Priced, Shopping};
use crate::catalog::{Catalog, PriceBasis};
use crate::estimate::{Format, Precision};
use crate::i18n::{Args, Lang, format_int, format_number, t, tr};
use crate::query::budget::{Currency, Rates};
use crate::render::outcome::Length;

/// The budget as people write it: "R$ 10.000" for reais, "1.500 €" or "€1,500" for euros,
/// "15,000 元" in Chinese, or the dollars the locale's way.
pub fn budget_label(lang: Lang, amount: f64, currency: Currency) -> String {
    let number = format_number(lang, amount, 0);
    match (currency, lang) {
        (Currency::Usd, _) => price_usd(lang, amount),
        (Currency::Brl, _) => format!("R$ {number}"),
        (Currency::Eur, Lang::En) => format!("€{number}"),
        (Currency::Eur, Lang::Zh) => format!("{number} 欧元"),
        (Currency::Eur, _) => format!("{number} €"),
        (Currency::Cny, Lang::Zh) => format!("{number} 元"),
        (other, _) => format!("{number} {}", other.code()),
    }
}

/// The rate's date the locale's way ("8 May 2026", "8/5/2026", "2026年5月8日"), from the
/// table's ISO date; the ISO date itself when it cannot be read.
pub fn rate_date(lang: Lang) -> String {
    let iso = Rates::get().date.as_str();
    let mut parts = iso.split('-').map(|p| p.parse::<u32>().ok());
    let (Some(Some(y)), Some(Some(m)), Some(Some(d))) = (parts.next(), parts.next(), parts.next())
    else {
        return iso.to_string();
    };
    let month = t(lang, &format!("buy-month-{m}"));
    tr(
        lang,
        "buy-rate-date",
        Some(
            &Args::new()
                .s("year", y.to_string())
                .s("month", month)
                .s("day", d.to_string()),
        ),
    )
}

/// "R$ 5.000 ≈ US$ 1.017 at the ECB reference rate of 8 May 2026", for a budget typed in
/// another currency than dollars.
pub fn rate_note(lang: Lang, amount: f64, currency: Currency, usd: f64) -> Option<String> {
    (currency != Currency::Usd).then(|| {
        let typed = budget_label(lang, amount, currency);
        let args = Args::new()
            .s("amount", typed)
            .s("usd", price_usd(lang, usd))
            .s("date", rate_date(lang));
        tr(lang, "buy-rate", Some(&args))
    })
}

/// The model as the answer names it: its name, or "a 70B model" for one known by its size.
pub fn model_label(lang: Lang, p: &Purchase) -> String {
    match p.generic_b {
        Some(b) => tr(
            lang,
            "buy-model-generic",
            Some(&Args::new().s("size", format_number(lang, b, if b < 10.0 { 1 } else { 0 }))),
        ),
        None => p.model_name.clone(),
    }
}

/// A format as people write it: GGUF quants in capitals ("Q4_K_M"), others by name.
pub fn format_label(precision: Precision) -> String {
    if precision.format() == Format::Gguf {
        precision.name().to_ascii_uppercase()
    } else {
        precision.name().to_string()
    }
}

/// The kind of price a setup is counted at: used, street (new) or launch.
pub fn price_kind(lang: Lang, p: &Priced) -> String {
    if p.used() {
        return t(lang, "buy-used");
    }
    basis(lang, p.basis)
}

/// A setup's price in the verdict: "US$850" for used cards (the setup already says
/// used), else with its kind ("US$1,900, street price").
pub fn price_in_sentence(lang: Lang, p: &Priced) -> String {
    if p.used() {
        return price_usd(lang, p.usd);
    }
    let args = Args::new()
        .s("price", price_usd(lang, p.usd))
        .s("kind", price_kind(lang, p));
    tr(lang, "buy-price-kind", Some(&args))
}

/// "one used GeForce RTX 3090", "2 × GeForce RTX 4060 Ti 16GB": a setup in a sentence.
pub fn setup_phrase(lang: Lang, catalog: &Catalog, p: &Priced) -> String {
    let id = match (p.fit.count, p.used()) {
        (1, true) => "buy-setup-one-used",
        (1, false) => "buy-setup-one",
        (_, true) => "buy-setup-many-used",
        (_, false) => "buy-setup-many",
    };
    let gpu = if p.fit.count == 1 {
        p.gpu.display_name.clone()
    } else {
        setup_label(catalog, &p.gpu.id, 1)
    };
    let args = Args::new()
        .s("gpu", gpu)
        .s("count", p.fit.count.to_string());
    tr(lang, id, Some(&args))
}

/// One row of the table: "2 × GeForce RTX 3090 · US$1,700 (street price) · Q8_0 ·
/// ≈21 tokens/s · 9.8 GB free".
pub fn row(lang: Lang, catalog: &Catalog, p: &Priced) -> String {
    let spare = (p.fit.headroom_gib * f64::from(p.fit.count)).max(0.0);
    let speed = p
        .fit
        .tokens_per_s
        .map_or_else(|| "?".to_string(), |v| format_number(lang, v, 0));
    let args = Args::new()
        .s("setup", setup_label(catalog, &p.gpu.id, p.fit.count))
        .s("price", price_usd(lang, p.usd))
        .s("kind", price_kind(lang, p))
        .s("format", format_label(p.precision))
        .s("speed", speed)
        .s("spare", format_number(lang, spare, 1));
    tr(lang, "buy-row", Some(&args))
}

/// How many rows of each list an answer of that length shows: the budget's own format,
/// then the step up.
pub fn shown(s: &Shopping, length: Length) -> (usize, usize) {
    match length {
        Length::Chat => {
            let up = usize::from(!s.step_up.is_empty());
            (MAX_PICKS - up, up)
        }
        Length::Full => (s.within.len(), s.step_up.len().min(3)),
    }
}

/// The answer as chat text: a heading, the format it was sized in (full length), the dated rate, then
/// the table (at most [`MAX_PICKS`] rows at chat length) and how many more `--full` lists.
pub fn text(lang: Lang, catalog: &Catalog, p: &Purchase, length: Length) -> String {
    text_with_rest(lang, catalog, p, length, Rest::Flag)
}

/// Where the rows a short list leaves out are: behind the terminal's `--full`, or nowhere
/// the reader can type (a Discord embed: no flag there), so the line only counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rest {
    Flag,
    Counted,
}

/// [`text`], its "and N more" line pointing where `rest` says.
pub fn text_with_rest(
    lang: Lang,
    catalog: &Catalog,
    p: &Purchase,
    length: Length,
    rest: Rest,
) -> String {
    let s = &p.shopping;
    let b = s.budget;
    let typed = budget_label(lang, b.amount, b.currency);
    let model = model_label(lang, p);
    let heading = tr(
        lang,
        "buy-title",
        Some(
            &Args::new()
                .s("budget", typed.as_str())
                .s("model", model.as_str()),
        ),
    );
    let mut out = format!("**{heading}**\n");
    // At chat length the verdict and every row already say the format; why that format is
    // the full answer's.
    if p.format_assumed && matches!(length, Length::Full) {
        let args = Args::new().s("format", format_label(p.precision));
        let id = if p.precision.format() == Format::Gguf
            && p.precision.bits_per_weight() < Precision::Q4KM.bits_per_weight()
            && !s.within.is_empty()
        {
            "buy-format-gguf-lower"
        } else {
            "buy-format-gguf"
        };
        out.push_str(&tr(lang, id, Some(&args)));
        out.push('\n');
    }
    if let Some(rate) = rate_note(lang, b.amount, b.currency, b.usd) {
        out.push_str(&rate);
        out.push('\n');
    }
    let (own, up) = shown(s, length);
    for row_of in s.within.iter().take(own).chain(s.step_up.iter().take(up)) {
        out.push_str(&format!("• {}\n", row(lang, catalog, row_of)));
    }
    let more = s.within.len().saturating_sub(own) + s.step_up.len().min(3).saturating_sub(up);
    if more > 0 {
        let line = match rest {
            Rest::Flag => tr(
                lang,
                "buy-more",
                Some(&Args::new().s("count", more.to_string())),
            ),
            Rest::Counted => {
                let args = Args::new().s("count", format_int(lang, more as u64)).n(
                    lang,
                    "count_n",
                    more as u64,
                );
                tr(lang, "discord-buy-more", Some(&args))
            }
        };
        out.push_str(&line);
        out.push('\n');
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

/// "street price" or "launch price".
pub fn basis(lang: Lang, b: PriceBasis) -> String {
    match b {
        PriceBasis::Street => t(lang, "buy-street"),
        PriceBasis::Launch => t(lang, "buy-launch"),
    }
}

/// "RTX 3090: 24 GB · US$850 (used) · up to Qwen3 32B at Q4_K_M".
fn card_line(lang: Lang, c: &Card) -> String {
    let runs = c.largest.map_or_else(String::new, |m| {
        let args = Args::new().s("model", m.display_name.as_str());
        format!(" · {}", tr(lang, "buy-card-runs", Some(&args)))
    });
    use super::parts::{Separator, separator};
    let (colon, open, close) = (
        separator(lang, Separator::Colon),
        separator(lang, Separator::Open),
        separator(lang, Separator::Close),
    );
    format!(
        "{}{colon}{} GB · {}{open}{}{close}{runs}",
        c.gpu.display_name,
        format_number(lang, c.gpu.memory_gb, 0),
        price_usd(lang, c.usd),
        if c.basis == PriceBasis::Street && c.gpu.street_used() {
            t(lang, "buy-used")
        } else {
            basis(lang, c.basis)
        }
    )
}

/// "2 × GeForce RTX 3090: 48 GB · US$1,700 (used) · up to Llama 3.3 70B at Q4_K_M".
fn pair_line(lang: Lang, c: &Card) -> String {
    let line = card_line(lang, c);
    let colon = super::parts::separator(lang, super::parts::Separator::Colon);
    let own = format!(
        "{}{colon}{} GB",
        c.gpu.display_name,
        format_number(lang, c.gpu.memory_gb, 0)
    );
    let two = format!(
        "2 × {}{colon}{} GB",
        c.gpu.display_name,
        format_number(lang, 2.0 * c.gpu.memory_gb, 0)
    );
    line.replacen(&own, &two, 1)
}

/// The parts of a budget-only answer, for the chat text and the web page alike.
#[derive(Debug, Clone)]
pub struct CardsView {
    /// "What US$2,000 buys".
    pub title: String,
    /// The budget in dollars at the dated rate, when typed in another currency.
    pub rate: Option<String>,
    /// One line per card, largest memory first, then two cards of one kind when they run
    /// a larger model.
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
        let rate = rate_note(lang, b.amount, b.currency, b.usd);
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
            cards: a
                .within
                .iter()
                .map(|c| card_line(lang, c))
                .chain(a.pair.as_ref().map(|c| pair_line(lang, c)))
                .collect(),
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
