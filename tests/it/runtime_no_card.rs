//! The runtime and format for a question that names no card (issue 35, items 1 and 2): a
//! model one consumer card holds at 4 bits is run with llama.cpp from a Q4_K_M GGUF; a
//! datacenter-sized one is served with vLLM (SGLang for DeepSeek's MLA) in the checkpoint's
//! own format; a card to buy is bought for a 4-bit GGUF, led by one card that holds it.
//! Never Hugging Face transformers, which nobody serves with; every runtime one word away.

use vramguide::answer::{self, Answer, Outcome};
use vramguide::catalog::Catalog;
use vramguide::estimate::{Mode, Precision};
use vramguide::i18n::Lang;
use vramguide::runtime::Runtime;
use vramguide::runtime::choice::RuntimeReason;

use crate::asker_runtime::{ask, assumed};

fn launch(a: &Answer) -> &str {
    a.launch.first().map_or("", |l| l.command.as_str())
}

/// The words each language's answer says the reason with, in the order of [`LANGS`].
const LANGS: [Lang; 4] = [Lang::En, Lang::Pt, Lang::Es, Lang::Zh];

fn reason_words(reason: RuntimeReason) -> [&'static str; 4] {
    match reason {
        RuntimeReason::OneCard => [
            "fits one GeForce card",
            "cabe numa GeForce",
            "cabe en una GeForce",
            "一张 GeForce 就放得下",
        ],
        RuntimeReason::Large => [
            "needs more than one GeForce card",
            "precisa de mais de uma GeForce",
            "necesita más de una GeForce",
            "需要不止一张 GeForce",
        ],
        RuntimeReason::Buying => [
            "what people buy a card for",
            "o que se compra uma placa para rodar",
            "para lo que la gente compra una tarjeta",
            "大家买显卡就是为了跑这个",
        ],
        RuntimeReason::Mla => [
            "multi-head latent attention",
            "multi-head latent attention",
            "multi-head latent attention",
            "MLA",
        ],
        other => panic!("no words listed for {other:?}"),
    }
}

/// One question in four languages: its runtime, reason, format, the launch line's start,
/// and the reason's words in the full answer; returns the answers.
fn check(
    questions: [&str; 4],
    runtime: Runtime,
    reason: RuntimeReason,
    precision: Precision,
    command: &str,
) -> Vec<Answer> {
    let words = reason_words(reason);
    let mut out = Vec::new();
    for ((q, want_lang), words) in questions.into_iter().zip(LANGS).zip(words) {
        let (lang, a) = ask(q);
        assert_eq!(lang, want_lang, "{q}");
        assert_eq!(a.job.runtime, runtime, "{q}");
        assert_eq!(assumed(&a), Some((runtime, reason)), "{q}");
        assert_eq!(a.job.precision, precision, "{q}");
        assert!(launch(&a).starts_with(command), "{q}: {}", launch(&a));
        assert!(!launch(&a).contains("from_pretrained"), "{q}");
        let text = vramguide::render::text::answer(lang, Catalog::get(), &a);
        assert!(text.contains(words), "{q}: {words}\n{text}");
        out.push(a);
    }
    out
}

/// "quanta VRAM preciso para o DeepSeek R1?": SGLang (its docs recommend it for MLA
/// models) at the checkpoint's FP8, launched over the first setup's cards, one machine.
#[test]
fn deepseek_r1_with_no_card_is_served_by_sglang_in_fp8() {
    let answers = check(
        [
            "how much vram do I need for DeepSeek R1?",
            "quanta VRAM preciso para o DeepSeek R1?",
            "¿cuánta VRAM necesito para DeepSeek R1?",
            "DeepSeek R1 需要多少显存？",
        ],
        Runtime::Sglang,
        RuntimeReason::Mla,
        Precision::Fp8Block,
        "python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-R1",
    );
    for a in answers {
        let first = &a.recommendations.setups[0];
        assert!(first.fit.fits && first.fit.count <= 8, "{first:?}");
        let tp = format!("--tp {}", first.fit.count);
        assert!(launch(&a).contains(&tp), "{}", launch(&a));
    }
}

/// "how much vram for llama 3.3 70b?": a 4-bit GGUF needs two GeForce cards, so vLLM in
/// the checkpoint's BF16, with the first setup's tensor-parallel size.
#[test]
fn llama_70b_with_no_card_is_served_by_vllm_in_bf16() {
    let answers = check(
        [
            "how much vram for llama 3.3 70b?",
            "quanta vram preciso pro llama 3.3 70b?",
            "¿cuánta vram necesito para llama 3.3 70b?",
            "llama 3.3 70b 需要多少显存？",
        ],
        Runtime::Vllm,
        RuntimeReason::Large,
        Precision::Bf16,
        "vllm serve meta-llama/Llama-3.3-70B-Instruct",
    );
    for a in answers {
        let first = &a.recommendations.setups[0];
        assert!(first.fit.fits, "{first:?}");
        let tp = format!("--tensor-parallel-size {}", first.fit.count);
        assert!(launch(&a).contains(&tp), "{}", launch(&a));
    }
}

