//! An estimate on the asker's own cards (issue 33 item 2, issue 35 items 1, 2 and 6), with
//! the questions of issue 35's "Why" in the four languages: the verdict says yes, maybe or
//! no with the format, the runtime, the memory and the speed on those cards; a setup that
//! holds the job lists no other setups in a chat reply; one that does not starts the plan
//! from what the asker has (a 4-bit quant with layers in RAM before iq2, more cards like
//! theirs, renting, buying) and offers no unrelated picks.

use vramguide::answer::{self, Answer, Outcome};
use vramguide::catalog::Catalog;
use vramguide::estimate::{HostOffload, Precision};
use vramguide::i18n::{Lang, t};
use vramguide::plan::{Change, LeverKind};
use vramguide::render::outcome::{Length, text_with};
use vramguide::render::verdict;
use vramguide::runtime::Runtime;

fn ask(text: &str) -> (Lang, Answer) {
    let reply = answer::for_text(Catalog::get(), text);
    let lang = reply.parsed.language.unwrap_or(Lang::En);
    (lang, reply.result.expect("answers"))
}

/// The chat reply and its verdict.
fn chat(lang: Lang, a: &Answer) -> (String, String) {
    let outcome = Outcome::Estimate(Box::new(a.clone()));
    let text = text_with(lang, Catalog::get(), &outcome, Length::Chat);
    (text, verdict::of(lang, Catalog::get(), &outcome))
}

/// "Yes"/"Maybe"/"No" as each language opens the verdict.
fn opens(lang: Lang, word: &str) -> &'static str {
    match (lang, word) {
        (Lang::En, "yes") => "Yes: ",
        (Lang::Pt, "yes") => "Sim: ",
        (Lang::Es, "yes") => "Sí: ",
        (Lang::Zh, "yes") => "可以：",
        (Lang::En, "no") => "No: ",
        (Lang::Pt, "no") => "Não: ",
        (Lang::Es, "no") => "No: ",
        (Lang::Zh, "no") => "不行：",
        _ => unreachable!("{lang:?} {word}"),
    }
}

/// The decode speed as the verdict writes it (one decimal under 10).
fn speed(lang: Lang, a: &Answer) -> String {
    let tps = a
        .fit
        .as_ref()
        .and_then(|f| f.tokens_per_s)
        .expect("a speed");
    vramguide::i18n::format_number(lang, tps, if tps < 10.0 { 1 } else { 0 })
}

/// A yes on the asker's cards: one sentence with the format, the card, the runtime, the
/// memory and the speed; no list of other setups in the chat reply.
fn check_yes(questions: [&str; 4], runtime: Runtime, card: &str) -> Vec<Answer> {
    let mut out = Vec::new();
    for (q, want) in questions.into_iter().zip(Lang::ALL) {
        let (lang, a) = ask(q);
        assert_eq!(lang, want, "{q}");
        assert_eq!(a.job.runtime, runtime, "{q}");
        let fit = a.fit.as_ref().expect("a card named");
        assert!(fit.fits && !a.tight(), "{q}: {fit:?}");
        let (text, said) = chat(lang, &a);
        assert!(said.starts_with(opens(lang, "yes")), "{q}: {said}");
        let precision = a.job.precision.name().to_uppercase();
        let usable = vramguide::i18n::format_gib(lang, fit.usable_gib);
        for part in [
            precision.as_str(),
            card,
            runtime_name(runtime),
            &usable,
            &speed(lang, &a),
        ] {
            assert!(said.contains(part), "{q}: {part:?} missing in {said}");
        }
        assert!(!said.contains('\n') && !said.contains("**"), "{said}");
        assert_eq!(text.lines().next(), Some(said.as_str()), "{q}: {text}");
        // The asker's setup holds it: no other setups, no unrelated picks.
        let setups_title = t(lang, "answer-setups-title");
        for absent in [setups_title.as_str(), "DGX Spark", "MI355X", "Instinct"] {
            assert!(!text.contains(absent), "{q}: {absent} in\n{text}");
        }
        assert!(text.lines().count() <= 12, "{q}: {text}");
        out.push(a);
    }
    out
}

fn runtime_name(r: Runtime) -> &'static str {
    match r {
        Runtime::LlamaCpp => "llama.cpp",
        Runtime::Vllm => "vLLM",
        Runtime::Sglang => "SGLang",
        _ => unreachable!("{r:?}"),
    }
}

