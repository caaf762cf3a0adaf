//! Real config.json files of 2025-26 models (`tests/configs/`, sources in its README):
//! parameters within 1-2 % of the published count, KV bytes per token equal to a count by
//! hand from the layer kinds, no refusal. And hostile configs: refused or read, never a
//! panic or a wrapped count.

use vramguide::estimate::{KvPrecision, kv_bytes_per_token};
use vramguide::hub::spec_from_user_config;

/// (file, published parameters, allowed relative gap, KV bytes per token in bf16,
/// windowed share of the attention layers).
const CONFIGS: &[(&str, f64, f64, f64, f64)] = &[
    ("nemotron-3-nano-30b-a3b", 31.6e9, 0.01, 6_144.0, 0.0),
    ("llama-4-maverick-17b-128e", 400e9, 0.02, 196_608.0, 0.75),
    ("smollm3-3b", 3.08e9, 0.01, 73_728.0, 0.0),
    ("exaone-4.0-32b", 32.0e9, 0.01, 262_144.0, 0.75),
    ("qwen3-8b", 8.2e9, 0.01, 147_456.0, 0.0),
    ("qwen3-32b", 32.8e9, 0.01, 262_144.0, 0.0),
    ("qwen3-30b-a3b", 30.5e9, 0.01, 98_304.0, 0.0),
    ("qwen3-235b-a22b", 235e9, 0.01, 192_512.0, 0.0),
    ("qwen3-coder-480b-a35b", 480e9, 0.01, 253_952.0, 0.0),
    ("qwen3-next-80b-a3b", 80e9, 0.01, 24_576.0, 0.0),
    ("qwen3.5-27b", 27e9, 0.02, 65_536.0, 0.0),
    ("qwen3.5-35b-a3b", 35e9, 0.01, 20_480.0, 0.0),
    ("qwen3.5-122b-a10b", 122e9, 0.01, 24_576.0, 0.0),
    ("qwen3.5-397b-a17b", 397e9, 0.01, 30_720.0, 0.0),
    ("deepseek-v3", 671e9, 0.01, 70_272.0, 0.0),
    ("deepseek-v3.2", 671e9, 0.01, 78_324.0, 0.0),
    ("kimi-k2-instruct", 1.04e12, 0.02, 70_272.0, 0.0),
    ("llama-4-scout-17b-16e", 109e9, 0.02, 196_608.0, 0.75),
    ("llama-3.1-405b", 405e9, 0.01, 516_096.0, 0.0),
    ("llama-3.3-70b", 70.6e9, 0.01, 327_680.0, 0.0),
    ("mixtral-8x22b", 141e9, 0.01, 229_376.0, 0.0),
    ("minimax-m2.5", 230e9, 0.01, 253_952.0, 0.0),
    ("gpt-oss-120b", 116.83e9, 0.01, 73_728.0, 0.5),
    ("gpt-oss-20b", 20.91e9, 0.01, 49_152.0, 0.5),
    ("nemotron-h-56b-base-8k", 56e9, 0.01, 40_960.0, 0.0),
    ("glm-5", 744e9, 0.01, 100_152.0, 0.0),
    ("nemotron-3-super-120b-a12b", 120e9, 0.01, 8_192.0, 0.0),
    ("mimo-v2-flash", 309e9, 0.01, 222_720.0, 0.8125),
    ("qwen3-vl-30b-a3b", 31.07e9, 0.01, 98_304.0, 0.0),
    ("qwen3-vl-235b-a22b", 236e9, 0.01, 192_512.0, 0.0),
    ("kimi-k2.5", 1.04e12, 0.02, 70_272.0, 0.0),
    ("glm-5.1", 744e9, 0.01, 100_152.0, 0.0),
    ("gemma-4-26b-a4b", 26e9, 0.02, 225_280.0, 25.0 / 30.0),
    ("gemma-4-31b-it-nvfp4", 31e9, 0.01, 901_120.0, 50.0 / 60.0),
    (
        "llama-3.3-nemotron-super-49b-v1",
        49.9e9,
        0.01,
        200_704.0,
        0.0,
    ),
    ("olmo-3-7b", 7.298_011_136e9, 0.01, 524_288.0, 0.75),
    ("olmo-3-32b", 32e9, 0.01, 262_144.0, 0.75),
    ("devstral-small-2-24b-awq", 24e9, 0.01, 163_840.0, 0.0),
];

