//! The repos the fake Hub serves, built here tensor by tensor, with the bytes expected of
//! each summed from the shapes, apart from the code under test.

use super::*;

// Llama 3.1 8B's widths with 8 layers: large enough that the exact bytes and the
// parameters-times-bits estimate differ in the answer's second decimal.
pub(super) const HIDDEN: u64 = 4096;
const INTER: u64 = 14336;
pub(super) const VOCAB: u64 = 128_256;
const KV: u64 = 1024;
const LAYERS: u32 = 8;

pub(super) fn config(extra: Value) -> Vec<u8> {
    let mut c = json!({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama",
        "hidden_size": HIDDEN, "intermediate_size": INTER, "num_hidden_layers": LAYERS,
        "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128,
        "vocab_size": VOCAB, "max_position_embeddings": 4096,
        "tie_word_embeddings": false, "torch_dtype": "bfloat16"
    });
    if let (Some(c), Some(extra)) = (c.as_object_mut(), extra.as_object()) {
        c.extend(extra.clone());
    }
    serde_json::to_vec(&c).unwrap()
}

/// The linear layers of one decoder layer: (name, out, in).
fn linears(layer: u32) -> Vec<(String, u64, u64)> {
    let p = format!("model.layers.{layer}");
    vec![
        (format!("{p}.self_attn.q_proj"), HIDDEN, HIDDEN),
        (format!("{p}.self_attn.k_proj"), KV, HIDDEN),
        (format!("{p}.self_attn.v_proj"), KV, HIDDEN),
        (format!("{p}.self_attn.o_proj"), HIDDEN, HIDDEN),
        (format!("{p}.mlp.gate_proj"), INTER, HIDDEN),
        (format!("{p}.mlp.up_proj"), INTER, HIDDEN),
        (format!("{p}.mlp.down_proj"), HIDDEN, INTER),
    ]
}

