//! What the safetensors headers say over the config: the parameter count, and the KV
//! bytes per token from the checkpoint's own k/v projections. Against the fake Hub.

use crate::fake_hub::{FakeHub, Repo, safetensors};
use crate::hub::{run, temp_dir};
use serde_json::{Value, json};
use vramguide::catalog::ModelSpec;
use vramguide::estimate::{KvPrecision, kv_bytes, kv_bytes_per_token};
use vramguide::hub::client::HubClient;

const HIDDEN: u64 = 256;
const VOCAB: u64 = 32_000;
const HEAD: u64 = 64;

/// A 4-layer Llama-shaped config with `extra` fields over it.
fn config(extra: Value) -> Vec<u8> {
    let mut c = json!({
        "model_type": "llama", "hidden_size": HIDDEN, "intermediate_size": 1024,
        "num_hidden_layers": 4, "num_attention_heads": 4, "num_key_value_heads": 4,
        "head_dim": HEAD, "vocab_size": VOCAB, "tie_word_embeddings": false,
        "torch_dtype": "bfloat16"
    });
    c.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    serde_json::to_vec(&c).unwrap()
}

/// One bf16 file: embeddings, head, and per layer q/o, k/v `kv[layer]` wide, an MLP of
/// `inter`. Returns the repo and its parameter count.
fn repo(config: Vec<u8>, kv: &[u64], inter: u64) -> (Repo, u64) {
    let mut tensors: Vec<(String, Vec<u64>)> = vec![
        ("model.embed_tokens.weight".into(), vec![VOCAB, HIDDEN]),
        ("lm_head.weight".into(), vec![VOCAB, HIDDEN]),
        ("model.norm.weight".into(), vec![HIDDEN]),
    ];
    for (l, &width) in kv.iter().enumerate() {
        let p = format!("model.layers.{l}");
        for (name, shape) in [
            ("self_attn.q_proj", vec![4 * HEAD, HIDDEN]),
            ("self_attn.k_proj", vec![width, HIDDEN]),
            ("self_attn.v_proj", vec![width, HIDDEN]),
            ("self_attn.o_proj", vec![HIDDEN, 4 * HEAD]),
            ("mlp.gate_proj", vec![inter, HIDDEN]),
            ("mlp.up_proj", vec![inter, HIDDEN]),
            ("mlp.down_proj", vec![HIDDEN, inter]),
            ("input_layernorm", vec![HIDDEN]),
        ] {
            tensors.push((format!("{p}.{name}.weight"), shape));
        }
    }
    let refs: Vec<(&str, &str, &[u64])> = tensors
        .iter()
        .map(|(n, s)| (n.as_str(), "BF16", s.as_slice()))
        .collect();
    let (file, bytes) = safetensors(&refs, 0);
    let mut repo = Repo::default();
    repo.files.insert("config.json".into(), config);
    repo.files.insert("model.safetensors".into(), file);
    (repo, bytes / 2)
}

/// A repo holding one GGUF file with `metadata` and `tensors` (name, shape, GGML type).
fn add_gguf(
    hub: &FakeHub,
    id: &str,
    file: &str,
    metadata: &[(&str, serde_json::Value)],
    tensors: &[(String, Vec<u64>, u32)],
) {
    let refs: Vec<(&str, &[u64], u32)> = tensors
        .iter()
        .map(|(n, s, k)| (n.as_str(), s.as_slice(), *k))
        .collect();
    let mut repo = Repo::default();
    repo.files.insert(
        file.into(),
        vramguide::hub::gguf::write_header(metadata, &refs),
    );
    hub.add(id, repo);
}

async fn spec(hub: &FakeHub, id: &str) -> ModelSpec {
    let client = HubClient::new(&hub.url, None).unwrap();
    vramguide::hub::repo::fetch(&client, id, None)
        .await
        .unwrap_or_else(|e| panic!("{id}: {e:?}"))
}