/// "can I run qwen3.5 27b on a 4090?": a GGUF quant with llama.cpp, sized on the 4090.
#[test]
fn a_4090_owner_hears_yes_at_the_quant_that_fits_with_its_speed() {
    let answers = check_yes(
        [
            "can I run qwen3.5 27b on a 4090?",
            "dá pra rodar o qwen3.5 27b numa 4090?",
            "¿puedo correr qwen3.5 27b en una 4090?",
            "4090 能跑 qwen3.5 27b 吗？",
        ],
        Runtime::LlamaCpp,
        "RTX 4090",
    );
    for a in &answers {
        let best = a.best_fit.as_ref().expect("the native format does not fit");
        assert_eq!(best.precision.format(), vramguide::estimate::Format::Gguf);
    }
    // The line on the model's own format follows the verdict, once.
    let (lang, a) = ask("can I run qwen3.5 27b on a 4090?");
    let (text, _) = chat(lang, &a);
    let native = vramguide::render::parts::native_format_line(lang, &a).unwrap();
    assert!(native.contains("BF16"), "{native}");
    assert_eq!(text.matches(&native).count(), 1, "{text}");
}

/// "llama 3.1 70b q4 on 2x 4090" (the README's question): yes, per GPU, and the launch
/// line rather than a DGX Spark or a modded card.
#[test]
fn two_4090s_hear_yes_per_gpu_and_get_the_launch_line() {
    let answers = check_yes(
        [
            "llama 3.1 70b q4 on 2x 4090",
            "dá pra rodar o llama 3.1 70b q4 em 2x 4090?",
            "¿llama 3.1 70b q4 en 2x 4090?",
            "llama 3.1 70b q4 能在 2 张 4090 上跑吗？",
        ],
        Runtime::LlamaCpp,
        "2 × RTX 4090",
    );
    for a in answers {
        assert_eq!(a.job.precision, Precision::Q4KM);
        assert!(a.launch[0].command.starts_with("llama-server"));
    }
}

/// "qwen3 32b on an a100 80gb": vLLM on a datacenter card, in its own format.
#[test]
fn an_a100_hears_yes_with_vllm() {
    check_yes(
        [
            "qwen3 32b on an a100 80gb",
            "qwen3 32b numa a100 80gb cabe?",
            "¿qwen3 32b cabe en una a100 80gb?",
            "qwen3 32b 在 a100 80gb 上能跑吗？",
        ],
        Runtime::Vllm,
        "A100 80GB",
    );
}

/// "deepseek r1 on 8x h200": SGLang (its docs recommend it for MLA models), in every
/// language.
#[test]
fn eight_h200s_hear_yes_with_sglang() {
    check_yes(
        [
            "deepseek r1 on 8x h200",
            "deepseek r1 em 8x h200",
            "deepseek r1 en 8x h200",
            "deepseek r1 在 8 张 h200 上",
        ],
        Runtime::Sglang,
        "8 × H200",
    );
}

/// "gemma 3 27b on my 3090": the format that fits with room (not a Q6_K inside the error
/// band), so the answer is a yes.
#[test]
fn a_3090_gets_the_quant_that_fits_with_room() {
    let (_, a) = ask("gemma 3 27b on my 3090");
    assert!(a.best_fit.is_some());
    assert!(!a.tight(), "{:?}", a.fit);
    assert!(
        a.job.precision.nominal_bits() >= 4.0,
        "{:?}",
        a.job.precision
    );
}

/// "72B in fp16 on a 3090": no, then the plan from the 3090: Q4_K_M with layers on the GPU
/// before iq2, more 3090s, renting, buying; nothing picked for another reason.
#[test]
fn a_miss_starts_the_plan_from_the_askers_card() {
    for (q, want) in [
        "qwen2.5 72b fp16 on a 3090",
        "dá pra rodar o qwen2.5 72b fp16 numa 3090?",
        "¿puedo correr qwen2.5 72b fp16 en una 3090?",
        "3090 能跑 qwen2.5 72b fp16 吗？",
    ]
    .into_iter()
    .zip(Lang::ALL)
    {
        let (lang, a) = ask(q);
        assert_eq!(lang, want);
        let (text, said) = chat(lang, &a);
        assert!(said.starts_with(opens(lang, "no")), "{q}: {said}");
        assert!(said.contains("RTX 3090") && said.contains("FP16"), "{said}");

        // The first lever: Q4_K_M with part of the layers on the card, at its speed; a
        // 2-bit format comes after it.
        let first = &a.levers[0];
        assert_eq!(
            first.change,
            Change::Precision(Precision::Q4KM),
            "{first:?}"
        );
        assert!(
            first.also.iter().any(|c| matches!(
                c,
                Change::Offload {
                    offload: HostOffload::GpuLayers(_),
                    ..
                }
            )),
            "{first:?}"
        );
        assert!(first.fit.tokens_per_s.is_some_and(|s| s >= 1.5));
        let iq2 = a
            .levers
            .iter()
            .position(|l| l.job.precision == Precision::Iq2M);
        assert!(iq2.is_none_or(|i| i > 0));

        // Then more cards like theirs (two 3090s at Q4_K_M), renting, buying.
        let more = a.more_cards.as_ref().expect("more 3090s");
        assert_eq!((more.count, more.job.precision), (2, Precision::Q4KM));
        assert!(more.fit.fits && more.kind == LeverKind::Precision);
        let title = t(lang, "next-steps-title");
        let at = text.find(&title).unwrap_or_else(|| panic!("{q}: {text}"));
        let steps: Vec<&str> = text[at..].lines().skip(1).take(3).collect();
        assert!(
            steps[0].contains("2 × RTX 3090") && steps[0].contains("Q4_K_M"),
            "{steps:?}"
        );
        assert_eq!(steps.len(), 3, "{text}");
        for absent in [
            "MI355X",
            "DGX Spark",
            t(lang, "answer-setups-title").as_str(),
        ] {
            assert!(!text.contains(absent), "{q}: {absent} in\n{text}");
        }
        assert!(text.lines().count() <= 12, "{q}: {text}");
    }
}

