//! Words are not models: none of the 2,500 most frequent words of each language
//! (`tes../../data/common_words/`, from wordfreq; see SOURCE.md there) is read as a model,
//! alone or in a question that names none.

use vramguide::catalog::Catalog;
use vramguide::query::parse;

const LISTS: [(&str, &str, &str); 4] = [
    (
        "en",
        include_str!("../../data/common_words/en.txt"),
        "how much vram for {} on a 4090",
    ),
    (
        "pt",
        include_str!("../../data/common_words/pt.txt"),
        "quanta vram pra {} numa 4090",
    ),
    (
        "es",
        include_str!("../../data/common_words/es.txt"),
        "cuanta vram para {} en una 4090",
    ),
    (
        "zh",
        include_str!("../../data/common_words/zh.txt"),
        "一张4090跑{}要多少显存",
    ),
];

/// The words of a list that `parse` reads as a model, alone or in the frame.
fn models_made(list: &str, frame: &str) -> Vec<String> {
    let catalog = Catalog::get();
    let mut made = Vec::new();
    for word in list.lines().map(str::trim).filter(|w| !w.is_empty()) {
        for text in [word.to_string(), frame.replace("{}", word)] {
            let p = parse(catalog, &text);
            if let Some(m) = p.query.model.as_ref() {
                made.push(format!("{word:?} in {text:?} -> {m}"));
            } else if let Some(b) = p.query.params_b {
                made.push(format!("{word:?} in {text:?} -> {b}B"));
            }
        }
    }
    made
}

#[test]
fn no_common_word_of_any_language_becomes_a_model() {
    let mut report = Vec::new();
    for (lang, list, frame) in LISTS {
        let n = list.lines().filter(|l| !l.trim().is_empty()).count();
        assert!(n >= 2000, "{lang}: {n} words");
        let made = models_made(list, frame);
        println!("{lang}: {} of {n} words became a model", made.len());
        report.extend(made.into_iter().map(|m| format!("{lang}: {m}")));
    }
    assert!(
        report.is_empty(),
        "{} words became models:\n{}",
        report.len(),
        report.join("\n")
    );
}
