//! Every catalog entry with a fine-tune's name or another variant around it: never taken
//! silently for the entry (the answer says which entry it sized, or it is searched).

use vramguide::catalog::{Catalog, MatchKind};
use vramguide::query::parse;

/// The entry `text` is taken for silently (an exact or newest match), if any.
fn taken_silently(text: &str) -> Option<String> {
    let p = parse(Catalog::get(), text);
    let m = p.model_match?;
    match m.kind {
        MatchKind::Assumed { .. } | MatchKind::Corrected { .. } => None,
        _ => Some(m.model.id.clone()),
    }
}

#[test]
fn no_entry_is_taken_silently_for_its_fine_tunes_or_variants() {
    let catalog = Catalog::get();
    let mut silent = Vec::new();
    let mut checked = 0;
    for m in &catalog.models {
        let name = &m.display_name;
        let lower = name.to_lowercase();
        let variants = [
            format!("{name} abliterated"),
            format!("dolphin {name}"),
            format!("{name} uncensored"),
        ];
        for v in variants {
            // An entry that is itself such a fine-tune is that entry.
            let word = v.to_lowercase().replace(&lower, "");
            if lower.contains(word.trim()) {
                continue;
            }
            checked += 1;
            if let Some(id) = taken_silently(&v) {
                silent.push(format!("{v:?} -> {id}"));
            }
        }
    }
    println!(
        "{checked} variants of {} entries checked",
        catalog.models.len()
    );
    assert!(checked > 100, "{checked}");
    assert!(
        silent.is_empty(),
        "{} taken silently:\n{}",
        silent.len(),
        silent.join("\n")
    );
}

#[test]
fn versions_and_suffixes_the_catalog_lacks_are_not_its_entries() {
    for text in [
        "minimax m2.7",
        "glm 4.5v",
        "olmocr 2 7b",
        "dolphin 3.0 llama 3.1 8b",
        "deepseek r1 distill llama 70b abliterated",
    ] {
        assert_eq!(taken_silently(text), None, "{text}");
    }
}
