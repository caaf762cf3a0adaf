//! What a budget buys: every card kind whose fewest cards that hold the job cost no more
//! than the budget, at street prices (launch prices where no street price was found, and
//! the answer says which).
//!
//! The budget was typed in any currency and converted to US dollars at the dated rates of
//! `data/exchange_rates.json` ([`crate::query::budget`]); prices are the catalog's.

use crate::catalog::{Catalog, FormFactor, GpuSpec, PriceBasis};
use crate::estimate::{DecodeWork, Fit, Precision, Sizing};
use crate::query::budget::Budget;
use crate::runtime::Runtime;
use serde::Serialize;

/// One setup and what it costs.
#[derive(Debug, Clone, Serialize)]
pub struct Priced {
    #[serde(skip)]
    pub gpu: &'static GpuSpec,
    pub fit: Fit,
    /// All the cards, in US dollars.
    pub usd: f64,
    pub basis: PriceBasis,
    /// The format and runtime the setup was sized for.
    pub precision: Precision,
    pub runtime: Runtime,
}

impl Priced {
    /// The street price is of used cards (the card is no longer sold new).
    pub fn used(&self) -> bool {
        self.basis == PriceBasis::Street && self.gpu.street_used()
    }
}

/// The setups a budget buys.
#[derive(Debug, Clone, Serialize)]
pub struct Shopping {
    pub budget: Budget,
    /// Best first ([`rank`]), at most [`MAX_LISTED`].
    pub within: Vec<Priced>,
    /// When nothing fits within the budget: the cheapest setup that holds the job.
    pub cheapest: Option<Priced>,
    /// The next format up that the budget also buys (Q8_0 above a 4-bit pick: "two run it
    /// at Q8"), best first; empty when none or when the format was the asker's.
    pub step_up: Vec<Priced>,
}

/// The setups a chat-length answer lists (its table), the step up included.
pub const MAX_PICKS: usize = 5;
/// The most setups an answer lists in full (`--full`, the API's text and JSON).
pub const MAX_LISTED: usize = 12;

/// Speeds within this share of the fastest count as the same speed: then the cheaper
/// setup is the better buy (a used RTX 3090 at 850 US$ before an RTX 4090 at 1,900 US$
/// for 8 % more tokens per second, or two RTX 5080 at 1,998 US$ for 12 % more). Speeds
/// are estimates whose error against measurements reaches 12 % at the median (issue 37's
/// check), so a gap under 15 % does not tell two setups apart.
pub const SAME_SPEED: f64 = 0.85;

/// The step up to more bits is worth saying when it keeps at least this share of the best
/// pick's speed: Q8_0 at 21 tokens/s beside Q4_K_M at 33 is a choice, at 5 beside 17 it is not.
pub const STEP_UP_SPEED: f64 = 0.5;

/// Budgets up to this many US dollars buy consumer cards, and people buy them to run a
/// 4-bit GGUF with llama.cpp (Ollama and LM Studio run the same files): such a budget is
/// sized in that format unless the question names another format or a runtime.
pub const CONSUMER_BUDGET_USD: f64 = 10_000.0;

/// Price every card kind's smallest setup that holds the job; keep those within budget.
pub fn within(catalog: &'static Catalog, sizing: &Sizing, budget: Budget) -> Shopping {
    let mut priced = all_priced(catalog, sizing);
    priced.sort_by(|a, b| a.usd.total_cmp(&b.usd));
    let cheapest = priced.first().cloned();
    let mut within = rank(priced.into_iter().filter(|p| p.usd <= budget.usd).collect());
    within.truncate(MAX_LISTED);
    Shopping {
        budget,
        cheapest: if within.is_empty() { cheapest } else { None },
        within,
        step_up: Vec::new(),
    }
}

