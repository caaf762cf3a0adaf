//! Launch lines: offload's layers and experts, the best lever's line, the checkpoint in the
//! planned format, and SGLang's static share.

use super::*;

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

#[test]
fn a_setup_that_does_not_fit_launches_its_best_lever() {
    let a = ask(Query {
        model: Some("qwq-32b".into()),
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
    // The lever's quant, from a listed GGUF repo (bartowski's QwQ 32B holds it).
    let tag = vramguide::plan::checkpoints::gguf_tag(p);
    let cmd = &a.launch[0].command;
    assert!(
        cmd.starts_with(&format!(
            "llama-server -hf bartowski/Qwen_QwQ-32B-GGUF:{tag} "
        )),
        "{cmd}"
    );
    // No GGUF repo of OLMo 2 32B is listed: no invented file name, a line on what to find.
    let b = ask(Query {
        model: Some("olmo-2-32b".into()),
        precision: Some(Precision::Q8_0),
        context: Some(8192),
        gpu: Some("rtx-4090".into()),
        ..Query::default()
    });
    assert!(!b.fit.as_ref().unwrap().fits);
    let best = &b.levers[0];
    let Change::Precision(p) = best.change else {
        panic!("{:?}", best.change)
    };
    assert!(b.launch.is_empty(), "{:?}", b.launch);
    let missing = b.launch_missing.expect("says which checkpoint is missing");
    assert_eq!(missing.precision, p);
    assert_eq!(missing.runtime, best.job.runtime);
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
