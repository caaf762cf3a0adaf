//! How far an estimate can be off: a ± band per runtime, format family and mode, taken
//! from the calibration residuals (tests/calibration, bench/device). A case no measurement
//! backs says so, with a wide band, instead of borrowing another case's precision.

use super::precision::Format;
use super::{Job, Mode};
use crate::runtime::Runtime;
use serde::Serialize;

/// The ± band of one estimate.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ErrorBand {
    /// Half-width of the band, in percent of the estimate.
    pub pct: f64,
    /// True when measurements of this runtime, format family and mode set the band.
    pub measured: bool,
}

/// The band used where nothing was measured: the spread between engines' own start-up
/// figures and our model on the sources we have is up to about this much.
const UNMEASURED_PCT: f64 = 20.0;

/// (runtime, format family, training?) -> band from that class's residuals: the 90th
/// percentile of |error| rounded up to a whole percent (the calibration test checks that
/// at least 90 % of each class's rows fall inside).
const MEASURED: &[(Runtime, Format, bool, f64)] = &[
    // Qwen2.5 on transformers, A100 (112 rows): bf16, GPTQ and AWQ.
    (Runtime::Transformers, Format::Float, false, 5.0),
    (Runtime::Transformers, Format::WeightOnly, false, 5.0),
];

/// The band for `job`.
pub fn error_band(job: &Job) -> ErrorBand {
    let training = job.mode != Mode::Inference;
    let format = job.runtime.profile().loaded(job.precision).format();
    MEASURED
        .iter()
        .find(|(r, f, t, _)| *r == job.runtime && *f == format && *t == training)
        .map_or(
            ErrorBand {
                pct: UNMEASURED_PCT,
                measured: false,
            },
            |&(_, _, _, pct)| ErrorBand {
                pct,
                measured: true,
            },
        )
}
