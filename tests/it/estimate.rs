//! The memory model against hand-computed values, the catalog lookups the seed articles
//! need, and bad input.

use vramguide::answer::{self, Request};
use vramguide::catalog::{Catalog, MatchKind};
use vramguide::error::Error;
use vramguide::estimate::{
    self, Fit, Job, JobError, KvPrecision, Mode, Precision, Runtime, kv_bytes, kv_bytes_per_token,
    rule_of_thumb_gb, weight_bytes,
};
use vramguide::query::{self, Query};

fn catalog() -> &'static Catalog {
    Catalog::get()
}

fn model(id: &str) -> &'static vramguide::catalog::ModelSpec {
    catalog()
        .model(id)
        .unwrap_or_else(|| panic!("{id} in catalog"))
}

#[test]
fn kv_cache_per_token_matches_hand_computation() {
    // 2 x 80 layers x 8 KV heads x 128 dims x 2 bytes.
    assert_eq!(
        kv_bytes_per_token(model("llama-3.1-70b"), KvPrecision::Fp16),
        327_680.0
    );
    // MLA: 61 layers x (512 latent + 64 rope) x 2 bytes, no factor 2.
    assert_eq!(
        kv_bytes_per_token(model("deepseek-r1"), KvPrecision::Fp16),
        70_272.0
    );
    // MQA: Falcon 7B has one KV head of 64 dims over 32 layers.
    assert_eq!(
        kv_bytes_per_token(model("falcon-7b"), KvPrecision::Fp16),
        2.0 * 32.0 * 64.0 * 2.0
    );
    // KV precision: fp8 halves it, q4_0 stores 18 bytes per 32 values.
    assert_eq!(
        kv_bytes_per_token(model("llama-3.1-70b"), KvPrecision::Fp8),
        163_840.0
    );
    assert_eq!(
        kv_bytes_per_token(model("llama-3.1-70b"), KvPrecision::Q4_0),
        327_680.0 / 2.0 * 18.0 / 32.0
    );
}

#[test]
fn sliding_window_layers_hold_at_most_the_window() {
    let gemma = model("gemma-2-9b"); // every other layer has a 4096-token window
    let per_token = kv_bytes_per_token(gemma, KvPrecision::Fp16);
    let expected = per_token * (0.5 * 32_768.0 + 0.5 * 4096.0);
    assert_eq!(kv_bytes(gemma, KvPrecision::Fp16, 32_768), expected);
    let llama = model("llama-3.1-8b");
    assert_eq!(
        kv_bytes(llama, KvPrecision::Fp16, 1000),
        1000.0 * kv_bytes_per_token(llama, KvPrecision::Fp16)
    );
}

#[test]
fn rule_of_thumb_example_is_168_gb() {
    assert!((rule_of_thumb_gb(70e9, 16.0) - 168.0).abs() < 1e-9);
    let job = Job::new(Mode::Inference, Precision::Fp16);
    let est = estimate::run(model("llama-3.1-70b"), &job, 1).unwrap();
    assert!(
        (est.rule_of_thumb_gb - 169.33).abs() < 0.01,
        "{}",
        est.rule_of_thumb_gb
    );
}

#[test]
fn weights_count_real_bits_per_weight() {
    let m = model("llama-3.1-70b");
    let p = m.params_total as f64;
    assert_eq!(weight_bytes(m, Precision::Fp16), p * 2.0);
    // A listed GGUF file's bytes (bartowski's Q4_K_M, data/checkpoints.json) are its weights;
    // a quant nobody measured takes the nominal bits per weight.
    assert_eq!(weight_bytes(m, Precision::Q4KM), 42_520_398_400.0);
    assert_eq!(weight_bytes(m, Precision::Q3KS), p * 3.65 / 8.0);
    // GPTQ 4-bit: body at 4.25 bits, embeddings and (untied) lm_head at 16 bits.
    let embed = 128_256.0 * 8192.0;
    let expected = (p - 2.0 * embed) * 4.25 / 8.0 + 2.0 * embed * 2.0;
    assert_eq!(weight_bytes(m, Precision::GptqInt4), expected);
    assert!(
        weight_bytes(m, Precision::GptqInt4) > p * 0.5,
        "not params x 0.5 bytes"
    );
    // Tied embeddings (Qwen2.5 0.5B) are stored once.
    let q = model("qwen2.5-0.5b");
    let embed = 151_936.0 * 896.0;
    let expected = (q.params_total as f64 - embed) * 4.25 / 8.0 + embed * 2.0;
    assert_eq!(weight_bytes(q, Precision::AwqInt4), expected);
    // MoE: every expert is in memory.
    let mix = model("mixtral-8x7b");
    assert_eq!(
        weight_bytes(mix, Precision::Fp16),
        mix.params_total as f64 * 2.0
    );
}