/// The config says an MLP of 1024 where the files hold 256: the files' count stands
/// (exactly, norms included) and the answer says so, in every language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_header_that_disagrees_with_its_config_says_so() {
    let hub = FakeHub::start().await;
    let (bad, params) = repo(config(json!({})), &[256; 4], 256);
    hub.add("test/disagrees", bad);
    let (good, good_params) = repo(config(json!({"intermediate_size": 256})), &[256; 4], 256);
    hub.add("test/agrees", good);
    let s = spec(&hub, "test/disagrees").await;
    assert_eq!(s.params_total, params);
    // The config's shapes: 3 x 256 x 1024 more per layer than the files.
    let config_count = s.config_params.expect("the disagreement is kept");
    assert_eq!(
        config_count - (params - 4 * HIDDEN - HIDDEN),
        4 * 3 * HIDDEN * 768
    );
    let s = spec(&hub, "test/agrees").await;
    assert_eq!((s.params_total, s.config_params), (good_params, None));

    let dir = temp_dir("header-note");
    let said = [
        ("en", "may not describe these weights"),
        ("pt", "pode não descrever esses pesos"),
        ("es", "puede que el config no describa estos pesos"),
        ("zh", "config 可能与这些权重不符"),
    ];
    for (lang, words) in said {
        let args = ["estimate", "--model", "test/disagrees", "--lang", lang];
        let r = run(&hub.url, &dir, &args, &[]).await;
        assert_eq!(r.code, 0, "{}", r.stderr);
        let notes = r.json["notes"].to_string();
        assert!(notes.contains(words), "{lang}: {notes}");
    }
    let r = run(&hub.url, &dir, &["estimate", "--model", "test/agrees"], &[]).await;
    assert!(!r.json["notes"].to_string().contains("may not describe"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The config claims 4 KV heads of 64 in every layer (512 values a token); the files
/// hold k/v projections of 32 values in the two sliding layers and 128 in the two
/// global ones (MiMo-V2-Flash's shape): the cache follows the files, layer by layer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kv_bytes_come_from_the_checkpoints_projections() {
    let hub = FakeHub::start().await;
    let types = ["sliding_attention", "full_attention"].repeat(2);
    let extra = json!({"layer_types": types, "sliding_window": 128});
    let (mixed, _) = repo(config(extra), &[32, 128, 32, 128], 1024);
    hub.add("test/mixed-kv", mixed);
    let s = spec(&hub, "test/mixed-kv").await;
    let h = s.kv_layout.expect("read from the header");
    // Per token, by hand: key + value of each layer.
    assert_eq!((h.layers, h.global_values, h.local_values), (4, 512, 128));
    assert_eq!(kv_bytes_per_token(&s, KvPrecision::Fp16), 640.0 * 2.0);
    // 4,096 tokens: the global layers keep all, the sliding ones their 128-token window.
    let by_hand = (512.0 * 4096.0 + 128.0 * 128.0) * 2.0;
    assert_eq!(kv_bytes(&s, KvPrecision::Fp16, 4096), by_hand);
    let mut from_config = s.clone();
    from_config.kv_layout = None;
    assert_eq!(
        kv_bytes_per_token(&from_config, KvPrecision::Fp16),
        2048.0 * 2.0
    );

    // The answer uses them.
    let dir = temp_dir("header-kv");
    let r = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "test/mixed-kv"],
        &[],
    )
    .await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json["estimate"]["kv_bytes_per_token"], 1280, "{}", r.json);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Hostile headers: a k/v projection 2^62 wide, a layer index past any model, a shape of
