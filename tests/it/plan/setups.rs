//! The setups recommended: current datacenter parts, one machine when one holds the job,
//! and what a card's tensor cores mean for a format.

use super::*;

/// "What a datacenter would run" is a current part (bf16 tensor cores: no V100, no T4),
/// and the NVLink note only shows where a setup splits tensors over several cards.
#[test]
fn datacenter_picks_are_current_and_nvlink_needs_a_split() {
    use vramguide::recommend::Tag;
    for q in [
        "can i run qwen3 32b in nf4 on a 3090?",
        "what gpu for llama 3.1 8b",
        "what gpu for qwen2.5 14b",
        "lora llama 3.1 8b on a 4090",
    ] {
        let a = answer::for_text(Catalog::get(), q).result.expect(q);
        for s in &a.recommendations.setups {
            if s.tags.contains(&Tag::Datacenter) {
                let g = Catalog::get().gpu(&s.fit.gpu).unwrap();
                assert_eq!(g.bf16, Some(true), "{q}: {}", g.id);
            }
        }
    }
    let a = answer::for_text(Catalog::get(), "llama 3.1 8b on a 4090")
        .result
        .unwrap();
    let split = a
        .recommendations
        .setups
        .iter()
        .any(|s| s.fit.count > 1 && s.layout.is_some_and(|l| l.tensor > 1));
    assert_eq!(
        a.recommendations.nvlink_matters, split,
        "{:?}",
        a.recommendations.setups
    );
    assert!(!split, "an 8B model needs no split");
}

/// FP8 on Ampere (no FP8 tensor cores) is said to be weight-only; on Hopper it is not.
#[test]
fn fp8_on_ampere_is_said_to_be_weight_only() {
    use vramguide::estimate::Note;
    let on = |gpu: &str| {
        ask(Query {
            model: Some("llama-3.1-8b".into()),
            precision: Some(Precision::Fp8),
            runtime: Some(Runtime::Vllm),
            gpu: Some(gpu.into()),
            ..Query::default()
        })
    };
    let ampere = on("a100-80gb-sxm");
    assert!(ampere.estimate.notes.contains(&Note::Fp8WeightOnly));
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, Catalog::get(), &ampere);
    assert!(text.contains("weight-only"), "{text}");
    let hopper = on("h100-sxm");
    assert!(!hopper.estimate.notes.contains(&Note::Fp8WeightOnly));
}

/// Setups stay within one machine when some card holds the job in one: no "48 x 4090 in
/// 12 machines" pick for a model a server of bigger cards holds.
#[test]
fn setups_stay_within_one_machine_when_one_does() {
    for q in [
        "what gpu for llama 3.1 405b",
        "what gpu for llama 3.1 70b",
        "what gpu for deepseek r1",
    ] {
        let a = answer::for_text(Catalog::get(), q).result.expect(q);
        let catalog = Catalog::get();
        let in_box = |s: &vramguide::recommend::Setup| {
            s.fit.count <= vramguide::estimate::box_limit(catalog.gpu(&s.fit.gpu).unwrap())
        };
        if a.recommendations.setups.iter().any(in_box) {
            assert!(
                a.recommendations.setups.iter().all(in_box),
                "{q}: {:?}",
                a.recommendations
                    .setups
                    .iter()
                    .map(|s| (&s.fit.gpu, s.fit.count))
                    .collect::<Vec<_>>()
            );
        }
    }
}
