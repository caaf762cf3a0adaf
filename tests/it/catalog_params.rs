//! Every catalog model's parameter count against its architecture: the count its config
//! fields give (embeddings, attention or MLA, recurrent mixers, MLP or experts, vision
//! tower) must match the recorded total within 1 %, and the size its publisher states.
//!
//! The formula is written here again, independently of `data/gen/params.py` that filled
//! `params_computed`, so a config value typed wrong in the data shows up as a mismatch
//! with the published total (norms and biases are left out: well under 0.1 %).

use serde_json::Value;

const MODELS: &str = include_str!("../../data/models.json");

fn int(m: &Value, key: &str) -> u64 {
    m.get(key).and_then(Value::as_u64).unwrap_or(0)
}

/// Parameters of one recurrent (Mamba / linear-attention) mixer layer.
fn state_layer_params(m: &Value, s: &Value) -> u64 {
    let h = int(m, "hidden_size");
    let g = |k: &str| int(s, k);
    match s["kind"].as_str().unwrap_or_default() {
        "mamba2" => {
            let inner = g("mamba_n_heads") * g("mamba_d_head");
            let bc = g("mamba_n_groups").max(1) * g("mamba_d_state");
            h * (2 * inner + 2 * bc + g("mamba_n_heads"))
                + inner * h
                + (inner + 2 * bc) * g("mamba_d_conv")
        }
        "mamba" => {
            let inner = g("mamba_expand") * h;
            let n = g("mamba_d_state");
            let rank = h.div_ceil(16);
            h * 2 * inner
                + inner * g("mamba_d_conv")
                + inner * (rank + 2 * n)
                + rank * inner
                + inner * n
                + inner * h
        }
        "gated_deltanet" => {
            let keys = g("linear_num_key_heads") * g("linear_key_head_dim");
            let values = g("linear_num_value_heads") * g("linear_value_head_dim");
            h * (2 * keys + 2 * values)
                + h * 2 * g("linear_num_value_heads")
                + (2 * keys + values) * g("linear_conv_kernel_dim")
                + values * h
        }
        "lightning" => {
            let width = int(m, "num_attention_heads") * head_dim(m);
            5 * h * width
        }
        other => panic!("{}: unknown state kind {other}", m["id"]),
    }
}

/// Gemma 4: sliding layers at `head_dim` with `local_num_key_value_heads`, full-attention
/// layers at `global_head_dim` with `num_key_value_heads`, one k/v matrix when
/// `attention_k_eq_v`; the counts from "50 local per 10 global".
fn split_attention(m: &Value, global_d: u64) -> u64 {
    let (h, heads, d) = (
        int(m, "hidden_size"),
        int(m, "num_attention_heads"),
        head_dim(m),
    );
    let pattern = m["sliding_window_pattern"].as_str().expect("a pattern");
    let words: Vec<&str> = pattern.split_whitespace().collect();
    let local: u64 = words[0].parse().expect("local count");
    let global: u64 = words[3].parse().expect("global count");
    let kv_matrices = if m["attention_k_eq_v"] == Value::Bool(true) {
        1
    } else {
        2
    };
    local * (2 * h * heads * d + 2 * h * int(m, "local_num_key_value_heads") * d)
        + global
            * (2 * h * heads * global_d
                + kv_matrices * h * int(m, "num_key_value_heads") * global_d)
}

fn head_dim(m: &Value) -> u64 {
    m.get("head_dim")
        .and_then(Value::as_u64)
        .unwrap_or(int(m, "hidden_size") / int(m, "num_attention_heads"))
}

