//! Launch flags: every flag a launch line prints is one its engine documents
//! (tests/engine_flags.txt), and the line starts the job that was estimated.

use super::*;

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
        // MLX from an mlx-community repo, LM Studio from a GGUF repo (`lms get` + `lms load`).
        (
            "qwen3-30b-a3b",
            Some(Runtime::Mlx),
            Some(Precision::Mlx4),
            "apple-m3-max",
            1,
            None,
        ),
        (
            "llama-3.1-8b",
            Some(Runtime::LmStudio),
            Some(Precision::Q4KM),
            "rtx-3060-12gb",
            1,
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
        // Ollama: a library tag at its defaults, then a longer context and a q8_0 KV cache
        // through the server's environment, and a Hub GGUF for a quant the library lacks.
        (
            "llama-3.1-8b",
            Some(Runtime::Ollama),
            None,
            "rtx-3060-12gb",
            1,
            None,
        ),
        (
            "llama-3.1-8b",
            Some(Runtime::Ollama),
            Some(Precision::Q6K),
            "rtx-4090",
            1,
            Some("q8_0"),
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
            if let Some(env) = profile_flags.server_env {
                seen += check_env_line(&flags, env.serve, program, &l.command);
                continue;
            }
            // A line of several commands (LM Studio's `lms get … && lms load …`): each
            // command's flags are checked against that command.
            let first = profile_flags.fetch.map_or(program, |f| f.get);
            assert!(l.command.starts_with(first), "{}", l.command);
            for part in l.command.split(" && ") {
                let words: Vec<&str> = part.split_whitespace().collect();
                let program = if part.starts_with(program) {
                    program
                } else {
                    first
                };
                let skip = program.split_whitespace().count();
                for word in &words[skip.min(words.len())..] {
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
    let runtimes = prop::sample::select(vec![
        None,
        Some(Runtime::Vllm),
        Some(Runtime::LlamaCpp),
        Some(Runtime::Ollama),
    ]);
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
    // Ollama's server environment: its context (4,096 unless set) and KV cache type.
    if let Some(env) = job.runtime.profile().launch.and_then(|l| l.server_env) {
        let var = |name: &str| {
            words
                .iter()
                .find_map(|w| w.strip_prefix(name)?.strip_prefix('='))
        };
        job.set_context(
            var("OLLAMA_CONTEXT_LENGTH").map_or(env.default_context, |c| c.parse().unwrap()),
        );
        if let Some(k) = var("OLLAMA_KV_CACHE_TYPE") {
            job.kv_precision = k.parse::<KvPrecision>().unwrap();
        }
        // Written on or off as the estimate counts it (tests/it/ollama_flash.rs).
        job.flash_attention = var("OLLAMA_FLASH_ATTENTION").expect(cmd) == "1";
    }
    if let Some(u) = value("--gpu-memory-utilization") {
        job.memory_share = Some(u.parse().unwrap());
    }
    // The asker's flash attention and modality limit stay on the line (issue 37).
    if let Some(fa) = value("-fa") {
        job.flash_attention = fa == "on";
    }
    if let Some(l) = value("--limit-mm-per-prompt") {
        job.mm_limit = vramguide::estimate::encoder::parse_limit(l);
        assert!(job.mm_limit.is_some(), "{cmd}");
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
        match c.format.as_str() {
            // mlx-community repos: `quants` holds the width the job's MLX format names.
            "mlx" => assert!(
                job.precision.name().ends_with(c.quants[0].as_str()),
                "{cmd}"
            ),
            format => assert_eq!(format, job.precision.name(), "{cmd}"),
        }
    }
    let count = if cmd.starts_with("vllm ") {
        tp * pp
    } else {
        // `-ts` lists one share per card; transformers' `device_map='auto'` takes them all.
        value("-ts").map_or(base_count, |t| t.split(',').count() as u32)
    };
    (job, count)
}

/// A line of a runtime set through its server's environment (Ollama):
/// `[NAME=value … SERVE & ]PROGRAM MODEL`, every variable documented for `serve` and the
/// program given exactly its one positional model. Returns the variables checked.
fn check_env_line(flags: &[(String, String)], serve: &str, program: &str, cmd: &str) -> usize {
    let (server, run) = match cmd.split_once(" & ") {
        Some((server, run)) => (Some(server), run),
        None => (None, cmd),
    };
    let mut seen = 0;
    if let Some(server) = server {
        let vars = server.strip_suffix(serve).expect(cmd);
        for word in vars.split_whitespace() {
            let (name, value) = word.split_once('=').expect(cmd);
            assert!(!value.is_empty(), "{cmd}");
            assert!(
                flags.iter().any(|(p, f)| p == serve && f == name),
                "{serve} {name} is not a documented variable: {cmd}"
            );
            seen += 1;
        }
    }
    let model = run.strip_prefix(program).expect(cmd).trim();
    assert!(!model.is_empty() && !model.contains(' '), "{cmd}");
    seen
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