/// Every card kind with a price, at the fewest cards that hold the job.
fn all_priced(catalog: &'static Catalog, sizing: &Sizing) -> Vec<Priced> {
    let decode = DecodeWork::new(sizing.model(), sizing.job());
    let job = sizing.job();
    catalog
        .gpus
        .iter()
        .filter_map(|gpu| {
            let (unit, basis) = gpu.buy_price()?;
            let count = Fit::min_count_sized(sizing, gpu)?;
            let cards = count.div_ceil(gpu.devices_per_card());
            Some(Priced {
                gpu,
                fit: Fit::sized(sizing, Some(&decode), gpu, count),
                usd: unit * f64::from(cards),
                basis,
                precision: job.precision,
                runtime: job.runtime,
            })
        })
        .collect()
}

/// What the money runs best first: the fastest setup left, except that a cheaper one
/// within [`SAME_SPEED`] of it goes before it (the cheapest of those), and so on down.
pub fn rank(mut left: Vec<Priced>) -> Vec<Priced> {
    let speed = |p: &Priced| p.fit.tokens_per_s.unwrap_or(0.0);
    let mut out = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let fastest = left.iter().map(speed).fold(0.0, f64::max);
        let best = (0..left.len())
            .filter(|&i| speed(&left[i]) >= fastest * SAME_SPEED)
            .min_by(|&a, &b| {
                left[a]
                    .usd
                    .total_cmp(&left[b].usd)
                    .then(speed(&left[b]).total_cmp(&speed(&left[a])))
                    .then(left[a].gpu.id.cmp(&left[b].gpu.id))
            })
            .unwrap_or(0);
        out.push(left.swap_remove(best));
    }
    out
}

/// One card and what it costs, for a budget with no model named.
#[derive(Debug, Clone, Serialize)]
pub struct Card {
    #[serde(skip)]
    pub gpu: &'static GpuSpec,
    pub usd: f64,
    pub basis: PriceBasis,
    /// The largest catalog model the card runs at Q4_K_M (llama.cpp), what a budget with
    /// no model is for: the money's best is the largest model it runs.
    #[serde(skip)]
    pub largest: Option<&'static crate::catalog::ModelSpec>,
}

/// The cards a budget buys when no model was named ("which gpu for $2000?").
#[derive(Debug, Clone, Serialize)]
pub struct Affordable {
    pub budget: Budget,
    /// Largest memory first (memory bounds the largest model a card runs), then cheapest; at most
    /// [`MAX_CARDS`].
    pub within: Vec<Card>,
    /// When no card is within the budget: the cheapest card.
    pub cheapest: Option<Card>,
    /// Two cards of one kind, when the budget pays for two and they run a larger model than
    /// the first card alone (two used RTX 3090 run a 70B at Q4_K_M, one does not): `usd` is
    /// both cards, `largest` the largest model on the two.
    pub pair: Option<Card>,
}

/// The most cards a budget-only answer lists.
pub const MAX_CARDS: usize = 8;

/// Every card sold on its own (an SXM module needs a whole server) that the budget pays
/// for, at its street price (launch price where none was found, and the answer says so).
pub fn cards_within(catalog: &'static Catalog, budget: Budget) -> Affordable {
    let mut cards: Vec<Card> = catalog
        .gpus
        .iter()
        .filter(|gpu| gpu.form_factor != FormFactor::Sxm)
        .filter_map(|gpu| {
            let (usd, basis) = gpu.buy_price()?;
            Some(Card {
                gpu,
                usd,
                basis,
                largest: None,
            })
        })
        .collect();
    cards.sort_by(|a, b| a.usd.total_cmp(&b.usd));
    let cheapest = cards.first().cloned();
    let pair = pair_within(catalog, &cards, budget);
    let mut within: Vec<Card> = cards.into_iter().filter(|c| c.usd <= budget.usd).collect();
    within.sort_by(|a, b| {
        b.gpu
            .memory_gb
            .total_cmp(&a.gpu.memory_gb)
            .then(a.usd.total_cmp(&b.usd))
    });
    within.truncate(MAX_CARDS);
    for c in &mut within {
        c.largest = crate::recommend::largest_on(catalog, Precision::Q4KM, c.gpu, 1);
    }
    let pair = pair.filter(|p| {
        let params = |c: &Card| c.largest.map_or(0, |m| m.params_total);
        within.first().is_some_and(|one| params(p) > params(one))
    });
    Affordable {
        budget,
        cheapest: if within.is_empty() { cheapest } else { None },
        within,
        pair,
    }
}