/// A bit width named without a method is the runtime's own format of that width: "at 4
/// bit" on 4090s is a Q4_K_M with llama.cpp, "int4" on H100s an AWQ checkpoint with vLLM,
/// "8 bit" FP8 on an A100 (vLLM's weight-only FP8) but not on a V100; a method named
/// (nf4) keeps its own format.
#[test]
fn a_bit_width_is_the_runtimes_own_format() {
    for (q, runtime, precision) in [
        (
            "can I run llama 3.1 70b on two 4090s at 4 bit?",
            Runtime::LlamaCpp,
            Precision::Q4KM,
        ),
        (
            "dá pra rodar llama 3.1 70b em duas 4090 a 4 bits?",
            Runtime::LlamaCpp,
            Precision::Q4KM,
        ),
        (
            "llama 3.1 70b int4 on 2 h100",
            Runtime::Vllm,
            Precision::AwqInt4,
        ),
        (
            "qwen3 32b 8 bit on an a100 80gb",
            Runtime::Vllm,
            Precision::Fp8,
        ),
        (
            "qwen3 32b 8 bit on a v100",
            Runtime::Vllm,
            Precision::GptqInt8,
        ),
        (
            "llama 3.1 8b 8bit on a 3060",
            Runtime::LlamaCpp,
            Precision::Q8_0,
        ),
        (
            "qwen3 32b nf4 on a 4090",
            Runtime::Transformers,
            Precision::Nf4,
        ),
    ] {
        let (_, a) = ask(q);
        assert_eq!(
            (a.job.runtime, a.job.precision),
            (runtime, precision),
            "{q}"
        );
    }
}

/// Picks made for another reason stay sized to the job: no setup under 2 tokens/s while
/// faster ones hold it (a DGX Spark reading a 70B through transformers' 4-bit kernels), and
/// "the fastest within one machine" is a card at most four times the memory one GPU needs
/// (not an MI355X for a 14B model), when such a card holds it.
#[test]
fn no_pick_is_unrelated_to_the_job() {
    let catalog = Catalog::get();
    for q in [
        "qwen3 14b",
        "qwen3.5 27b",
        "llama 3.1 70b int4 with transformers",
        "llama 3.1 70b q4",
        "qwen3 32b",
    ] {
        let (_, a) = ask(q);
        let setups = &a.recommendations.setups;
        assert!(!setups.is_empty(), "{q}");
        for s in setups {
            let tps = s.fit.tokens_per_s.unwrap_or(0.0);
            assert!(tps >= 2.0, "{q}: {} at {tps} tokens/s", s.fit.gpu);
            if s.why == vramguide::recommend::Why::Fastest {
                let gpu = catalog.gpu(&s.fit.gpu).unwrap();
                let need_gb = s.fit.per_gpu_gib * 1.073_741_824;
                assert!(
                    gpu.memory_gb <= 4.0 * need_gb,
                    "{q}: {} ({} GB) for {need_gb:.1} GB",
                    gpu.id,
                    gpu.memory_gb
                );
            }
        }
    }
}

/// Cards of different kinds that hold the job split by layers: a yes across both, and no
/// step beyond them; a "max context" question is answered by the longest context, said
/// once.
#[test]
fn a_mixed_pair_and_a_max_context_question_answer_what_was_asked() {
    let parsed =
        vramguide::query::parse(Catalog::get(), "llama 3.1 70b q4_k_m on a 4090 and a 3090");
    let lang = parsed.language.unwrap_or(Lang::En);
    let Some(Ok(Outcome::Estimate(a))) = answer::for_intent(Catalog::get(), &parsed) else {
        panic!("an estimate over two cards");
    };
    assert!(a.mixed.is_some());
    let (text, said) = chat(lang, &a);
    assert!(said.starts_with("Yes: "), "{said}");
    assert!(said.contains("RTX 4090 + RTX 3090"), "{said}");
    assert!(!text.contains(&t(lang, "next-steps-title")), "{text}");
    for q in [
        "max context for llama 3.1 8b on a 4090?",
        "contexto máximo do llama 3.1 8b numa 4090?",
    ] {
        let (lang, a) = ask(q);
        assert!(a.max_context_asked && a.max_context.is_some(), "{q}");
        let (text, said) = chat(lang, &a);
        let line = vramguide::render::plan::max_context_line(lang, &a).unwrap();
        assert_eq!(said, verdict::plain_text(&line), "{q}");
        assert_eq!(text.matches(said.as_str()).count(), 1, "{q}: {text}");
    }
}