/// The parameter count the config fields give.
fn config_params(m: &Value) -> u64 {
    let (h, layers, vocab) = (
        int(m, "hidden_size"),
        int(m, "num_hidden_layers"),
        int(m, "vocab_size"),
    );
    let (heads, kv_heads) = (int(m, "num_attention_heads"), int(m, "num_key_value_heads"));
    let tied = m["tie_word_embeddings"].as_bool().unwrap_or(false);
    let mut total = vocab * h * if tied { 1 } else { 2 };
    let state = m.get("state_layers").filter(|s| !s.is_null());
    let attention_layers = state.map_or(layers, |s| int(s, "attention_layers"));
    let attention = if int(m, "kv_lora_rank") > 0 {
        let (q_rank, rank) = (int(m, "q_lora_rank"), int(m, "kv_lora_rank"));
        let (nope, rope, v) = (
            int(m, "qk_nope_head_dim"),
            int(m, "qk_rope_head_dim"),
            int(m, "v_head_dim"),
        );
        let q = if q_rank > 0 {
            h * q_rank + q_rank * heads * (nope + rope)
        } else {
            h * heads * (nope + rope)
        };
        q + h * (rank + rope) + rank * heads * (nope + v) + heads * v * h
    } else {
        let d = head_dim(m);
        // An output gate (Qwen3.5's `attn_output_gate`) is a second query-sized projection.
        let q = if m["attn_output_gate"] == Value::Bool(true) {
            2
        } else {
            1
        };
        (q + 1) * h * heads * d + 2 * h * kv_heads * d
    };
    // DeciLM lists its blocks: only `kv_layout.layers` have attention, each FFN its width.
    let attention_layers = m
        .get("kv_layout")
        .filter(|_| m.get("layer_ffn_widths").is_some())
        .map_or(attention_layers, |k| int(k, "layers"));
    total += match int(m, "global_head_dim") {
        0 => attention_layers * attention,
        global_d => split_attention(m, global_d),
    };
    if let Some(s) = state {
        total += int(s, "layers") * state_layer_params(m, s);
    }
    let matrices = if m.get("mlp").and_then(Value::as_str) == Some("plain") {
        2
    } else {
        3
    };
    match m.get("moe").filter(|x| !x.is_null()) {
        Some(moe) => {
            let (experts, width) = (
                int(moe, "num_experts"),
                int(moe, "expert_intermediate_size"),
            );
            let moe_layers = int(moe, "moe_layers");
            let dense = moe
                .get("dense_layers")
                .and_then(Value::as_u64)
                .unwrap_or(layers - moe_layers);
            // Latent experts (Nemotron 3 Super) work in `latent_size`, behind a down and
            // an up projection per layer; shared experts keep the hidden size.
            let (routed_in, projections) = match int(moe, "latent_size") {
                0 => (h, 0),
                latent => (latent, 2 * h * latent),
            };
            total += moe_layers
                * (experts * matrices * routed_in * width
                    + projections
                    + experts * h
                    + int(moe, "shared_experts") * matrices * h * width)
                + dense * matrices * h * int(m, "intermediate_size");
        }
        None if m.get("layer_ffn_widths").is_some() => {
            let widths = m["layer_ffn_widths"].as_array().expect("a list");
            total += widths
                .iter()
                .map(|w| 3 * h * w.as_u64().expect("a width"))
                .sum::<u64>();
        }
        None => {
            let mlp_layers = m
                .get("mlp_layers")
                .and_then(Value::as_u64)
                .unwrap_or(layers);
            total += mlp_layers * matrices * h * int(m, "intermediate_size");
        }
    }
    total + int(m, "vision_params")
}

/// "109B", "3.8B", "270M", "1T" -> (count, rounding unit of the last digit written).
fn stated(size: &str) -> (f64, f64) {
    let (number, unit) = size.split_at(size.len() - 1);
    let scale = match unit {
        "T" => 1e12,
        "B" => 1e9,
        "M" => 1e6,
        other => panic!("unit {other} in {size}"),
    };
    let decimals = number.split_once('.').map_or(0, |(_, d)| d.len());
    let value: f64 = number.parse().expect("a number");
    (value * scale, 10f64.powi(-(decimals as i32)) * scale)
}

#[test]
fn every_model_count_matches_its_architecture() {
    let models: Vec<Value> = serde_json::from_str(MODELS).expect("models.json parses");
    assert!(models.len() >= 150, "{} models", models.len());
    let mut wrong = Vec::new();
    let mut worst = (0.0_f64, String::new());
    for m in &models {
        let id = m["id"].as_str().expect("id");
        let total = int(m, "params_total") as f64;
        let computed = config_params(m) as f64;
        let deviation = (computed - total).abs() / total;
        let rounded_figure = m["params_exact"] == Value::Bool(false);
        let recorded = int(m, "params_computed") as f64;
        if deviation > worst.0 {
            worst = (deviation, id.to_string());
        }
        // A vendor's rounded total (Falcon's "40B") may sit a few percent off; the recorded
        // architecture count must then agree, and the rounding stay small.
        let ok = deviation <= 0.01
            || (rounded_figure
                && (computed - recorded).abs() / recorded <= 0.01
                && deviation <= 0.05);
        if !ok {
            wrong.push(format!(
                "{id}: config gives {computed:.0}, recorded {total:.0} ({:+.2} %)",
                deviation * 100.0
            ));
        }
        if let Some(size) = m.get("params_official").and_then(Value::as_str) {
            let (value, unit) = stated(size);
            if (computed - value).abs() > unit.max(0.01 * value) {
                wrong.push(format!(
                    "{id}: config gives {computed:.0}, publisher says {size}"
                ));
            }
        }
        let active = int(m, "params_active") as f64;
        if active <= 0.0 || active > total {
            wrong.push(format!("{id}: active {active} outside (0, total]"));
        }
        if m.get("sources")
            .and_then(Value::as_array)
            .is_none_or(Vec::is_empty)
        {
            wrong.push(format!("{id}: no source"));
        }
    }
    eprintln!("largest deviation: {:.3} % ({})", worst.0 * 100.0, worst.1);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_wrong_config_value_is_caught() {
    // The check must be able to fail: Command A with Command R+'s MLP width is 7 % short.
    let models: Vec<Value> = serde_json::from_str(MODELS).expect("models.json parses");
    let mut m = models
        .into_iter()
        .find(|m| m["id"] == "command-a")
        .expect("command-a");
    m["intermediate_size"] = Value::from(33792);
    let deviation = (config_params(&m) as f64 - int(&m, "params_total") as f64).abs()
        / int(&m, "params_total") as f64;
    assert!(deviation > 0.05, "{deviation}");
    assert_eq!(stated("3.8B"), (3.8e9, 0.1e9));
}
