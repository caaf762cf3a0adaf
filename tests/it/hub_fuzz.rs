//! The readers of what a Hub repo (or a user) sends, fed random bytes and random
//! near-valid structures: safetensors headers, GGUF headers, config.json. Each returns a
//! value or an error and never panics, loops or allocates without bound. The case counts
//! keep this to seconds, so it runs with every `cargo test`.

use proptest::prelude::*;
use serde_json::{Value, json};
use vramguide::hub::{gguf, safetensors, spec_from_user_config};

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A JSON number a config might hold: whole, negative or fractional.
fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0u64..100_000).prop_map(|n| json!(n)),
        (-100_000i64..0).prop_map(|n| json!(n)),
        (-1e6f64..1e6).prop_map(|f| json!(f)),
    ]
}

/// A value for a config key: a number, or a string, a list, an object, null.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        number(),
        "[a-z_]{0,12}".prop_map(Value::String),
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Keys the config reader looks at, so random values reach its arithmetic.
const KEYS: &[&str] = &[
    "model_type",
    "hidden_size",
    "intermediate_size",
    "num_hidden_layers",
    "num_attention_heads",
    "num_key_value_heads",
    "head_dim",
    "vocab_size",
    "max_position_embeddings",
    "tie_word_embeddings",
    "num_local_experts",
    "num_experts",
    "num_experts_per_tok",
    "moe_intermediate_size",
    "n_shared_experts",
    "first_k_dense_replace",
    "kv_lora_rank",
    "q_lora_rank",
    "qk_rope_head_dim",
    "sliding_window",
    "layer_types",
    "quantization_config",
    "text_config",
];

/// Llama 3.1 8B's config with `extra` keys set.
fn llama(extra: Value) -> Value {
    let mut c = json!({
        "model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336,
        "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8,
        "head_dim": 128, "vocab_size": 128256, "max_position_embeddings": 8192,
        "tie_word_embeddings": false, "torch_dtype": "bfloat16"
    });
    if let (Some(c), Some(extra)) = (c.as_object_mut(), extra.as_object()) {
        c.extend(extra.clone());
    }
    c
}

/// A valid config with up to four of its keys given random values of a model's range
/// (numbers up to 100,000; the reader's arithmetic is not checked past that yet, see
/// [`a_vision_tower_of_2_pow_62_is_not_zero_parameters`]), and maybe a vision tower.
fn near_config() -> impl Strategy<Value = Value> {
    let small = || (0u64..100_000).prop_map(|n| json!(n));
    (
        prop::collection::btree_map(prop::sample::select(KEYS), value(), 0..4),
        prop::option::of((small(), small(), 0u64..64)),
    )
        .prop_map(|(m, vision)| {
            let mut c = llama(json!({}));
            for (k, v) in m {
                c[k] = v;
            }
            if let Some((h, inter, layers)) = vision {
                c["vision_config"] = json!({
                    "hidden_size": h, "intermediate_size": inter, "num_hidden_layers": layers
                });
            }
            c
        })
}

/// A GGUF prefix: the magic and version, then random counts and bytes.
fn near_gguf() -> impl Strategy<Value = Vec<u8>> {
    (
        prop_oneof![Just(2u32), Just(3u32), any::<u32>()],
        prop_oneof![0u64..16, any::<u64>()],
        prop_oneof![0u64..16, any::<u64>()],
        prop::collection::vec(any::<u8>(), 0..512),
    )
        .prop_map(|(version, tensors, kvs, rest)| {
            let mut out = b"GGUF".to_vec();
            out.extend(version.to_le_bytes());
            out.extend(tensors.to_le_bytes());
            out.extend(kvs.to_le_bytes());
            out.extend(rest);
            out
        })
}

