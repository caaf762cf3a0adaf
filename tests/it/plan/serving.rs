//! Serving capacity: the longest context, the requests served at once, and the KV pool
//! (MLA latents whole on each rank, a pool under one sequence).

use super::*;

/// "Max context on my GPU" in four languages: the reply leads with the longest context.
#[test]
fn max_context_questions_lead_with_the_longest_context() {
    let catalog = Catalog::get();
    for (q, lang) in [
        (
            "what's the max context for qwen3 8b on a 4090 with transformers?",
            vramguide::i18n::Lang::En,
        ),
        (
            "qual o contexto máximo do qwen3 8b numa 4090 com transformers?",
            vramguide::i18n::Lang::Pt,
        ),
        (
            "¿cuál es el contexto máximo de qwen3 8b en una 4090 con transformers?",
            vramguide::i18n::Lang::Es,
        ),
        (
            "qwen3 8b 用 transformers 在 4090 上最大上下文多少?",
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
