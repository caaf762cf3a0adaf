//! Every catalog model names the Hugging Face repo people serve (`hub_id`): the vLLM
//! launch line loads it, and typing it resolves to the entry without a Hub look-up.
//! Sizes that do not divide the attention heads launch as pipeline stages.

use vramguide::answer::{self, Answer};
use vramguide::catalog::{Catalog, MatchKind};
use vramguide::estimate::layout;
use vramguide::query::{self, Query, hub_id};
use vramguide::runtime::Runtime;

fn ask(q: Query) -> Answer {
    answer::for_query(Catalog::get(), &q).expect("answer")
}

#[test]
fn every_model_has_a_unique_well_formed_hub_id() {
    let catalog = Catalog::get();
    let mut seen = std::collections::HashMap::new();
    for m in &catalog.models {
        let repo = m
            .hub_id
            .as_deref()
            .unwrap_or_else(|| panic!("{}: no hub_id", m.id));
        assert!(
            hub_id::is_repo_id(repo),
            "{}: {repo} breaks the Hub's rules",
            m.id
        );
        // The Hub treats ids that differ only in case as one repo.
        if let Some(other) = seen.insert(repo.to_ascii_lowercase(), &m.id) {
            panic!("{repo} is the hub_id of both {other} and {}", m.id);
        }
    }
    assert_eq!(seen.len(), catalog.models.len());
    // Hand-checked against the publishers' repos.
    for (id, repo) in [
        ("llama-3.1-8b", "meta-llama/Llama-3.1-8B-Instruct"),
        ("qwen2.5-7b", "Qwen/Qwen2.5-7B-Instruct"),
        ("deepseek-r1", "deepseek-ai/DeepSeek-R1"),
        ("gpt-oss-120b", "openai/gpt-oss-120b"),
        ("mistral-7b-v0.3", "mistralai/Mistral-7B-Instruct-v0.3"),
        ("falcon-180b", "tiiuae/falcon-180B-chat"),
        ("kimi-k2", "moonshotai/Kimi-K2-Instruct"),
    ] {
        assert_eq!(catalog.model(id).unwrap().hub_id.as_deref(), Some(repo));
    }
}

#[test]
fn the_vllm_line_serves_the_hub_repo() {
    let a = ask(Query {
        model: Some("llama-3.1-8b".into()),
        runtime: Some(Runtime::Vllm),
        gpu: Some("rtx-4090".into()),
        ..Query::default()
    });
    let cmd = &a.launch[0].command;
    assert!(
        cmd.starts_with("vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 1 "),
        "{cmd}"
    );
    // llama.cpp downloads a GGUF from a listed repo, by its tag (`-hf repo:TAG`).
    let a = ask(Query {
        model: Some("llama-3.1-8b".into()),
        runtime: Some(Runtime::LlamaCpp),
        gpu: Some("rtx-4090".into()),
        ..Query::default()
    });
    assert!(
        a.launch[0]
            .command
            .starts_with("llama-server -hf bartowski/Meta-Llama-3.1-8B-Instruct-GGUF:"),
        "{}",
        a.launch[0].command
    );
}

/// A spec with no Hub repo (a made-up shape) has nothing to download: no launch line names
/// its catalog id as if it were a repo (issue 35: `from_pretrained('generic-70b')`).
#[test]
fn a_spec_without_a_repo_gets_no_launch_line() {
    let catalog = Catalog::get();
    let mut spec = catalog.model("qwen2.5-7b").unwrap().clone();
    spec.hub_id = None;
    let job = ask(Query {
        model: Some("qwen2.5-7b".into()),
        runtime: Some(Runtime::Vllm),
        ..Query::default()
    })
    .job;
    assert_eq!(vramguide::plan::launch::command(&spec, &job, None, 2), None);
    assert!(vramguide::plan::launch::missing(&spec, &job).is_some());
}

