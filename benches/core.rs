//! Core latency: one estimate, estimate + recommendations, parse, and the whole `ask`
//! (parse, resolve, estimate, recommend, render), and the memory chart (SVG, PNG).
//! `cargo bench --bench core`.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "common/hub_spec.rs"]
mod hub_spec;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vramguide::answer::{self, Outcome};
use vramguide::catalog::{Catalog, ModelSpec};
use vramguide::estimate::{self, Job, Mode, Precision};
use vramguide::i18n::Lang;
use vramguide::query;
use vramguide::recommend;
use vramguide::render;
use vramguide::render::outcome::Length;

fn bench(c: &mut Criterion) {
    let catalog = Catalog::get();
    let model = catalog.model("llama-3.1-70b").expect("in catalog");
    let job = Job::new(Mode::Inference, Precision::Fp16);
    c.bench_function("estimate", |b| {
        b.iter(|| estimate::run(black_box(model), black_box(&job), 2))
    });
    c.bench_function("estimate+recommend", |b| {
        b.iter(|| {
            let e = estimate::run(black_box(model), black_box(&job), 1);
            let r = recommend::setups(catalog, model, &job);
            (e, r)
        })
    });
    let questions = [
        "can we run llama 70b in fp16 on 2x 4090?",
        "quanta VRAM preciso pro llama 3 70b em meia precisão?",
        "¿cabe mixtral 8x7b en dos 3090 en 4 bits?",
        "两张4090能跑70B的llama吗,4bit量化",
    ];
    for (lang, q) in ["en", "pt", "es", "zh"].iter().zip(questions) {
        c.bench_function(&format!("parse/{lang}"), |b| {
            b.iter(|| query::parse(catalog, black_box(q)))
        });
    }
    // The stages of an ask on their own, to see where its time goes.
    for (lang, q) in ["en", "pt", "es", "zh"].iter().zip(questions) {
        let parsed = query::parse(catalog, q);
        c.bench_function(&format!("resolve+build/{lang}"), |b| {
            b.iter(|| {
                let req = query::resolve_parsed(catalog, black_box(&parsed)).expect("understood");
                answer::build(catalog, req).expect("valid")
            })
        });
        let req = query::resolve_parsed(catalog, &parsed).expect("understood");
        let a = answer::build(catalog, req).expect("valid");
        let lang = parsed.language.unwrap_or(Lang::En);
        c.bench_function(&format!("render/{}", lang.code()), |b| {
            b.iter(|| render::text::answer(lang, catalog, black_box(&a)))
        });
    }
    hub_cached(c, catalog);
    chart(c, catalog);
    // The whole ask as `vramguide ask` prints it: the verdict, then the chat-length answer.
    for (lang, q) in ["en", "pt", "es", "zh"].iter().zip(questions) {
        c.bench_function(&format!("ask/{lang}"), |b| {
            b.iter(|| {
                let parsed = query::parse(catalog, black_box(q));
                let lang = parsed.language.unwrap_or(Lang::En);
                let req = query::resolve_parsed(catalog, &parsed).expect("understood");
                let a = answer::build(catalog, req).expect("valid");
                let outcome = Outcome::Estimate(Box::new(a));
                black_box(render::outcome::text_with(
                    lang,
                    catalog,
                    &outcome,
                    Length::Chat,
                ))
            })
        });
    }
    // The same with the whole answer (`--full`).
    for (lang, q) in ["en", "pt", "es", "zh"].iter().zip(questions) {
        c.bench_function(&format!("ask-full/{lang}"), |b| {
            b.iter(|| {
                let parsed = query::parse(catalog, black_box(q));
                let lang = parsed.language.unwrap_or(Lang::En);
                let req = query::resolve_parsed(catalog, &parsed).expect("understood");
                let a = answer::build(catalog, req).expect("valid");
                black_box(render::text::answer(lang, catalog, &a))
            })
        });
    }
}

/// A Hub model the cache already holds: the whole ask once the spec is known (as the
/// adapters run it), and with the cached JSON decoded too. Compare with `ask/en`.
fn hub_cached(c: &mut Criterion, catalog: &'static Catalog) {
    let spec = hub_spec::hub_spec();
    let cached = serde_json::to_string(&spec).expect("serializable");
    let q = "can we run someorg/Llama-70B-finetune in bf16 on 2x 4090?";
    assert!(query::parse(catalog, q).hub_id.is_some());
    c.bench_function("ask/hub-cached", |b| {
        b.iter(|| {
            let parsed = query::parse(catalog, black_box(q));
            let a = answer::for_parsed_with(catalog, &parsed, Some(spec.clone())).expect("valid");
            let outcome = Outcome::Estimate(Box::new(a));
            black_box(render::outcome::text_with(
                Lang::En,
                catalog,
                &outcome,
                Length::Chat,
            ))
        })
    });
    c.bench_function("ask/hub-cached+decode", |b| {
        b.iter(|| {
            let parsed = query::parse(catalog, black_box(q));
            let spec: ModelSpec = serde_json::from_str(black_box(&cached)).expect("decodes");
            let a = answer::for_parsed_with(catalog, &parsed, Some(spec)).expect("valid");
            let outcome = Outcome::Estimate(Box::new(a));
            black_box(render::outcome::text_with(
                Lang::En,
                catalog,
                &outcome,
                Length::Chat,
            ))
        })
    });
}

/// The memory chart every Discord answer carries: the SVG alone (the web page), and the
/// PNG (parse, shape, rasterize, compress), for the longest chart: a Portuguese answer whose
/// own setup does not fit, with four more setups and the full legend.
fn chart(c: &mut Criterion, catalog: &'static Catalog) {
    let a = answer::for_text(catalog, "dá pra rodar llama 3.1 70b fp16 em duas rtx 4090?")
        .result
        .expect("an answer");
    c.bench_function("chart/svg", |b| {
        b.iter(|| render::chart::svg(Lang::Pt, catalog, black_box(&a)))
    });
    c.bench_function("chart/png", |b| {
        b.iter(|| render::chart::png(Lang::Pt, catalog, black_box(&a)).expect("rendered"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
