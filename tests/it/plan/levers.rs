//! Levers: each change offered makes the job fit, is re-checked on its own count of
//! cards, and a job nothing rescues says so quickly.

use super::*;

#[test]
fn llama_70b_fp16_on_one_4090_gets_precision_and_more_cards() {
    // transformers' levers, named: a GeForce card with no runtime named is llama.cpp's.
    let a = ask(Query {
        model: Some("llama-3.1-70b".into()),
        precision: Some(Precision::Fp16),
        gpu: Some("rtx-4090".into()),
        runtime: Some(Runtime::Transformers),
        ..Query::default()
    });
    assert!(!a.fit.as_ref().unwrap().fits);
    let k = kinds(&a);
    assert!(k.contains(&LeverKind::Precision), "{k:?}");
    assert_eq!(
        k.last(),
        Some(&LeverKind::MoreGpus),
        "more cards come last: {k:?}"
    );
    let more = a.levers.last().unwrap();
    assert_eq!(Some(more.count), a.needed_count);
    // Nothing 4-bit holds 70B in 24 GB, so the precision lever needs fewer cards than fp16.
    let precision = a
        .levers
        .iter()
        .find(|l| l.kind == LeverKind::Precision)
        .unwrap();
    assert!(
        precision.count > 1 && precision.count < more.count,
        "{precision:?}"
    );
    // Offload, with its speed, on the user's one card: transformers cannot offload, so the
    // lever names llama.cpp. By hand: 1.6 GiB per fp16 layer, about 23.6 GiB usable less
    // the compute buffer and each layer's KV cache leaves room for about 14 of 80 layers;
    // the other 66 (about 113 GB read per token) come from RAM at 89.6 GB/s x 0.6 (a
    // bit over 2 s a token): about 0.45 tokens/s.
    let off = a
        .levers
        .iter()
        .find(|l| l.kind == LeverKind::Offload)
        .unwrap_or_else(|| panic!("an offload lever: {k:?}"));
    let Change::Offload {
        runtime,
        offload: HostOffload::GpuLayers(n),
    } = off.change
    else {
        panic!("{:?}", off.change)
    };
    assert_eq!(runtime, Runtime::LlamaCpp);
    assert_eq!(off.count, 1);
    assert!((10..=18).contains(&n), "{n} layers on the GPU");
    let speed = off.fit.tokens_per_s.expect("a speed");
    assert!(speed > 0.3 && speed < 0.7, "{speed} tokens/s");
    let kind_at = |kind| k.iter().position(|x| *x == kind).unwrap();
    assert!(kind_at(LeverKind::Precision) < kind_at(LeverKind::Offload));
    assert!(kind_at(LeverKind::Offload) < kind_at(LeverKind::MoreGpus));
    assert_levers_fit(&a);
    // transformers has no server: the line loads the best lever's format with
    // `from_pretrained` and its load-time quantizer.
    assert_eq!(a.launch.len(), 1);
    let cmd = &a.launch[0].command;
    assert!(
        cmd.contains("from_pretrained('meta-llama/Llama-3.1-70B-Instruct', device_map='auto'"),
        "{cmd}"
    );
    assert!(cmd.contains("quantization_config="), "{cmd}");
    let json = serde_json::to_value(vramguide::render::json::answer(
        vramguide::i18n::Lang::En,
        Catalog::get(),
        &a,
    ))
    .unwrap();
    let levers = json["levers"].as_array().unwrap();
    assert_eq!(levers.len(), a.levers.len());
    assert!(levers.iter().all(|l| l["fits"] == true));
    assert_eq!(levers.last().unwrap()["kind"], "more_gpus");
    // The text names the format, what it costs in quality, and the cards it needs.
    let text = json["text"].as_str().unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("- weights in"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("quality") && line.contains("GPUs"), "{line}");
    let offload = levers.iter().find(|l| l["kind"] == "offload").unwrap();
    assert_eq!(
        offload["change"],
        format!("gpu_layers={n} runtime=llama.cpp")
    );
    assert!(offload["tokens_per_s"].as_f64().unwrap() > 0.3);
    assert!(
        offload["host_ram_gib"].as_f64().unwrap() > 100.0,
        "{offload}"
    );
    assert_eq!(offload["ram_bandwidth_gbs"], 89.6);
    let line = text
        .lines()
        .find(|l| l.starts_with("- with llama.cpp"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains(&format!("`-ngl {n}`")) && line.contains("tokens/s"),
        "{line}"
    );
    assert!(text.contains("89.6 GB/s of host RAM bandwidth"), "{text}");
}

#[test]
fn lora_8b_on_24_gb_without_checkpointing_gets_checkpointing_or_qlora() {
    let a = ask(Query {
        model: Some("llama-3.1-8b".into()),
        mode: Some(Mode::Lora),
        gradient_checkpointing: Some(false),
        gpu: Some("rtx-4090".into()),
        ..Query::default()
    });
    // 2,048 tokens, micro-batch 1: every activation kept is about 39 GiB.
    assert!(!a.fit.as_ref().unwrap().fits);
    let k = kinds(&a);
    assert!(
        k.contains(&LeverKind::GradientCheckpointing) || k.contains(&LeverKind::Qlora),
        "{k:?}"
    );
    assert_levers_fit(&a);
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, Catalog::get(), &a);
    assert!(text.contains("To make it fit on this GPU:"), "{text}");
}

