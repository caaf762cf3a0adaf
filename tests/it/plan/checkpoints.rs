//! Launch lines name only checkpoints that exist: the model's own Hub repo, a repo of
//! data/checkpoints.json, or (online) the Hub's answer; never a made-up name.

use super::*;
use vramguide::plan::checkpoints;

/// The repo part of a launched name (`repo:TAG` for llama-server).
fn repo_of(launched: &str) -> &str {
    launched.split(':').next().unwrap()
}

/// Every launch line of an answer (the job's own and each lever's) names a known repo.
fn assert_known_repos(a: &Answer, what: &str) -> usize {
    let mut lines: Vec<String> = a.launch.iter().map(|l| l.command.clone()).collect();
    for l in &a.levers {
        if let Some(cmd) = vramguide::plan::launch::command(&a.model, &l.job, a.gpu, l.count) {
            lines.push(cmd.command);
        }
    }
    for cmd in &lines {
        let launched = launched_repo(cmd);
        if !launched.contains('/') {
            // An Ollama library tag (`qwen3:14b`): one of its listed tags.
            let library = vramguide::plan::library_tags::all("ollama");
            assert!(
                library.iter().any(|t| t.tag == launched),
                "{what}: {cmd} runs {launched}, not a listed library tag"
            );
            continue;
        }
        let repo = repo_of(&launched);
        let own = a.model.hub_id.as_deref() == Some(repo);
        assert!(
            own || checkpoints::is_known(repo),
            "{what}: {cmd} names {repo}, neither the model's repo nor a listed checkpoint"
        );
    }
    lines.len()
}

/// Over every catalog model and every format people pull (16-bit, FP8, NVFP4, AWQ, GPTQ,
/// GGUF quants), on each engine: no launch line names a repo outside the list.
#[test]
fn no_launch_line_names_a_repo_outside_the_checkpoint_list() {
    let formats = [
        (Precision::Bf16, Runtime::Vllm),
        (Precision::Fp8, Runtime::Vllm),
        (Precision::Nvfp4, Runtime::Vllm),
        (Precision::AwqInt4, Runtime::Vllm),
        (Precision::GptqInt4, Runtime::Sglang),
        (Precision::Fp8, Runtime::Transformers),
        (Precision::GptqInt8, Runtime::Vllm),
        (Precision::Q4KM, Runtime::LlamaCpp),
        (Precision::Q6K, Runtime::LlamaCpp),
        (Precision::Q8_0, Runtime::LlamaCpp),
        (Precision::Iq4Xs, Runtime::LlamaCpp),
        (Precision::Q4KM, Runtime::Ollama),
        (Precision::Mlx4, Runtime::Mlx),
        (Precision::Mlx8, Runtime::Mlx),
        (Precision::Bf16, Runtime::Mlx),
        (Precision::Q4KM, Runtime::LmStudio),
        (Precision::Mlx4, Runtime::LmStudio),
    ];
    // A server node and a desktop card (whose levers pick other quants and offload).
    let setups = [("h100-sxm", 8), ("rtx-4090", 1)];
    let mut lines = 0;
    for model in &Catalog::get().models {
        for (precision, runtime) in formats {
            for (gpu, count) in setups {
                let q = Query {
                    model: Some(model.id.clone()),
                    precision: Some(precision),
                    runtime: Some(runtime),
                    gpu: Some(gpu.into()),
                    gpu_count: Some(count),
                    ..Query::default()
                };
                let Ok(a) = answer::for_query(Catalog::get(), &q) else {
                    continue;
                };
                let what = format!("{} {precision} {runtime:?} on {count} x {gpu}", model.id);
                lines += assert_known_repos(&a, &what);
            }
        }
    }
    assert!(lines > 2000, "{lines} launch lines checked");
}

/// Every GGUF row's quants are what `llama-server -hf repo:TAG` picks: the lookup finds
/// each of them, and every catalog model named by a row exists.
#[test]
fn every_checkpoint_row_is_a_catalog_model_and_its_quants_are_found() {
    for c in checkpoints::all() {
        assert!(Catalog::get().model(&c.model).is_some(), "{c:?}");
        if c.format != "gguf" {
            continue;
        }
        for tag in &c.quants {
            let Ok(p) = tag.to_ascii_lowercase().parse::<Precision>() else {
                continue;
            };
            let found = checkpoints::gguf(&c.model, p).expect("a listed quant is found");
            assert!(checkpoints::is_known(repo_of(&found)), "{found}");
        }
    }
}