#[test]
fn typing_a_hub_id_resolves_to_its_entry_offline() {
    let catalog = Catalog::get();
    for m in &catalog.models {
        let repo = m.hub_id.as_deref().unwrap();
        for typed in [repo.to_string(), repo.to_ascii_lowercase()] {
            let found = catalog.find_model(&typed).expect("found");
            assert_eq!(found.model.id, m.id, "{typed}");
            assert_eq!(found.kind, MatchKind::Exact, "{typed}");
            assert!(!hub_id::needs_hub(catalog, &typed), "{typed}");
        }
    }
    // Every hub_id inside a question: the entry itself, and the rest of the question read.
    let mut wrong = Vec::new();
    for m in &catalog.models {
        let repo = m.hub_id.as_deref().unwrap();
        let parsed = query::parse(catalog, &format!("how much vram for {repo} on 2x h100?"));
        let got = (parsed.hub_id.as_deref(), parsed.query.model.as_deref());
        if got != (None, Some(m.id.as_str())) || parsed.query.gpu_count != Some(2) {
            wrong.push(format!("{repo}: {got:?} x{:?}", parsed.query.gpu_count));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // In a question: no look-up, the catalog entry, the asked setup.
    let parsed = query::parse(catalog, "meta-llama/Llama-3.1-8B-Instruct fp8 on 2x h100");
    assert_eq!(parsed.hub_id, None);
    let a = answer::for_query(catalog, &parsed.query).unwrap();
    assert_eq!(a.model.id, "llama-3.1-8b");
    assert_eq!(a.gpu.unwrap().id, "h100-sxm");
    assert_eq!(a.gpu_count, Some(2));
    // As an option (`--model Qwen/Qwen2.5-7B-Instruct`).
    let a = ask(Query {
        model: Some("Qwen/Qwen2.5-7B-Instruct".into()),
        ..Query::default()
    });
    assert_eq!(a.model.id, "qwen2.5-7b");
    // A fine-tune or quantized upload of a known model still goes to the Hub.
    assert!(hub_id::needs_hub(catalog, "Qwen/Qwen2.5-7B-Instruct-AWQ"));
    assert!(hub_id::needs_hub(
        catalog,
        "someorg/Llama-3.1-8B-Instruct-abliterated"
    ));
}

/// Qwen2.5 14B has 40 attention heads (8 KV heads): 3 cards cannot shard them, so vLLM
/// runs one card per pipeline stage, and the command says so.
#[test]
fn three_cards_that_cannot_shard_the_heads_launch_as_pipeline_stages() {
    let a = ask(Query {
        model: Some("qwen2.5-14b".into()),
        runtime: Some(Runtime::Vllm),
        gpu: Some("rtx-4090".into()),
        gpu_count: Some(3),
        context: Some(8192),
        ..Query::default()
    });
    assert_eq!(a.model.num_attention_heads, 40);
    let l = layout(&a.model, &a.job, a.gpu.unwrap(), 3).unwrap();
    assert_eq!((l.tensor, l.pipeline), (1, 3));
    let cmd = &a.launch[0].command;
    assert!(
        cmd.starts_with(
            "vllm serve Qwen/Qwen2.5-14B-Instruct --tensor-parallel-size 1 --pipeline-parallel-size 3 "
        ),
        "{cmd}"
    );
    // Sizes that divide the heads stay one tensor-parallel group, with no pipeline flag.
    let a = ask(Query {
        model: Some("qwen2.5-14b".into()),
        runtime: Some(Runtime::Vllm),
        gpu: Some("rtx-4090".into()),
        gpu_count: Some(4),
        context: Some(8192),
        ..Query::default()
    });
    let cmd = &a.launch[0].command;
    assert!(cmd.contains("--tensor-parallel-size 4 "), "{cmd}");
    assert!(!cmd.contains("--pipeline-parallel-size"), "{cmd}");
}

/// Past one machine (8 H100 a node), vLLM runs a tensor-parallel group per machine and
/// the machines as pipeline stages: 8 x 2 for 16 cards.
#[test]
fn two_machines_launch_as_two_pipeline_stages() {
    let a = ask(Query {
        model: Some("llama-3.1-405b".into()),
        runtime: Some(Runtime::Vllm),
        gpu: Some("h100-sxm".into()),
        gpu_count: Some(16),
        ..Query::default()
    });
    let cmd = &a.launch[0].command;
    assert!(
        cmd.contains("--tensor-parallel-size 8 --pipeline-parallel-size 2 "),
        "{cmd}"
    );
}
