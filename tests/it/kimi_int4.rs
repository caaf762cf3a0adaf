//! Kimi K2 Thinking and K2.5 ship native INT4 quantization-aware checkpoints in which only
//! the routed experts are INT4 (compressed-tensors, a 16-bit scale per 32 values) and
//! attention, shared experts, the dense layer, embeddings and lm_head stay BF16: about
//! 594-595 GB. Sized as INT4 over the whole model they came to 549 GB (511 GiB), so "kimi
//! k2.5 on 8x h100" read "maybe" while the public recipes run it on 8 x H200 (vLLM's
//! Kimi-K2.5 and Kimi-K2-Thinking recipes) and a real 8 x H100 deployment served only
//! 12,288 tokens. Sources: data/checkpoints.json (their rows) and tests/known_setups.json.

use vramguide::answer;
use vramguide::catalog::Catalog;
use vramguide::estimate::{Precision, weight_bytes};

/// The checkpoints' published sizes: K2.5 595 GB (VentureBeat, "Moonshot's Kimi K2.5 is
/// 'open,' 595GB"), K2 Thinking ~594 GB (a deployment's `du -sh` of the downloaded repo,
/// github.com/jwt625/PlayGround 20251107_kimi_k2_thinking/README.md).
#[test]
fn the_int4_checkpoints_are_sized_as_they_ship() {
    let catalog = Catalog::get();
    for (id, published_gb) in [("kimi-k2.5", 595.0), ("kimi-k2-thinking", 594.0)] {
        let model = catalog.model(id).expect(id);
        assert_eq!(model.native_precision, Precision::Int4, "{id}");
        let gb = weight_bytes(model, Precision::Int4) / 1e9;
        assert!(
            (gb - published_gb).abs() / published_gb < 0.01,
            "{id}: {gb:.1} GB, published {published_gb} GB"
        );
    }
    // INT4 asked of a model that ships another format keeps the whole-model reading.
    let k2 = catalog.model("kimi-k2").unwrap();
    assert!(weight_bytes(k2, Precision::Int4) / 1e9 < 560.0);
}

/// "kimi k2.5 on 8x h100 possible or do i need h200s", in the four languages: no on
/// 8 x H100, yes on 8 x H200, as the recipes say.
#[tokio::test]
async fn kimi_k25_on_8x_h100_or_h200_answers_as_the_recipes_in_four_languages() {
    for (q, no) in [
        ("kimi k2.5 on 8x h100 possible or do i need h200s", "No"),
        ("kimi k2.5 em 8x h100 dá ou preciso de h200?", "Não"),
        ("¿kimi k2.5 en 8x h100 se puede o necesito h200?", "No"),
        ("kimi k2.5 用 8 张 h100 可以吗，还是需要 h200？", "不行"),
    ] {
        let v = super::on_each::answer(q).await;
        let each = v["on_each"]
            .as_array()
            .unwrap_or_else(|| panic!("{q}: {v}"));
        let fits = |gpu: &str| {
            each.iter()
                .find(|o| o["gpu"] == gpu)
                .and_then(|o| o["fits"].as_bool())
                .unwrap_or_else(|| panic!("{q}: {gpu} in {each:?}"))
        };
        assert!(!fits("h100-sxm"), "{q}: 8 x H100 does not hold it");
        assert!(fits("h200-sxm"), "{q}: 8 x H200 does");
        let verdict = v["verdict"].as_str().unwrap_or_default();
        assert!(
            verdict.starts_with(no) || verdict.contains(no),
            "{q}: {verdict}"
        );
    }
}

/// Named alone, 8 x H100 is a no that points at what holds it.
#[test]
fn kimi_k25_on_8x_h100_does_not_fit_and_needs_more_cards() {
    let a = answer::for_text(Catalog::get(), "kimi k2.5 on 8x h100")
        .result
        .expect("answers");
    let fit = a.fit.as_ref().expect("a fit");
    assert!(!fit.fits, "{fit:?}");
    // Weights alone are 553 GiB: about 69 GiB on each of 8 cards.
    assert!(a.estimate.weights / f64::from(1u32 << 30) > 545.0);
}
