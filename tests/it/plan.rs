//! The plan after the verdict: levers that make a job fit (each re-checked), serving
//! capacity, and launch lines whose flags the engines document (tests/engine_flags.txt).

use proptest::prelude::*;
use vramguide::answer::{self, Answer};
use vramguide::catalog::Catalog;
use vramguide::estimate::{Fit, HostOffload, Job, Mode, Precision};
use vramguide::plan::{Change, Lever, LeverKind};
use vramguide::query::Query;
use vramguide::runtime::Runtime;

fn ask(q: Query) -> Answer {
    answer::for_query(Catalog::get(), &q).expect("answer")
}

/// The job a lever describes, applied to the answer's own job: every change it names, in
/// order (a combined lever's too).
fn applied(a: &Answer, l: &Lever) -> Job {
    let mut job = a.job.clone();
    for c in l.changes() {
        c.apply(&mut job);
    }
    job
}

/// Every lever, applied on its count of the user's GPU, really fits, and needs less memory
/// per GPU than the job as asked.
fn assert_levers_fit(a: &Answer) {
    let gpu = a.gpu.expect("a named GPU");
    let before = a.fit.as_ref().expect("a verdict").per_gpu_gib;
    for l in &a.levers {
        let fit = Fit::check(&a.model, &applied(a, l), gpu, l.count).expect("valid job");
        assert!(fit.fits, "{:?} does not fit: {fit:?}", l.change);
        assert!(fit.per_gpu_gib < before, "{:?} saves nothing", l.change);
        assert!((fit.per_gpu_gib - l.fit.per_gpu_gib).abs() < 1e-9);
    }
}

/// The answer's offload lever and its split; fails the test when there is none.
fn offload_lever(a: &Answer) -> (&Lever, HostOffload) {
    let off = a
        .levers
        .iter()
        .find(|l| l.kind == LeverKind::Offload)
        .unwrap_or_else(|| panic!("{:?}", kinds(a)));
    match off.change {
        Change::Offload { offload, .. } => (off, offload),
        other => panic!("{other:?}"),
    }
}

fn kinds(a: &Answer) -> Vec<LeverKind> {
    a.levers.iter().map(|l| l.kind).collect()
}

