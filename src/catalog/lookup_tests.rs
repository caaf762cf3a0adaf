//! Tests of name resolution: models and GPUs as people type them.

use crate::catalog::Catalog;

/// Hub ids, GGUF and quantized repo names, and the names people type for this year's
/// models all land on the catalog entry.
#[test]
fn hub_ids_gguf_repos_and_new_names_resolve() {
    let cases = [
        ("meta-llama/Llama-3.1-8B-Instruct", "llama-3.1-8b"),
        ("meta-llama/Meta-Llama-3.1-70B-Instruct", "llama-3.1-70b"),
        ("Qwen/Qwen3-32B", "qwen3-32b"),
        ("Qwen/Qwen3-30B-A3B", "qwen3-30b-a3b"),
        (
            "Qwen/Qwen3-30B-A3B-Instruct-2507",
            "qwen3-30b-a3b-instruct-2507",
        ),
        ("granite 4 small", "granite-4.0-h-small"),
        ("unsloth/Qwen3-32B-GGUF", "qwen3-32b"),
        ("bartowski/Llama-3.3-70B-Instruct-GGUF", "llama-3.3-70b"),
        ("unsloth/gpt-oss-20b-GGUF", "gpt-oss-20b"),
        ("lmstudio-community/gemma-3-27b-it-GGUF", "gemma-3-27b"),
        ("Qwen/Qwen2.5-72B-Instruct-AWQ", "qwen2.5-72b"),
        ("deepseek-ai/DeepSeek-V3.1", "deepseek-v3.1"),
        ("deepseek-ai/DeepSeek-R1-0528", "deepseek-r1-0528"),
        ("moonshotai/Kimi-K2-Instruct", "kimi-k2"),
        ("zai-org/GLM-4.5-Air", "glm-4.5-air"),
        ("meta-llama/Llama-4-Scout-17B-16E-Instruct", "llama-4-scout"),
        ("Qwen/Qwen3-Next-80B-A3B-Instruct", "qwen3-next-80b-a3b"),
        ("ibm-granite/granite-4.0-h-small", "granite-4.0-h-small"),
        ("tiiuae/Falcon-H1-7B-Instruct", "falcon-h1-7b"),
        (
            "mistralai/Mistral-Small-3.2-24B-Instruct-2506",
            "mistral-small-3.2",
        ),
        ("MiniMaxAI/MiniMax-M2", "minimax-m2"),
        (
            "unsloth/Qwen3-Coder-30B-A3B-Instruct-GGUF",
            "qwen3-coder-30b-a3b",
        ),
        ("kimi k2", "kimi-k2"),
        ("llama 4 scout", "llama-4-scout"),
        ("glm 4.6", "glm-4.6"),
        ("qwen3 next", "qwen3-next-80b-a3b"),
        ("granite 4 h small", "granite-4.0-h-small"),
        ("command a", "command-a"),
        ("phi 4 mini", "phi-4-mini"),
        ("olmo 2 32b", "olmo-2-32b"),
        ("jamba 1.5 mini", "jamba-1.5-mini"),
        ("minimax m2", "minimax-m2"),
        ("ernie 4.5 21b", "ernie-4.5-21b-a3b"),
        ("magistral small", "magistral-small"),
        ("devstral", "devstral-small"),
        ("nemotron 3 nano", "nemotron-3-nano-30b-a3b"),
        ("nemotron 3 nano 30b a3b", "nemotron-3-nano-30b-a3b"),
        ("nemotron nano 9b", "nemotron-nano-9b-v2"),
        ("exaone 4.0 32b", "exaone-4.0-32b"),
        ("LGAI-EXAONE/EXAONE-4.0-32B", "exaone-4.0-32b"),
    ];
    let catalog = Catalog::get();
    let mut wrong = Vec::new();
    for (input, id) in cases {
        let got = catalog.find_model(input).map(|m| m.model.id.clone());
        if got.as_deref() != Some(id) {
            wrong.push(format!("{input} -> {got:?}, want {id}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The cards people buy or rent now resolve, and their neighbours stay apart.
#[test]
fn new_gpus_resolve_and_stay_apart() {
    let cases = [
        ("rtx 5080", "rtx-5080"),
        ("5070 ti", "rtx-5070-ti"),
        ("5070", "rtx-5070"),
        ("5060 ti", "rtx-5060-ti-16gb"),
        ("rtx pro 6000", "rtx-pro-6000-blackwell"),
        ("rtx 6000 ada", "rtx-6000-ada"),
        ("l40", "l40"),
        ("l40s", "l40s"),
        ("l20", "l20"),
        ("h20", "h20"),
        ("h200", "h200-sxm"),
        ("t4", "t4"),
        ("b300", "b300"),
        ("b200", "b200"),
        ("gb200", "gb200"),
        ("gb300", "gb300"),
        ("mi325x", "mi325x"),
        ("mi355x", "mi355x"),
        ("mi300x", "mi300x"),
        ("dgx spark", "dgx-spark"),
        ("strix halo", "ryzen-ai-max-395"),
        ("ryzen ai max+ 395", "ryzen-ai-max-395"),
        ("m3 ultra", "apple-m3-ultra"),
        ("m4 pro", "apple-m4-pro"),
        ("m4 max", "apple-m4-max"),
    ];
    let catalog = Catalog::get();
    let mut wrong = Vec::new();
    for (input, id) in cases {
        let got = catalog.find_gpu(input).map(|g| g.gpu.id.clone());
        if got.as_deref() != Some(id) {
            wrong.push(format!("{input} -> {got:?}, want {id}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Unified devices give the GPU their own share: Strix Halo 96 of 128 GB.
    let strix = catalog.gpu("ryzen-ai-max-395").expect("strix halo");
    assert_eq!(strix.memory_gib() * strix.unified_gpu_share(), 96.0);
    let mac = catalog.gpu("apple-m3-ultra").expect("m3 ultra");
    assert_eq!(mac.unified_gpu_share(), 0.75);
}

/// Laptop GPUs and the modded larger-memory cards are told from the desktop card whose
/// name they contain; the plain name stays the desktop card.
#[test]
fn laptop_and_modded_gpus_are_told_apart() {
    let catalog = Catalog::get();
    for (input, want) in [
        ("rtx 4090 laptop", "rtx-4090-laptop"),
        ("4090 laptop gpu", "rtx-4090-laptop"),
        ("rtx 4080 laptop", "rtx-4080-laptop"),
        ("rtx 4070 laptop", "rtx-4070-laptop"),
        ("4060 laptop", "rtx-4060-laptop"),
        ("rtx 4090 48gb", "rtx-4090-48gb"),
        ("2080 ti 22gb", "rtx-2080-ti-22gb"),
        ("rtx 4090", "rtx-4090"),
        ("4090", "rtx-4090"),
    ] {
        let got = catalog.find_gpu(input).map(|g| g.gpu.id.clone());
        assert_eq!(got.as_deref(), Some(want), "{input}");
    }
    // A bare number is not the laptop part of that number.
    assert!(catalog.find_gpu("4080").is_none());
}

/// Every alias of every entry resolves to that entry, or, when it gives no version ("olmo
/// 7b" on OLMo 2 7B), to the newest model of that name and size, which the answer names
/// ([`MatchKind::Newest`]): an alias written when its model was the newest never holds a
/// newer release back; one with a version or date of its own ("mistral small 2501") is
/// that entry's name.
#[test]
fn an_alias_without_a_version_picks_the_newest_and_says_so() {
    use crate::catalog::MatchKind;
    let c = Catalog::get();
    let mut wrong = Vec::new();
    for m in &c.models {
        for alias in &m.aliases {
            let Ok(found) = c.resolve_model(alias) else {
                wrong.push(format!("{alias} ({}): not found", m.id));
                continue;
            };
            // A bare family word ("jamba", "ernie") names no size to hold to, only a release.
            let sized = crate::catalog::tokens::tokenize(alias)
                .iter()
                .any(|t| crate::catalog::tokens::size_b(t).is_some());
            if std::ptr::eq(found.model, m) {
                continue;
            }
            let newer = found.model.release > m.release;
            let same_size = !sized || (found.model.params_b() / m.params_b() - 1.0).abs() < 0.25;
            if !(matches!(found.kind, MatchKind::Newest { .. }) && newer && same_size) {
                wrong.push(format!(
                    "{alias} ({}, {:?}) -> {} ({:?}, {:?})",
                    m.id, m.release, found.model.id, found.model.release, found.kind
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    for (typed, id) in [
        ("olmo 7b", "olmo-3-7b"),
        ("olmo 32b", "olmo-3.1-32b"),
        ("olmo 2 7b", "olmo-2-7b"),
        ("olmo 13b", "olmo-2-13b"),
        // No newer model of the name: the entry that lists the alias, not the one with the
        // fewest id words (ERNIE 4.5 0.3B).
        ("ernie", "ernie-4.5-300b-a47b"),
    ] {
        let found = c.resolve_model(typed).expect(typed);
        assert_eq!(found.model.id, id, "{typed}");
    }
    let found = c.resolve_model("olmo 7b").expect("olmo 7b");
    assert_eq!(found.kind, MatchKind::Newest { candidates: 2 });
}
