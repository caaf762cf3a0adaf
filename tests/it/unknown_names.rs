//! Names the catalog lacks, asked offline: never answered for a model of another size.
//!
//! Each is either sized from the size in its name (and the answer says so first, naming
//! the model whose shape it borrows) or, with no size in the name, refused with
//! suggestions. A catalog model that merely shares the family word ("gemma 3 31b" while
//! the catalog has Gemma 3 27B) must not stand in for it.

use vramguide::answer;
use vramguide::catalog::{Catalog, LookupError};
use vramguide::error::Error;
use vramguide::query::Assumption;

/// (question, the size its name gives in billions; None: the name gives none).
const NAMES: &[(&str, Option<f64>)] = &[
    ("gemma 5 31b on an h100", Some(31.0)),
    ("gemma 3 31b", Some(31.0)),
    ("gemma 3 2b fp8", Some(2.0)),
    ("llama 5 70b", Some(70.0)),
    ("llama 3.1 13b on a 4090", Some(13.0)),
    ("llama 4 behemoth 2000b", Some(2000.0)),
    ("qwen4 32b", Some(32.0)),
    ("qwen 3.6 27b", Some(27.0)),
    ("qwen2.5 20b", Some(20.0)),
    ("qwen3 vl 8b fp8", Some(8.0)),
    ("qwen3 coder 14b", Some(14.0)),
    ("qwen3 omni 30b a3b", Some(30.0)),
    ("qwen3 next 160b a6b", Some(160.0)),
    ("mistral large 4 300b", Some(300.0)),
    ("mistral small 5 24b", Some(24.0)),
    ("phi 5 14b", Some(14.0)),
    ("phi 4 mini 7b", Some(7.0)),
    ("deepseek v4 700b", Some(700.0)),
    ("deepseek r2 32b", Some(32.0)),
    ("glm 5.5 400b a40b", Some(400.0)),
    ("kimi k3 1500b", Some(1500.0)),
    ("falcon h2 34b", Some(34.0)),
    ("olmo 4 13b", Some(13.0)),
    ("granite 5 30b", Some(30.0)),
    ("gpt oss 60b", Some(60.0)),
    ("nemotron ultra 550b", Some(550.0)),
    ("minimax m2.7 250b a12b", Some(250.0)),
    ("ernie 6 45b", Some(45.0)),
    ("command b 140b", Some(140.0)),
    ("smollm 4 5b", Some(5.0)),
    ("gemma 5", None),
    ("llama 7 scout", None),
    ("qwen4 vl", None),
];

/// The sizing note of an answer, if it has one.
fn sized_note(assumed: &[Assumption]) -> Option<f64> {
    assumed.iter().find_map(|a| match a {
        Assumption::SizedFromName { params_b, .. } => Some(*params_b),
        _ => None,
    })
}