/// strings. The look-up answers with the config's KV (the header's widths are not
/// believed), the estimate is finite, and nothing panics.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_kv_shapes_leave_the_configs_figures() {
    let hub = FakeHub::start().await;
    let (mut bad, _) = repo(config(json!({})), &[256; 4], 1024);
    let huge = 1u64 << 62;
    let (file, _) = safetensors(
        &[
            ("model.embed_tokens.weight", "BF16", &[VOCAB, HIDDEN]),
            ("model.layers.0.self_attn.k_proj.weight", "I8", &[huge, 1]),
            (
                "model.layers.4294967295.self_attn.v_proj.weight",
                "BF16",
                &[64, HIDDEN],
            ),
        ],
        0,
    );
    bad.files.insert("model.safetensors".into(), file);
    hub.add("test/hostile-kv", bad);
    let s = spec(&hub, "test/hostile-kv").await;
    assert_eq!(s.kv_layout, None);
    assert_eq!(kv_bytes_per_token(&s, KvPrecision::Fp16), 4.0 * 512.0 * 2.0);

    let (mut strings, _) = repo(config(json!({})), &[256; 4], 1024);
    let json = br#"{"model.layers.0.self_attn.k_proj.weight":{"dtype":"BF16","shape":["x",{}],"data_offsets":[0,2]}}"#;
    let mut file = (json.len() as u64).to_le_bytes().to_vec();
    file.extend_from_slice(json);
    strings.files.insert("model.safetensors".into(), file);
    hub.add("test/string-shape", strings);
    let s = spec(&hub, "test/string-shape").await;
    assert_eq!(s.kv_layout, None);
    assert!(kv_bytes(&s, KvPrecision::Fp16, 1 << 20).is_finite());
}

/// An MoE checkpoint with a shared expert and a vision tower: the headers give each group
/// exactly (counted here by hand from the shapes written), the vision tower's size, the
/// 16-bit tables, and the active count with the routed experts taken one by one: 2 of
/// the 8 in each of the 2 layers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parameter_groups_come_from_the_tensor_names() {
    const EXPERT: u64 = 64;
    let hub = FakeHub::start().await;
    let cfg = config(json!({
        "model_type": "qwen2_moe", "num_hidden_layers": 2, "moe_intermediate_size": EXPERT,
        "shared_expert_intermediate_size": EXPERT, "num_experts": 8,
        "num_experts_per_tok": 2
    }));
    let mut tensors: Vec<(String, Vec<u64>)> = vec![
        ("model.embed_tokens.weight".into(), vec![VOCAB, HIDDEN]),
        ("lm_head.weight".into(), vec![VOCAB, HIDDEN]),
        ("model.norm.weight".into(), vec![HIDDEN]),
        (
            "model.visual.blocks.0.attn.qkv.weight".into(),
            vec![3 * 128, 128],
        ),
        ("model.visual.merger.mlp.0.weight".into(), vec![HIDDEN, 128]),
    ];
    for l in 0..2 {
        let p = format!("model.layers.{l}");
        for (name, shape) in [
            ("self_attn.q_proj", vec![4 * HEAD, HIDDEN]),
            ("self_attn.k_proj", vec![4 * HEAD, HIDDEN]),
            ("self_attn.v_proj", vec![4 * HEAD, HIDDEN]),
            ("self_attn.o_proj", vec![HIDDEN, 4 * HEAD]),
            ("mlp.gate", vec![8, HIDDEN]),
            ("mlp.shared_expert.up_proj", vec![EXPERT, HIDDEN]),
            ("mlp.shared_expert.gate_proj", vec![EXPERT, HIDDEN]),
            ("mlp.shared_expert.down_proj", vec![HIDDEN, EXPERT]),
            ("input_layernorm", vec![HIDDEN]),
        ] {
            tensors.push((format!("{p}.{name}.weight"), shape));
        }
        for e in 0..8 {
            for (name, shape) in [
                ("up_proj", vec![EXPERT, HIDDEN]),
                ("gate_proj", vec![EXPERT, HIDDEN]),
                ("down_proj", vec![HIDDEN, EXPERT]),
            ] {
                tensors.push((format!("{p}.mlp.experts.{e}.{name}.weight"), shape));
            }
        }
    }
    let refs: Vec<(&str, &str, &[u64])> = tensors
        .iter()
        .map(|(n, s)| (n.as_str(), "BF16", s.as_slice()))
        .collect();
    let (file, bytes) = safetensors(&refs, 0);
    let mut repo = Repo::default();
    repo.files.insert("config.json".into(), cfg);
    repo.files.insert("model.safetensors".into(), file);
    hub.add("test/moe-vl", repo);
    let s = spec(&hub, "test/moe-vl").await;
    let g = s.param_groups.expect("groups from the header");
    let table = VOCAB * HIDDEN;
    let attention = 2 * 4 * (4 * HEAD * HIDDEN);
    let one_expert = 3 * EXPERT * HIDDEN;
    let vision = 3 * 128 * 128 + HIDDEN * 128;
    assert_eq!((g.embeddings, g.head), (table, table));
    assert_eq!(g.attention, attention);
    assert_eq!(g.mlp, 2 * 8 * HIDDEN);
    assert_eq!(g.experts, 2 * 8 * one_expert);
    assert_eq!((g.expert_instances, g.expert_layers), (16, 2));
    assert_eq!(g.shared_experts, 2 * one_expert);
    assert_eq!(g.vision, vision);
    assert_eq!(g.other, HIDDEN + 2 * HIDDEN);
    assert_eq!(s.params_total, bytes / 2);
    assert_eq!(g.total(), s.params_total);
    assert_eq!(s.vision_params, Some(vision));
    assert_eq!(s.embedding_and_head_params(), 2 * table);
    assert_eq!(s.expert_params(), 2 * 8 * one_expert);
    // Active: everything but the routed experts, plus 2 experts in each of the 2 layers.
    assert_eq!(
        s.params_active,
        s.params_total - 2 * 8 * one_expert + 2 * 2 * one_expert
    );
}