#[test]
fn fit_uses_usable_memory_and_counts_cards() {
    let m = model("llama-3.1-70b");
    let job = Job::new(Mode::Inference, Precision::Fp16);
    let c = catalog();
    let rtx = c.gpu("rtx-4090").unwrap();
    let f = Fit::check(m, &job, rtx, 2).unwrap();
    assert!(!f.fits && f.headroom_gib < 0.0);
    assert!(
        f.usable_gib < rtx.memory_gib() - 0.4,
        "context and reserve are taken off"
    );
    let h100 = c.gpu("h100-sxm").unwrap();
    let f = Fit::check(m, &job, h100, 2).unwrap();
    assert!(f.fits && f.tokens_per_s.unwrap() > 5.0);
    assert_eq!(Fit::min_count_any(m, &job, rtx), Some(8));
    // Apple: only part of unified memory is the GPU's.
    let mac = c.gpu("apple-m4-max").unwrap();
    assert!(estimate::usable_gib(mac, &job, 1) < mac.memory_gib() * 0.8);
}

#[test]
fn vllm_reports_kv_capacity_and_concurrency() {
    let mut job = Job::new(Mode::Inference, Precision::Fp16);
    job.runtime = Runtime::Vllm;
    let f = Fit::check(
        model("llama-3.1-8b"),
        &job,
        catalog().gpu("h100-sxm").unwrap(),
        1,
    )
    .unwrap();
    let tokens = f.kv_capacity_tokens.unwrap();
    // 0.9 x 80 GB = 67 GiB minus ~15 GiB of weights: ~50 GiB of KV at 128 KiB per token.
    assert!((300_000..450_000).contains(&tokens), "{tokens}");
    assert!(f.max_concurrency.unwrap() > 30.0);
}

fn request(q: Query) -> Result<answer::Answer, Error> {
    let req: Request = query::resolve(catalog(), &q)?;
    Ok(answer::build(catalog(), req)?)
}

#[test]
fn recommendations_rank_and_advise() {
    // Transformers named: with no card and no runtime, a 70B is now served with vLLM
    // (issue 35), whose tensor-parallel split does want NVLink.
    let q = Query {
        model: Some("llama 3.1 70b".into()),
        precision: Some(Precision::Fp16),
        runtime: Some(Runtime::Transformers),
        ..Query::default()
    };
    let a = request(q.clone()).unwrap();
    let setups = &a.recommendations.setups;
    assert!(!setups.is_empty() && setups.len() <= 5);
    assert!(setups.iter().all(|s| s.fit.fits));
    assert!(
        !a.recommendations.nvlink_matters,
        "layer split needs no NVLink"
    );
    let train = request(Query {
        mode: Some(Mode::FullFinetune),
        ..q.clone()
    })
    .unwrap();
    assert!(
        train.recommendations.nvlink_matters,
        "training wants NVLink"
    );
    let r1 = request(Query {
        model: Some("deepseek r1".into()),
        precision: Some(Precision::Fp16),
        ..Query::default()
    })
    .unwrap();
    assert!(r1.recommendations.sxm_only || r1.recommendations.multi_node);
}

#[test]
fn seed_table_entries_resolve() {
    let c = catalog();
    for name in [
        "DeepSeek R1",
        "DeepSeek-R1-Distill-Qwen-1.5B",
        "DeepSeek-R1-Distill-Qwen-7B",
        "DeepSeek-R1-Distill-Llama-8B",
        "DeepSeek-R1-Distill-Qwen-14B",
        "DeepSeek-R1-Distill-Qwen-32B",
        "DeepSeek-R1-Distill-Llama-70B",
        "Llama 3 70B",
        "Llama 3.3",
        "GPT-NeoX",
        "BLOOM",
    ] {
        assert!(c.resolve_model(name).is_ok(), "{name}");
    }
    for name in [
        "NVIDIA RTX 3060 12GB",
        "RTX 3070 8GB",
        "RTX 3080 10GB",
        "RTX 3090",
        "RTX 4090 24GB",
        "A6000",
        "RTX 6000 Ada",
        "NVIDIA A100 80GB",
        "H100",
        "V100",
    ] {
        assert!(c.resolve_gpu(name).is_ok(), "{name}");
    }
}

