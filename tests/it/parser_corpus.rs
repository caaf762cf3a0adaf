//! The parser against 400-odd real-style questions in four languages (tests/corpus/*.json;
//! `typed_*.json` hold the ways people chat: decimal commas, sizes in words, Chinese card
//! counts, a method with its bits; `models_2025_*.json` the 2025-2026 models, Hub ids and
//! GPUs; `max_context_*.json` "what's the max context ..." questions): at least 95% of the
//! fields must come out right in every language.

use serde::Deserialize;
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::query::parse;

#[derive(Debug, Deserialize)]
struct Case {
    q: String,
    lang: String,
    model: Option<String>,
    params_b: Option<f64>,
    precision: Option<String>,
    context: Option<u64>,
    batch: Option<u64>,
    mode: String,
    gpu: Option<String>,
    gpu_count: Option<u64>,
    runtime: Option<String>,
    /// "What's the max context ...": absent means the question does not ask it.
    #[serde(default)]
    max_context: bool,
}

/// (field name, expected, got) for one question.
fn compare(case: &Case) -> Vec<(&'static str, String, String)> {
    let catalog = Catalog::get();
    let p = parse(catalog, &case.q);
    let q = &p.query;
    let lang = p.language.unwrap_or(Lang::En).code().to_string();
    let model = q.model.as_ref().map(|m| {
        catalog
            .resolve_model(m)
            .map_or_else(|_| format!("?{m}"), |r| r.model.id.clone())
    });
    let gpu = q.gpu.as_ref().map(|g| {
        catalog
            .resolve_gpu(g)
            .map_or_else(|_| format!("?{g}"), |r| r.gpu.id.clone())
    });
    let show = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
    let num = |v: Option<u64>| v.map_or_else(|| "-".into(), |n| n.to_string());
    let size = |v: Option<f64>| v.map_or_else(|| "-".into(), |n| format!("{n:.2}"));
    vec![
        ("lang", case.lang.clone(), lang),
        ("model", show(&case.model), show(&model)),
        ("params_b", size(case.params_b), size(q.params_b)),
        (
            "precision",
            show(&case.precision),
            show(&q.precision.map(|p| p.name().to_string())),
        ),
        ("context", num(case.context), num(q.context)),
        ("batch", num(case.batch), num(q.batch)),
        (
            "mode",
            case.mode.clone(),
            q.mode.unwrap_or_default().name().to_string(),
        ),
        ("gpu", show(&case.gpu), show(&gpu)),
        ("gpu_count", num(case.gpu_count), num(q.gpu_count)),
        (
            "runtime",
            show(&case.runtime),
            show(&q.runtime.map(|r| r.name().to_string())),
        ),
        (
            "max_context",
            case.max_context.to_string(),
            q.max_context.to_string(),
        ),
    ]
}

fn check(file: &str, texts: &[&str]) {
    let cases: Vec<Case> = texts
        .iter()
        .flat_map(|text| serde_json::from_str::<Vec<Case>>(text).expect("corpus is valid JSON"))
        .collect();
    assert!(cases.len() >= 60, "{file}: at least 60 questions");
    let (mut right, mut total) = (0usize, 0usize);
    for case in &cases {
        for (field, want, got) in compare(case) {
            total += 1;
            if want == got {
                right += 1;
            } else {
                println!("{file}: {field}: want {want}, got {got}   <- {}", case.q);
            }
        }
    }
    let share = right as f64 / total as f64;
    println!(
        "{file}: {right}/{total} fields right ({:.1}%)",
        100.0 * share
    );
    assert!(
        share >= 0.95,
        "{file}: only {:.1}% of fields right",
        100.0 * share
    );
}

#[test]
fn english() {
    check(
        "en",
        &[
            include_str!("../corpus/en.json"),
            include_str!("../corpus/typed_en.json"),
            include_str!("../corpus/models_2025_en.json"),
            include_str!("../corpus/max_context_en.json"),
        ],
    );
}

#[test]
fn portuguese() {
    check(
        "pt",
        &[
            include_str!("../corpus/pt.json"),
            include_str!("../corpus/typed_pt.json"),
            include_str!("../corpus/models_2025_pt.json"),
            include_str!("../corpus/max_context_pt.json"),
        ],
    );
}

#[test]
fn spanish() {
    check(
        "es",
        &[
            include_str!("../corpus/es.json"),
            include_str!("../corpus/typed_es.json"),
            include_str!("../corpus/models_2025_es.json"),
            include_str!("../corpus/max_context_es.json"),
        ],
    );
}

#[test]
fn chinese() {
    check(
        "zh",
        &[
            include_str!("../corpus/zh.json"),
            include_str!("../corpus/typed_zh.json"),
            include_str!("../corpus/models_2025_zh.json"),
            include_str!("../corpus/max_context_zh.json"),
        ],
    );
}

/// The questions written the way people chat are a class of their own: each must be read
/// right as a whole, not hidden in the share of the older corpus.
#[test]
fn typed_questions() {
    let files = [
        include_str!("../corpus/typed_en.json"),
        include_str!("../corpus/typed_pt.json"),
        include_str!("../corpus/typed_es.json"),
        include_str!("../corpus/typed_zh.json"),
    ];
    check("typed", &files);
}

/// "Max context on my GPU" questions are a class of their own too: the flag must be read
/// in every language, not hidden in the share of the other fields.
#[test]
fn max_context_questions() {
    for text in [
        include_str!("../corpus/max_context_en.json"),
        include_str!("../corpus/max_context_pt.json"),
        include_str!("../corpus/max_context_es.json"),
        include_str!("../corpus/max_context_zh.json"),
    ] {
        for case in serde_json::from_str::<Vec<Case>>(text).unwrap() {
            let p = parse(Catalog::get(), &case.q);
            assert!(
                p.query.max_context,
                "not read as a max-context question: {}",
                case.q
            );
        }
    }
}
