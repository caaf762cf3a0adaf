//! Budgets in free text: "$2000", "US$ 1.500", "R$ 10 mil", "1500€", "2万元", "预算15000".
//!
//! [`super::parse`]'s cleaning turns the currency signs into words ("$" -> "usd", "€" ->
//! "eur", "¥" -> "cny"), so one pattern reads every way of writing an amount; it runs only
//! when the text holds one of the currency or budget words ([`super::clues::Clue::Budget`]).
//! Amounts are converted to US dollars at the dated rates of `data/exchange_rates.json`.

use crate::vocab::Lang;
use regex::Captures;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// A currency a budget can be typed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Currency {
    Usd,
    Brl,
    Eur,
    Cny,
}

impl Currency {
    pub fn code(self) -> &'static str {
        match self {
            Currency::Usd => "USD",
            Currency::Brl => "BRL",
            Currency::Eur => "EUR",
            Currency::Cny => "CNY",
        }
    }

    /// The currency a bare amount is in: the one people of that language most often mean.
    /// Each language's word module says which ([`super::words::Words::currency`]).
    fn of_language(lang: Option<Lang>) -> Currency {
        lang.map_or(Currency::Usd, |l| super::words::of(l).currency())
    }
}

/// A budget as typed, and in US dollars.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Budget {
    pub amount: f64,
    pub currency: Currency,
    pub usd: f64,
}

/// The rate table (`data/exchange_rates.json`).
#[derive(Debug, Deserialize)]
pub struct Rates {
    pub date: String,
    pub source: String,
    per_eur: std::collections::BTreeMap<String, f64>,
}

impl Rates {
    pub fn get() -> &'static Rates {
        static RATES: LazyLock<Rates> = LazyLock::new(|| {
            serde_json::from_str(include_str!("../../data/exchange_rates.json"))
                .expect("data/exchange_rates.json is checked by tests")
        });
        &RATES
    }

    /// US dollars for `amount` of `currency`.
    pub fn to_usd(&self, amount: f64, currency: Currency) -> f64 {
        let per_eur = |c: Currency| self.per_eur.get(c.code()).copied().unwrap_or(1.0);
        amount / per_eur(currency) * per_eur(Currency::Usd)
    }
}

/// Words as regex alternatives: spaces match any run of spaces, Latin words end at a word
/// boundary.
fn alternatives<'w>(words: impl Iterator<Item = &'w str>) -> String {
    let mut items: Vec<String> = words
        .map(|w| {
            let escaped = regex::escape(w).replace(' ', r"\s+");
            match w.bytes().last() {
                Some(b) if b.is_ascii_alphanumeric() => format!(r"{escaped}\b"),
                _ => escaped,
            }
        })
        .collect();
    // Longest first: "dollars" before "dollar", "r usd" before "usd".
    items.sort_by_key(|w| std::cmp::Reverse(w.len()));
    items.dedup();
    items.join("|")
}

/// The budget pattern: a currency word before or after the amount, or a budget word
/// before it, or a scale that is money on its own ("2万"). Built once from every
/// language's words ([`super::words::Words::budget_openers`], `currency_words`,
/// `amount_scales`, `budget_after`, `money_scales`) and the shared currency codes.
pub(super) static BUDGET: LazyLock<regex::Regex> = LazyLock::new(|| {
    use super::words::{ALL, shared};
    let codes = alternatives(shared::CURRENCY_WORDS.iter().map(|&(w, _)| w));
    let openers = ALL
        .iter()
        .flat_map(|w| w.budget_openers())
        .map(|o| match o.as_bytes()[0].is_ascii_alphabetic() {
            true => format!(r"\b{o}"),
            false => o.to_string(),
        })
        .collect::<Vec<_>>()
        .join("|");
    let scales = alternatives(
        ALL.iter()
            .flat_map(|w| w.amount_scales())
            .chain(shared::AMOUNT_SCALES)
            .map(|&(w, _)| w),
    );
    let currencies = alternatives(
        ALL.iter()
            .flat_map(|w| w.currency_words())
            .chain(shared::CURRENCY_WORDS)
            .map(|&(w, _)| w),
    );
    let after = ALL.iter().flat_map(|w| w.budget_after()).copied();
    let after = after.collect::<Vec<_>>().join("|");
    let money = alternatives(ALL.iter().flat_map(|w| w.money_scales()).copied());
    super::parse::re(&format!(
        r"(?:\b({codes})\s*|{openers})(\d+(?:\.\d+)?)\s*({scales})?(?:\s*(?:de\s+)?({currencies}))?|\b(\d+(?:\.\d+)?)\s*({scales})?\s*(?:de\s+)?({currencies}|{after})|(\d+(?:\.\d+)?)\s*({money})"
    ))
});

