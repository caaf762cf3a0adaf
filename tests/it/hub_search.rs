//! Free-text names of new models found with the fake Hub's search: the publisher's repo
//! among popular derivatives, the asked format's repo, exact bytes from its header; a
//! catalog model makes no request; a search that finds nothing, too much, junk or hangs
//! gives a clear answer in bounded time.

use crate::fake_hub::{FakeHub, Repo, safetensors};
use std::time::{Duration, Instant};
use vramguide::answer::{Answer, Outcome};
use vramguide::ask::{Question, Service};
use vramguide::error::Error;
use vramguide::hub::Hub;
use vramguide::i18n::Lang;

/// A free-text question's estimate, asked through the answer service (not logged).
pub(crate) struct Answered {
    pub result: Result<Answer, Error>,
}

pub(crate) async fn answer_text(hub: &Hub, text: &str) -> Answered {
    let reply = Service::new(hub.clone(), None)
        .answer(Question::text(text, Lang::En))
        .await;
    let result = match reply.outcome {
        Ok(Outcome::Estimate(a)) => Ok(*a),
        Ok(_) => panic!("not an estimate: {text}"),
        Err(e) => Err(e),
    };
    Answered { result }
}

// A model the catalog lacks. Its repos hold Nemotron 3 Nano's real config (a hybrid of
// Mamba-2, MoE and attention blocks): the fake Hub checks which repo is chosen and that its
// header's bytes are used, not that the config matches the name.
const NANO: &str = "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16";
const NANO_FP8: &str = "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-FP8";