#[test]
fn loose_names_and_typos_resolve_and_say_how() {
    let c = catalog();
    let id = |n: &str| c.resolve_model(n).unwrap().model.id.clone();
    assert_eq!(id("llama3 70b"), "llama-3-70b");
    assert_eq!(id("Llama-3.1-70B-Instruct"), "llama-3.1-70b");
    assert_eq!(id("meta-llama/Llama-3.1-8B-Instruct"), "llama-3.1-8b");
    let typo = c.resolve_model("lamma 3 8b").unwrap();
    assert_eq!(typo.model.id, "llama-3-8b");
    assert!(matches!(typo.kind, MatchKind::Corrected { .. }));
    let newest = c.resolve_model("llama 70b").unwrap();
    assert_eq!(newest.model.id, "llama-3.3-70b");
    assert!(matches!(newest.kind, MatchKind::Newest { .. }));
    match c.resolve_model("llama 5 70b") {
        Err(vramguide::catalog::LookupError::UnknownModel { suggestions, .. }) => {
            assert!(
                suggestions.iter().any(|s| s.starts_with("llama")),
                "{suggestions:?}"
            )
        }
        other => panic!("expected suggestions, got {other:?}"),
    }
    assert_eq!(
        c.resolve_gpu("4080").ok().map(|g| g.gpu.id.clone()),
        None,
        "a 4080 is not a 4080 Super"
    );
}

#[test]
fn a_bare_size_gets_a_plausible_architecture() {
    let a = request(Query {
        params_b: Some(13.0),
        ..Query::default()
    })
    .unwrap();
    assert!(a.model.synthetic);
    assert!((a.model.params_b() - 13.0).abs() < 0.01);
    assert!(a.estimate.kv_bytes_per_token > 0.0);
    assert!(matches!(
        a.estimate.notes.first(),
        Some(estimate::Note::SyntheticArchitecture { .. })
    ));
}

#[test]
fn bad_input_gets_typed_errors() {
    let base = Query {
        model: Some("llama-3.1-8b".into()),
        ..Query::default()
    };
    let kind = |q: Query| request(q).err().map(|e| e.kind());
    assert_eq!(
        kind(Query {
            context: Some(0),
            ..base.clone()
        }),
        Some("bad_context")
    );
    assert_eq!(
        kind(Query {
            batch: Some(0),
            ..base.clone()
        }),
        Some("bad_batch")
    );
    assert_eq!(
        kind(Query {
            gpu_count: Some(0),
            gpu: Some("4090".into()),
            ..base.clone()
        }),
        Some("bad_gpu_count")
    );
    assert_eq!(
        kind(Query {
            context: Some(u64::MAX),
            ..base.clone()
        }),
        Some("bad_context")
    );
    assert_eq!(
        kind(Query {
            model: None,
            params_b: Some(1e6),
            ..base.clone()
        }),
        Some("bad_params")
    );
    assert_eq!(
        kind(Query {
            model: None,
            params_b: Some(f64::NAN),
            ..base.clone()
        }),
        Some("bad_params")
    );
    assert_eq!(
        kind(Query {
            model: None,
            params_b: Some(-7.0),
            ..base.clone()
        }),
        Some("bad_params")
    );
    assert_eq!(
        kind(Query {
            model: Some("gpt-17".into()),
            ..base.clone()
        }),
        Some("unknown_model")
    );
    assert_eq!(
        kind(Query {
            gpu: Some("rtx 9999".into()),
            ..base.clone()
        }),
        Some("unknown_gpu")
    );
    assert_eq!(
        kind(Query {
            mode: Some(Mode::FullFinetune),
            precision: Some(Precision::Q4KM),
            ..base.clone()
        }),
        Some("precision_not_trainable")
    );
    assert_eq!(
        kind(Query {
            model: None,
            ..base
        }),
        Some("need_model")
    );
    assert!(matches!(
        estimate::run(
            model("llama-3.1-8b"),
            &Job {
                batch: 0,
                ..Job::new(Mode::Inference, Precision::Fp16)
            },
            1
        ),
        Err(JobError::BatchZero)
    ));
}

