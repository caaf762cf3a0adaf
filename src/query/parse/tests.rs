//! The parser's own cases: decimal commas, ideographs, partial names, unknown cards.

use super::*;

fn model(text: &str) -> Option<(String, MatchKind)> {
    parse(Catalog::get(), text)
        .model_match
        .map(|m| (m.model.id.clone(), m.kind))
}

#[test]
fn unknown_cards_are_kept() {
    for text in [
        "rtx 9090 vs 4090",
        "roda mistral 7b numa rtx 9090?",
        "rtx 9090 和 4090 哪个好",
    ] {
        let p = parse(Catalog::get(), text);
        assert_eq!(p.unknown_gpu.as_deref(), Some("rtx 9090"), "{p:?}");
    }
}

#[test]
fn decimal_comma_is_a_version() {
    assert_eq!(
        model("dá pra rodar qwen 2,5 7b?"),
        Some(("qwen2.5-7b".into(), MatchKind::Exact))
    );
    assert_eq!(
        model("deepseek r1 distill qwen 1,5b"),
        Some(("deepseek-r1-distill-qwen-1.5b".into(), MatchKind::Exact))
    );
    assert_eq!(
        parse(Catalog::get(), "contexto de 32,768 tokens")
            .query
            .context,
        Some(32768)
    );
}

/// The ideographs [`emit`] keeps without looking them up are what the look-ups give.
#[test]
fn unified_ideographs_are_letters_without_case() {
    for c in ('\u{4E00}'..='\u{9FFF}').chain('\u{3400}'..='\u{4DBF}') {
        assert!(c.is_alphanumeric(), "{c:?}");
        assert!(!unicode_normalization::char::is_combining_mark(c));
        assert!(c.to_lowercase().eq(std::iter::once(c)), "{c:?}");
    }
}

#[test]
fn a_model_read_from_part_of_the_words_is_an_assumption() {
    let (id, kind) = model("qwen 2 5 7b").expect("a model");
    assert_eq!(id, "qwen2.5-7b", "the typed size is kept");
    assert_eq!(
        kind,
        MatchKind::Assumed {
            from: "qwen 2 5 7b".into()
        }
    );
}

#[test]
fn fsdp_and_deepspeed_zero3_are_told_apart() {
    let sharding = |text: &str| parse(Catalog::get(), text).query.sharding;
    assert_eq!(
        sharding("full finetune llama 3.1 70b with fsdp on 8 h100"),
        Some(Sharding::Fsdp)
    );
    for text in [
        "full finetune llama 3.1 70b with deepspeed zero 3 on 8 h100",
        "full finetune llama 3.1 70b zero-3 on 8 h100",
    ] {
        assert_eq!(sharding(text), Some(Sharding::Zero3), "{text}");
    }
}