#[test]
fn llama_70b_fp16_on_one_4090_gets_precision_and_more_cards() {
    let a = ask(Query {
        model: Some("llama-3.1-70b".into()),
        precision: Some(Precision::Fp16),
        gpu: Some("rtx-4090".into()),
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
fn moe_offload_keeps_experts_in_ram_and_launches_with_n_cpu_moe() {
    let a = ask(Query {
        model: Some("gpt-oss-120b".into()),
        runtime: Some(Runtime::LlamaCpp),
        gpu: Some("rtx-4090".into()),
        ..Query::default()
    });
    assert!(!a.fit.as_ref().unwrap().fits);
    let (off, offload) = offload_lever(&a);
    let HostOffload::CpuMoe(k) = offload else {
        panic!("MoE models move experts first: {offload:?}")
    };
    // 36 MoE layers of 1.7 GB of MXFP4 experts: about half must leave a 24 GB card.
    assert!((12..=30).contains(&k), "{k}");
    // Only the 4 of 128 experts a token is routed to are read from RAM: tens of tokens/s,
    // where moving whole layers would give a few.
    let speed = off.fit.tokens_per_s.unwrap();
    assert!(speed > 15.0, "{speed}");
    assert_levers_fit(&a);
    // At that speed on the user's own card it ranks before every change that needs more
    // cards, so the answer starts it (a dense 70B crawling at 0.4 tokens/s does not).
    let at = a
        .levers
        .iter()
        .position(|l| l.kind == LeverKind::Offload)
        .unwrap();
    assert!(
        a.levers[..at].iter().all(|l| l.count == 1),
        "{:?}",
        kinds(&a)
    );
    assert!(
        a.launch[0].command.contains(&format!("--n-cpu-moe {k}")),
        "{}",
        a.launch[0].command
    );
    let cmd = vramguide::plan::launch::command(&a.model, &off.job, a.gpu, off.count)
        .unwrap()
        .command;
    assert!(
        cmd.contains("-ngl 999") && cmd.contains(&format!("--n-cpu-moe {k}")),
        "{cmd}"
    );
}

/// A dense model asked on llama.cpp: the launch line of a setup that only fits offloaded
/// carries its `-ngl`.
#[test]
fn dense_offload_launch_line_has_its_gpu_layers() {
    let a = ask(Query {
        model: Some("qwen3-32b".into()),
        precision: Some(Precision::Q8_0),
        runtime: Some(Runtime::LlamaCpp),
        gpu: Some("rtx-3060-12gb".into()),
        ..Query::default()
    });
    let (off, offload) = offload_lever(&a);
    let HostOffload::GpuLayers(n) = offload else {
        panic!("{offload:?}")
    };
    let cmd = vramguide::plan::launch::command(&a.model, &off.job, a.gpu, 1)
        .unwrap()
        .command;
    assert!(cmd.contains(&format!("-ngl {n} ")), "{cmd}");
    assert!(!cmd.contains("999"), "{cmd}");
}

/// "Max context on my GPU" in four languages: the reply leads with the longest context.
#[test]
fn max_context_questions_lead_with_the_longest_context() {
    let catalog = Catalog::get();
    for (q, lang) in [
        (
            "what's the max context for qwen3 8b on a 4090?",
            vramguide::i18n::Lang::En,
        ),
        (
            "qual o contexto máximo do qwen3 8b numa 4090?",
            vramguide::i18n::Lang::Pt,
        ),
        (
            "¿cuál es el contexto máximo de qwen3 8b en una 4090?",
            vramguide::i18n::Lang::Es,
        ),
        (
            "qwen3 8b 在 4090 上最大上下文多少?",
            vramguide::i18n::Lang::Zh,
        ),
    ] {
        let reply = answer::for_text(catalog, q);
        let a = reply.result.expect("answer");
        assert!(a.max_context_asked, "{q}");
        // transformers, bf16: 16.4 GB of weights leave about 6 GiB for the KV cache (144 KiB
        // a token) and the prefill peak (84 KiB a token): roughly 25-35k tokens, below the
        // model's own 40,960.
        let tokens = a.max_context.expect("a context that fits");
        assert!((16_384..40_960).contains(&tokens), "{q}: {tokens}");
        // It fits, and 1,024 more tokens do not.
        let mut job = a.job.clone();
        job.set_context(tokens);
        assert!(Fit::check(&a.model, &job, a.gpu.unwrap(), 1).unwrap().fits);
        job.set_context(tokens + 1024);
        assert!(!Fit::check(&a.model, &job, a.gpu.unwrap(), 1).unwrap().fits);
        let text = vramguide::render::text::answer(lang, catalog, &a);
        let second = text.lines().nth(1).unwrap();
        let digits: String = second.chars().filter(char::is_ascii_digit).collect();
        assert!(
            digits.contains(&tokens.to_string()),
            "{q}: the line after the title gives {tokens}: {second}"
        );
        let json =
            serde_json::to_value(vramguide::render::json::answer(lang, catalog, &a)).unwrap();
        assert_eq!(json["max_context"], tokens);
    }
    // A serving runtime answers with its pool, capped by the model's own maximum.
    let reply = answer::for_text(
        catalog,
        "max context for qwen3 8b q4_k_m on a 4090 with llama.cpp",
    );
    let a = reply.result.unwrap();
    assert_eq!(a.max_context, Some(40_960));
    assert_eq!(a.serving.unwrap().max_context, 40_960);
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, catalog, &a);
    assert!(text.contains("the model's own maximum"), "{text}");
    // With no card named, the model's own limit leads, and the answer asks for the card.
    let bare = answer::for_text(catalog, "what's the max context for qwen3 8b?")
        .result
        .unwrap();
    assert!(bare.max_context_asked && bare.max_context.is_none());
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, catalog, &bare);
    let second = text.lines().nth(1).unwrap();
    assert!(
        second.contains("40,960 tokens") && second.contains("GPU"),
        "{second}"
    );
    // An ordinary question has no such line.
    let plain = answer::for_text(catalog, "qwen3 8b on a 4090")
        .result
        .unwrap();
    assert!(!plain.max_context_asked && plain.max_context.is_none());
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

#[test]
fn llama_8b_on_a_4090_with_vllm_serves_several_requests() {
    let a = ask(Query {
        model: Some("llama-3.1-8b".into()),
        runtime: Some(Runtime::Vllm),
        context: Some(8192),
        gpu: Some("rtx-4090".into()),
        ..Query::default()
    });
    assert!(a.fit.as_ref().unwrap().fits);
    let s = a.serving.expect("serving capacity");
    assert!(s.max_concurrency >= 1, "{s:?}");
    assert!(s.max_context >= 8192, "{s:?}");
    // 16 GiB of bf16 weights on a 24 GB card at 0.9: a few GiB of pool, not more than the card.
    assert!(s.kv_pool_gib > 1.0 && s.kv_pool_gib < 8.0, "{s:?}");
    let single = a.fit.as_ref().unwrap().tokens_per_s.unwrap();
    let total = s.tokens_per_s_total.unwrap();
    assert!(
        total > single,
        "batching raises throughput: {total} vs {single}"
    );
    assert_eq!(a.launch.len(), 1);
    let cmd = &a.launch[0].command;
    assert!(
        cmd.starts_with(
            "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 1 --max-model-len 8192"
        ),
        "{cmd}"
    );
    assert!(a.levers.is_empty(), "fits with room: {:?}", kinds(&a));
}

#[test]
fn a_setup_that_does_not_fit_launches_its_best_lever() {
    let a = ask(Query {
        model: Some("qwen2.5-32b".into()),
        precision: Some(Precision::Q8_0),
        context: Some(8192),
        gpu: Some("rtx-4090".into()),
        ..Query::default()
    });
    assert!(!a.fit.as_ref().unwrap().fits);
    let best = &a.levers[0];
    let Change::Precision(p) = best.change else {
        panic!("{:?}", best.change)
    };
    // No GGUF repo of Qwen2.5 32B is listed: no invented file name, a line on what to find.
    assert!(a.launch.is_empty(), "{:?}", a.launch);
    let missing = a.launch_missing.expect("says which checkpoint is missing");
    assert_eq!(missing.precision, p);
    assert_eq!(missing.runtime, best.job.runtime);
}

#[test]
fn llama_cpp_serving_and_launch_line() {
    let a = ask(Query {
        model: Some("llama-3.1-8b".into()),
        precision: Some(Precision::Q4KM),
        context: Some(16384),
        gpu: Some("rtx-3090".into()),
        gpu_count: Some(2),
        ..Query::default()
    });
    assert_eq!(a.job.runtime, Runtime::LlamaCpp);
    assert!(a.serving.unwrap().max_concurrency >= 1);
    assert_eq!(
        a.launch[0].command,
        "llama-server -hf bartowski/Meta-Llama-3.1-8B-Instruct-GGUF:Q4_K_M -c 16384 -ngl 999 -ts 1,1 -fa on"
    );
}

/// Flags the engines document, as (program, flag), from tests/engine_flags.txt.
fn documented_flags() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engine_flags.txt"),
    )
    .unwrap();
    assert!(text.contains("source: https://docs.vllm.ai/"));
    assert!(text.contains("source: https://github.com/ggml-org/llama.cpp/"));
    assert!(text.contains("source: github:sgl-project/sglang@"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (program, flag) = l.rsplit_once(' ').unwrap();
            (program.to_string(), flag.to_string())
        })
        .collect()
}

