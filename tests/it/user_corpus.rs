//! Issue 34 item 8: questions written the way people ask them in public (forum, Reddit,
//! GitHub issue, Zhihu/V2EX-style threads; each case keeps the `source` it was modelled
//! on), kept apart from the parser's own corpus in `tests/corpus/users/{lang}.json`.
//! A case with `after` is a follow-up: it is read after that message, as a thread would.
//! Each language gets at least 100 messages and at least 97 % of their fields right; the
//! share is printed (`cargo test --test it user_corpus -- --nocapture`).

use serde::Deserialize;
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::query::follow_up::follow;
use vramguide::query::{Parsed, parse};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    q: String,
    source: String,
    lang: String,
    intent: String,
    #[serde(default)]
    after: Option<String>,
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    gpus: Option<Vec<String>>,
    #[serde(default)]
    counts: Option<Vec<u64>>,
    #[serde(default)]
    context: Option<u64>,
    #[serde(default)]
    precision: Option<String>,
    #[serde(default)]
    topic: Option<String>,
    #[serde(default)]
    budget: Option<(f64, String)>,
}

/// The message as a thread reads it: alone, or after the message it follows.
fn read(case: &Case) -> Option<Parsed> {
    let catalog = Catalog::get();
    let new = parse(catalog, &case.q);
    match &case.after {
        None => Some(new),
        Some(before) => {
            let previous = parse(catalog, before);
            follow(Some(&previous), new, &case.q).parsed().cloned()
        }
    }
}

/// (field, expected, got) for every field the case names.
fn fields(case: &Case) -> Vec<(&'static str, String, String)> {
    let catalog = Catalog::get();
    let Some(p) = read(case) else {
        return vec![("turn", case.intent.clone(), "orphan".into())];
    };
    let lang = p.language.unwrap_or(Lang::En).code().to_string();
    let mut out = vec![
        ("lang", case.lang.clone(), lang),
        ("intent", case.intent.clone(), p.intent.name().to_string()),
    ];
    if let Some(gpus) = &case.gpus {
        let got: Vec<String> = p
            .gpus
            .iter()
            .map(|(name, _)| {
                catalog
                    .resolve_gpu(name)
                    .map_or_else(|_| format!("?{name}"), |m| m.gpu.id.clone())
            })
            .collect();
        out.push(("gpus", gpus.join(","), got.join(",")));
    }
    if let Some(counts) = &case.counts {
        let got: Vec<String> = p
            .gpus
            .iter()
            // A card named with no count is one card ("a6000 vs 2x 3090").
            .map(|(_, n)| n.unwrap_or(1).to_string())
            .collect();
        let want: Vec<String> = counts.iter().map(u64::to_string).collect();
        out.push(("counts", want.join(","), got.join(",")));
    }
    if let Some(model) = &case.model {
        let got = p.query.model.as_ref().map_or("-".into(), |m| {
            catalog
                .resolve_model(m)
                .map_or_else(|_| format!("?{m}"), |r| r.model.id.clone())
        });
        out.push(("model", model.clone(), got));
    }
    if let Some(context) = case.context {
        let got = p.query.context.map_or("-".into(), |c| c.to_string());
        out.push(("context", context.to_string(), got));
    }
    if let Some(precision) = &case.precision {
        let got = p.query.precision.map_or("-".into(), |x| {
            serde_json::to_value(x)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        });
        out.push(("precision", precision.clone(), got));
    }
    if let Some(topic) = &case.topic {
        let got = p.topic.map_or("-", |t| t.slug());
        out.push(("topic", topic.clone(), got.to_string()));
    }
    if let Some((amount, currency)) = &case.budget {
        let got = p.budget.map_or("-".into(), |b| {
            format!("{} {}", b.amount, b.currency.code())
        });
        out.push(("budget", format!("{amount} {currency}"), got));
    }
    out
}

fn check(lang: &str) {
    let path = format!(
        "{}/tests/corpus/users/{lang}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("corpus file");
    let cases: Vec<Case> = serde_json::from_str(&text).expect("corpus JSON");
    assert!(cases.len() >= 100, "{path}: {} messages", cases.len());
    let pairs = cases.iter().filter(|c| c.after.is_some()).count();
    assert!(pairs >= 5, "{path}: {pairs} follow-up pairs");
    let (mut right, mut total, mut whole) = (0u32, 0u32, 0u32);
    let mut misses = Vec::new();
    for case in &cases {
        assert_eq!(case.lang, lang, "{}", case.q);
        assert!(case.source.starts_with("https://"), "{}: no source", case.q);
        let mut all = true;
        for (field, want, got) in fields(case) {
            total += 1;
            if want == got {
                right += 1;
            } else {
                all = false;
                misses.push(format!(
                    "{field}: want {want:?} got {got:?} in {:?}",
                    case.q
                ));
            }
        }
        whole += u32::from(all);
    }
    let share = f64::from(right) / f64::from(total);
    println!(
        "users corpus {lang}: {right}/{total} fields right ({:.1} %), {whole}/{} messages wholly right, {pairs} follow-ups",
        share * 100.0,
        cases.len()
    );
    for miss in &misses {
        println!("  {miss}");
    }
    assert!(
        share >= 0.97,
        "{lang}: {right}/{total} fields right ({:.1} %)\n{}",
        share * 100.0,
        misses.join("\n")
    );
}

#[test]
fn english() {
    check("en");
}

#[test]
fn portuguese() {
    check("pt");
}

#[test]
fn spanish() {
    check("es");
}

#[test]
fn chinese() {
    check("zh");
}
