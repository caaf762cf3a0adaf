//! The memory model against hand-computed values, the catalog lookups the seed articles
//! need, and bad input.

use vramguide::answer::{self, Request};
use vramguide::catalog::{Catalog, MatchKind};
use vramguide::error::Error;
use vramguide::estimate::{
    self, Fit, Job, JobError, KvPrecision, LoraTargets, Mode, Precision, Runtime, kv_bytes,
    kv_bytes_per_token, lora_params, rule_of_thumb_gb, weight_bytes,
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
    assert_eq!(weight_bytes(m, Precision::Q4KM), p * 4.85 / 8.0);
    assert_eq!(weight_bytes(m, Precision::Q8_0), p * 8.5 / 8.0);
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
fn training_states_follow_the_optimizer() {
    let m = model("llama-3.1-8b");
    let p = m.params_total as f64;
    let mut job = Job::new(Mode::FullFinetune, Precision::Bf16);
    // Assumed on by default (every framework's recipes): compared here with it off.
    assert!(job.gradient_checkpointing);
    job.gradient_checkpointing = false;
    let e = estimate::run(m, &job, 1).unwrap();
    // Mixed-precision AdamW: 2 + 2 + 12 bytes per parameter.
    assert_eq!(e.weights + e.gradients + e.optimizer, 16.0 * p);
    let mut eight_bit = job.clone();
    eight_bit.optimizer = estimate::Optimizer::Adamw8bit;
    let e8 = estimate::run(m, &eight_bit, 1).unwrap();
    assert_eq!(e8.optimizer, 6.0 * p);
    // Checkpointing keeps far fewer activations.
    let mut ckpt = job.clone();
    ckpt.gradient_checkpointing = true;
    let ec = estimate::run(m, &ckpt, 1).unwrap();
    assert!(ec.activations < e.activations / 3.0);
    // Eager attention adds the s^2 scores.
    let mut eager = job.clone();
    eager.flash_attention = false;
    assert!(estimate::run(m, &eager, 1).unwrap().activations > e.activations);
    // ZeRO-3 over 8 GPUs: each holds about an eighth of the states.
    let sharded = estimate::run(m, &job, 8).unwrap();
    let states_per_gpu = 16.0 * p / 8.0;
    assert!(sharded.per_gpu > states_per_gpu && sharded.per_gpu < e.per_gpu);
}

#[test]
fn lora_adapters_match_peft_counts() {
    // Llama 3 8B, r = 16 on every linear layer: 41,943,040 trainable parameters.
    assert_eq!(
        lora_params(model("llama-3-8b"), 16, LoraTargets::AllLinear),
        41_943_040.0
    );
    // q, k, v, o only.
    let attn = 16.0 * 32.0 * ((4096.0 + 4096.0) + 2.0 * (4096.0 + 1024.0) + (4096.0 + 4096.0));
    assert_eq!(
        lora_params(model("llama-3-8b"), 16, LoraTargets::Attention),
        attn
    );
    let job = Job::new(Mode::Qlora, Precision::Nf4);
    let e = estimate::run(model("llama-3-8b"), &job, 1).unwrap();
    assert_eq!(e.trainable_params, 41_943_040);
    assert!(e.weights < weight_bytes(model("llama-3-8b"), Precision::Bf16) / 2.0);
}

#[test]
fn lora_skips_experts_stored_as_one_tensor() {
    // gpt-oss keeps each layer's experts in one 3-D tensor, which no Linear targeting
    // reaches: Unsloth's notebooks print these counts for its "all linear" target names
    // (r = 8 on gpt-oss-20b, r = 16 on gpt-oss-120b).
    assert_eq!(
        lora_params(model("gpt-oss-20b"), 8, LoraTargets::AllLinear),
        3_981_312.0
    );
    assert_eq!(
        lora_params(model("gpt-oss-120b"), 16, LoraTargets::AllLinear),
        11_943_936.0
    );
    // Experts that are Linear layers each get their adapters.
    assert!(
        lora_params(model("qwen3-30b-a3b"), 8, LoraTargets::AllLinear)
            > 10.0 * lora_params(model("qwen3-30b-a3b"), 8, LoraTargets::Attention)
    );
}

#[test]
fn zero3_holds_its_gradient_partition_and_the_steps_fp32_sub_group() {
    // A mixed-precision full fine-tune of Qwen2.5 32B on 7 GPUs at 1,024 tokens (the
    // LLaMA-Factory issue 6999 setup): 16 bytes of states per parameter over 7 GPUs,
    // plus one fp32 sub-group of 1e9 gradients at the step, or the activations and the
    // gathered lm_head (and its gradient) beside the persistent gradient partition.
    let m = model("qwen2.5-32b");
    let mut job = Job::new(Mode::FullFinetune, Precision::Bf16);
    job.set_context(1024);
    job.sharding = Some(estimate::Sharding::Zero3);
    let e = estimate::run(m, &job, 7).unwrap();
    let p = m.params_total as f64;
    let states = 16.0 * p / 7.0;
    let step = 1e9 * 4.0;
    assert!(e.per_gpu >= states + step, "{}", e.per_gpu_gib());
    assert!(
        (e.total() - e.per_gpu * 7.0).abs() < 1.0,
        "the parts add up"
    );
    // Offloaded to the CPU, the step runs there: only the gathered weights stay.
    job.cpu_offload = true;
    let off = estimate::run(m, &job, 7).unwrap();
    assert!(off.per_gpu_gib() < 10.0, "{}", off.per_gpu_gib());
}

#[test]
fn zero2_steps_its_whole_partition_in_fp32() {
    // LLaMA-Factory issue 1158: a 13.9 B full fine-tune under ZeRO-2 on 4 x 80 GB asks for
    // 12.94 GiB at the step (its fp32 gradient partition) and runs out of memory; its
    // maintainer: ZeRO-2 needs 8 cards, or ZeRO-3 on 4.
    let m = model("llama-2-13b");
    let mut job = Job::new(Mode::FullFinetune, Precision::Bf16);
    job.set_context(1536);
    job.sharding = Some(estimate::Sharding::Zero2);
    let p = m.params_total as f64;
    let on4 = estimate::run(m, &job, 4).unwrap();
    let states = 2.0 * p + (2.0 + 12.0) * p / 4.0;
    assert!(
        on4.per_gpu >= states + 4.0 * p / 4.0,
        "{}",
        on4.per_gpu_gib()
    );
    assert!(on4.per_gpu_gib() > 76.4, "{}", on4.per_gpu_gib());
    let on8 = estimate::run(m, &job, 8).unwrap();
    assert!(on8.per_gpu_gib() < 70.0, "{}", on8.per_gpu_gib());
    job.sharding = Some(estimate::Sharding::Zero3);
    assert!(estimate::run(m, &job, 4).unwrap().per_gpu_gib() < 70.0);
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
    let q = Query {
        model: Some("llama 3.1 70b".into()),
        precision: Some(Precision::Fp16),
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
fn fsdp_qlora_per_gpu_matches_hand_computation() {
    // Llama 2 70B, QLoRA r16 on all linear layers, 2 GPUs with FSDP, 512 tokens,
    // micro-batch 1, gradient checkpointing, AdamW.
    let mut job = Job::new(Mode::Qlora, Precision::Nf4);
    job.set_context(512);
    job.sharding = Some(estimate::Sharding::Fsdp);
    let e = estimate::run(model("llama-2-70b"), &job, 2).unwrap();
    let params = 68_976_648_192.0;
    let tables = 2.0 * 32_000.0 * 8192.0; // embeddings + lm_head, 16-bit in NF4 checkpoints
    let base = (params - tables) * 4.127 / 8.0 + tables * 2.0;
    let upcast = tables * 2.0; // PEFT casts them to fp32
    let adapters = 16.0 * 80.0 * (51_200.0 + 110_592.0); // rank x layers x (attn + MLP widths)
    assert_eq!(adapters, 207_093_760.0);
    // fp32 adapters with AdamW's two fp32 moments; their gradients replace activations
    // during the backward, so only the larger of the two counts at the peak.
    let states = base + upcast + adapters * 4.0 + adapters * 8.0;
    let gradients = adapters * 4.0 / 2.0;
    // In flight: the largest gathered unit (lm_head, 16-bit, larger than an NF4 layer)
    // and the next NF4 layer prefetched.
    let gather = 32_000.0 * 8192.0 * 2.0 + (params - tables) / 80.0 * 4.127 / 8.0;
    let activations: f64 = 80.0 * 512.0 * 8192.0 * 4.0 // fp32 layer inputs kept
        + 512.0 * 2.0 * (4.0 * 8192.0 + 2.0 * 8192.0 + 2.0 * 1024.0 + 4.0 * 28_672.0) // one layer
        + 512.0 * 32_000.0 * 12.0; // the loss's logits
    let expected = states / 2.0 + gather + activations.max(gradients) + 0.5 * 1_073_741_824.0;
    assert!(
        (e.per_gpu - expected).abs() / expected < 1e-9,
        "{} vs {expected}",
        e.per_gpu
    );
    assert!(
        (expected / 1_073_741_824.0 - 21.57).abs() < 0.01,
        "{expected}"
    );
}

#[test]
fn fsdp_qlora_on_two_gaming_cards_points_to_cpu_offload() {
    // Llama 3 70B QLoRA on 2 x RTX 4090 at 2,048 tokens does not fit with its states on the
    // GPUs, and the answer says CPU offload makes it fit, as FSDP + QLoRA runs it.
    let q = Query {
        model: Some("llama 3 70b".into()),
        mode: Some(Mode::Qlora),
        gpu: Some("rtx 4090".into()),
        gpu_count: Some(2),
        ..Query::default()
    };
    let a = request(q.clone()).unwrap();
    assert!(!a.fit.as_ref().unwrap().fits);
    let o = a.offload.expect("offload lever");
    assert!(o.fits && o.per_gpu_gib < 12.0, "{}", o.per_gpu_gib);
    let with = request(Query {
        cpu_offload: Some(true),
        ..q
    })
    .unwrap();
    assert!(with.fit.unwrap().fits && with.offload.is_none());
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
    // DeepSeek V3.2 adds its indexer's 128-value key: 61 x (512 + 64 + 128) x 2 bytes.
    assert_eq!(
        kv_bytes_per_token(model("deepseek-v3.2"), KvPrecision::Fp16),
        85_888.0
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

/// Training frameworks as profiles: Unsloth's offloaded checkpoints and fused loss leave
/// fewer activations on the GPU than the HF Trainer's; torchtune trains in pure bf16; the
/// JSON names the framework (hf when none was given), inference names none.
#[test]
fn frameworks_change_what_a_fine_tune_holds() {
    use vramguide::answer;
    use vramguide::catalog::Catalog;
    use vramguide::query::Query;
    use vramguide::runtime::framework::Framework;
    let ask = |mode: Mode, framework: Option<Framework>| {
        answer::for_query(
            Catalog::get(),
            &Query {
                model: Some("llama-3.1-8b".into()),
                mode: Some(mode),
                context: Some(4096),
                framework,
                ..Query::default()
            },
        )
        .unwrap()
    };
    let hf = ask(Mode::Qlora, None);
    let unsloth = ask(Mode::Qlora, Some(Framework::Unsloth));
    assert!(unsloth.job.offloaded_checkpoints && unsloth.job.chunked_loss);
    assert!(
        unsloth.estimate.activations < hf.estimate.activations / 2.0,
        "{} vs {}",
        unsloth.estimate.activations,
        hf.estimate.activations
    );
    let torchtune = ask(Mode::FullFinetune, Some(Framework::Torchtune));
    assert!(!torchtune.job.master_weights && torchtune.job.chunked_loss);
    let json = |a: &answer::Answer| {
        serde_json::to_value(vramguide::render::json::answer(
            vramguide::i18n::Lang::En,
            Catalog::get(),
            a,
        ))
        .unwrap()
    };
    assert_eq!(json(&hf)["query"]["framework"], "hf");
    assert_eq!(json(&unsloth)["query"]["framework"], "unsloth");
    assert!(json(&ask(Mode::Inference, None))["query"]["framework"].is_null());
    // Named in free text, in any language's sentence.
    for (text, want) in [
        (
            "qlora llama 3.1 8b with unsloth on a 4090",
            Framework::Unsloth,
        ),
        ("fine-tune lora qwen 7b com axolotl", Framework::Axolotl),
        (
            "lora llama 3.1 8b con llama factory",
            Framework::LlamaFactory,
        ),
        ("用 torchtune 全量微调 llama 3.1 8b", Framework::Torchtune),
    ] {
        let parsed = vramguide::query::parse(Catalog::get(), text);
        assert_eq!(parsed.query.framework, Some(want), "{text}");
    }
}

#[test]
fn paged_adamw_states_stay_on_the_gpu_until_it_is_full() {
    // bitsandbytes' paged 8-bit AdamW keeps its two 8-bit moments in unified memory: on
    // the GPU (2 bytes per parameter) while there is room, paged out to host RAM when not.
    let m = model("llama-3.1-8b");
    let mut job = Job::new(Mode::FullFinetune, Precision::Bf16);
    job.optimizer = estimate::Optimizer::Adamw8bit;
    let eight_bit = estimate::run(m, &job, 1).unwrap();
    job.optimizer = estimate::Optimizer::PagedAdamw8bit;
    let paged = estimate::run(m, &job, 1).unwrap();
    assert_eq!(paged.per_gpu, eight_bit.per_gpu, "resident where it fits");
    let c = catalog();
    let h200 = c.gpu("h200-sxm").unwrap();
    let on_h200 = estimate::run_on(m, &job, 1, Some(h200)).unwrap();
    assert_eq!(
        on_h200.per_gpu, paged.per_gpu,
        "room to spare: nothing pages out"
    );
    // On a 24 GB card the moments (16 GB) page out as far as needed, never further.
    let rtx = c.gpu("rtx-4090").unwrap();
    let on_rtx = estimate::run_on(m, &job, 1, Some(rtx)).unwrap();
    let usable = estimate::usable_gib(rtx, &job, 1);
    let moments = m.params_total as f64 * 2.0 / vramguide::catalog::GIB;
    assert!(on_rtx.per_gpu_gib() < paged.per_gpu_gib());
    assert!(on_rtx.per_gpu_gib() >= paged.per_gpu_gib() - moments - 1e-9);
    assert!(on_rtx.per_gpu_gib() <= usable.max(paged.per_gpu_gib() - moments) + 1e-9);
    // The answer says how much pages out; where nothing does, it says nothing.
    let out = paged.per_gpu_gib() - on_rtx.per_gpu_gib();
    assert!(on_rtx.notes.iter().any(|n| matches!(
        n,
        estimate::Note::OptimizerPagedOut { gib } if (gib - out).abs() < 1e-9
    )));
    assert!(
        !on_h200
            .notes
            .iter()
            .any(|n| matches!(n, estimate::Note::OptimizerPagedOut { .. }))
    );
    // A card between what must stay and the whole: the states fill it, to the bit.
    let a100 = c.gpu("a100-80gb-sxm").unwrap();
    let gemma = Fit::check(model("gemma-2-9b"), &job, a100, 1).unwrap();
    assert!(
        gemma.fits && gemma.per_gpu_gib == gemma.usable_gib,
        "{gemma:?}"
    );
    // The verdict holds whenever what cannot page out fits.
    let fit = Fit::check(m, &job, rtx, 1).unwrap();
    assert_eq!(
        fit.fits,
        paged.per_gpu_gib() - moments <= usable,
        "{} of {usable}",
        fit.per_gpu_gib
    );
}

#[test]
fn deepspeed_zero3_and_fsdp_keep_their_own_buffers() {
    // Llama 2 70B LoRA on 8 GPUs: FSDP prefetches the next decoder layer whole (16-bit);
    // DeepSpeed prefetches 0.9 x hidden² parameters (HF's "auto") and holds a hidden²
    // 16-bit reduce bucket. Everything else is the same.
    let m = model("llama-2-70b");
    let mut job = Job::new(Mode::Lora, Precision::Bf16);
    job.sharding = Some(estimate::Sharding::Zero3);
    let ds = estimate::run(m, &job, 8).unwrap().per_gpu;
    job.sharding = Some(estimate::Sharding::Fsdp);
    let fsdp = estimate::run(m, &job, 8).unwrap().per_gpu;
    let h2 = 8192.0f64 * 8192.0;
    let layer = (m.params_total as f64 - 2.0 * 32_000.0 * 8192.0) / 80.0;
    let expected = layer * 2.0 - 0.9 * h2 * 2.0 - h2 * 2.0;
    assert!(
        ((fsdp - ds) - expected).abs() < 1e3,
        "{} vs {expected}",
        fsdp - ds
    );
    // A mixed-precision full fine-tune holds 16 bytes of states a parameter either way, but
    // FSDP's are fp32 parameters, fp32 gradient shards and two moments, stepped in place;
    // DeepSpeed's 16-bit weights and gradients, master copy and moments, stepped a 1e9
    // sub-group of fp32 gradients at a time.
    let mut full = Job::new(Mode::FullFinetune, Precision::Bf16);
    full.sharding = Some(estimate::Sharding::Zero3);
    let d = estimate::run(m, &full, 8).unwrap();
    full.sharding = Some(estimate::Sharding::Fsdp);
    let f = estimate::run(m, &full, 8).unwrap();
    let p = m.params_total as f64;
    assert!((d.gradients - 2.0 * p).abs() < 1e3 && (f.gradients - 4.0 * p).abs() < 1e3);
    assert!((d.weights - 2.0 * p).abs() < 1e3 && (f.weights - 4.0 * p).abs() < 1e3);
    let states = |e: &estimate::Estimate| e.weights + e.gradients + e.optimizer;
    assert!((states(&d) - 16.0 * p).abs() < 1e3 && (states(&f) - 16.0 * p).abs() < 1e3);
    // The names people type reach each.
    let named = |s: &str| estimate::named::<estimate::Sharding>(estimate::Field::Sharding, s);
    assert_eq!(named("fsdp"), Ok(estimate::Sharding::Fsdp));
    assert_eq!(named("full-shard"), Ok(estimate::Sharding::Fsdp));
    assert_eq!(named("zero3"), Ok(estimate::Sharding::Zero3));
}