#[test]
fn every_launch_flag_is_documented() {
    let flags = documented_flags();
    let mut seen = 0;
    let jobs = [
        (
            "llama-3.1-70b",
            Some(Runtime::Vllm),
            Some(Precision::Fp8),
            "h100-sxm",
            2,
            Some("fp8"),
        ),
        (
            "llama-3.1-8b",
            Some(Runtime::Vllm),
            None,
            "rtx-4090",
            1,
            None,
        ),
        (
            "qwen2.5-32b",
            None,
            Some(Precision::Q4KM),
            "rtx-3090",
            2,
            Some("q8_0"),
        ),
        (
            "llama-3.1-8b",
            Some(Runtime::Vllm),
            Some(Precision::Nf4),
            "rtx-4090",
            1,
            None,
        ),
        // 40 heads on 3 cards: tensor x pipeline (`--pipeline-parallel-size`).
        (
            "qwen2.5-14b",
            Some(Runtime::Vllm),
            None,
            "rtx-4090",
            3,
            None,
        ),
        // Offload levers: `-ngl N` for a dense model, `--n-cpu-moe K` for a MoE one.
        (
            "llama-3.1-70b",
            None,
            Some(Precision::Fp16),
            "rtx-4090",
            1,
            None,
        ),
        (
            "gpt-oss-120b",
            Some(Runtime::LlamaCpp),
            None,
            "rtx-4090",
            1,
            None,
        ),
        // SGLang: its share, its FP8 KV name, tensor x pipeline on 3 cards.
        (
            "llama-3.1-70b",
            Some(Runtime::Sglang),
            Some(Precision::Fp8),
            "h100-sxm",
            2,
            Some("fp8"),
        ),
        (
            "qwen2.5-14b",
            Some(Runtime::Sglang),
            None,
            "rtx-4090",
            3,
            None,
        ),
    ];
    for (model, runtime, precision, gpu, count, kv) in jobs {
        let a = ask(Query {
            model: Some(model.into()),
            runtime,
            precision,
            kv_precision: kv.map(|k| k.parse().unwrap()),
            gpu: Some(gpu.into()),
            gpu_count: Some(count),
            ..Query::default()
        });
        let levers = a
            .levers
            .iter()
            .filter_map(|l| vramguide::plan::launch::command(&a.model, &l.job, a.gpu, l.count));
        for l in a.launch.iter().cloned().chain(levers) {
            let Some(profile_flags) = l.runtime.profile().launch else {
                assert!(
                    l.command
                        .starts_with("python -c \"from transformers import")
                        && l.command.contains("device_map='auto'"),
                    "{}",
                    l.command
                );
                continue;
            };
            let program = profile_flags.program;
            assert!(l.command.starts_with(program));
            for word in l.command[program.len()..].split_whitespace() {
                if word.starts_with('-') {
                    seen += 1;
                    assert!(
                        flags.iter().any(|(p, f)| p == program && f == word),
                        "{program} {word} is not a documented flag: {}",
                        l.command
                    );
                }
            }
        }
    }
    assert!(seen > 10, "the launch lines were checked ({seen} flags)");
}

