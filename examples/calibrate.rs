//! Print the calibration tables: our estimate and the rule of thumb against published
//! measurements. Run with `cargo run --release --example calibrate`.

#[path = "../tests/it/calibration_rows.rs"]
mod calibration;

use calibration::{
    MemoryRow, TrainingRow, llamacpp_rows, max_abs, median_abs, memory_rows, speed_rows,
    training_rows, vllm_rows,
};
use vramguide::catalog::Catalog;

fn main() {
    let catalog = Catalog::get();
    for (title, csv) in [
        (
            "Qwen2.5 on transformers 4.46, A100 80GB (fits the prefill factor)",
            include_str!("../tests/calibration/qwen2.5-transformers-a100.csv"),
        ),
        (
            "Held out: Qwen3 on transformers 4.51, H20 (Qwen's table)",
            include_str!("../tests/calibration/qwen3-transformers-h20.csv"),
        ),
        (
            "Held out, ours: bench/device/hf_infer.py on an H100 (transformers 5.17, sdpa)",
            include_str!("../tests/calibration/h100-transformers-ours.csv"),
        ),
    ] {
        print_memory(title, &memory_rows(catalog, csv));
    }
    for (title, csv) in [
        (
            "vLLM 0.19 start-up logs, H100 (llm-d planner; fits the vLLM constants)",
            include_str!("../tests/calibration/vllm-startup-h100-llmd.csv"),
        ),
        (
            "Held out: vLLM start-up logs quoted in vLLM's GitHub threads (several versions and cards)",
            include_str!("../tests/calibration/vllm-startup-github-threads.csv"),
        ),
    ] {
        print_vllm(title, &vllm_rows(catalog, csv));
    }
    for (title, csv) in [
        (
            "Answer.AI FSDP-QLoRA benchmarks (2 x RTX 3090 / 4090)",
            include_str!("../tests/calibration/answerai-fsdp-qlora-peak.csv"),
        ),
        (
            "Ours: bench/device/train_peak.py on an H100 (transformers 5.17, peft 0.21)",
            include_str!("../tests/calibration/h100-training-ours.csv"),
        ),
        (
            "Held out, ours: bench/device/heldout.sh on an H100 (other models and micro-batches)",
            include_str!("../tests/calibration/h100-training-ours-heldout.csv"),
        ),
        (
            "torchtune README tables",
            include_str!("../tests/calibration/torchtune-finetune-peak.csv"),
        ),
        (
            "PEFT docs (DeepSpeed ZeRO-3 / FSDP)",
            include_str!("../tests/calibration/peft-docs-distributed-peak.csv"),
        ),
    ] {
        print_training(title, &training_rows(catalog, csv));
    }
    let llamacpp = llamacpp_rows(
        catalog,
        include_str!("../tests/calibration/llamacpp-ci-v100-buffers.csv"),
    );
    println!(
        "llama.cpp CI logs, V100 (Llama-2-7B shapes): GPU buffers, model + KV + compute (GiB)"
    );
    for r in &llamacpp {
        println!(
            "{:<12} {:<7} n_ctx={:<5} {:>7.2} {:>7.2} {:>6.1}%   model buffer {:>6.2} {:>6.2}",
            r.model,
            r.quant,
            r.n_ctx,
            r.measured_gib,
            r.estimate_gib,
            100.0 * r.error(),
            r.measured_model_gib,
            r.estimate_model_gib
        );
    }
    println!(
        "\n{} rows. median |error| {:.1}%, max {:.1}%. rule of thumb: median {:.1}%, max {:.1}%\n",
        llamacpp.len(),
        100.0 * median_abs(llamacpp.iter().map(|r| r.error())),
        100.0 * max_abs(llamacpp.iter().map(|r| r.error())),
        100.0 * median_abs(llamacpp.iter().map(|r| r.rule_error())),
        100.0 * max_abs(llamacpp.iter().map(|r| r.rule_error())),
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

fn print_vllm(title: &str, vllm: &[calibration::KvPoolRow]) {
    println!("{title}: KV pool per GPU (GiB)");
    for r in vllm {
        println!(
            "{:<16} {:<10} tp{} {:>8.2} {:>8.2} {:>6.1}%   outside the pool {:>6.2} {:>6.2} {:>6.1}%",
            r.model,
            r.precision,
            r.tensor_parallel,
            r.measured_gib,
            r.estimate_gib,
            100.0 * r.error(),
            r.measured_non_kv_gib,
            r.estimate_non_kv_gib,
            100.0 * r.non_kv_error()
        );
    }
    println!(
        "\n{} rows. KV pool: median |error| {:.1}%, max {:.1}%. Outside the pool: median {:.1}%, max {:.1}%\n",
        vllm.len(),
        100.0 * median_abs(vllm.iter().map(|r| r.error())),
        100.0 * max_abs(vllm.iter().map(|r| r.error())),
        100.0 * median_abs(vllm.iter().map(|r| r.non_kv_error())),
        100.0 * max_abs(vllm.iter().map(|r| r.non_kv_error())),
    );
}

fn print_training(title: &str, rows: &[TrainingRow]) {
    println!("{title}: peak memory per GPU (GiB)");
    for r in rows {
        println!(
            "{:<14} {:<13} {:<6} offload={:<5} mb={:<3} seq={:<6} gpus={} {:>7.2} {:>7.2} {:>6.1}%",
            r.model,
            r.method,
            r.sharding,
            r.cpu_offload,
            r.micro_batch,
            r.seq_len,
            r.gpus,
            r.measured_gib,
            r.estimate_gib,
            100.0 * r.error()
        );
    }
    println!(
        "\n{} rows. median |error| {:.1}%, max {:.1}%\n",
        rows.len(),
        100.0 * median_abs(rows.iter().map(|r| r.error())),
        100.0 * max_abs(rows.iter().map(|r| r.error())),
    );
}

fn print_memory(title: &str, rows: &[MemoryRow]) {
    println!("{title}: peak memory (GiB)");
    println!(
        "{:<24} {:<10} {:>6} {:>4} {:>9} {:>9} {:>7} {:>9} {:>7}",
        "model", "quant", "input", "gpus", "measured", "estimate", "error", "rule", "error"
    );
    for r in rows {
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
        rows.len(),
        100.0 * median_abs(rows.iter().map(|r| r.error())),
        100.0 * max_abs(rows.iter().map(|r| r.error())),
        100.0 * median_abs(rows.iter().map(|r| r.rule_error())),
        100.0 * max_abs(rows.iter().map(|r| r.rule_error())),
    );
}
