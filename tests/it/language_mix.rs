//! Language from the sentence, not from one word: 40 messages per language as people type
//! them in a channel (English terms, model and card names, brand words such as RTX PRO,
//! Max, Super, Ti inside Portuguese, Spanish and Chinese sentences; see
//! `tests/corpus/language_mix/`, written for issue 34). Each is read in its own language.

use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::query::parse;

const SETS: [(Lang, &str); 4] = [
    (Lang::En, include_str!("../corpus/language_mix/en.txt")),
    (Lang::Pt, include_str!("../corpus/language_mix/pt.txt")),
    (Lang::Es, include_str!("../corpus/language_mix/es.txt")),
    (Lang::Zh, include_str!("../corpus/language_mix/zh.txt")),
];

#[test]
fn every_mixed_message_is_read_in_its_own_language() {
    let mut wrong = Vec::new();
    for (lang, set) in SETS {
        let lines: Vec<&str> = set.lines().filter(|l| !l.trim().is_empty()).collect();
        assert!(lines.len() >= 40, "{lang:?}: {}", lines.len());
        let mut right = 0;
        for line in &lines {
            let got = parse(Catalog::get(), line).language;
            // English is also the reply language when the words do not tell.
            if got == Some(lang) || (lang == Lang::En && got.is_none()) {
                right += 1;
            } else {
                wrong.push(format!("{lang:?}: {line:?} read as {got:?}"));
            }
        }
        println!("{lang:?}: {right} of {} in their language", lines.len());
    }
    assert!(
        wrong.is_empty(),
        "{} misread:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