/// DeepSeek R1 ships in FP8 with 128 x 128 block scales: 671B of it is about 627 GiB, more
/// than eight H100s leave usable (8 x 76 GiB). The way out is a 4-bit format on the same
/// node, or a second node: 12 cards, over InfiniBand.
#[test]
fn deepseek_r1_fp8_on_8_h100_gets_precision_or_a_second_node() {
    let a = ask(Query {
        model: Some("deepseek-r1".into()),
        precision: Some(Precision::Fp8Block),
        gpu: Some("h100-sxm".into()),
        gpu_count: Some(8),
        ..Query::default()
    });
    let fit = a.fit.as_ref().unwrap();
    assert!(!fit.fits, "{fit:?}");
    assert!((76.0..82.0).contains(&fit.per_gpu_gib), "{fit:?}");
    let k = kinds(&a);
    assert!(k.contains(&LeverKind::Precision), "{k:?}");
    let precision = a
        .levers
        .iter()
        .find(|l| l.kind == LeverKind::Precision)
        .unwrap();
    assert_eq!(precision.count, 8, "a 4-bit format fits the same node");
    let more = a.levers.last().unwrap();
    assert_eq!(more.kind, LeverKind::MoreGpus);
    assert!(
        more.count > 8 && more.count <= 16,
        "a second node: {}",
        more.count
    );
    assert_levers_fit(&a);
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, Catalog::get(), &a);
    assert!(text.contains("2 nodes"), "{text}");
}

/// LoRA on Llama 2 13B at 4k tokens on one 4090: no single change fits, QLoRA with
/// checkpointing together does (the example), and it is offered on the one card.
#[test]
fn lora_13b_at_4k_on_a_4090_gets_a_combined_lever() {
    let a = ask(Query {
        model: Some("llama-2-13b".into()),
        mode: Some(Mode::Lora),
        context: Some(4096),
        gpu: Some("rtx-4090".into()),
        gradient_checkpointing: Some(false),
        ..Query::default()
    });
    assert!(!a.fit.as_ref().unwrap().fits);
    let first = a.levers.first().expect("a way out");
    assert_eq!(first.count, 1, "{first:?}");
    assert!(first.fit.fits);
    let changes: Vec<Change> = first.changes().collect();
    assert!(changes.contains(&Change::Qlora), "{changes:?}");
    assert!(
        changes.len() >= 2 || first.kind == LeverKind::Qlora,
        "{changes:?}"
    );
    assert!(
        a.levers
            .iter()
            .all(|l| l.count == 1 || l.kind == LeverKind::MoreGpus)
    );
    assert_levers_fit(&a);
    let json = serde_json::to_value(vramguide::render::json::answer(
        vramguide::i18n::Lang::En,
        Catalog::get(),
        &a,
    ))
    .unwrap();
    let code = json["levers"][0]["change"].as_str().unwrap();
    assert!(code.contains("qlora"), "{code}");
}

/// Bad input: a 1T model on one 8 GB card. No lever, a clear line, and quickly: the lever
/// search gives up after one estimate with every change at once. Debug builds are about
/// 20-50x slower than release; the release target is under 1 ms.
#[test]
fn an_impossible_job_answers_no_setup_quickly() {
    let catalog = Catalog::get();
    // transformers, named: llama.cpp would offer 64 cards over the network.
    let q = Query {
        model: Some("kimi-k2".into()),
        gpu: Some("rtx-3070".into()),
        runtime: Some(Runtime::Transformers),
        ..Query::default()
    };
    let a = ask(q.clone());
    assert!(!a.fit.as_ref().unwrap().fits);
    assert!(a.levers.is_empty(), "{:?}", a.levers);
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, catalog, &a);
    assert!(text.contains("No change on these cards"), "{text}");
    let fit = a.fit.clone().unwrap();
    let mut times: Vec<std::time::Duration> = (0..7)
        .map(|_| {
            let t = std::time::Instant::now();
            let l = vramguide::plan::levers::levers(&a.model, &a.job, a.gpu.unwrap(), 1, &fit);
            let d = t.elapsed();
            assert!(l.is_empty());
            d
        })
        .collect();
    times.sort();
    let median = times[times.len() / 2];
    eprintln!("lever search, 1T model on one 8 GB card (debug build): median {median:?}");
    assert!(
        median < std::time::Duration::from_millis(50),
        "lever search on an impossible job took {median:?}"
    );
}