fn any_job() -> impl Strategy<Value = Query> {
    let models = prop::sample::select(vec![
        "llama-3.1-8b",
        "llama-3.1-70b",
        "qwen2.5-14b",
        "qwen2.5-32b",
        "mixtral-8x7b",
        "llama-3.2-3b",
    ]);
    let gpus = prop::sample::select(vec![
        "rtx-4090",
        "rtx-3090",
        "a100-80gb-sxm",
        "l4",
        "h100-sxm",
    ]);
    let modes = prop::sample::select(vec![
        Mode::Inference,
        Mode::Lora,
        Mode::FullFinetune,
        Mode::Qlora,
    ]);
    let runtimes = prop::sample::select(vec![None, Some(Runtime::Vllm), Some(Runtime::LlamaCpp)]);
    let contexts = prop::sample::select(vec![2048u64, 8192, 32768, 131072]);
    (
        models,
        gpus,
        modes,
        runtimes,
        contexts,
        1u64..=4,
        any::<bool>(),
    )
        .prop_map(|(model, gpu, mode, runtime, context, count, ckpt)| Query {
            model: Some(model.into()),
            gpu: Some(gpu.into()),
            mode: Some(mode),
            runtime: runtime.filter(|_| mode == Mode::Inference),
            context: Some(context),
            gpu_count: Some(count),
            gradient_checkpointing: mode.is_training().then_some(ckpt),
            ..Query::default()
        })
}

