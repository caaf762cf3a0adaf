//! An estimate at the terminal is the length of a chat message: the verdict first and at
//! most twelve lines (after the notice of a name sized as the closest entry), over every question of the parser corpora in the four languages
//! (issue: the verdict came on line 5 of 30). `--full` keeps the whole answer.

use serde::Deserialize;
use vramguide::answer::{self, Outcome};
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::render::outcome::{Length, text_with};
use vramguide::render::verdict;

#[derive(Deserialize)]
struct Case {
    q: String,
}

/// Every question of the parser corpora (tests/corpus/{lang,typed_*,models_2025_*,
/// max_context_*}.json).
fn questions() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus");
    let mut out = Vec::new();
    for lang in ["en", "pt", "es", "zh"] {
        for name in [
            format!("{lang}.json"),
            format!("typed_{lang}.json"),
            format!("models_2025_{lang}.json"),
            format!("max_context_{lang}.json"),
        ] {
            let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
            let cases: Vec<Case> = serde_json::from_str(&text).unwrap();
            out.extend(cases.into_iter().map(|c| c.q));
        }
    }
    out
}

fn a_is_assumed(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::Estimate(a)
        if matches!(a.model_kind, vramguide::catalog::MatchKind::Assumed { .. }))
}

#[test]
fn every_estimate_opens_with_its_verdict_within_twelve_lines() {
    let catalog = Catalog::get();
    let (mut checked, mut longest) = (0, 0);
    for q in questions() {
        let reply = answer::for_text(catalog, &q);
        let Ok(a) = reply.result else {
            continue;
        };
        // A pair of different cards adds its split under the answer.
        if a.mixed.is_some() {
            continue;
        }
        let lang = reply.parsed.language.unwrap_or(Lang::En);
        let outcome = &Outcome::Estimate(Box::new(a));
        let text = text_with(lang, catalog, outcome, Length::Chat);
        // A name sized as the closest entry says so first (issue 34): the verdict follows.
        let notice = usize::from(a_is_assumed(outcome));
        let lines = text.lines().count() - notice;
        assert!(lines <= 12, "{q}: {lines} lines\n{text}");
        let first = text.lines().nth(notice).unwrap_or_default();
        let said = verdict::of(lang, catalog, outcome);
        assert!(
            verdict::plain_text(first).contains(&said),
            "{q}: the first line is not the verdict\n{said}\n{text}"
        );
        let full = text_with(lang, catalog, outcome, Length::Full);
        assert!(full.lines().count() > lines, "{q}: --full says more");
        longest = longest.max(lines);
        checked += 1;
    }
    println!("{checked} estimates, the longest {longest} lines");
    assert!(checked > 300, "{checked}");
}