type Tensor = (String, &'static str, Vec<u64>);

/// Embeddings, norms and lm_head in `dtype`, each layer's linears from `linear`.
fn model_tensors(
    dtype: &'static str,
    layers: &[u32],
    linear: fn(&str, u64, u64) -> Vec<Tensor>,
    ends: (bool, bool),
) -> Vec<Tensor> {
    let mut out = Vec::new();
    if ends.0 {
        out.push((
            "model.embed_tokens.weight".to_string(),
            dtype,
            vec![VOCAB, HIDDEN],
        ));
    }
    for &l in layers {
        for (name, o, i) in linears(l) {
            out.extend(linear(&name, o, i));
        }
        for norm in ["input_layernorm", "post_attention_layernorm"] {
            out.push((
                format!("model.layers.{l}.{norm}.weight"),
                dtype,
                vec![HIDDEN],
            ));
        }
    }
    if ends.1 {
        out.push(("model.norm.weight".to_string(), dtype, vec![HIDDEN]));
        out.push(("lm_head.weight".to_string(), dtype, vec![VOCAB, HIDDEN]));
    }
    out
}

fn file_of(tensors: &[Tensor], pad: usize) -> (Vec<u8>, u64) {
    let refs: Vec<(&str, &str, &[u64])> = tensors
        .iter()
        .map(|(n, d, s)| (n.as_str(), *d, s.as_slice()))
        .collect();
    safetensors(&refs, pad)
}

/// A bf16 repo in one file; returns it and its tensor bytes.
fn bf16_repo() -> (Repo, u64) {
    let tensors = model_tensors(
        "BF16",
        &(0..LAYERS).collect::<Vec<_>>(),
        |n, o, i| vec![(format!("{n}.weight"), "BF16", vec![o, i])],
        (true, true),
    );
    let (file, bytes) = file_of(&tensors, 0);
    let params = bytes / 2;
    let mut repo = Repo {
        params: Some(params),
        ..Repo::default()
    };
    repo.files.insert("config.json".into(), config(json!({})));
    repo.files.insert("model.safetensors".into(), file);
    repo.files.insert("README.md".into(), b"# tiny".to_vec());
    (repo, bytes)
}

/// FP8 with 128 x 128 block scales, in two shards listed by an index; the second shard's
/// header is over the first range read (300 kB of metadata), so it takes a second request.
fn fp8_repo() -> (Repo, u64) {
    let linear = |n: &str, o: u64, i: u64| {
        vec![
            (format!("{n}.weight"), "F8_E4M3", vec![o, i]),
            (
                format!("{n}.weight_scale_inv"),
                "F32",
                vec![o.div_ceil(128), i.div_ceil(128)],
            ),
        ]
    };
    let half = LAYERS / 2;
    let first = model_tensors(
        "BF16",
        &(0..half).collect::<Vec<_>>(),
        linear,
        (true, false),
    );
    let second = model_tensors(
        "BF16",
        &(half..LAYERS).collect::<Vec<_>>(),
        linear,
        (false, true),
    );
    let (a, bytes_a) = file_of(&first, 0);
    let (b, bytes_b) = file_of(&second, 300_000);
    let mut weight_map = serde_json::Map::new();
    for (t, shard) in [
        (&first, "model-00001-of-00002.safetensors"),
        (&second, "model-00002-of-00002.safetensors"),
    ] {
        for (name, _, _) in t {
            weight_map.insert(name.clone(), json!(shard));
        }
    }
    let index =
        json!({ "metadata": { "total_size": bytes_a + bytes_b }, "weight_map": weight_map });
    let mut repo = Repo::default();
    repo.files.insert(
        "config.json".into(),
        config(json!({"quantization_config": {"quant_method": "fp8", "activation_scheme": "dynamic", "fmt": "e4m3", "weight_block_size": [128, 128]}})),
    );
    repo.files.insert(
        "model.safetensors.index.json".into(),
        serde_json::to_vec(&index).unwrap(),
    );
    repo.files
        .insert("model-00001-of-00002.safetensors".into(), a);
    repo.files
        .insert("model-00002-of-00002.safetensors".into(), b);
    (repo, bytes_a + bytes_b)
}

/// GPTQ 4-bit, group size 128: packed I32 weights and zeros, F16 scales, I32 g_idx.
fn gptq_repo() -> (Repo, u64) {
    let linear = |n: &str, o: u64, i: u64| {
        vec![
            (format!("{n}.qweight"), "I32", vec![i / 8, o]),
            (format!("{n}.qzeros"), "I32", vec![i / 128, o / 8]),
            (format!("{n}.scales"), "F16", vec![i / 128, o]),
            (format!("{n}.g_idx"), "I32", vec![i]),
        ]
    };
    let tensors = model_tensors(
        "F16",
        &(0..LAYERS).collect::<Vec<_>>(),
        linear,
        (true, true),
    );
    let (file, bytes) = file_of(&tensors, 0);
    let mut repo = Repo::default();
    repo.files.insert(
        "config.json".into(),
        config(json!({"torch_dtype": "float16", "quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 128, "desc_act": false}})),
    );
    repo.files.insert("model.safetensors".into(), file);
    (repo, bytes)
}

/// ggml block sizes, written out here: Q4_K 144 bytes per 256 values, Q6_K 210 per 256,
/// Q8_0 34 per 32, F32 4 per value.
fn ggml_bytes(kind: u32, elements: u64) -> u64 {
    match kind {
        0 => elements * 4,
        8 => elements / 32 * 34,
        12 => elements / 256 * 144,
        14 => elements / 256 * 210,
        _ => panic!("type {kind}"),
    }
}

/// A GGUF file of the tiny model: linears in `main` (attn_v, ffn_down and output in
/// Q6_K when main is Q4_K, as Q4_K_M does), norms in F32.
fn gguf_file(main: u32) -> (Vec<u8>, u64) {
    let side = if main == 12 { 14 } else { main };
    let mut tensors: Vec<(String, Vec<u64>, u32)> =
        vec![("token_embd.weight".into(), vec![HIDDEN, VOCAB], main)];
    for l in 0..LAYERS {
        for (name, shape, kind) in [
            ("attn_q", vec![HIDDEN, HIDDEN], main),
            ("attn_k", vec![HIDDEN, KV], main),
            ("attn_v", vec![HIDDEN, KV], side),
            ("attn_output", vec![HIDDEN, HIDDEN], main),
            ("ffn_gate", vec![HIDDEN, INTER], main),
            ("ffn_up", vec![HIDDEN, INTER], main),
            ("ffn_down", vec![INTER, HIDDEN], side),
            ("attn_norm", vec![HIDDEN], 0),
            ("ffn_norm", vec![HIDDEN], 0),
        ] {
            tensors.push((format!("blk.{l}.{name}.weight"), shape, kind));
        }
    }
    tensors.push(("output_norm.weight".into(), vec![HIDDEN], 0));
    tensors.push(("output.weight".into(), vec![HIDDEN, VOCAB], side));
    let expected = tensors
        .iter()
        .map(|(_, s, k)| ggml_bytes(*k, s.iter().product()))
        .sum();
    let tokens: Vec<Value> = (0..VOCAB).map(|i| json!(format!("tok{i}"))).collect();
    let metadata = [
        ("general.architecture", json!("llama")),
        ("general.name", json!("tiny")),
        ("llama.block_count", json!(LAYERS)),
        ("llama.context_length", json!(4096)),
        ("llama.embedding_length", json!(HIDDEN)),
        ("llama.feed_forward_length", json!(INTER)),
        ("llama.attention.head_count", json!(32)),
        ("llama.attention.head_count_kv", json!(8)),
        ("tokenizer.ggml.tokens", Value::Array(tokens)),
    ];
    let refs: Vec<(&str, &[u64], u32)> = tensors
        .iter()
        .map(|(n, s, k)| (n.as_str(), s.as_slice(), *k))
        .collect();
    (
        vramguide::hub::gguf::write_header(&metadata, &refs),
        expected,
    )
}

fn gguf_repo() -> (Repo, u64) {
    let (q4, bytes) = gguf_file(12);
    let (q8, _) = gguf_file(8);
    let mut repo = Repo::default();
    repo.files.insert("tiny-Q4_K_M.gguf".into(), q4);
    repo.files.insert("tiny-Q8_0.gguf".into(), q8);
    repo.files
        .insert("README.md".into(), b"# tiny gguf".to_vec());
    (repo, bytes)
}

/// Every repo the tests use, bad ones included; returns the expected bytes of the good ones.
pub(crate) fn fill(hub: &FakeHub) -> [u64; 4] {
    let (bf16, b) = bf16_repo();
    let (fp8, f) = fp8_repo();
    let (gptq, g) = gptq_repo();
    let (gguf, q) = gguf_repo();
    hub.add("test/tiny-bf16", bf16.clone());
    hub.add("test/tiny-fp8", fp8);
    hub.add("test/tiny-gptq", gptq);
    hub.add("test/tiny-GGUF", gguf);
    hub.add(
        "test/gated-tiny",
        Repo {
            gated: true,
            ..bf16.clone()
        },
    );
    let mut no_weights = Repo::default();
    no_weights
        .files
        .insert("config.json".into(), config(json!({})));
    hub.add("test/no-weights", no_weights);
    let mut bad = Repo::default();
    bad.files.insert("config.json".into(), config(json!({})));
    let mut garbage = 20u64.to_le_bytes().to_vec();
    garbage.extend(b"{not json at all....");
    bad.files.insert("model.safetensors".into(), garbage);
    hub.add("test/bad-header", bad.clone());
    let mut huge = bad.clone();
    huge.files.insert(
        "model.safetensors".into(),
        (1u64 << 30).to_le_bytes().to_vec(),
    );
    hub.add("test/huge-header", huge);
    hub.add(
        "test/slow-7B",
        Repo {
            delay: Some(Duration::from_secs(20)),
            ..bf16
        },
    );
    [b, f, g, q]
}