#[test]
fn new_formats_keep_the_right_tensors_sixteen_bit() {
    // gpt-oss-120b: MXFP4 (4.25 bits) on the experts only, 36 layers x 128 experts x 3
    // matrices of 2,880 x 2,880; the remaining 2,167,371,072 parameters stay bf16.
    let experts = 36.0 * 128.0 * 3.0 * 2880.0 * 2880.0;
    assert_eq!(experts, 114_661_785_600.0);
    let rest = 116_829_156_672.0 - experts;
    let expected = experts * 4.25 / 8.0 + rest * 2.0;
    assert_eq!(expected, 65_248_815_744.0);
    assert_eq!(
        weight_bytes(model("gpt-oss-120b"), Precision::Mxfp4),
        expected
    );
    // FP8 Llama 3.1 8B: 1 byte per linear weight, embeddings and lm_head (2 x 128,256 x
    // 4,096) at 2 bytes: 8.457 GiB, as vLLM logs 8.49 GiB for it.
    let tables = 2.0 * 128_256.0 * 4096.0;
    let expected = (8_030_261_248.0 - tables) + tables * 2.0;
    assert_eq!(expected, 9_080_934_400.0);
    assert_eq!(
        weight_bytes(model("llama-3.1-8b"), Precision::Fp8),
        expected
    );
    // NVFP4: 4.5 bits on the same tensors.
    let nv = weight_bytes(model("llama-3.1-8b"), Precision::Nvfp4);
    assert_eq!(nv, (8_030_261_248.0 - tables) * 4.5 / 8.0 + tables * 2.0);
}

#[test]
fn hybrid_models_keep_a_fixed_state_and_grow_kv_only_in_attention_layers() {
    use vramguide::estimate::state_bytes;
    let next = model("qwen3-next-80b-a3b");
    // Only the 12 full-attention layers grow: 2 x 12 x 2 KV heads x 256 dims x 2 bytes.
    assert_eq!(
        kv_bytes_per_token(next, KvPrecision::Fp16),
        2.0 * 12.0 * 2.0 * 256.0 * 2.0
    );
    // Gated DeltaNet state per layer: 32 value heads x 128 x 128, plus a 3-token window of
    // the q, k, v convolution (2 x 16 x 128 + 32 x 128); 36 layers, 2 bytes.
    let per_layer = 32.0 * 128.0 * 128.0 + (2.0 * 16.0 * 128.0 + 32.0 * 128.0) * 3.0;
    assert_eq!(state_bytes(next), 36.0 * per_layer * 2.0);
    // The state does not depend on the context.
    for tokens in [1_000, 32_768, 262_144] {
        let growing = kv_bytes_per_token(next, KvPrecision::Fp16) * tokens as f64;
        assert_eq!(
            kv_bytes(next, KvPrecision::Fp16, tokens) - growing,
            state_bytes(next)
        );
    }
    // The same attention in every layer would hold four times as much at 128k.
    let mut dense = next.clone();
    dense.state_layers = None;
    let hybrid_128k = kv_bytes(next, KvPrecision::Fp16, 131_072);
    let dense_128k = kv_bytes(&dense, KvPrecision::Fp16, 131_072);
    assert!(
        hybrid_128k < dense_128k / 3.0,
        "{hybrid_128k} vs {dense_128k}"
    );

    // Granite 4.0-H Small: 4 attention layers of 8 KV heads x 128; Mamba-2 state of
    // 128 heads x 64 x 128 plus the convolution over 8192 + 2 x 128 channels, 36 layers.
    let granite = model("granite-4.0-h-small");
    assert_eq!(kv_bytes_per_token(granite, KvPrecision::Fp16), 16_384.0);
    let mamba = 128.0 * 64.0 * 128.0 + (8192.0 + 2.0 * 128.0) * 3.0;
    assert_eq!(state_bytes(granite), 36.0 * mamba * 2.0);
    // A quantized KV cache leaves the recurrent state at 16 bits.
    assert_eq!(
        kv_bytes(granite, KvPrecision::Fp8, 1) - kv_bytes_per_token(granite, KvPrecision::Fp8),
        state_bytes(granite)
    );

    // Falcon-H1 runs attention beside Mamba in every layer: all 44 layers grow.
    let falcon = model("falcon-h1-7b");
    assert_eq!(
        kv_bytes_per_token(falcon, KvPrecision::Fp16),
        2.0 * 44.0 * 2.0 * 128.0 * 2.0
    );
    assert!(state_bytes(falcon) > 0.0);
    // Jamba: one attention layer in eight; Mamba-1 state d_inner x (16 + 3).
    let jamba = model("jamba-1.5-mini");
    assert_eq!(kv_bytes_per_token(jamba, KvPrecision::Fp16), 16_384.0);
    assert_eq!(state_bytes(jamba), 28.0 * 8192.0 * (16.0 + 3.0) * 2.0);
    // MiniMax lightning attention: a 128 x 128 matrix per head in 70 layers.
    let minimax = model("minimax-text-01");
    assert_eq!(state_bytes(minimax), 70.0 * 64.0 * 128.0 * 128.0 * 2.0);
    assert_eq!(
        kv_bytes_per_token(minimax, KvPrecision::Fp16),
        2.0 * 10.0 * 8.0 * 128.0 * 2.0
    );
    // Dense models hold no state.
    assert_eq!(state_bytes(model("llama-3.1-8b")), 0.0);
}