/// Chinese amounts as the budget pattern reads them: "1万5" and "一万五" are 1.5万,
/// "两万" 2万, "五千" 0.5万; and a range ("2-3k", "1万到2万") its top.
static HAN_WAN: LazyLock<regex::Regex> = LazyLock::new(|| {
    super::parse::re(
        r"([0-9]+(?:\.[0-9]+)?|[一二两三四五六七八九十]+)\s*万\s*([0-9]|[一二两三四五六七八九])?(?:\s*千)?|([0-9]|[一二两三四五六七八九])\s*千",
    )
});
/// A range of amounts ("2-3k", "2 a 3 mil", "1 万到 2 万"): its top, with its scale.
static RANGE: LazyLock<regex::Regex> = LazyLock::new(|| {
    use super::words::{ALL, shared};
    let scales = alternatives(
        ALL.iter()
            .flat_map(|w| w.amount_scales())
            .chain(shared::AMOUNT_SCALES)
            .map(|&(w, _)| w),
    );
    let marks = ALL
        .iter()
        .flat_map(|w| w.range_words())
        .chain(shared::RANGE_MARKS)
        .map(|w| regex::escape(w))
        .collect::<Vec<_>>()
        .join("|");
    super::parse::re(&format!(
        r"\b\d+(?:\.\d+)?\s*(?:{scales})?\s*(?:{marks})\s*(\d+(?:\.\d+)?\s*(?:{scales}))"
    ))
});

/// A Chinese numeral of one or two digits ("五", "十五", "两").
fn han_number(s: &str) -> Option<f64> {
    let digit = |c: char| {
        "零一二三四五六七八九"
            .find(c)
            .map(|i| (i / 3) as f64)
            .or((c == '两').then_some(2.0))
    };
    match s.chars().collect::<Vec<_>>().as_slice() {
        ['十'] => Some(10.0),
        ['十', d] => Some(10.0 + digit(*d)?),
        [t, '十'] => Some(digit(*t)? * 10.0),
        [t, '十', d] => Some(digit(*t)? * 10.0 + digit(*d)?),
        [d] => digit(*d),
        _ => None,
    }
}

/// `text` with Chinese amounts written as "N 万" and ranges as their top, when it has
/// either; the budget pattern then reads them as any other amount.
pub(super) fn normalize(text: &str) -> Option<String> {
    let mut out = std::borrow::Cow::Borrowed(text);
    if text.contains('万') || text.contains('千') {
        let replaced = HAN_WAN.replace_all(&out, |c: &Captures| {
            let number = |s: &str| s.parse::<f64>().ok().or_else(|| han_number(s));
            let wan = match (c.get(1), c.get(2), c.get(3)) {
                (Some(n), tail, _) => {
                    let tail = tail.and_then(|t| number(t.as_str())).unwrap_or(0.0);
                    number(n.as_str()).map(|n| n + tail / 10.0)
                }
                (None, _, Some(k)) => number(k.as_str()).map(|k| k / 10.0),
                _ => None,
            };
            match wan {
                Some(w) => format!(" {w} 万 "),
                None => c[0].to_string(),
            }
        });
        out = std::borrow::Cow::Owned(replaced.into_owned());
    }
    if RANGE.is_match(&out) {
        let replaced = RANGE.replace_all(&out, "$1");
        out = std::borrow::Cow::Owned(replaced.into_owned());
    }
    match out {
        std::borrow::Cow::Owned(s) if s != text => Some(s),
        _ => None,
    }
}

/// Read one match of [`BUDGET`].
pub(super) fn from_captures(c: &Captures, lang: Option<Lang>) -> Option<Budget> {
    let g = |i: usize| c.get(i).map(|m| m.as_str());
    // "presupuesto de 3000 dolares": the currency may follow a budget word's amount.
    let (currency_word, number, scale) = if let Some(n) = g(2) {
        (g(1).or(g(4)), n, g(3))
    } else if let Some(n) = g(5) {
        (g(7), n, g(6))
    } else {
        (None, g(8)?, g(9))
    };
    // A currency word, else a scale that is money in its language's currency ("2万"),
    // else a bare amount beside a budget word is in the message's language's currency.
    let money_scale = |scale: &str| {
        let mut langs = super::words::ALL.iter();
        langs.find(|w| w.money_scales().contains(&scale))
    };
    let currency = currency_word
        .and_then(|w| match w.contains("  ") {
            true => super::words::currency_of(&w.split_whitespace().collect::<Vec<_>>().join(" ")),
            false => super::words::currency_of(w),
        })
        .or_else(|| scale.and_then(money_scale).map(|w| w.currency()))
        .unwrap_or_else(|| Currency::of_language(lang));
    let amount = amount(number)? * scale.and_then(super::words::amount_scale).unwrap_or(1.0);
    (1.0..1e9).contains(&amount).then(|| Budget {
        amount,
        currency,
        usd: Rates::get().to_usd(amount, currency),
    })
}