/// A GGUF metadata entry of a random type with random bytes after it.
fn gguf_entry() -> impl Strategy<Value = Vec<u8>> {
    (
        0u32..14,
        0u32..14,
        prop_oneof![0u64..8, any::<u64>()],
        prop::collection::vec(any::<u8>(), 0..256),
    )
        .prop_map(|(kind, item, n, rest)| {
            let mut out = b"GGUF".to_vec();
            out.extend(3u32.to_le_bytes());
            out.extend(0u64.to_le_bytes());
            out.extend(1u64.to_le_bytes());
            out.extend(1u64.to_le_bytes());
            out.push(b'k');
            out.extend(kind.to_le_bytes());
            out.extend(item.to_le_bytes());
            out.extend(n.to_le_bytes());
            out.extend(rest);
            out
        })
}

/// A safetensors header of random entries with random offsets.
fn near_header() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::btree_map(
        "[a-z._]{1,12}",
        (
            prop::sample::select(vec!["BF16", "F8_E4M3", "I32", "", "X"]),
            prop_oneof![0u64..1000, any::<u64>()],
            prop_oneof![0u64..1000, any::<u64>()],
        ),
        0..8,
    )
    .prop_map(|m| {
        let map: serde_json::Map<String, Value> = m
            .into_iter()
            .map(|(k, (d, a, b))| (k, json!({"dtype": d, "data_offsets": [a, b]})))
            .collect();
        serde_json::to_vec(&map).unwrap()
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn safetensors_reader_takes_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..1024)) {
        if let Ok(len) = safetensors::header_len(&bytes) {
            prop_assert!((2..=safetensors::MAX_HEADER).contains(&len));
        }
        let _ = safetensors::summarize(&bytes);
    }

    #[test]
    fn safetensors_sums_are_exact_or_refused(json in near_header()) {
        if let Ok(s) = safetensors::summarize(&json) {
            let by_dtype: u128 = s.bytes_by_dtype.values().map(|&b| u128::from(b)).sum();
            prop_assert_eq!(u128::from(s.bytes), by_dtype);
            let mut twice = s.clone();
            match twice.add(&s) {
                Ok(()) => prop_assert_eq!(u128::from(twice.bytes), 2 * u128::from(s.bytes)),
                Err(_) => prop_assert!(u128::from(s.bytes) * 2 > u128::from(u64::MAX)),
            }
        }
    }

    #[test]
    fn gguf_reader_takes_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..1024)) {
        let _ = gguf::parse(&bytes);
    }

    #[test]
    fn gguf_reader_takes_any_counts(bytes in near_gguf()) {
        if let Ok(h) = gguf::parse(&bytes) {
            let by_type: u128 = h.bytes_by_type.values().map(|&b| u128::from(b)).sum();
            prop_assert_eq!(u128::from(h.bytes), by_type);
            let _ = h.to_config();
        }
    }

    #[test]
    fn gguf_reader_takes_any_value_type(bytes in gguf_entry()) {
        let _ = gguf::parse(&bytes);
    }

    #[test]
    fn config_reader_takes_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let _ = spec_from_user_config("fuzz", &bytes);
    }

    #[test]
    fn config_reader_takes_any_values(config in near_config()) {
        let _ = spec_from_user_config("fuzz", &serde_json::to_vec(&config).unwrap());
    }
}

/// A `vision_config` of 2^62: refused or huge, never 0 parameters (release builds used to
/// wrap it to 0; debug builds panicked).
#[test]
fn a_vision_tower_of_2_pow_62_is_not_zero_parameters() {
    let text = spec_from_user_config("x", &serde_json::to_vec(&llama(json!({}))).unwrap())
        .unwrap()
        .params_b();
    for v in [1u64 << 62, u64::MAX] {
        let c = llama(json!({"vision_config": {
            "hidden_size": v, "intermediate_size": v, "num_hidden_layers": 2
        }}));
        if let Ok(spec) = spec_from_user_config("x", &serde_json::to_vec(&c).unwrap()) {
            assert!(spec.params_b() > text * 1e6, "{v}: {}", spec.params_b());
        }
    }
}