/// The job a launch line starts, read back from the flags it prints (context, tensor and
/// pipeline sizes, KV cache type, memory share, load-time quantization or the checkpoint's
/// format), on top of the job it was built from.
fn job_from_launch(base: &Job, base_count: u32, cmd: &str) -> (Job, u32) {
    use vramguide::estimate::KvPrecision;
    let mut job = base.clone();
    // transformers' line names no context or cards: `device_map='auto'` over all of them.
    let words: Vec<&str> = if cmd.starts_with("python ") {
        Vec::new()
    } else {
        cmd.split_whitespace().collect()
    };
    let value = |flag: &str| {
        words
            .iter()
            .position(|w| *w == flag)
            .map(|i| words[i + 1].trim_end_matches(['"', ')']))
    };
    let (mut tp, mut pp) = (1u32, 1u32);
    if let Some(c) = value("--max-model-len").or(value("-c")) {
        job.set_context(c.parse().unwrap());
    }
    if let Some(n) = value("--tensor-parallel-size") {
        tp = n.parse().unwrap();
    }
    if let Some(n) = value("--pipeline-parallel-size") {
        pp = n.parse().unwrap();
    }
    if let Some(k) = value("--kv-cache-dtype").or(value("-ctk")) {
        job.kv_precision = k.parse::<KvPrecision>().unwrap();
    }
    if let Some(u) = value("--gpu-memory-utilization") {
        job.memory_share = Some(u.parse().unwrap());
    }
    match value("--quantization") {
        Some("fp8") => job.precision = Precision::Fp8,
        Some("bitsandbytes") => assert!(
            matches!(job.precision, Precision::Nf4 | Precision::Int4),
            "{cmd}"
        ),
        Some(other) => panic!("{other} in {cmd}"),
        None => {}
    }
    // A listed checkpoint is stored in the format the plan sized.
    let repo = launched_repo(cmd);
    if let Some(c) = vramguide::plan::checkpoints::all()
        .iter()
        .find(|c| c.repo == repo || repo.starts_with(&format!("{}:", c.repo)))
        && c.format != "gguf"
    {
        assert_eq!(c.format, job.precision.name(), "{cmd}");
    }
    let count = if cmd.starts_with("vllm ") {
        tp * pp
    } else {
        // `-ts` lists one share per card; transformers' `device_map='auto'` takes them all.
        value("-ts").map_or(base_count, |t| t.split(',').count() as u32)
    };
    (job, count)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Apply any lever, estimate again: it fits.
    #[test]
    fn every_lever_applied_really_fits(q in any_job()) {
        if let Ok(a) = answer::for_query(Catalog::get(), &q) {
            assert_levers_fit(&a);
            if let Some(s) = a.serving {
                prop_assert!(s.kv_pool_gib >= 0.0);
            }
        }
    }

    /// Every launch line printed, read back into a job from the flags it prints, fits the
    /// cards it starts on (a line is only printed for a setup that fits, or its lever).
    #[test]
    fn every_launch_line_fits_with_the_flags_it_prints(q in any_job()) {
        if let Ok(a) = answer::for_query(Catalog::get(), &q) {
            let gpu = a.gpu.unwrap();
            let (base, base_count) = match (&a.fit, a.levers.first()) {
                (Some(f), Some(l)) if !f.fits => (l.job.clone(), l.count),
                _ => (a.job.clone(), a.gpu_count.unwrap_or(1)),
            };
            for l in &a.launch {
                let (job, count) = job_from_launch(&base, base_count, &l.command);
                let fit = Fit::check(&a.model, &job, gpu, count).expect("estimates");
                prop_assert!(fit.fits, "{} does not fit: {fit:?}", l.command);
            }
        }
    }
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
    let q = Query {
        model: Some("kimi-k2".into()),
        gpu: Some("rtx-3070".into()),
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

/// The repo a launch line loads: `vllm serve REPO`, `llama-server -hf REPO[:TAG]`,
/// `from_pretrained('REPO', …)`.
fn launched_repo(cmd: &str) -> String {
    if let Some(rest) = cmd.strip_prefix("vllm serve ") {
        return rest.split_whitespace().next().unwrap().to_string();
    }
    if let Some(rest) = cmd.strip_prefix("llama-server -hf ") {
        return rest.split_whitespace().next().unwrap().to_string();
    }
    let at = cmd.find("from_pretrained('").expect(cmd) + "from_pretrained('".len();
    cmd[at..].split('\'').next().unwrap().to_string()
}

/// Every launch line loads a checkpoint that exists in the format planned: the model's own
/// repo in its own format (or 16-bit quantized while loading, with the engine's flag), or a
/// repo listed in data/checkpoints.json for that format. The examples among them.
#[test]
fn launch_lines_load_a_checkpoint_in_the_planned_format() {
    use vramguide::plan::checkpoints;
    let flags = documented_flags();
    let questions = [
        "llama 3.1 70b awq on 2x 4090 with vllm",
        "deepseek r1 on 8x h100 with vllm",
        "qwen3 32b q4_k_m on a 3090 with llama.cpp",
        "what's the max context for qwen3 8b on a 4090 with vllm?",
        "llama 3.1 8b q4_k_m on a 3060 with llama.cpp",
        "llama 3.3 70b fp8 on 2x h100 with vllm",
        "can i run qwen3 32b on a 3090?",
        "gpt-oss-120b on a 4090 with llama.cpp",
        "llama 3.1 70b gptq-int4 on 2x 4090 with vllm",
    ];
    let mut lines = 0;
    for q in questions {
        let reply = answer::for_text(Catalog::get(), q);
        let a = reply.result.expect(q);
        if a.launch.is_empty() {
            assert!(
                a.launch_missing.is_some() || a.job.mode.is_training(),
                "{q}"
            );
            continue;
        }
        for l in &a.launch {
            lines += 1;
            let repo = launched_repo(&l.command);
            let p = a
                .levers
                .first()
                .filter(|_| !a.fit.as_ref().unwrap().fits)
                .map_or(a.job.precision, |l| l.job.precision);
            let own = a.model.hub_id.as_deref() == Some(repo.as_str());
            let listed_gguf = checkpoints::gguf(&a.model.id, p).as_deref() == Some(repo.as_str());
            let listed = checkpoints::repo(&a.model.id, p) == Some(repo.as_str());
            assert!(
                own || listed || listed_gguf,
                "{q}: {} loads {repo} for {p}",
                l.command
            );
            if own && p != a.model.native_precision {
                // 16-bit weights quantized while loading: the engine is told how.
                assert!(
                    l.command.contains("--quantization ")
                        || l.command.contains("quantization_config="),
                    "{q}: {}",
                    l.command
                );
            }
            if let Some(f) = l.runtime.profile().launch {
                for word in l.command[f.program.len()..].split_whitespace() {
                    if word.starts_with('-') {
                        assert!(
                            flags
                                .iter()
                                .any(|(prog, fl)| prog == f.program && fl == word),
                            "{q}: {word} undocumented in {}",
                            l.command
                        );
                    }
                }
            }
            if a.max_context_asked
                && let Some(ctx) = a.max_context
            {
                assert!(
                    l.command.contains(&format!(" {ctx}")),
                    "{q}: {} at {ctx}",
                    l.command
                );
            }
        }
    }
    assert!(lines >= 6, "{lines} launch lines checked");
}

/// The 2 x 4090 AWQ example loads the AWQ repo, not the 16-bit one (131 GiB).
#[test]
fn awq_on_vllm_loads_the_awq_repo() {
    let reply = answer::for_text(Catalog::get(), "llama 3.1 70b awq on 2x 4090 with vllm");
    let a = reply.result.unwrap();
    assert_eq!(a.job.precision, Precision::AwqInt4);
    let cmd = &a.launch[0].command;
    assert!(
        cmd.starts_with("vllm serve hugging-quants/Meta-Llama-3.1-70B-Instruct-AWQ-INT4 "),
        "{cmd}"
    );
    assert!(cmd.contains("--tensor-parallel-size 2"), "{cmd}");
    assert!(
        !cmd.contains("--quantization"),
        "the checkpoint says its own method: {cmd}"
    );
}

/// vLLM keeps an MLA latent whole on every tensor-parallel rank (vllm-project/vllm#51454):
/// Kimi K2 at 128k on 8 x H200 does not fit in its FP8 checkpoint, though split eight ways
/// its latent cache (8.6 GiB) would; the serving pool counts each token eight times.
#[test]
fn mla_latent_is_whole_on_every_vllm_tensor_rank() {
    let q = Query {
        model: Some("kimi-k2".into()),
        precision: Some(Precision::Fp8Block),
        runtime: Some(Runtime::Vllm),
        context: Some(131_072),
        gpu: Some("h200-sxm".into()),
        gpu_count: Some(8),
        ..Query::default()
    };
    let a = ask(q.clone());
    let f = a.fit.as_ref().unwrap();
    assert!(!f.fits, "{f:?}");
    assert_eq!(a.estimate.kv_copies, 8);
    let one_copy = a.estimate.kv_cache / 8.0;
    assert!(
        one_copy / GIB_F > 8.0 && one_copy / GIB_F < 9.0,
        "{one_copy}"
    );
    // llama.cpp splits layers, each card holding its own layers' cache: one copy.
    let a = ask(Query {
        runtime: Some(Runtime::LlamaCpp),
        precision: Some(Precision::Q4KM),
        ..q
    });
    assert_eq!(a.estimate.kv_copies, 1);
}

const GIB_F: f64 = 1024.0 * 1024.0 * 1024.0;

/// "What a datacenter would run" is a current part (bf16 tensor cores: no V100, no T4),
/// and the NVLink note only shows where a setup splits tensors over several cards.
#[test]
fn datacenter_picks_are_current_and_nvlink_needs_a_split() {
    use vramguide::recommend::Tag;
    for q in [
        "can i run qwen3 32b in nf4 on a 3090?",
        "what gpu for llama 3.1 8b",
        "what gpu for qwen2.5 14b",
        "lora llama 3.1 8b on a 4090",
    ] {
        let a = answer::for_text(Catalog::get(), q).result.expect(q);
        for s in &a.recommendations.setups {
            if s.tags.contains(&Tag::Datacenter) {
                let g = Catalog::get().gpu(&s.fit.gpu).unwrap();
                assert_eq!(g.bf16, Some(true), "{q}: {}", g.id);
            }
        }
    }
    let a = answer::for_text(Catalog::get(), "llama 3.1 8b on a 4090")
        .result
        .unwrap();
    let split = a
        .recommendations
        .setups
        .iter()
        .any(|s| s.fit.count > 1 && s.layout.is_some_and(|l| l.tensor > 1));
    assert_eq!(
        a.recommendations.nvlink_matters, split,
        "{:?}",
        a.recommendations.setups
    );
    assert!(!split, "an 8B model needs no split");
}

/// A vLLM pool that holds less than one sequence says the setup does not serve it, never
/// "about 0 sequences".
#[test]
fn a_pool_under_one_sequence_does_not_serve() {
    let a = ask(Query {
        model: Some("llama-3.1-70b".into()),
        precision: Some(Precision::Fp8),
        runtime: Some(Runtime::Vllm),
        context: Some(131_072),
        gpu: Some("h100-sxm".into()),
        ..Query::default()
    });
    let f = a.fit.as_ref().unwrap();
    assert!(f.max_concurrency.unwrap() < 1.0, "{f:?}");
    for lang in vramguide::i18n::Lang::ALL {
        let text = vramguide::render::text::answer(lang, Catalog::get(), &a);
        assert!(!text.contains(" 0 "), "{text}");
    }
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, Catalog::get(), &a);
    assert!(text.contains("does not serve"), "{text}");
}

/// FP8 on Ampere (no FP8 tensor cores) is said to be weight-only; on Hopper it is not.
#[test]
fn fp8_on_ampere_is_said_to_be_weight_only() {
    use vramguide::estimate::Note;
    let on = |gpu: &str| {
        ask(Query {
            model: Some("llama-3.1-8b".into()),
            precision: Some(Precision::Fp8),
            runtime: Some(Runtime::Vllm),
            gpu: Some(gpu.into()),
            ..Query::default()
        })
    };
    let ampere = on("a100-80gb-sxm");
    assert!(ampere.estimate.notes.contains(&Note::Fp8WeightOnly));
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, Catalog::get(), &ampere);
    assert!(text.contains("weight-only"), "{text}");
    let hopper = on("h100-sxm");
    assert!(!hopper.estimate.notes.contains(&Note::Fp8WeightOnly));
}

