//! Issue 33's check: for every kind, in every language, the verdict is one sentence and it
//! opens the text, the Discord embed and the page's verdict box (over the intent corpus).

use serde_json::Value;
use vramguide::answer::{self, Outcome};
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::render::kinds;

/// Markdown and the icons a first line may carry, off: what a reader sees as words.
fn plain(s: &str) -> String {
    s.replace(['*', '`'], "")
        .trim_start_matches(|c: char| !c.is_alphanumeric() && c != '$' && c != '¿')
        .trim()
        .to_string()
}

fn outcome(catalog: &'static Catalog, q: &str) -> Option<(Lang, Outcome)> {
    let parsed = vramguide::query::parse(catalog, q);
    let lang = parsed.language.unwrap_or(Lang::En);
    let outcome = match answer::for_intent(catalog, &parsed) {
        Some(r) => r.ok()?,
        None => Outcome::Estimate(Box::new(answer::for_parsed(catalog, &parsed).ok()?)),
    };
    Some((lang, outcome))
}

#[test]
fn every_kind_opens_its_text_embed_and_page_with_its_verdict() {
    let catalog = Catalog::get();
    let mut wrong = Vec::new();
    let mut kinds_seen = std::collections::BTreeMap::<(String, &str), usize>::new();
    for code in ["en", "pt", "es", "zh"] {
        let path = format!(
            "{}/tests/corpus/intents_{code}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let cases: Vec<Value> =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("corpus")).expect("JSON");
        for case in &cases {
            let q = case["q"].as_str().expect("q");
            let Some((lang, o)) = outcome(catalog, q) else {
                continue;
            };
            let kind = kinds::of(&o);
            let verdict = kinds::verdict(kind.as_ref(), lang, catalog);
            let intent = kinds::json(kind.as_ref(), lang, catalog);
            let name = serde_json::to_value(&intent).expect("JSON")["intent"]
                .as_str()
                .unwrap_or("?")
                .to_string();
            *kinds_seen.entry((name.clone(), code)).or_default() += 1;
            if verdict.is_empty() || verdict.contains('\n') {
                wrong.push(format!("{q}: verdict {verdict:?} is not one sentence"));
                continue;
            }
            let text = kinds::text(kind.as_ref(), lang, catalog);
            if plain(text.lines().next().unwrap_or_default()) != plain(&verdict) {
                wrong.push(format!(
                    "{q} ({name}): text opens {:?}",
                    text.lines().next()
                ));
            }
            let e = kinds::embed(kind.as_ref(), lang, catalog);
            let first = e.description.lines().next().unwrap_or_default();
            if plain(first) != plain(&verdict) {
                wrong.push(format!(
                    "{q} ({name}): embed opens {first:?}, verdict {verdict:?}"
                ));
            }
            if let Some(page) = kinds::page(kind.as_ref(), lang)
                && plain(&page.head) != plain(&verdict)
            {
                wrong.push(format!("{q} ({name}): page box {:?}", page.head));
            }
        }
    }
    // Every kind answered in every language.
    for code in ["en", "pt", "es", "zh"] {
        for name in [
            "estimate",
            "compare",
            "explain",
            "fit",
            "buy",
            "max_context",
        ] {
            assert!(
                kinds_seen
                    .get(&(name.to_string(), code))
                    .copied()
                    .unwrap_or(0)
                    > 0,
                "no {name} answer in the {code} corpus: {kinds_seen:?}"
            );
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of them:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