fn real_config() -> Vec<u8> {
    let path = format!(
        "{}/tests/configs/nemotron-3-nano-30b-a3b.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(path).unwrap()
}

/// A repo with the real config and a header of a few tensors; returns it and its bytes.
fn repo(dtype: &str, fp8: bool) -> (Repo, u64) {
    let (file, bytes) = safetensors(
        &[
            ("backbone.embeddings.weight", "BF16", &[131_072, 2688]),
            ("backbone.layers.5.mixer.k_proj.weight", dtype, &[256, 2688]),
            ("backbone.layers.5.mixer.v_proj.weight", dtype, &[256, 2688]),
            ("lm_head.weight", "BF16", &[131_072, 2688]),
        ],
        0,
    );
    let mut config = real_config();
    if fp8 {
        let mut v: serde_json::Value = serde_json::from_slice(&config).unwrap();
        v["quantization_config"] = serde_json::json!({"quant_method": "fp8"});
        config = serde_json::to_vec(&v).unwrap();
    }
    let mut repo = Repo {
        params: Some(31_577_923_264),
        ..Repo::default()
    };
    repo.files.insert("config.json".into(), config);
    repo.files.insert("model.safetensors".into(), file);
    (repo, bytes)
}

/// The fake Hub with the publisher's repos and the derivatives people upload.
async fn hub() -> (FakeHub, u64, u64) {
    let hub = FakeHub::start().await;
    let (bf16, bf16_bytes) = repo("BF16", false);
    let (fp8, fp8_bytes) = repo("F8_E4M3", true);
    hub.add(NANO, bf16);
    hub.add(NANO_FP8, fp8);
    for (id, downloads) in [
        (NANO, 90_000),
        (NANO_FP8, 40_000),
        ("unsloth/Nemotron-3-Ultra-550B-A55B-GGUF", 300_000),
        ("bartowski/nvidia_Nemotron-3-Ultra-550B-A55B-GGUF", 120_000),
        ("someone/Nemotron-3-Ultra-550B-A55B-abliterated", 150_000),
        (
            "mlx-community/NVIDIA-Nemotron-3-Ultra-550B-A55B-4bit",
            20_000,
        ),
        ("nvidia/NVIDIA-Nemotron-3-Ultra-253B-v1", 90_000),
        ("nvidia/NVIDIA-Nemotron-Nano-9B-v2", 500_000),
    ] {
        hub.list(id, downloads);
    }
    (hub, bf16_bytes, fp8_bytes)
}

#[tokio::test]
async fn free_text_names_find_the_publishers_repo_with_exact_bytes() {
    let (fake, bf16_bytes, _) = hub().await;
    let hub = Hub::for_endpoint(&fake.url, None).unwrap();
    let reply = answer_text(&hub, "nemotron 3 ultra 550b a55b on a 4090").await;
    let a = reply.result.expect("an answer");
    assert_eq!(a.model.id, NANO);
    assert_eq!(a.model.origin.map(|o| o.name()), Some("search"));
    assert_eq!(
        a.model.weight_file.as_ref().map(|w| w.bytes),
        Some(bf16_bytes)
    );
    // One search, then the look-up: info, config, the header (302 and CDN range).
    assert_eq!(fake.searches(), 1);
    assert_eq!(fake.total_requests(), 5, "{:?}", fake.requests_for(NANO));
}

#[tokio::test]
async fn a_format_in_the_question_picks_that_formats_repo() {
    let (fake, _, fp8_bytes) = hub().await;
    let hub = Hub::for_endpoint(&fake.url, None).unwrap();
    let reply = answer_text(&hub, "nemotron 3 ultra 550b a55b fp8 on an h100").await;
    let a = reply.result.expect("an answer");
    assert_eq!(a.model.id, NANO_FP8);
    assert_eq!(
        a.model.weight_file.as_ref().map(|w| w.bytes),
        Some(fp8_bytes)
    );
}

#[tokio::test]
async fn a_catalog_model_makes_no_request() {
    let (fake, _, _) = hub().await;
    let hub = Hub::for_endpoint(&fake.url, None).unwrap();
    for text in ["llama 3.1 8b on a 4090", "qwen3 30b a3b fp8", "gemma 3 27b"] {
        let reply = answer_text(&hub, text).await;
        assert!(reply.result.is_ok(), "{text}");
    }
    assert_eq!(fake.total_requests(), 0);
}

/// Nothing found, 100 look-alikes, junk, a hang: an answer sized from the name, in time.
#[tokio::test]
async fn bad_search_answers_fall_back_to_the_name() {
    let many: Vec<String> = (0..100)
        .map(|i| format!(r#"{{"id": "org{i}/gemma-5-31b-it-merge-{i}", "downloads": {i}}}"#))
        .collect();
    let cases: Vec<(Vec<u8>, Duration)> = vec![
        (b"[]".to_vec(), Duration::ZERO),
        (format!("[{}]", many.join(",")).into_bytes(), Duration::ZERO),
        (b"<html>rate limited</html>".to_vec(), Duration::ZERO),
        (b"[]".to_vec(), Duration::from_secs(60)),
    ];
    for (body, delay) in cases {
        let fake = FakeHub::start().await;
        fake.answer_searches_with(body, delay);
        let hub = Hub::for_endpoint(&fake.url, None).unwrap();
        let started = Instant::now();
        let reply = answer_text(&hub, "gemma 5 31b on an h100").await;
        let a = reply.result.expect("an answer");
        assert_eq!(a.model.origin.map(|o| o.name()), Some("name"), "{delay:?}");
        assert!((a.model.params_b() - 31.0).abs() < 0.1);
        assert!(
            started.elapsed() < Duration::from_secs(8),
            "{:?}",
            started.elapsed()
        );
    }
}

/// A hanging search is remembered like a failed look-up (issue 32): the name that hung and
/// any other phrasing asked meanwhile answer from the name at once, without searching
/// again, instead of each waiting the whole time budget.
#[tokio::test]
async fn a_hanging_search_is_waited_for_once() {
    let fake = FakeHub::start().await;
    fake.answer_searches_with(b"[]".to_vec(), Duration::from_secs(60));
    let hub = Hub::for_endpoint(&fake.url, None)
        .unwrap()
        .with_timeout(Duration::from_secs(1));
    let started = Instant::now();
    let first = answer_text(&hub, "gemma 5 31b on an h100").await;
    let waited = started.elapsed();
    assert!(first.result.is_ok());
    assert!(waited >= Duration::from_millis(900), "{waited:?}");
    let searched = fake.searches();
    assert!(searched >= 1);
    for text in [
        "gemma 5 31b on an h100",
        "gemma-5-31b-it on an a100",
        "qwen 9 14b on a 4090",
    ] {
        let started = Instant::now();
        let reply = answer_text(&hub, text).await;
        let a = reply.result.expect("an answer from the name");
        assert_eq!(a.model.origin.map(|o| o.name()), Some("name"), "{text}");
        assert!(
            started.elapsed() < Duration::from_millis(300),
            "{text}: {:?}",
            started.elapsed()
        );
    }
    assert_eq!(fake.searches(), searched, "no search while the Hub's hangs");
}