/// "1.500" and "10.000" are thousands (nobody prices a GPU in fractions of a unit); "1.5"
/// is one and a half.
fn amount(number: &str) -> Option<f64> {
    let thousands = number
        .split_once('.')
        .is_some_and(|(_, rest)| rest.len() == 3 && !rest.contains('.'));
    let n: f64 = if thousands {
        number.replace('.', "").parse().ok()?
    } else {
        number.parse().ok()?
    };
    n.is_finite().then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, lang: Option<Lang>) -> Option<(f64, Currency)> {
        let c = BUDGET.captures(text)?;
        from_captures(&c, lang).map(|b| (b.amount, b.currency))
    }

    #[test]
    fn reads_amounts_in_every_currency() {
        assert_eq!(read("under usd 2000", None), Some((2000.0, Currency::Usd)));
        assert_eq!(read("usd 2k", None), Some((2000.0, Currency::Usd)));
        assert_eq!(read("r usd 10 mil", None), Some((10_000.0, Currency::Brl)));
        assert_eq!(read("us usd 1.500", None), Some((1500.0, Currency::Usd)));
        assert_eq!(read("1500 eur", None), Some((1500.0, Currency::Eur)));
        assert_eq!(read("1500 euros", None), Some((1500.0, Currency::Eur)));
        assert_eq!(read("2 万 元", None), Some((20_000.0, Currency::Cny)));
        assert_eq!(
            read("预算 15000", Some(Lang::Zh)),
            Some((15_000.0, Currency::Cny))
        );
        assert_eq!(
            read("orcamento de 8 mil", Some(Lang::Pt)),
            Some((8000.0, Currency::Brl))
        );
        assert_eq!(read("5000 reais", None), Some((5000.0, Currency::Brl)));
        assert_eq!(read("llama 70b", None), None);
    }

    fn normalized(text: &str, lang: Option<Lang>) -> Option<(f64, Currency)> {
        let text = normalize(text).unwrap_or_else(|| text.to_string());
        read(&text, lang)
    }

    #[test]
    fn reads_the_numbers_people_write() {
        let zh = Some(Lang::Zh);
        for text in [
            "预算 1 万 5",
            "预算一万五",
            "预算 1.5 万",
            "预算 1 万 5 千",
            "一万五千块钱",
        ] {
            assert_eq!(
                normalized(text, zh),
                Some((15_000.0, Currency::Cny)),
                "{text}"
            );
        }
        assert_eq!(normalized("预算两万", zh), Some((20_000.0, Currency::Cny)));
        assert_eq!(normalized("预算 2 万", zh), Some((20_000.0, Currency::Cny)));
        assert_eq!(normalized("usd 2-3k", None), Some((3000.0, Currency::Usd)));
        assert_eq!(
            normalized("budget 15k", None),
            Some((15_000.0, Currency::Usd))
        );
        assert_eq!(normalized("usd 3k", None), Some((3000.0, Currency::Usd)));
        assert_eq!(
            normalized("r usd 5 mil", Some(Lang::Pt)),
            Some((5000.0, Currency::Brl))
        );
        assert_eq!(
            normalized("5.000 reais", None),
            Some((5000.0, Currency::Brl))
        );
        assert_eq!(normalized("llama 3-8b", None), None);
    }

    #[test]
    fn converts_at_the_dated_rates() {
        let r = Rates::get();
        // Dated like the street prices they convert against (2026-05).
        assert!(r.date.starts_with("2026-05") && r.source.contains("European Central Bank"));
        assert!((r.to_usd(1.0, Currency::Usd) - 1.0).abs() < 1e-9);
        // ECB 2026-05-08: EUR 1 = USD 1.1761 = BRL 5.7794 = CNY 7.9989.
        let brl = r.to_usd(10_000.0, Currency::Brl);
        assert!((2000.0..2100.0).contains(&brl), "{brl}");
        let cny = r.to_usd(20_000.0, Currency::Cny);
        assert!((2900.0..3000.0).contains(&cny), "{cny}");
    }
}