/// "how much vram for qwen3 32b?": one consumer card holds its Q4_K_M file, so llama.cpp
/// with that file, and the list starts with one card that holds it.
#[test]
fn a_model_one_card_holds_at_4_bits_gets_llama_cpp_and_q4_k_m() {
    let answers = check(
        [
            "how much vram for qwen3 32b?",
            "quanta vram preciso pro qwen3 32b?",
            "¿cuánta vram necesito para qwen3 32b?",
            "qwen3 32b 需要多少显存？",
        ],
        Runtime::LlamaCpp,
        RuntimeReason::OneCard,
        Precision::Q4KM,
        "llama-server -hf bartowski/Qwen_Qwen3-32B-GGUF:Q4_K_M",
    );
    for a in answers {
        assert_eq!(a.recommendations.setups[0].fit.count, 1);
    }
    // gpt-oss ships in MXFP4, fewer bits than Q4_K_M: its own file.
    let (_, a) = ask("how much vram for gpt-oss 20b?");
    assert_eq!(
        assumed(&a),
        Some((Runtime::LlamaCpp, RuntimeReason::OneCard))
    );
    assert_eq!(a.job.precision, Precision::Mxfp4);
}

/// The card a used-market buyer starts from: 24 GB or more, a consumer card, one of them.
fn one_consumer_card(a: &Answer) -> &str {
    let first = &a.recommendations.setups[0];
    assert_eq!(first.fit.count, 1, "{first:?}");
    let gpu = Catalog::get().gpu(&first.fit.gpu).expect("a catalog card");
    assert_eq!(
        gpu.market,
        vramguide::catalog::Market::Consumer,
        "{}",
        gpu.id
    );
    assert!(gpu.memory_gb >= 24.0, "{}", gpu.id);
    &first.fit.gpu
}

/// "¿qué GPU compro para Qwen 32B?": bought for a 4-bit GGUF with llama.cpp, from one card
/// that holds Q4_K_M (an RTX 3090 class card), with that checkpoint's launch line; the
/// same card as the budget's answer "…under $2000" leads with.
#[test]
fn buying_a_card_sizes_a_4_bit_gguf_on_one_consumer_card() {
    let answers = check(
        [
            "what gpu should i buy for qwen 32b",
            "qual placa comprar pra rodar qwen 32b",
            "¿qué GPU compro para Qwen 32B?",
            "买什么显卡跑Qwen 32B",
        ],
        Runtime::LlamaCpp,
        RuntimeReason::Buying,
        Precision::Q4KM,
        "llama-server -hf bartowski/Qwen_Qwen3-32B-GGUF:Q4_K_M",
    );
    let firsts: Vec<&str> = answers.iter().map(one_consumer_card).collect();
    assert!(firsts.iter().all(|g| *g == firsts[0]), "{firsts:?}");
    // The budget's answer agrees: the same format, runtime and first card.
    let catalog = Catalog::get();
    let parsed = vramguide::query::parse(catalog, "what gpu should i buy for qwen 32b under $2000");
    let Some(Ok(Outcome::Buy(p))) = answer::for_intent(catalog, &parsed) else {
        panic!("a budget's answer");
    };
    assert_eq!(p.precision, Precision::Q4KM);
    let best = &p.shopping.within[0];
    assert_eq!(best.runtime, Runtime::LlamaCpp);
    assert_eq!(best.gpu.id, firsts[0]);
    // Two cards for a 70B, still a 4-bit GGUF: what a home machine holds.
    let (_, a) = ask("what gpu should i buy for llama 3.3 70b");
    assert_eq!(
        assumed(&a),
        Some((Runtime::LlamaCpp, RuntimeReason::Buying))
    );
    assert_eq!(a.job.precision, Precision::Q4KM);
    assert!(a.recommendations.setups[0].fit.count <= 4);
    // Beyond any home machine, buying is a datacenter's: the serving engine again.
    let (_, a) = ask("what gpu should i buy for deepseek r1");
    assert_eq!(assumed(&a), Some((Runtime::Sglang, RuntimeReason::Mla)));
}

/// Every runtime is one word away, a named format keeps its runtime, training keeps its
/// frameworks.
#[test]
fn named_runtimes_formats_and_training_win() {
    for (q, runtime) in [
        ("how much vram for deepseek r1 with vllm", Runtime::Vllm),
        (
            "quanta vram pro qwen3 32b com transformers",
            Runtime::Transformers,
        ),
        (
            "how much vram for llama 3.3 70b with llama.cpp",
            Runtime::LlamaCpp,
        ),
        ("qwen3 32b con vllm", Runtime::Vllm),
        ("qwen3 32b 用 ollama", Runtime::Ollama),
    ] {
        let (_, a) = ask(q);
        assert_eq!(a.job.runtime, runtime, "{q}");
        assert_eq!(assumed(&a), None, "{q}");
    }
    // The assumed runtime's line names the other one to type.
    let (lang, a) = ask("how much vram for qwen3 32b?");
    let text = vramguide::render::text::answer(lang, Catalog::get(), &a);
    assert!(text.contains("“with vLLM”"), "{text}");
    // bitsandbytes is transformers' own.
    let (_, a) = ask("qwen3 32b nf4");
    assert_eq!(a.job.runtime, Runtime::Transformers);
    // A fine-tune is sized with its framework, not a serving engine.
    let (_, a) = ask("lora fine-tune of llama 3.1 8b");
    assert_eq!(a.job.mode, Mode::Lora);
    assert_eq!(a.job.runtime, Runtime::TRAINING);
    assert_eq!(assumed(&a), None);
}