/// A GGUF-only repo: the parameter count is every tensor's shape summed (GGUF shapes count
/// values whatever the quant: Q4_K here), and the KV bytes per token come from the
/// blocks' `attn_k`/`attn_v` shapes, not from `head_count_kv`: blocks 2 and 3 hold no
/// attention (as DeciLM's no-op blocks), so the cache is half what the metadata says.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gguf_headers_give_the_parameters_and_the_kv_widths() {
    const Q4_K: u32 = 12;
    const F32: u32 = 0;
    let hub = FakeHub::start().await;
    let kv_width = 8 * HEAD;
    let mut tensors: Vec<(String, Vec<u64>, u32)> = vec![
        ("token_embd.weight".into(), vec![HIDDEN, VOCAB], Q4_K),
        ("output.weight".into(), vec![HIDDEN, VOCAB], Q4_K),
        ("output_norm.weight".into(), vec![HIDDEN], F32),
    ];
    for l in 0..4 {
        let mut block = vec![
            ("ffn_gate", vec![HIDDEN, 1024], Q4_K),
            ("ffn_up", vec![HIDDEN, 1024], Q4_K),
            ("ffn_down", vec![1024, HIDDEN], Q4_K),
            ("ffn_norm", vec![HIDDEN], F32),
        ];
        if l < 2 {
            block.extend([
                ("attn_q", vec![HIDDEN, 4 * HEAD], Q4_K),
                ("attn_k", vec![HIDDEN, kv_width], Q4_K),
                ("attn_v", vec![HIDDEN, kv_width], Q4_K),
                ("attn_output", vec![4 * HEAD, HIDDEN], Q4_K),
                ("attn_norm", vec![HIDDEN], F32),
            ]);
        }
        for (name, shape, kind) in block {
            tensors.push((format!("blk.{l}.{name}.weight"), shape, kind));
        }
    }
    let params: u64 = tensors
        .iter()
        .map(|(_, s, _)| s.iter().product::<u64>())
        .sum();
    let metadata = [
        ("general.architecture", json!("llama")),
        ("llama.block_count", json!(4)),
        ("llama.context_length", json!(8192)),
        ("llama.embedding_length", json!(HIDDEN)),
        ("llama.feed_forward_length", json!(1024)),
        ("llama.attention.head_count", json!(4)),
        ("llama.attention.head_count_kv", json!(8)),
        ("llama.attention.key_length", json!(HEAD)),
        ("llama.vocab_size", json!(VOCAB)),
    ];
    add_gguf(
        &hub,
        "test/only-gguf",
        "tiny-Q4_K_M.gguf",
        &metadata,
        &tensors,
    );
    let s = spec(&hub, "test/only-gguf").await;
    assert_eq!(s.params_total, params);
    // Two blocks of keys and values 8 x 64 wide, in 16-bit.
    assert_eq!(
        kv_bytes_per_token(&s, KvPrecision::Fp16),
        (2 * 2 * kv_width * 2) as f64
    );
    // The metadata alone would have said 4 blocks.
    let mut from_metadata = s.clone();
    from_metadata.kv_layout = None;
    assert_eq!(
        kv_bytes_per_token(&from_metadata, KvPrecision::Fp16),
        (4 * 2 * kv_width * 2) as f64
    );
}

