//! Property tests: random numbers into the estimator and random text into the parser
//! never panic, and what comes out is finite and fully localized.

use proptest::prelude::*;
use vramguide::answer;
use vramguide::catalog::Catalog;
use vramguide::estimate::{Mode, Precision, Runtime, precision};
use vramguide::i18n::Lang;
use vramguide::query::{self, Query};
use vramguide::render;

fn any_precision() -> impl Strategy<Value = Precision> {
    prop::sample::select(precision::ALL.iter().map(|(p, _)| *p).collect::<Vec<_>>())
}

fn any_mode() -> impl Strategy<Value = Mode> {
    prop::sample::select(vec![
        Mode::Inference,
        Mode::FullFinetune,
        Mode::Lora,
        Mode::Qlora,
    ])
}

fn any_runtime() -> impl Strategy<Value = Runtime> {
    prop::sample::select(vec![
        Runtime::Transformers,
        Runtime::Vllm,
        Runtime::LlamaCpp,
    ])
}

fn wild_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(-1.0),
        Just(0.0),
        Just(1e15),
        0.001f64..2000.0,
        any::<f64>(),
    ]
}

fn wild_u64() -> impl Strategy<Value = u64> {
    prop_oneof![Just(0u64), Just(u64::MAX), 1u64..200_000, any::<u64>()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn estimator_never_panics(
        params_b in wild_f64(),
        model_pick in prop::option::of(0usize..54),
        precision in prop::option::of(any_precision()),
        mode in prop::option::of(any_mode()),
        runtime in prop::option::of(any_runtime()),
        context in prop::option::of(wild_u64()),
        batch in prop::option::of(wild_u64()),
        gpu_pick in prop::option::of(0usize..36),
        gpu_count in prop::option::of(wild_u64()),
        lang in prop::sample::select(Lang::ALL.to_vec()),
    ) {
        let catalog = Catalog::get();
        let q = Query {
            model: model_pick.and_then(|i| catalog.models.get(i)).map(|m| m.id.clone()),
            params_b: Some(params_b),
            precision, mode, runtime, context, batch,
            gpu: gpu_pick.and_then(|i| catalog.gpus.get(i)).map(|g| g.id.clone()),
            gpu_count,
            ..Query::default()
        };
        match query::resolve(catalog, &q).map_err(|e| e.kind()).and_then(|r| answer::build(catalog, r).map_err(|e| e.kind())) {
            Ok(a) => {
                prop_assert!(a.estimate.total().is_finite() && a.estimate.total() > 0.0);
                let text = render::text::answer(lang, catalog, &a);
                prop_assert!(!text.contains("answer-") && !text.contains("note-"), "raw ids in {}", text);
            }
            Err(kind) => prop_assert!(!kind.is_empty()),
        }
    }

    #[test]
    fn parser_never_panics_on_random_text(text in "\\PC{0,4000}") {
        let catalog = Catalog::get();
        let parsed = query::parse(catalog, &text);
        if parsed.query.has_subject()
            && let Ok(req) = query::resolve(catalog, &parsed.query)
            && let Ok(a) = answer::build(catalog, req)
        {
            let lang = parsed.language.unwrap_or(Lang::En);
            prop_assert!(!render::text::answer(lang, catalog, &a).is_empty());
        }
    }

    #[test]
    fn question_soup_never_panics_and_resolves_alike_both_ways(words in prop::collection::vec(prop::sample::select(vec![
        "llama", "70b", "3.1", "fp16", "2x", "4090", "duas", "两张", "上下文", "32k", "batch", "8",
        "q4_k_m", "qlora", "treinar", "<@123>", "**", "`", "¿", "亿", "700", "de", "x", "gb", "24gb",
        "deepseek", "r1", "a100", "s", "-", "_", ".", "k", "mil", "tokens", "8x7b", "mixtral", "😅",
    ]), 0..60)) {
        let text = words.join(" ");
        let catalog = Catalog::get();
        let parsed = query::parse(catalog, &text);
        // Reusing the parser's model lookup must change nothing but the time it takes.
        let key = |r: answer::Request| (r.model.id.clone(), r.model_kind, r.job, r.assumed);
        let plain = query::resolve(catalog, &parsed.query).map(key);
        let reused = query::resolve_parsed(catalog, &parsed).map(key);
        prop_assert_eq!(format!("{plain:?}"), format!("{reused:?}"));
    }
}
