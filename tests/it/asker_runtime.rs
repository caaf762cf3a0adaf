//! The runtime chosen for an asker who names none (issue 35, item 1): the one people run on
//! the hardware the question names, said among the assumptions with its reason, in every
//! language, with the launch line of that runtime.

use vramguide::answer::{self, Answer, Assumption};
use vramguide::catalog::Catalog;
use vramguide::estimate::Format;
use vramguide::i18n::Lang;
use vramguide::runtime::Runtime;
use vramguide::runtime::choice::RuntimeReason;

pub(crate) fn ask(text: &str) -> (Lang, Answer) {
    let reply = answer::for_text(Catalog::get(), text);
    let lang = reply.parsed.language.unwrap_or(Lang::En);
    (lang, reply.result.expect("answers"))
}

/// The runtime the answer assumed, and why (None: the question named one).
pub(crate) fn assumed(a: &Answer) -> Option<(Runtime, RuntimeReason)> {
    a.assumed.iter().find_map(|x| match x {
        Assumption::Runtime { runtime, reason } => Some((*runtime, *reason)),
        _ => None,
    })
}

/// One question in four languages: the runtime, its reason, the launch line's start and the
/// reason's words in the rendered answer.
fn check(questions: [&str; 4], runtime: Runtime, reason: RuntimeReason, command: &str) {
    let words = [
        (Lang::En, reason_words_en(reason)),
        (Lang::Pt, reason_words_pt(reason)),
        (Lang::Es, reason_words_es(reason)),
        (Lang::Zh, reason_words_zh(reason)),
    ];
    for (q, (want_lang, words)) in questions.into_iter().zip(words) {
        let (lang, a) = ask(q);
        assert_eq!(lang, want_lang, "{q}");
        assert_eq!(a.job.runtime, runtime, "{q}");
        assert_eq!(assumed(&a), Some((runtime, reason)), "{q}");
        let launch = a.launch.first().map(|l| l.command.as_str()).unwrap_or("");
        let missing = a.launch_missing.is_some();
        assert!(launch.starts_with(command) || missing, "{q}: {launch}");
        let text = vramguide::render::text::answer(lang, Catalog::get(), &a);
        assert!(text.contains(words), "{q}: {words}\n{text}");
    }
}

fn reason_words_en(r: RuntimeReason) -> &'static str {
    match r {
        RuntimeReason::Consumer => "what GeForce owners run",
        RuntimeReason::Serving => "serving several users",
        RuntimeReason::Datacenter => "served on datacenter cards",
        RuntimeReason::Mla => "multi-head latent attention",
        _ => "",
    }
}

fn reason_words_pt(r: RuntimeReason) -> &'static str {
    match r {
        RuntimeReason::Consumer => "quem tem GeForce usa",
        RuntimeReason::Serving => "servir vários usuários",
        RuntimeReason::Datacenter => "placas de datacenter",
        RuntimeReason::Mla => "multi-head latent attention",
        _ => "",
    }
}

fn reason_words_es(r: RuntimeReason) -> &'static str {
    match r {
        RuntimeReason::Consumer => "quienes tienen una GeForce",
        RuntimeReason::Serving => "servir a varios usuarios",
        RuntimeReason::Datacenter => "tarjetas de datacenter",
        RuntimeReason::Mla => "multi-head latent attention",
        _ => "",
    }
}

fn reason_words_zh(r: RuntimeReason) -> &'static str {
    match r {
        RuntimeReason::Consumer => "GeForce 用户常用",
        RuntimeReason::Serving => "多用户推理服务",
        RuntimeReason::Datacenter => "数据中心显卡",
        RuntimeReason::Mla => "MLA",
        _ => "",
    }
}

/// "can I run qwen3 32b on a 4090?": llama.cpp with a GGUF quant that fits, a llama-server
/// line, not transformers with bitsandbytes.
#[test]
fn a_geforce_owner_gets_llama_cpp_and_a_gguf_quant() {
    check(
        [
            "can I run qwen3 32b on a 4090?",
            "dá pra rodar o qwen3 32b numa 4090?",
            "¿puedo correr qwen3 32b en una 4090?",
            "4090 能跑 qwen3 32b 吗？",
        ],
        Runtime::LlamaCpp,
        RuntimeReason::Consumer,
        "llama-server",
    );
    let (_, a) = ask("gemma 3 27b on my 3090");
    assert_eq!(a.job.runtime, Runtime::LlamaCpp);
    assert_eq!(a.job.precision.format(), Format::Gguf);
}

/// "serve llama 3.3 70b for our team on 2 h100": vLLM, for serving.
#[test]
fn serving_words_pick_vllm() {
    check(
        [
            "serve llama 3.3 70b for our team on 2 h100",
            "quero servir o llama 3.3 70b para 20 usuários em 2 h100",
            "quiero servir llama 3.3 70b a 20 usuarios en 2 h100",
            "在 2 张 h100 上为 20 个用户部署 llama 3.3 70b",
        ],
        Runtime::Vllm,
        RuntimeReason::Serving,
        "vllm serve",
    );
}

/// "qwen3 32b on an a100 80gb": a datacenter card is served with vLLM.
#[test]
fn a_datacenter_card_gets_vllm() {
    check(
        [
            "qwen3 32b on an a100 80gb",
            "qwen3 32b numa a100 80gb cabe?",
            "¿qwen3 32b cabe en una a100 80gb?",
            "qwen3 32b 在 a100 80gb 上能跑吗？",
        ],
        Runtime::Vllm,
        RuntimeReason::Datacenter,
        "vllm serve",
    );
}

/// "deepseek r1 on 8x h200": SGLang, which its docs recommend for MLA models.
#[test]
fn deepseek_on_h200s_gets_sglang() {
    let (_, a) = ask("deepseek r1 on 8x h200");
    assert_eq!(assumed(&a), Some((Runtime::Sglang, RuntimeReason::Mla)));
    assert!(a.launch[0].command.contains("sglang.launch_server"));
}

/// Every runtime stays one word away, and a named one is not assumed.
#[test]
fn a_named_runtime_wins_over_the_hardware() {
    let (_, a) = ask("qwen3 32b on a 4090 with vllm");
    assert_eq!(a.job.runtime, Runtime::Vllm);
    assert_eq!(assumed(&a), None);
    // Ollama is its own runtime since issue 35 item 3 (llama.cpp underneath).
    let (_, a) = ask("llama 3.1 8b with ollama on a 3060");
    assert_eq!(a.job.runtime, Runtime::Ollama);
    assert_eq!(assumed(&a), None);
    let (_, a) = ask("qwen3 32b on an a100 80gb with transformers");
    assert_eq!(a.job.runtime, Runtime::Transformers);
    // No card named: a model one consumer card holds at 4 bits runs on llama.cpp from a
    // Q4_K_M GGUF (issue 35; it was transformers before, which nobody serves with).
    let (_, a) = ask("llama 3.1 8b");
    assert_eq!(
        assumed(&a),
        Some((Runtime::LlamaCpp, RuntimeReason::OneCard))
    );
    // A Radeon is llama.cpp's too.
    let (_, a) = ask("llama 3.1 8b on a 7900 xtx");
    assert_eq!(
        assumed(&a),
        Some((Runtime::LlamaCpp, RuntimeReason::Radeon))
    );
}
