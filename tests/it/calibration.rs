//! The estimator against published measurements (tests/calibration/, sources in its README):
//! memory within 5% median and 15% max over all 112 Qwen2.5 rows, llama.cpp decode speed
//! for Llama 3 8B within 20% median. `cargo run --release --example calibrate` prints the table.

use vramguide::calibration::{max_abs, median_abs, memory_rows, speed_rows};
use vramguide::catalog::Catalog;

#[test]
fn memory_matches_qwen_measurements() {
    let rows = memory_rows(
        Catalog::get(),
        include_str!("../calibration/qwen2.5-transformers-a100.csv"),
    );
    assert_eq!(rows.len(), 112, "every row is estimated");
    let median = median_abs(rows.iter().map(|r| r.error()));
    let max = max_abs(rows.iter().map(|r| r.error()));
    assert!(median <= 0.05, "median error {median}");
    assert!(max <= 0.15, "max error {max}");
    // The rule of thumb, for comparison, is much further off on the same rows.
    assert!(median_abs(rows.iter().map(|r| r.rule_error())) > 2.0 * median);
}

#[test]
fn decode_speed_matches_llamacpp_measurements() {
    let rows = speed_rows(
        Catalog::get(),
        include_str!("../calibration/llamacpp-llama3-8b-tokens.csv"),
    );
    let errors: Vec<f64> = rows.iter().filter_map(|r| r.error()).collect();
    assert!(
        errors.len() >= 15,
        "most rows have their GPU in the catalog"
    );
    let median = median_abs(errors.iter().copied());
    assert!(median <= 0.20, "median error {median}");
}