/// The README's first example gets a launch line naming a real GGUF repo and the file's
/// quant tag it holds (bartowski's Llama 3.1 70B repo holds Meta-Llama-3.1-70B-Instruct-Q4_K_M.gguf).
#[test]
fn the_readme_example_launches_a_listed_gguf_file() {
    let a = answer::for_text(Catalog::get(), "llama 3.1 70b q4 on 2x 4090")
        .result
        .unwrap();
    let cmd = &a.launch[0].command;
    assert!(
        cmd.starts_with("llama-server -hf bartowski/Meta-Llama-3.1-70B-Instruct-GGUF:Q4_K_M "),
        "{cmd}"
    );
    assert!(cmd.contains("-ts 1,1"), "{cmd}");
    assert_known_repos(&a, "README example");
}

/// A made-up shape has no repo to download: no launch line, a line on what to look for.
#[test]
fn a_made_up_model_names_no_repo() {
    let mut made_up = 0;
    for q in ["generic 70b on an a100", "a 13b model on a 4090"] {
        let Ok(a) = answer::for_text(Catalog::get(), q).result else {
            continue;
        };
        if a.model.hub_id.is_some() {
            continue;
        }
        made_up += 1;
        assert!(
            a.launch.is_empty(),
            "{q}: {:?} names a made-up repo",
            a.launch
        );
        assert!(
            a.launch_missing.is_some() || a.job.mode.is_training(),
            "{q}"
        );
    }
    assert!(made_up >= 1, "no made-up model was asked");
}

/// transformers' FineGrainedFP8Config refuses cards below compute capability 8.9: no
/// `from_pretrained(…FineGrainedFP8Config…)` line on A100s, one on H100s. vLLM runs the
/// same FP8 on Ampere weight-only, and the answer says so.
#[test]
fn fp8_launch_lines_follow_the_cards_compute_capability() {
    let q = |gpu: &str, runtime| Query {
        model: Some("qwen2.5-7b".into()),
        precision: Some(Precision::Fp8),
        runtime: Some(runtime),
        gpu: Some(gpu.into()),
        ..Query::default()
    };
    let a100 = ask(q("a100-80gb-sxm", Runtime::Transformers));
    assert!(
        a100.launch
            .iter()
            .all(|l| !l.command.contains("FineGrainedFP8Config")),
        "{:?}",
        a100.launch
    );
    let h100 = ask(q("h100-sxm", Runtime::Transformers));
    assert!(
        h100.launch
            .iter()
            .any(|l| l.command.contains("FineGrainedFP8Config()")),
        "{:?}",
        h100.launch
    );
    let vllm = ask(q("a100-80gb-sxm", Runtime::Vllm));
    assert!(!vllm.launch.is_empty());
    let notes = format!("{:?}", vllm.estimate.notes);
    assert!(notes.contains("Fp8WeightOnly"), "{notes}");
}

/// A model whose config needs custom code (Kimi K2.5's `auto_map`) launches with
/// `trust_remote_code` on transformers, vLLM and SGLang; one without does not.
#[test]
fn custom_code_models_launch_with_trust_remote_code() {
    for runtime in [Runtime::Transformers, Runtime::Vllm, Runtime::Sglang] {
        let q = |model: &str| Query {
            model: Some(model.into()),
            runtime: Some(runtime),
            gpu: Some("b200".into()),
            gpu_count: Some(8),
            ..Query::default()
        };
        let kimi = ask(q("kimi-k2.5"));
        assert!(!kimi.launch.is_empty(), "{runtime:?}");
        for l in &kimi.launch {
            assert!(
                l.command.contains("trust_remote_code=True")
                    || l.command.contains(" --trust-remote-code"),
                "{}",
                l.command
            );
        }
        let llama = ask(q("llama-3.1-70b"));
        assert!(
            llama.launch.iter().all(|l| !l.command.contains("trust")),
            "{:?}",
            llama.launch
        );
    }
}