#[test]
fn local_global_patterns_and_mla_of_the_new_families() {
    // Gemma 3: 5 sliding layers per global one; gpt-oss alternates; Command A and Llama 4
    // (chunked attention) keep three local layers per global one.
    assert_eq!(model("gemma-3-270m").local_layer_fraction(), 5.0 / 6.0);
    assert_eq!(model("gpt-oss-120b").local_layer_fraction(), 0.5);
    assert_eq!(model("command-a").local_layer_fraction(), 0.75);
    assert_eq!(model("llama-4-scout").local_layer_fraction(), 0.75);
    // At 128k, gpt-oss holds the full context in half its layers and 128 tokens in the rest.
    let oss = model("gpt-oss-120b");
    let per_token = kv_bytes_per_token(oss, KvPrecision::Fp16);
    assert_eq!(
        kv_bytes(oss, KvPrecision::Fp16, 131_072),
        per_token * (0.5 * 131_072.0 + 0.5 * 128.0)
    );
    // Kimi K2 and DeepSeek V3.1 cache the MLA latent: 61 x (512 + 64) x 2 bytes.
    for id in ["kimi-k2", "deepseek-v3.1"] {
        assert_eq!(
            kv_bytes_per_token(model(id), KvPrecision::Fp16),
            70_272.0,
            "{id}"
        );
    }
    // DeepSeek V3.2 adds its indexer's 128-value key, kept in fp8 with one fp32 scale
    // (vLLM, SGLang): 61 x ((512 + 64) x 2 + 128 + 4) bytes.
    assert_eq!(
        kv_bytes_per_token(model("deepseek-v3.2"), KvPrecision::Fp16),
        78_324.0
    );
    // Its fp8 cache is vLLM's fp8_ds_mla record (656 bytes) beside the same indexer key.
    assert_eq!(
        kv_bytes_per_token(model("deepseek-v3.2"), KvPrecision::Fp8),
        61.0 * (656.0 + 132.0)
    );
    // Vision towers are counted in the weights of multimodal checkpoints.
    let gemma = model("gemma-3-27b");
    assert_eq!(gemma.vision_params, Some(27_432_062_576 - 27_009_002_240));
    assert_eq!(gemma.tokens_per_image, Some(256));
    assert!(model("llama-4-scout").vision_params.is_some());
}

#[test]
fn answers_say_what_hybrid_and_multimodal_models_hold() {
    use vramguide::i18n::Lang;
    use vramguide::render;
    let catalog = catalog();
    let reply = answer::for_text(catalog, "qwen3 next 80b with 128k context on 4x h100");
    let a = reply.result.expect("an answer");
    let en = render::text::answer(Lang::En, catalog, &a);
    assert!(en.contains("Only 12 of its 48 layers"), "{en}");
    let zh = render::text::answer(Lang::Zh, catalog, &a);
    assert!(zh.contains("48 层中只有 12 层"), "{zh}");

    let reply = answer::for_text(catalog, "gemma 3 27b in bf16");
    let a = reply.result.expect("an answer");
    let pt = render::text::answer(Lang::Pt, catalog, &a);
    assert!(
        pt.contains("codificador de visão") && pt.contains("256"),
        "{pt}"
    );
    // The tower's size, in each language's unit (27,432,062,576 - 27,009,002,240).
    assert!(pt.contains("423 milhões de parâmetros"), "{pt}");
    let zh = render::text::answer(Lang::Zh, catalog, &a);
    assert!(zh.contains("视觉编码器（4 亿参数）"), "{zh}");
    // Text-only models say nothing of images.
    let reply = answer::for_text(catalog, "llama 3.1 8b in bf16");
    let en = render::text::answer(Lang::En, catalog, &reply.result.expect("an answer"));
    assert!(!en.contains("vision"), "{en}");
}
