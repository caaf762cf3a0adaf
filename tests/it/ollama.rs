//! Ollama as a runtime of its own (issue 35, item 3): named in any language it is chosen,
//! a model in its library is pulled by its tag at its defaults (`ollama run llama3.1:8b`,
//! Q4_K_M at 4,096 tokens), a longer context or a quantized KV cache start the server with
//! the variables it reads, and a quant the library lacks is pulled from a GGUF repo on the
//! Hub (`ollama run hf.co/<repo>:<quant>`) or not named at all.

use vramguide::answer::{self, Answer};
use vramguide::catalog::Catalog;
use vramguide::estimate::{KvPrecision, Precision};
use vramguide::query::Query;
use vramguide::runtime::Runtime;

fn ask(text: &str) -> Answer {
    answer::for_text(Catalog::get(), text)
        .result
        .expect("answers")
}

fn launch(a: &Answer) -> &str {
    a.launch.first().map(|l| l.command.as_str()).unwrap_or("")
}

#[test]
fn llama_8b_with_ollama_on_a_3060_in_four_languages() {
    for q in [
        "llama 3.1 8b with ollama on a 3060",
        "dá pra rodar llama 3.1 8b com ollama numa 3060?",
        "¿puedo correr llama 3.1 8b con ollama en una 3060?",
        "用 ollama 在 3060 上跑 llama 3.1 8b",
    ] {
        let a = ask(q);
        assert_eq!(a.job.runtime, Runtime::Ollama, "{q}");
        assert_eq!(a.job.precision, Precision::Q4KM, "{q}");
        assert_eq!(a.job.context(), 4096, "{q}");
        // The server is started with what the estimate counts (tests/it/ollama_flash.rs).
        assert_eq!(
            launch(&a),
            "OLLAMA_CONTEXT_LENGTH=4096 OLLAMA_FLASH_ATTENTION=1 ollama serve & ollama run llama3.1:8b",
            "{q}"
        );
    }
}

#[test]
fn a_longer_context_and_a_q8_kv_cache_start_the_server_with_them() {
    let a = answer::for_query(
        Catalog::get(),
        &Query {
            model: Some("llama-3.1-8b".into()),
            runtime: Some(Runtime::Ollama),
            gpu: Some("rtx-4090".into()),
            context: Some(32768),
            kv_precision: Some(KvPrecision::Q8_0),
            ..Query::default()
        },
    )
    .expect("answers");
    assert_eq!(
        launch(&a),
        "OLLAMA_CONTEXT_LENGTH=32768 OLLAMA_FLASH_ATTENTION=1 OLLAMA_KV_CACHE_TYPE=q8_0 \
         ollama serve & ollama run llama3.1:8b"
    );
}

#[test]
fn a_quant_missing_from_the_library_comes_from_a_hub_gguf() {
    let a = ask("llama 3.1 8b q6_k with ollama on a 4090");
    assert!(
        launch(&a).ends_with(" & ollama run hf.co/bartowski/Meta-Llama-3.1-8B-Instruct-GGUF:Q6_K"),
        "{}",
        launch(&a)
    );
    // No library tag and no GGUF repo: no line, and no made-up name.
    let a = ask("mistral small 3 q6_k with ollama on a 4090");
    assert_eq!(launch(&a), "");
    assert!(a.launch_missing.is_some());
}

/// llama.cpp stays llama.cpp; LM Studio is a runtime of its own since issue 35 item 3
/// (its llama.cpp engine's memory, its own `lms` launch line): tests/it/mac.rs.
#[test]
fn llama_cpp_stays_llama_cpp_and_lm_studio_is_its_own() {
    assert_eq!(
        ask("llama 3.1 8b with llama.cpp on a 3060").job.runtime,
        Runtime::LlamaCpp
    );
    assert_eq!(
        ask("llama 3.1 8b with lm studio on a 3060").job.runtime,
        Runtime::LmStudio
    );
}