fn read(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/configs/{name}.json", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn real_configs_give_published_counts_and_kv_by_hand() {
    let mut wrong = Vec::new();
    for &(name, published, band, kv, windowed) in CONFIGS {
        let spec = match spec_from_user_config(&format!("{name}/config.json"), &read(name)) {
            Ok(s) => s,
            Err(e) => {
                wrong.push(format!("{name}: refused: {e}"));
                continue;
            }
        };
        let gap = spec.params_total as f64 / published - 1.0;
        if gap.abs() > band {
            wrong.push(format!(
                "{name}: {} parameters ({gap:+.3})",
                spec.params_total
            ));
        }
        let got = kv_bytes_per_token(&spec, KvPrecision::Fp16);
        if got != kv {
            wrong.push(format!("{name}: KV {got} bytes per token, by hand {kv}"));
        }
        if (spec.local_layer_fraction() - windowed).abs() > 1e-9 {
            wrong.push(format!(
                "{name}: windowed share {} ({:?})",
                spec.local_layer_fraction(),
                spec.sliding_window_pattern
            ));
        }
        if spec.params_active == 0 || spec.params_active > spec.params_total {
            wrong.push(format!("{name}: {} active", spec.params_active));
        }
        // Named by the `_name_or_path` it was saved from, else by its folder.
        let saved: serde_json::Value = serde_json::from_slice(&read(name)).unwrap_or_default();
        let expected = saved["_name_or_path"].as_str().unwrap_or(name);
        if spec.display_name != expected {
            wrong.push(format!("{name}: named {}", spec.display_name));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Nemotron-3-Nano: 23 Mamba-2, 23 MoE and 6 attention blocks; the Mamba state counted.
#[test]
fn nemotron_h_blocks_are_read_from_the_pattern() {
    let spec = spec_from_user_config("n/config.json", &read("nemotron-3-nano-30b-a3b")).unwrap();
    let state = spec.state_layers.as_ref().expect("Mamba layers");
    assert_eq!((state.layers, state.attention_layers), (23, 6));
    let moe = spec.moe.as_ref().expect("MoE blocks");
    assert_eq!(
        (moe.moe_layers, moe.num_experts, moe.shared_experts),
        (23, 128, 2)
    );
    // 3.2B active without embeddings, 3.6B with them (model card).
    let active = spec.params_active as f64;
    assert!((3.2e9..3.9e9).contains(&active), "{active}");
    assert!(spec.state_values_per_sequence() > 0);
}

/// A config written by Python with `Infinity` and `NaN` is read; FP8 with a null block
/// size is per-tensor FP8.
#[test]
fn python_json_and_null_block_size_are_read() {
    let config = br#"{"model_type": "nemotron_h", "hidden_size": 1024, "num_hidden_layers": 4,
        "num_attention_heads": 8, "num_key_value_heads": 2, "intermediate_size": 4096,
        "vocab_size": 32000, "hybrid_override_pattern": "M-*-", "mamba_num_heads": 16,
        "mamba_head_dim": 64, "ssm_state_size": 128, "n_groups": 8, "conv_kernel": 4,
        "time_step_limit": [0.0, Infinity], "rescale": NaN, "note": "Infinity stays"}"#;
    let spec = spec_from_user_config("config.json", config).expect("read");
    assert_eq!(spec.state_layers.as_ref().map(|s| s.layers), Some(1));
    let fp8 = br#"{"model_type": "mistral", "hidden_size": 1024, "num_hidden_layers": 4,
        "num_attention_heads": 8, "num_key_value_heads": 2, "intermediate_size": 4096,
        "vocab_size": 32000, "quantization_config": {"quant_method": "fp8",
        "weight_block_size": null}}"#;
    let spec = spec_from_user_config("config.json", fp8).expect("read");
    assert_eq!(spec.native_precision.name(), "fp8");
}

/// Absurd shapes are refused or bounded, never wrapped into a small count.
#[test]
fn absurd_shapes_are_refused() {
    let base = |extra: &str| {
        format!(
            r#"{{"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
            "intermediate_size": 14336, "vocab_size": 128256, {extra}}}"#
        )
    };
    for extra in [
        r#""num_hidden_layers": 1000000000000"#,
        r#""num_hidden_layers": 32, "vision_config": {"hidden_size": 4611686018427387904, "intermediate_size": 4611686018427387904, "num_hidden_layers": 4611686018427387904}"#,
        r#""num_hidden_layers": 4294967295"#,
    ] {
        let config = base(extra);
        match spec_from_user_config("config.json", config.as_bytes()) {
            Err(_) => {}
            Ok(spec) => assert!(
                spec.params_total >= 1_000_000_000_000,
                "{extra}: {} parameters",
                spec.params_total
            ),
        }
    }
}