/// A GGUF MoE (llama.cpp's `ffn_*_exps` tensors, `[in, out, experts]`): the groups come
/// from the tensor names, and the active count takes 2 of the 8 experts in each of the 2
/// blocks, one expert's size read off the shapes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gguf_moe_counts_its_experts_one_by_one() {
    const Q4_K: u32 = 12;
    const EXPERT: u64 = 256;
    let hub = FakeHub::start().await;
    let mut tensors: Vec<(String, Vec<u64>, u32)> = vec![
        ("token_embd.weight".into(), vec![HIDDEN, VOCAB], Q4_K),
        ("output.weight".into(), vec![HIDDEN, VOCAB], Q4_K),
    ];
    for l in 0..2 {
        for (name, shape) in [
            ("attn_q", vec![HIDDEN, 4 * HEAD]),
            ("attn_k", vec![HIDDEN, 4 * HEAD]),
            ("attn_v", vec![HIDDEN, 4 * HEAD]),
            ("attn_output", vec![4 * HEAD, HIDDEN]),
            ("ffn_gate_inp", vec![HIDDEN, 8]),
            ("ffn_gate_exps", vec![HIDDEN, EXPERT, 8]),
            ("ffn_up_exps", vec![HIDDEN, EXPERT, 8]),
            ("ffn_down_exps", vec![EXPERT, HIDDEN, 8]),
        ] {
            tensors.push((format!("blk.{l}.{name}.weight"), shape, Q4_K));
        }
    }
    let metadata = [
        ("general.architecture", json!("qwen3moe")),
        ("qwen3moe.block_count", json!(2)),
        ("qwen3moe.embedding_length", json!(HIDDEN)),
        ("qwen3moe.feed_forward_length", json!(1024)),
        ("qwen3moe.attention.head_count", json!(4)),
        ("qwen3moe.attention.head_count_kv", json!(4)),
        ("qwen3moe.attention.key_length", json!(HEAD)),
        ("qwen3moe.expert_count", json!(8)),
        ("qwen3moe.expert_used_count", json!(2)),
        ("qwen3moe.expert_feed_forward_length", json!(EXPERT)),
        ("qwen3moe.vocab_size", json!(VOCAB)),
    ];
    add_gguf(
        &hub,
        "test/moe-gguf",
        "moe-Q4_K_M.gguf",
        &metadata,
        &tensors,
    );
    let s = spec(&hub, "test/moe-gguf").await;
    let one_expert = 3 * HIDDEN * EXPERT;
    let experts = 2 * 8 * one_expert;
    let attention = 2 * 4 * (4 * HEAD * HIDDEN);
    let total = 2 * VOCAB * HIDDEN + attention + 2 * 8 * HIDDEN + experts;
    assert_eq!(s.params_total, total);
    let g = s.param_groups.expect("groups from the GGUF header");
    assert_eq!(
        (g.attention, g.experts, g.expert_instances),
        (attention, experts, 16)
    );
    assert_eq!(s.params_active, total - experts + 2 * 2 * one_expert);
    assert_eq!(s.embedding_and_head_params(), 2 * VOCAB * HIDDEN);
}
