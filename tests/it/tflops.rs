//! One TFLOPS basis in the catalog (data/SOURCES.md, "One TFLOPS basis"): every rate is in
//! TFLOPS and plausible for one GPU, and every GeForce card carries its FP32-accumulate
//! rates, half its FP16-accumulate headline, so cards compare like for like.

use vramguide::catalog::{Catalog, Market, Vendor};

/// No single GPU in the catalog comes near these (the fastest, MI355X and B300, are under
/// 160 TFLOPS FP32 and 40 x that in dense 16-bit tensor rates).
const MAX_FP32: f64 = 200.0;
const MAX_TENSOR_OVER_FP32: f64 = 40.0;

#[test]
fn every_rate_is_in_tflops_and_plausible_for_one_gpu() {
    for g in &Catalog::get().gpus {
        // Where FP32 is not recorded (DGX Spark), the bound is the largest FP32 there is.
        let fp32 = g.fp32_tflops.unwrap_or(MAX_FP32);
        assert!(
            fp32 > 0.0 && fp32 <= MAX_FP32,
            "{}: {fp32} TFLOPS FP32",
            g.id
        );
        for (what, rate) in [
            ("fp16", g.fp16_tensor_tflops_dense),
            ("fp16 fp32acc", g.fp16_tensor_tflops_dense_fp32acc),
        ] {
            if let Some(rate) = rate {
                assert!(
                    rate > 0.0 && rate <= fp32 * MAX_TENSOR_OVER_FP32,
                    "{}: {what} {rate} TFLOPS against {fp32} FP32",
                    g.id
                );
            }
        }
    }
}

#[test]
fn geforce_cards_carry_their_fp32_accumulate_rates_at_half_rate() {
    let geforce = Catalog::get().gpus.iter().filter(|g| {
        g.vendor == Vendor::Nvidia
            && g.market == Market::Consumer
            && g.tensor_core_generation.is_some_and(|n| n >= 3)
    });
    let mut seen = 0;
    for g in geforce {
        seen += 1;
        let half = |rate: Option<f64>| rate.map(|r| r / 2.0);
        let close = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => (a - b).abs() <= 0.1,
            _ => false,
        };
        assert!(
            close(
                g.fp16_tensor_tflops_dense_fp32acc,
                half(g.fp16_tensor_tflops_dense)
            ),
            "{}: FP16 with FP32 accumulate {:?}, headline {:?}",
            g.id,
            g.fp16_tensor_tflops_dense_fp32acc,
            g.fp16_tensor_tflops_dense
        );
        if g.fp8_tensor_tflops_dense.is_some() {
            assert!(
                close(
                    g.fp8_tensor_tflops_dense_fp32acc,
                    half(g.fp8_tensor_tflops_dense)
                ),
                "{}: FP8 with FP32 accumulate {:?}, headline {:?}",
                g.id,
                g.fp8_tensor_tflops_dense_fp32acc,
                g.fp8_tensor_tflops_dense
            );
        }
    }
    assert!(seen >= 15, "the GeForce cards are found ({seen})");
}
