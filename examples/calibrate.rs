//! Print the calibration tables: our estimate and the rule of thumb against published
//! measurements. Run with `cargo run --release --example calibrate`.

use vramguide::calibration::{max_abs, median_abs, memory_rows, speed_rows};
use vramguide::catalog::Catalog;

fn main() {
    let catalog = Catalog::get();
    let memory = memory_rows(
        catalog,
        include_str!("../tests/calibration/qwen2.5-transformers-a100.csv"),
    );
    println!("Qwen2.5 on transformers, A100 80GB: peak memory (GiB)");
    println!(
        "{:<24} {:<10} {:>6} {:>4} {:>9} {:>9} {:>7} {:>9} {:>7}",
        "model", "quant", "input", "gpus", "measured", "estimate", "error", "rule", "error"
    );
    for r in &memory {
        println!(
            "{:<24} {:<10} {:>6} {:>4} {:>9.2} {:>9.2} {:>6.1}% {:>9.2} {:>6.1}%",
            r.model,
            r.quantization,
            r.input_length,
            r.gpus,
            r.measured_gib,
            r.estimate_gib,
            100.0 * r.error(),
            r.rule_gib,
            100.0 * r.rule_error()
        );
    }
    println!(
        "\n{} rows. estimate: median |error| {:.1}%, max {:.1}%. rule of thumb: median {:.1}%, max {:.1}%\n",
        memory.len(),
        100.0 * median_abs(memory.iter().map(|r| r.error())),
        100.0 * max_abs(memory.iter().map(|r| r.error())),
        100.0 * median_abs(memory.iter().map(|r| r.rule_error())),
        100.0 * max_abs(memory.iter().map(|r| r.rule_error())),
    );
    let speed = speed_rows(
        catalog,
        include_str!("../tests/calibration/llamacpp-llama3-8b-tokens.csv"),
    );
    println!("llama.cpp, Llama 3 8B: decode tokens/s");
    println!(
        "{:<26} {:<18} {:<7} {:>9} {:>9} {:>7}",
        "gpu", "catalog id", "quant", "measured", "estimate", "error"
    );
    for r in &speed {
        match (r.estimate, r.error()) {
            (Some(e), Some(err)) => println!(
                "{:<26} {:<18} {:<7} {:>9.1} {:>9.1} {:>6.1}%",
                r.gpu,
                r.gpu_id.as_deref().unwrap_or("-"),
                r.quant,
                r.measured,
                e,
                100.0 * err
            ),
            _ => println!(
                "{:<26} {:<18} {:<7} {:>9.1} {:>9} {:>7}",
                r.gpu, "(not in catalog)", r.quant, r.measured, "-", "-"
            ),
        }
    }
    let known: Vec<f64> = speed.iter().filter_map(|r| r.error()).collect();
    println!(
        "\n{} of {} rows have the GPU in the catalog. median |error| {:.1}%, max {:.1}%",
        known.len(),
        speed.len(),
        100.0 * median_abs(known.iter().copied()),
        100.0 * max_abs(known.iter().copied()),
    );
}
