//! No English left in a translated answer (issue 33): every answer of the intent and
//! max-context corpora asked in Portuguese, Spanish or Chinese, as chat text, is scanned for
//! English words that only an untranslated string would bring ("per GPU", "fits", "the").
//! Inline code, links and the names of models and cards (which carry English words of their
//! own) are left out of the scan.

use regex::Regex;
use vramguide::ask::{Question, Service};
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::render;

/// English words no sentence of the other three locales uses; jargon kept in English by
/// choice (batch, offload, overhead, fine-tuning, tokens, runtime) is not here.
const ENGLISH: &str = r"(?i)\b(the|per GPU|of|and|with|fits|runs|does not|needed|usable|to spare|cheapest|fastest|at launch|found|to rent|breakdown|estimated|setups?|weights|memory|assumed|read more)\b";

/// Terms every locale keeps in English on purpose: the error people search for, and the
/// English gloss beside a translated term.
const KEPT: [&str; 2] = ["CUDA out of memory", "master weights"];

/// The answer's prose: code spans, links, quoted log lines (`> ...`), catalog names and
/// [`KEPT`] terms taken out.
fn prose(text: &str, names: &[String]) -> String {
    let code = Regex::new(r"`[^`]*`|\(https?://[^)]*\)|https?://\S+").expect("valid");
    let mut out: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('>'))
        .collect::<Vec<_>>()
        .join("\n");
    out = code.replace_all(&out, " ").into_owned();
    for name in names.iter().map(String::as_str).chain(KEPT) {
        out = out.replace(name, " ");
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_english_word_in_a_portuguese_spanish_or_chinese_answer() {
    let catalog = Catalog::get();
    let mut names: Vec<String> = catalog
        .models
        .iter()
        .map(|m| m.display_name.clone())
        .chain(catalog.gpus.iter().map(|g| g.display_name.clone()))
        .collect();
    // Longest first, so "GeForce RTX 4090 48 GB (modded)" goes before "GeForce RTX 4090".
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let english = Regex::new(ENGLISH).expect("valid");
    let service = Service::offline();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus");
    let mut found = Vec::new();
    let mut scanned = 0;
    for prefix in ["intents", "max_context"] {
        for lang in ["pt", "es", "zh"] {
            let path = format!("{dir}/{prefix}_{lang}.json");
            let cases: Vec<serde_json::Value> =
                serde_json::from_str(&std::fs::read_to_string(&path).expect(&path)).expect(&path);
            for q in cases.iter().filter_map(|c| c["q"].as_str()) {
                let reply = service.answer(Question::text(q, Lang::En)).await;
                if reply.lang == Lang::En {
                    continue;
                }
                let text = match &reply.outcome {
                    Ok(o) => render::outcome::text(reply.lang, catalog, o),
                    Err(e) => render::error::message(reply.lang, catalog, e),
                };
                scanned += 1;
                for line in prose(&text, &names).lines() {
                    if let Some(m) = english.find(line) {
                        found.push(format!(
                            "{q} ({:?}): {:?} in {line}",
                            reply.lang,
                            m.as_str()
                        ));
                    }
                }
            }
        }
    }
    assert!(scanned > 100, "only {scanned} answers scanned");
    found.sort();
    found.dedup();
    assert!(
        found.is_empty(),
        "{} lines:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_scan_finds_an_english_word_and_skips_names_and_code() {
    let english = Regex::new(ENGLISH).expect("valid");
    let names = vec!["Meta Llama 3 70B".to_string()];
    assert!(english.is_match(&prose("21,5 GiB (per GPU)", &names)));
    assert!(!english.is_match(&prose("Meta Llama 3 70B: `--memory 4`", &names)));
    assert!(!english.is_match(&prose("> CUDA error: out of memory\nok", &names)));
}