/// With no format named, renting and buying are sized in the format that keeps quality
/// (Q4_K_M), not in the 16 bits that did not fit the asker's card.
#[test]
fn renting_and_buying_run_the_format_that_keeps_quality() {
    for q in [
        "can I run llama 3.3 70b on a 3090",
        "dá pra rodar o llama 3.3 70b numa 3090?",
        "¿puedo correr llama 3.3 70b en una 3090?",
        "3090 能跑 llama 3.3 70b 吗？",
    ] {
        let (lang, a) = ask(q);
        let beyond = a.beyond.as_ref().expect("setups for the quality format");
        let more = a.more_cards.as_ref().expect("more 3090s");
        assert_eq!(more.job.precision, Precision::Q4KM, "{q}");
        assert!(beyond.setups.iter().all(|s| s.fit.fits), "{q}");
        let lines = vramguide::render::next_steps::lines(lang, Catalog::get(), &a);
        assert_eq!(lines.len(), 3, "{q}: {lines:?}");
        assert!(lines.iter().all(|l| l.contains("Q4_K_M")), "{q}: {lines:?}");
    }
}

/// A job whose memory fits but that vLLM cannot start at the asked share (gpt-oss-120b on
/// 2 × H100 at 0.95, known_setups): the verdict says why and the share to start at, never
/// "needs 37.5 GiB, more than the 75.2 GiB" (it said that after the start-up check landed).
#[test]
fn a_start_up_shortfall_says_the_share_to_start_at_not_a_bigger_need() {
    let questions = [
        (
            "gpt-oss-120b with vllm on 2x h100 --gpu-memory-utilization 0.95",
            "0.90",
        ),
        (
            "gpt-oss-120b com vllm em 2x h100, gpu-memory-utilization 0.95",
            "0,90",
        ),
    ];
    for (q, lower) in questions {
        let (lang, a) = ask(q);
        let fit = a.fit.as_ref().expect("a fit on the cards named");
        if fit.fits {
            // The question's share was not read from the words: nothing to check here.
            continue;
        }
        assert!(fit.per_gpu_gib <= fit.usable_gib, "{q}: memory fits");
        let (_, v) = chat(lang, &a);
        assert!(v.starts_with(opens(lang, "no")), "{q}: {v}");
        assert!(v.contains(lower), "{q}: {v}");
    }
    let catalog = Catalog::get();
    let fields = vramguide::query::Fields {
        model: Some("gpt-oss-120b".into()),
        gpu: Some("h100-sxm".into()),
        gpus: Some("2".into()),
        runtime: Some("vllm".into()),
        gpu_memory_utilization: Some("0.95".into()),
        ..Default::default()
    };
    for lang in Lang::ALL {
        let q = fields.query().expect("a query");
        let a = answer::for_query(catalog, &q).expect("answers");
        let fit = a.fit.as_ref().expect("a fit");
        assert!(!fit.fits && fit.per_gpu_gib <= fit.usable_gib, "{fit:?}");
        let v = verdict::of_estimate(lang, catalog, &a);
        assert!(v.starts_with(opens(lang, "no")), "{v}");
        assert!(v.contains("--gpu-memory-utilization"), "{v}");
        let lower = vramguide::i18n::format_number(lang, 0.9, 2);
        assert!(v.contains(&lower), "{lang:?}: {v}");
    }
}

/// A bare size ("70b") is sized from a catalog architecture but names no repo: the answer
/// asks for the model's name, in every language, and never tells the asker to search the
/// Hub for an internal id ("generic-70b GGUF").
#[test]
fn a_bare_size_asks_for_the_model_name_instead_of_a_made_up_search() {
    for q in [
        "70b q4 on 2x 3090",
        "70b em q4 em 2x 3090",
        "70b en q4 en 2x 3090",
        "两张3090能跑70B吗",
    ] {
        let (lang, a) = ask(q);
        assert!(a.model.synthetic, "{q}");
        let (text, _) = chat(lang, &a);
        assert!(!text.contains("generic"), "{q}: {text}");
        assert!(text.contains("llama 3.1 70b"), "{q}: {text}");
    }
}
