//! Issue 34 item 3: a comparison of setups compares setups. "5090 ou 2x3090", "una 5090 o
//! un par de 3090", "5090 对比 双卡3090" weigh one 5090 (32 GB) against a pair of 3090s
//! (48 GB in all, the pair's price); with a model named, each setup gets the estimate
//! (`on_each.rs`).

use vramguide::answer::{Outcome, for_intent};
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::query::parse;
use vramguide::render;

fn compared(text: &str) -> vramguide::answer::Compared {
    let catalog = Catalog::get();
    match for_intent(catalog, &parse(catalog, text)) {
        Some(Ok(Outcome::Compare(c))) => c,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn the_pair_is_compared_as_a_pair_in_every_language() {
    let catalog = Catalog::get();
    for (text, lang) in [
        ("5090 ou 2x3090", Lang::Pt),
        ("una 5090 o un par de 3090", Lang::Es),
        ("5090 对比 双卡3090", Lang::Zh),
        ("5090 vs 2x 3090", Lang::En),
    ] {
        let c = compared(text);
        let ids: Vec<&str> = c.gpus.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, ["rtx-5090", "rtx-3090"], "{text}");
        assert_eq!(c.counts, [1, 2], "{text}");
        let json = render::outcome::json(lang, catalog, &Outcome::Compare(c.clone()));
        let gpus = &json["compare"]["gpus"];
        assert_eq!(gpus[0]["count"], 1, "{text}");
        assert_eq!(gpus[1]["count"], 2, "{text}");
        let one = gpus[1]["memory_gb"].as_f64().unwrap();
        assert_eq!(gpus[1]["total_memory_gb"].as_f64(), Some(one * 2.0));
        let price = gpus[1]["price_usd"].as_f64().unwrap();
        assert_eq!(gpus[1]["total_price_usd"].as_f64(), Some(price * 2.0));
        // The verdict names the pair and its 48 GB, in the question's language.
        let verdict = json["verdict"].as_str().unwrap();
        assert!(
            verdict.contains("2 × ") && verdict.contains("48"),
            "{text}: {verdict}"
        );
    }
}

#[test]
fn one_card_of_each_kind_stays_the_spec_sheet() {
    let c = compared("4090 vs 3090");
    assert_eq!(c.counts, [1, 1]);
    assert!(c.runs.is_none() && !c.is_setups());
    assert!(render::setups::text(Lang::En, Catalog::get(), &c).is_empty());
}

/// Issue 34 item 6: "X on A or do I need B" is the estimate on both setups (issue 34's
/// brief: a model named with setups side by side is sized on each; `on_each.rs` has the
/// four languages); B in the plural with no count of its own is as many cards as A.
#[test]
fn a_model_on_one_setup_or_another_is_sized_on_both() {
    use vramguide::answer::for_intent;
    let catalog = Catalog::get();
    let text = "kimi k2.5 on 8x h100 possible or do i need h200s";
    let a = match for_intent(catalog, &parse(catalog, text)) {
        Some(Ok(Outcome::Estimate(a))) => a,
        other => panic!("{text}: {other:?}"),
    };
    let setups: Vec<(&str, u32)> = a
        .on_each
        .iter()
        .map(|f| (f.fit.gpu.as_str(), f.fit.count))
        .collect();
    assert_eq!(
        setups,
        [("h100-sxm", 8), ("h200-sxm", 8)],
        "h200s: as many as the h100s"
    );
    assert_eq!(a.model.id, "kimi-k2.5");
    let verdict = render::verdict::of(Lang::En, catalog, &Outcome::Estimate(a));
    assert!(verdict.contains("Kimi"), "{verdict}");
    assert!(verdict.contains(" on 8 × H100"), "{verdict}");
}

/// Issue 34 item 2: a name the catalog lacks, sized as the closest entry, says so on the
/// answer's first line, in the question's language.
#[test]
fn a_variant_is_named_on_the_first_line() {
    let catalog = Catalog::get();
    for (text, lang, opens) in [
        (
            "dolphin 3.0 llama 3.1 8b on a 4090",
            Lang::En,
            "I don't know ",
        ),
        (
            "quanta vram pro dolphin 3.0 llama 3.1 8b numa 4090?",
            Lang::Pt,
            "Não conheço ",
        ),
        (
            "cuanta vram necesito para dolphin 3.0 llama 3.1 8b en una 4090?",
            Lang::Es,
            "No conozco ",
        ),
        (
            "dolphin 3.0 llama 3.1 8b 在4090上要多少显存",
            Lang::Zh,
            "我不认识 ",
        ),
    ] {
        let parsed = parse(catalog, text);
        let answer = vramguide::answer::for_parsed(catalog, &parsed).expect(text);
        let outcome = Outcome::Estimate(Box::new(answer));
        let out = render::outcome::text(lang, catalog, &outcome);
        let first = out.lines().next().unwrap_or_default();
        assert!(first.starts_with(opens), "{text}: {first}");
        assert!(first.contains("Llama 3.1 8B"), "{text}: {first}");
    }
}