/// Setups stay within one machine when some card holds the job in one: no "48 x 4090 in
/// 12 machines" pick for a model a server of bigger cards holds.
#[test]
fn setups_stay_within_one_machine_when_one_does() {
    for q in [
        "what gpu for llama 3.1 405b",
        "what gpu for llama 3.1 70b",
        "what gpu for deepseek r1",
    ] {
        let a = answer::for_text(Catalog::get(), q).result.expect(q);
        let catalog = Catalog::get();
        let in_box = |s: &vramguide::recommend::Setup| {
            s.fit.count <= vramguide::estimate::box_limit(catalog.gpu(&s.fit.gpu).unwrap())
        };
        if a.recommendations.setups.iter().any(in_box) {
            assert!(
                a.recommendations.setups.iter().all(in_box),
                "{q}: {:?}",
                a.recommendations
                    .setups
                    .iter()
                    .map(|s| (&s.fit.gpu, s.fit.count))
                    .collect::<Vec<_>>()
            );
        }
    }
}

/// SGLang's launch line carries the share it sizes its pool with: chosen from the card and
/// the tensor-parallel size as SGLang does, or the one asked for.
#[test]
fn sglang_launch_line_has_its_static_share() {
    let q = |share: Option<f64>| Query {
        model: Some("llama-3.1-8b".into()),
        runtime: Some(Runtime::Sglang),
        gpu: Some("h100-sxm".into()),
        gpu_count: Some(2),
        memory_share: share,
        ..Query::default()
    };
    let a = ask(q(None));
    let line = &a.launch[0].command;
    let gpu = a.gpu.unwrap();
    let share = a
        .job
        .runtime
        .profile()
        .budget
        .share_on(gpu.gpu_gib(), 2)
        .unwrap();
    assert!((0.8..0.86).contains(&share), "{share}");
    assert_eq!(
        line,
        &format!(
            "python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct \
             --tp 2 --context-length 8192 --mem-fraction-static {share}"
        )
    );
    assert!(a.fit.as_ref().unwrap().kv_capacity_tokens.unwrap() > 500_000);
    let asked = ask(q(Some(0.7)));
    assert!(
        asked.launch[0]
            .command
            .ends_with("--mem-fraction-static 0.7")
    );
    assert!(
        asked.fit.unwrap().kv_capacity_tokens < a.fit.unwrap().kv_capacity_tokens,
        "a smaller share, a smaller pool"
    );
}