/// DeepSeek V3.2 keeps the indexer's 128-value key per token and layer beside the MLA
/// latent (512 + 64), in fp8 with one fp32 scale (132 bytes) as vLLM and SGLang store it;
/// its fp8 cache is vLLM's 656-byte fp8_ds_mla record, not 576 bytes. At 128k tokens:
/// 9.6 GiB in 16 bits, 5.9 GiB in fp8 (we said 10.5 GiB before reading vLLM's source).
#[test]
fn deepseek_v3_2_counts_its_indexer_keys() {
    let catalog = vramguide::catalog::Catalog::get();
    let v32 = catalog.model("deepseek-v3.2").expect("in the catalog");
    assert_eq!(
        kv_bytes_per_token(v32, KvPrecision::Fp16),
        61.0 * (576.0 * 2.0 + 132.0)
    );
    assert_eq!(
        kv_bytes_per_token(v32, KvPrecision::Fp8),
        61.0 * (656.0 + 132.0)
    );
    let gib = |kv| kv_bytes_per_token(v32, kv) * 131_072.0 / f64::from(1u32 << 30);
    assert!(
        (gib(KvPrecision::Fp16) - 9.56).abs() < 0.01,
        "{}",
        gib(KvPrecision::Fp16)
    );
    assert!(
        (gib(KvPrecision::Fp8) - 5.87).abs() < 0.01,
        "{}",
        gib(KvPrecision::Fp8)
    );
    let glm = catalog.model("glm-5").expect("in the catalog");
    assert_eq!(
        kv_bytes_per_token(glm, KvPrecision::Fp8),
        78.0 * (656.0 + 132.0)
    );
    let v3 = catalog.model("deepseek-v3").expect("in the catalog");
    assert_eq!(
        kv_bytes_per_token(v3, KvPrecision::Fp16),
        61.0 * 576.0 * 2.0
    );
}

/// A config whose shapes give another count than the checkpoint's headers (here Nemotron 3
/// Nano's config beside a header count 10 % lower): the headers' count stands and the
/// answer says they disagree.
#[test]
fn a_config_that_disagrees_with_its_header_says_so() {
    use vramguide::hub::config::spec_from_config;
    let value: serde_json::Value =
        serde_json::from_slice(&read("nemotron-3-nano-30b-a3b")).unwrap();
    let header = 28_400_000_000;
    let spec = spec_from_config("nvidia/x", &value, Some(header)).unwrap();
    assert_eq!(spec.params_total, header);
    assert!(spec.config_params.is_some_and(|c| c > 31_000_000_000));
    let close = spec_from_config("nvidia/x", &value, Some(31_600_000_000)).unwrap();
    assert_eq!(close.config_params, None);
    let catalog = vramguide::catalog::Catalog::get();
    let q = vramguide::query::Query {
        model: Some("nvidia/x".into()),
        ..Default::default()
    };
    let a = vramguide::answer::for_query_with(catalog, &q, Some(spec)).expect("an answer");
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, catalog, &a);
    assert!(text.contains("may not describe these weights"), "{text}");
}

/// MoE layers listed one by one (`moe_layer_freq: [0, 1, 1, 1]`), a dense MLP named
/// `dense_intermediate_size` and a shared expert named `shared_intermediate_size` (the
/// shape MiniMax M3's configs use, as vLLM's tests copy it).
#[test]
fn listed_moe_layers_and_dense_widths_are_read() {
    let config = br#"{"model_type": "minimax_m3", "hidden_size": 64, "intermediate_size": 32,
        "dense_intermediate_size": 128, "shared_intermediate_size": 32, "n_shared_experts": 1,
        "num_hidden_layers": 4, "num_attention_heads": 8, "num_key_value_heads": 4,
        "head_dim": 16, "vocab_size": 1024, "tie_word_embeddings": false,
        "num_local_experts": 8, "num_experts_per_tok": 2, "moe_layer_freq": [0, 1, 1, 1]}"#;
    let spec = spec_from_user_config("config.json", config).expect("read");
    let moe = spec.moe.as_ref().expect("MoE");
    assert_eq!((moe.moe_layers, moe.dense_layers), (3, Some(1)));
    assert_eq!((moe.expert_intermediate_size, moe.shared_experts), (32, 1));
    assert_eq!(spec.intermediate_size, 128);
    // Embeddings 2 x 1024 x 64; attention 4 x (2 x 64 x 128 + 2 x 64 x 64); one dense MLP
    // 3 x 64 x 128; three MoE layers of 9 experts' 3 x 64 x 32 and an 8 x 64 router.
    let want = 2 * 1024 * 64
        + 4 * (2 * 64 * 128 + 2 * 64 * 64)
        + 3 * 64 * 128
        + 3 * (9 * 3 * 64 * 32 + 8 * 64);
    assert_eq!(spec.params_total, want);
}

