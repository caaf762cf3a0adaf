//! Training against hand-computed values: optimizer states, LoRA adapters, ZeRO and FSDP
//! buffers, paged optimizers and the training frameworks' profiles.

use vramguide::answer::{self, Request};
use vramguide::catalog::Catalog;
use vramguide::error::Error;
use vramguide::estimate::{
    self, Fit, Job, LoraTargets, Mode, Precision, lora_params, weight_bytes,
};
use vramguide::query::{self, Query};

fn catalog() -> &'static Catalog {
    Catalog::get()
}

fn request(q: Query) -> Result<answer::Answer, Error> {
    let req: Request = query::resolve(catalog(), &q)?;
    Ok(answer::build(catalog(), req)?)
}

fn model(id: &str) -> &'static vramguide::catalog::ModelSpec {
    catalog()
        .model(id)
        .unwrap_or_else(|| panic!("{id} in catalog"))
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

/// ZeRO-Infinity and FSDP with offloaded parameters run on one GPU too: the single rank
/// keeps only its working buffers and activations, as each rank of a group does, not the
/// whole 16-bit model and its gradients (which "one card" used to be sized with while
/// two cards were sized offloaded).
#[test]
fn offloaded_sharding_on_one_gpu_keeps_only_working_buffers() {
    let m = model("llama-3.1-8b");
    let mut job = Job::new(Mode::FullFinetune, Precision::Bf16);
    job.cpu_offload = true;
    job.sharding = Some(estimate::Sharding::Zero3);
    let one = estimate::run(m, &job, 1).unwrap();
    let two = estimate::run(m, &job, 2).unwrap();
    assert_eq!(one.weights + one.gradients + one.optimizer, 0.0);
    assert!(
        one.per_gpu < 10.0 * f64::from(1u32 << 30),
        "{}",
        one.per_gpu
    );
    assert!((one.per_gpu - two.per_gpu).abs() < f64::from(1u32 << 30));
    // The answer says that everything left the GPU, not only the optimizer states.
    assert!(one.notes.contains(&estimate::Note::AllStatesOffloaded {
        sharding: estimate::Sharding::Zero3
    }));
    assert!(!one.notes.contains(&estimate::Note::CpuOffload));
    // And what nvidia-smi will show: the allocator's cache on top (1.6 to 2.3 times,
    // measured on one H200), so a reading of twice the estimate is no surprise.
    let gib = one.per_gpu / f64::from(1u32 << 30);
    assert!(one.notes.iter().any(|n| matches!(
        n,
        estimate::Note::CachedReading { low_gib, high_gib }
            if (low_gib / gib - 1.6).abs() < 1e-9 && (high_gib / gib - 2.3).abs() < 1e-9
    )));
    // Without a sharding named, one GPU offloads the optimizer only (ZeRO-Offload's
    // default, DDP's states otherwise): the 16-bit weights and gradients stay.
    job.sharding = None;
    let plain = estimate::run(m, &job, 1).unwrap();
    let p = m.params_total as f64;
    assert!((plain.weights + plain.gradients - 4.0 * p).abs() < 1e3);
    assert!(plain.notes.contains(&estimate::Note::CpuOffload));
    // The answer says how much of the machine's RAM the offloaded states take: all 16
    // bytes a parameter under ZeRO-3 (2 + 2 + 12), the 12 of the optimizer without it.
    let host = |e: &estimate::Estimate| {
        e.notes.iter().find_map(|n| match n {
            estimate::Note::HostStates { gib } => Some(*gib),
            _ => None,
        })
    };
    let gib = p / f64::from(1u32 << 30);
    assert!(
        (host(&one).unwrap() - 16.0 * gib).abs() < 0.01 * gib,
        "{:?}",
        host(&one)
    );
    assert!(
        (host(&plain).unwrap() - 12.0 * gib).abs() < 0.01 * gib,
        "{:?}",
        host(&plain)
    );
}
