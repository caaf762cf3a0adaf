//! How far an estimate can be off: a ± band per runtime, format family and mode, taken
//! from the calibration residuals (tests/calibration, bench/device). A case no measurement
//! backs says so, with a wide band, instead of borrowing another case's precision.

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

/// The band for `job`.
pub fn error_band(job: &Job) -> ErrorBand {
    // Training runs under PyTorch whatever the serving runtime; QLoRA's base is NF4.
    let (runtime, precision) = match job.mode {
        Mode::Inference => (job.runtime, job.precision),
        Mode::Qlora => (Runtime::TRAINING, super::Precision::Nf4),
        _ => (Runtime::TRAINING, job.precision),
    };
    let profile = runtime.profile();
    let format = profile.loaded(precision).format();
    profile
        .error_bands
        .iter()
        .find(|(f, m, _)| *f == format && *m == job.mode)
        .map_or(
            ErrorBand {
                pct: UNMEASURED_PCT,
                measured: false,
            },
            |&(_, _, pct)| ErrorBand {
                pct,
                measured: true,
            },
        )
}
