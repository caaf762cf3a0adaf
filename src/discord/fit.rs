//! `/fit`: which catalog models run on a setup, and with how much context.
//!
//! Pure: for each model, the largest context (up to the model's own maximum) whose
//! inference job fits on `count` of the GPU, found by bisection over `Fit::check`.

use crate::catalog::{Catalog, GpuSpec, ModelSpec};
use crate::estimate::{Fit, Job, Mode, Precision};

/// Smallest context worth reporting: below this a model is not usable for chat.
const MIN_CONTEXT: u64 = 2048;
/// Models without a stated maximum are checked up to this.
const FALLBACK_MAX: u64 = 131_072;

fn fits(model: &ModelSpec, precision: Precision, gpu: &GpuSpec, count: u32, context: u64) -> bool {
    let mut job = Job::new(Mode::Inference, precision);
    job.set_context(context);
    Fit::check(model, &job, gpu, count).is_ok_and(|f| f.fits)
}

/// The most context `model` can hold on the setup, or None when even 2048 tokens do not fit.
pub fn max_context(
    model: &ModelSpec,
    precision: Precision,
    gpu: &GpuSpec,
    count: u32,
) -> Option<u64> {
    let top = model
        .max_position_embeddings
        .unwrap_or(FALLBACK_MAX)
        .max(MIN_CONTEXT);
    if !fits(model, precision, gpu, count, MIN_CONTEXT) {
        return None;
    }
    if fits(model, precision, gpu, count, top) {
        return Some(top);
    }
    let (mut lo, mut hi) = (MIN_CONTEXT, top);
    // Bisect to the nearest 256 tokens: finer steps do not change any decision.
    while hi - lo > 256 {
        let mid = lo + (hi - lo) / 2;
        if fits(model, precision, gpu, count, mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(lo / 256 * 256)
}

/// (model display name, max context) for every model that fits, largest models first.
pub fn models(
    catalog: &Catalog,
    precision: Precision,
    gpu: &GpuSpec,
    count: u32,
) -> Vec<(String, u64)> {
    let mut rows: Vec<(&ModelSpec, u64)> = catalog
        .models
        .iter()
        .filter_map(|m| max_context(m, precision, gpu, count).map(|c| (m, c)))
        .collect();
    rows.sort_by(|a, b| {
        b.0.params_total
            .cmp(&a.0.params_total)
            .then(a.0.display_name.cmp(&b.0.display_name))
    });
    rows.into_iter()
        .map(|(m, c)| (m.display_name.clone(), c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_24gb_card_holds_8b_fp16_but_not_70b() {
        let c = Catalog::get();
        let gpu = c.resolve_gpu("rtx 4090").expect("known").gpu;
        let rows = models(c, Precision::Fp16, gpu, 1);
        assert!(
            rows.iter().any(|(n, ctx)| n.contains("8B") && *ctx >= 8192),
            "{rows:?}"
        );
        assert!(!rows.iter().any(|(n, _)| n.contains("70B")), "{rows:?}");
    }
}