/// The two cards of one kind with the most memory together that the budget pays for (the
/// cheaper at equal memory), with the largest model they run at Q4_K_M.
fn pair_within(catalog: &'static Catalog, cards: &[Card], budget: Budget) -> Option<Card> {
    let best = cards
        .iter()
        .filter(|c| c.gpu.devices_per_card() == 1 && 2.0 * c.usd <= budget.usd)
        .max_by(|a, b| {
            a.gpu
                .memory_gb
                .total_cmp(&b.gpu.memory_gb)
                .then(b.usd.total_cmp(&a.usd))
        })?;
    Some(Card {
        usd: 2.0 * best.usd,
        largest: crate::recommend::largest_on(catalog, Precision::Q4KM, best.gpu, 2),
        ..best.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::{Job, Mode, Precision};
    use crate::query::budget::{Currency, Rates};

    fn budget(usd: f64) -> Budget {
        Budget {
            amount: usd,
            currency: Currency::Usd,
            usd,
        }
    }

    #[test]
    fn a_budget_buys_only_what_it_can_pay_for() {
        let catalog = Catalog::get();
        let model = catalog
            .resolve_model("qwen3-32b")
            .expect("catalog model")
            .model;
        let job = Job::new(Mode::Inference, Precision::Int4);
        let sizing = Sizing::new(model, &job);
        let s = within(catalog, &sizing, budget(2000.0));
        assert!(
            !s.within.is_empty(),
            "a 32B in 4 bits fits a card under $2000"
        );
        for p in &s.within {
            assert!(p.usd <= 2000.0 && p.fit.fits, "{} {}", p.gpu.id, p.usd);
        }
        let poor = within(catalog, &sizing, budget(50.0));
        assert!(poor.within.is_empty());
        let cheapest = poor.cheapest.expect("the cheapest setup that fits");
        assert!(cheapest.usd > 50.0 && cheapest.fit.fits);
        // Reais are converted before comparing: at the ECB rates of 2026-05-08,
        // 10,000 / 5.7794 x 1.1761 US$.
        let brl = Rates::get().to_usd(10_000.0, Currency::Brl);
        assert!((brl - 2035.0).abs() < 1.0, "{brl}");
    }

    #[test]
    fn a_budget_alone_buys_cards_largest_memory_first() {
        let catalog = Catalog::get();
        let a = cards_within(catalog, budget(2000.0));
        assert!(!a.within.is_empty() && a.cheapest.is_none());
        assert!(a.within.len() <= MAX_CARDS);
        for c in &a.within {
            assert!(c.usd <= 2000.0, "{} {}", c.gpu.id, c.usd);
            assert_ne!(c.gpu.form_factor, FormFactor::Sxm, "{}", c.gpu.id);
        }
        for pair in a.within.windows(2) {
            assert!(pair[0].gpu.memory_gb >= pair[1].gpu.memory_gb);
        }
        // The largest card within the budget is first: none left out has more memory.
        let first = a.within[0].gpu.memory_gb;
        assert!(catalog.gpus.iter().all(|g| g.form_factor == FormFactor::Sxm
            || g.buy_price().is_none_or(|(p, _)| p > 2000.0)
            || g.memory_gb <= first));
        let poor = cards_within(catalog, budget(10.0));
        assert!(poor.within.is_empty());
        assert!(poor.cheapest.expect("the cheapest card").usd > 10.0);
    }
}