#[test]
fn unknown_names_are_never_answered_for_another_size() {
    let catalog = Catalog::get();
    let mut wrong = Vec::new();
    for &(text, size) in NAMES {
        let reply = answer::for_text(catalog, text);
        match (&reply.result, size) {
            (Ok(a), Some(b)) => {
                let got = a.model.params_b();
                if (got - b).abs() > 0.01 * b {
                    wrong.push(format!("{text}: answered for {got:.2}B ({})", a.model.id));
                }
                if sized_note(&a.assumed) != Some(b) {
                    wrong.push(format!("{text}: no sizing note ({:?})", a.assumed));
                }
                if a.model.origin.map(|o| o.name()) != Some("name") {
                    wrong.push(format!("{text}: source {:?}", a.model.origin));
                }
            }
            (Err(Error::Lookup(LookupError::UnknownModel { suggestions, .. })), None) => {
                if suggestions.is_empty() {
                    wrong.push(format!("{text}: refused without suggestions"));
                }
            }
            (Ok(a), None) => wrong.push(format!("{text}: answered as {}", a.model.id)),
            (Err(e), _) => wrong.push(format!("{text}: {e}")),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The note comes first in the text, and `query.source` is "name" in the JSON.
#[test]
fn a_name_sized_answer_says_so_first() {
    let catalog = Catalog::get();
    let reply = answer::for_text(catalog, "gemma 3 31b on an h100");
    let a = reply.result.expect("an answer");
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, catalog, &a);
    assert!(
        text.starts_with("I don't know Gemma 3 31B"),
        "{}",
        &text[..200.min(text.len())]
    );
    assert!(text.contains("like Gemma 3 27B"), "{text}");
}

/// Names the catalog holds still resolve as before, by their full name.
#[test]
fn known_names_still_resolve() {
    let catalog = Catalog::get();
    for (text, id) in [
        ("llama 70b", "llama-3.3-70b"),
        ("qwen 2.5 32", "qwen2.5-32b"),
        ("qwen3 30b a3b", "qwen3-30b-a3b"),
        ("deepseek r1 0528", "deepseek-r1-0528"),
        ("gemma 3 27b", "gemma-3-27b"),
    ] {
        let a = answer::for_text(catalog, text).result.expect(text);
        assert_eq!(a.model.id, id, "{text}");
    }
}

/// An `org/name` typed is that repo: only a catalog entry's own Hub id (or the publisher's
/// repo of the same weights) is answered from the catalog without a look-up.
#[tokio::test]
async fn a_repo_id_is_that_repo() {
    use vramguide::query::hub_id::needs_hub;
    let c = Catalog::get();
    assert!(needs_hub(c, "acme/tiny-llama"));
    assert!(needs_hub(c, "acme/TinyLlama-1.1B"));
    assert!(needs_hub(c, "unsloth/Qwen3-32B-GGUF"));
    assert!(!needs_hub(c, "Qwen/Qwen2.5-7B-Instruct"));
    // Offline, a repo whose name gives no size is not answered as a look-alike.
    let hub = vramguide::hub::Hub::offline();
    let reply = crate::hub_search::answer_text(&hub, "acme/tiny-llama on a 4090").await;
    assert!(
        reply.result.is_err(),
        "{:?}",
        reply.result.map(|a| a.model.id.clone())
    );
    // One whose name gives a size is answered for a stand-in, and every language says so
    // before any figure: the first line names the repo typed, not the catalog model.
    let reply = crate::hub_search::answer_text(&hub, "someorg/llama-8b-ft fp16").await;
    let a = reply.result.expect("answered for a stand-in");
    for lang in vramguide::i18n::Lang::ALL {
        let text = vramguide::render::text::answer(lang, c, &a);
        let first = text.lines().next().unwrap_or_default();
        assert!(first.contains("someorg/llama-8b-ft"), "{lang:?}: {text}");
        assert!(
            first.starts_with(char::is_uppercase) || lang == vramguide::i18n::Lang::Zh,
            "{first}"
        );
        assert_eq!(
            text.matches("someorg/llama-8b-ft").count(),
            1,
            "{lang:?}: {text}"
        );
    }
}

/// An answer from a config.json names the model: `_name_or_path`, else its folder.
#[test]
fn a_config_answer_names_its_model() {
    use vramguide::hub::spec_from_user_config;
    let config = br#"{"model_type": "llama", "hidden_size": 2048, "intermediate_size": 5632,
        "num_hidden_layers": 22, "num_attention_heads": 32, "num_key_value_heads": 4,
        "vocab_size": 32000, "_name_or_path": "/data/models/My-Llama-1B"}"#;
    let spec = spec_from_user_config("config.json", config).expect("a spec");
    assert_eq!(spec.display_name, "My-Llama-1B");
    let bare = String::from_utf8_lossy(config).replace("/data/models/My-Llama-1B", "");
    let spec = spec_from_user_config("/srv/ckpt/Foo-7B/config.json", bare.as_bytes()).unwrap();
    assert_eq!(spec.display_name, "Foo-7B");
    let spec = spec_from_user_config("config.json", bare.as_bytes()).unwrap();
    assert_ne!(spec.display_name, "config.json");
}