/// What transformers' cache really held after one prefill, measured on an H200 with models
/// built from these configs with random weights (`bench/device/hybrid_state.py`, rows in
/// `tests/calibration/transformers-cache-h200.csv`): the parameter count, the bytes per
/// token (the slope between two prompt lengths, every layer kind included) and, under the
/// transformers profile, the whole cache at 8,192 tokens, within 1 %. Nemotron-H's Mamba-2
/// state is the constant part (the intercept): 47 MiB per sequence, its SSM matrix in the
/// float32 its config names (`mamba_ssm_cache_dtype`), checked within 2 %.
#[test]
fn configs_match_what_transformers_allocated_on_the_device() {
    use vramguide::estimate::{self, Job, Mode, Precision};
    use vramguide::runtime::Runtime;
    let path = format!(
        "{}/tests/calibration/transformers-cache-h200.csv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let head = rows.headers().unwrap().clone();
    let col = |name: &str| head.iter().position(|h| h == name).unwrap();
    let (model, params, prompt, bytes) = (
        col("model"),
        col("params_total"),
        col("prompt_tokens"),
        col("cache_bytes"),
    );
    let mut measured: std::collections::BTreeMap<String, (f64, Vec<(f64, f64)>)> =
        Default::default();
    for row in rows.records() {
        let row = row.unwrap();
        let entry = measured
            .entry(row[model].to_string())
            .or_insert((row[params].parse().unwrap(), Vec::new()));
        entry
            .1
            .push((row[prompt].parse().unwrap(), row[bytes].parse().unwrap()));
    }
    assert_eq!(measured.len(), 5, "five models measured");
    let mut wrong = Vec::new();
    for (name, (params_measured, points)) in &measured {
        let file = format!(
            "{}/bench/device/configs_hybrid/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let spec = spec_from_user_config(name, &std::fs::read(&file).unwrap()).unwrap();
        let gap = spec.params_total as f64 / params_measured - 1.0;
        if gap.abs() > 0.005 {
            wrong.push(format!(
                "{name}: {} parameters ({gap:+.4})",
                spec.params_total
            ));
        }
        let (t0, b0) = points[0];
        let (t1, b1) = points[1];
        let slope = (b1 - b0) / (t1 - t0);
        if (kv_bytes_per_token(&spec, KvPrecision::Fp16) - slope).abs() > 1.0 {
            wrong.push(format!(
                "{name}: {} bytes per token, measured {slope}",
                kv_bytes_per_token(&spec, KvPrecision::Fp16)
            ));
        }
        let (t_long, b_long) = *points.last().unwrap();
        let mut job = Job::new(Mode::Inference, Precision::Bf16);
        job.runtime = Runtime::Transformers;
        job.prompt = t_long as u64;
        job.generate = 0;
        let est = estimate::run(&spec, &job, 1).unwrap();
        if (est.kv_cache / b_long - 1.0).abs() > 0.01 {
            wrong.push(format!(
                "{name}: cache at {t_long} tokens {} bytes, measured {b_long}",
                est.kv_cache
            ));
        }
        let constant = b0 - slope * t0;
        let state = vramguide::estimate::state_bytes(&spec);
        if (state - constant).abs() > 0.02 * constant.max(1.0) && constant > 1e6 {
            wrong.push(format!("{name}: state {state} bytes, measured {constant}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// MiMo-V2-Flash: 9 global layers of 4 KV heads and 39 sliding layers (128 tokens) of 8,
/// keys 192 wide and values 128. At 10,000 tokens the global layers keep every token and
/// the sliding ones 128.
#[test]
fn mimo_sliding_layers_keep_their_own_heads_and_value_width() {
    use vramguide::estimate::kv_bytes;
    let spec = spec_from_user_config("m/config.json", &read("mimo-v2-flash")).unwrap();
    assert_eq!(
        (spec.value_head_dim, spec.local_num_key_value_heads),
        (Some(128), Some(8))
    );
    let global = 9.0 * 4.0 * (192.0 + 128.0) * 2.0;
    let local = 39.0 * 8.0 * (192.0 + 128.0) * 2.0;
    let got = kv_bytes(&spec, KvPrecision::Fp16, 10_000);
    let want = global * 10_000.0 + local * 128.0 + vramguide::estimate::state_bytes(&spec);
    assert!((got - want).abs() < 1.0, "{got} against {want}");
}