/// A listed GGUF file's bytes are the weights the estimate sizes, not a nominal bits per
/// weight: files mix types (Q4_K_M keeps attn_v and ffn_down in Q6_K; small models keep
/// their large embedding tables wider), so the nominal figure was off by 0.6 to 7 percent on
/// these files. Sizes from gpt4all's models3.json, LM Studio's catalog and the Hub's file
/// list (data/checkpoints.json gives each source).
#[test]
fn gguf_weights_are_the_listed_file_bytes() {
    use vramguide::estimate::weight_bytes;
    let files = [
        ("llama-3.2-1b", Precision::Q4_0, 773_025_920_u64),
        ("llama-3.2-3b", Precision::Q4_0, 1_921_909_280),
        ("gemma-2-9b", Precision::Q4KM, 5_761_057_728),
        ("llama-3.1-8b", Precision::Q4KM, 4_920_739_168),
        ("llama-3.1-70b", Precision::Q4KM, 42_520_398_400),
    ];
    for (id, p, bytes) in files {
        let m = Catalog::get().model(id).unwrap();
        let file = bytes as f64;
        assert_eq!(weight_bytes(m, p), file, "{id} {p}");
        let nominal = m.params_total as f64 * p.bits_per_weight() / 8.0;
        let off = (nominal - file) / file;
        assert!(
            (0.005..0.08).contains(&off.abs()),
            "{id} {p}: nominal {nominal:.0} vs file {bytes}"
        );
    }
    // A quant nobody measured keeps the nominal width.
    let m = Catalog::get().model("llama-3.2-1b").unwrap();
    assert_eq!(
        weight_bytes(m, Precision::Iq2M),
        m.params_total as f64 * Precision::Iq2M.bits_per_weight() / 8.0
    );
}

/// The answer says where the weights' size came from: the file and its repo.
#[test]
fn the_answer_names_the_file_its_weights_were_sized_from() {
    let a = answer::for_text(Catalog::get(), "llama 3.2 1b q4_0 on a 3060 with llama.cpp")
        .result
        .unwrap();
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, Catalog::get(), &a);
    assert!(
        text.contains(
            "0.72 GiB, the size of the Q4_0 file in bartowski/Llama-3.2-1B-Instruct-GGUF"
        ),
        "{text}"
    );
}

/// The issue's consumer questions launch a listed GGUF file of the quant the plan picked
/// (they used to say "No q6_k checkpoint of this model is on our list").
#[test]
fn the_issues_consumer_questions_launch_a_listed_gguf_file() {
    for q in [
        "can I run qwen3.5 27b on a 4090",
        "can I run qwen3.5 27b on a 4090 with llama.cpp",
        "qwen3 14b on a 3060",
        "qwen3 14b on a 3060 with llama.cpp",
        "gemma 3 27b on my 3090 with llama.cpp",
    ] {
        let a = answer::for_text(Catalog::get(), q).result.unwrap();
        assert!(a.launch_missing.is_none(), "{q}: {:?}", a.launch_missing);
        assert!(!a.launch.is_empty(), "{q}");
        assert_known_repos(&a, q);
        for l in a
            .launch
            .iter()
            .filter(|l| l.command.starts_with("llama-server -hf "))
        {
            let launched = launched_repo(&l.command);
            let (repo, tag) = launched.split_once(':').expect("repo:TAG");
            let row = checkpoints::all()
                .iter()
                .find(|c| c.repo == repo && c.format == "gguf")
                .expect("a listed GGUF repo");
            assert!(
                row.quants.iter().any(|t| t == tag),
                "{q}: {repo} holds no {tag}"
            );
        }
    }
}

/// Every quant a GGUF row lists is one its source names (a file, a `repo:TAG`, a registry's
/// quant list), except where the source is the repo's file tree read by hand
/// (`…/tree/main (files NAME-<QUANT>.gguf)`); an MLX row's bit width is in its repo name.
#[test]
fn every_listed_quant_is_named_by_the_rows_source() {
    let named = |source: &str, tag: &str| {
        let s = source.to_ascii_uppercase();
        let t = tag.to_ascii_uppercase();
        s.match_indices(&t).any(|(at, _)| {
            let edge = |c: Option<char>| c.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
            edge(s[..at].chars().next_back()) && edge(s[at + t.len()..].chars().next())
        })
    };
    let mut checked = 0;
    for c in checkpoints::all() {
        match c.format.as_str() {
            "gguf" if c.source.contains("/tree/main (files ") => {}
            "gguf" => {
                for q in &c.quants {
                    assert!(named(&c.source, q), "{}: {q} not in {}", c.repo, c.source);
                    checked += 1;
                }
            }
            "mlx" => {
                let bits = c.quants[0].trim_end_matches("bit");
                let name = c.repo.to_ascii_lowercase();
                assert!(
                    name.contains(&format!("{bits}bit")) || name.contains(&format!("{bits}-bit")),
                    "{c:?}"
                );
            }
            _ => {}
        }
    }
    assert!(checked > 1000, "{checked} quants checked");
}
