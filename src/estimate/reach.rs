//! How far a model reaches on consumer cards at 4 bits: one card, one home machine of them,
//! or neither. With no card named, this picks the runtime people run the model with
//! (`runtime::choice`): llama.cpp from a GGUF for the first, a serving engine for the last.

use super::{Fit, Job, Mode, Sizing};
use crate::catalog::ModelSpec;
use crate::runtime::Runtime;
use crate::runtime::choice::{Reach, home_format, reference_card};

/// The reach of `model` at `context` tokens: a [`home_format`] GGUF on llama.cpp, on one
/// [`reference_card`], then on as many as one machine takes. One sizing of the job.
pub fn reach(model: &ModelSpec, context: u64) -> Reach {
    let Some(card) = reference_card() else {
        return Reach::Datacenter;
    };
    let mut job = Job::new(Mode::Inference, home_format(model.native_precision));
    job.runtime = Runtime::LlamaCpp;
    job.set_context(context);
    if job.validate(model).is_err() {
        return Reach::Datacenter;
    }
    match Fit::min_count_sized(&Sizing::new(model, &job), card) {
        Some(1) => Reach::OneCard,
        Some(n) if n <= super::box_limit(card) => Reach::HomeBox,
        _ => Reach::Datacenter,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn of(id: &str) -> Reach {
        let model = Catalog::get().model(id).expect("a catalog model");
        reach(model, 8192)
    }

    #[test]
    fn the_reference_is_the_largest_consumer_card_sold_new() {
        assert_eq!(reference_card().map(|g| g.id.as_str()), Some("rtx-5090"));
    }

    #[test]
    fn sizes_fall_where_people_run_them() {
        assert_eq!(of("llama-3.1-8b"), Reach::OneCard);
        assert_eq!(of("qwen3-32b"), Reach::OneCard);
        assert_eq!(of("gemma-3-27b"), Reach::OneCard);
        assert_eq!(of("llama-3.3-70b"), Reach::HomeBox);
        assert_eq!(of("deepseek-r1"), Reach::Datacenter);
    }
}
