//! What a budget buys: every card kind whose fewest cards that hold the job cost no more
//! than the budget, at street prices (launch prices where no street price was found, and
//! the answer says which).
//!
//! The budget was typed in any currency and converted to US dollars at the dated rates of
//! `data/exchange_rates.json` ([`crate::query::budget`]); prices are the catalog's.

use crate::catalog::{Catalog, FormFactor, GpuSpec, PriceBasis};
use crate::estimate::{DecodeWork, Fit, Sizing};
use crate::query::budget::Budget;
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
}

/// The setups a budget buys.
#[derive(Debug, Clone, Serialize)]
pub struct Shopping {
    pub budget: Budget,
    /// Fastest first (decode speed, then price), at most [`MAX_PICKS`].
    pub within: Vec<Priced>,
    /// When nothing fits within the budget: the cheapest setup that holds the job.
    pub cheapest: Option<Priced>,
}

/// The most setups an answer lists.
pub const MAX_PICKS: usize = 5;

/// Price every card kind's smallest setup that holds the job; keep those within budget.
pub fn within(catalog: &'static Catalog, sizing: &Sizing, budget: Budget) -> Shopping {
    let decode = DecodeWork::new(sizing.model(), sizing.job());
    let mut priced: Vec<Priced> = catalog
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
            })
        })
        .collect();
    priced.sort_by(|a, b| a.usd.total_cmp(&b.usd));
    let cheapest = priced.first().cloned();
    let mut within: Vec<Priced> = priced.into_iter().filter(|p| p.usd <= budget.usd).collect();
    within.sort_by(|a, b| {
        let speed = |p: &Priced| p.fit.tokens_per_s.unwrap_or(0.0);
        speed(b).total_cmp(&speed(a)).then(a.usd.total_cmp(&b.usd))
    });
    within.truncate(MAX_PICKS);
    Shopping {
        budget,
        cheapest: if within.is_empty() { cheapest } else { None },
        within,
    }
}

/// One card and what it costs, for a budget with no model named.
#[derive(Debug, Clone, Serialize)]
pub struct Card {
    #[serde(skip)]
    pub gpu: &'static GpuSpec,
    pub usd: f64,
    pub basis: PriceBasis,
}

/// The cards a budget buys when no model was named ("which gpu for $2000?").
#[derive(Debug, Clone, Serialize)]
pub struct Affordable {
    pub budget: Budget,
    /// Largest memory first (memory bounds what a card can run), then cheapest; at most
    /// [`MAX_CARDS`].
    pub within: Vec<Card>,
    /// When no card is within the budget: the cheapest card.
    pub cheapest: Option<Card>,
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
            Some(Card { gpu, usd, basis })
        })
        .collect();
    cards.sort_by(|a, b| a.usd.total_cmp(&b.usd));
    let cheapest = cards.first().cloned();
    let mut within: Vec<Card> = cards.into_iter().filter(|c| c.usd <= budget.usd).collect();
    within.sort_by(|a, b| {
        b.gpu
            .memory_gb
            .total_cmp(&a.gpu.memory_gb)
            .then(a.usd.total_cmp(&b.usd))
    });
    within.truncate(MAX_CARDS);
    Affordable {
        budget,
        cheapest: if within.is_empty() { cheapest } else { None },
        within,
    }
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
        // Reais are converted before comparing.
        let brl = Rates::get().to_usd(10_000.0, Currency::Brl);
        assert!(brl < 2000.0);
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
