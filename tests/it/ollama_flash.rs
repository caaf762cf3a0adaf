//! Ollama's launch line sets what the estimate counts. The estimate counts flash attention
//! on unless the asker turns it off, but the line for a plain question was `ollama run
//! llama3.1:8b`: an Ollama up to 0.12 then runs a Llama with flash attention off (its
//! default for architectures outside `GGML.FlashAttention()`), holding the attention scores
//! the estimate left out, and one from v0.15.5 gives a 24 GiB card a 32k context, not the
//! 4,096 sized. Turned off, the line enabled it anyway with a quantized KV cache.
//! (Sources: ollama/ollama envconfig/config.go, fs/ggml/ggml.go, llm/server.go,
//! docs/faq.mdx, docs/context-length.mdx; see `OLLAMA_LAUNCH`.)

use vramguide::answer::{self, Answer, Assumption};
use vramguide::catalog::Catalog;
use vramguide::estimate::KvPrecision;
use vramguide::query::Query;
use vramguide::runtime::Runtime;

fn on_4090(context: u64, kv: Option<KvPrecision>, fa: Option<bool>) -> Answer {
    answer::for_query(
        Catalog::get(),
        &Query {
            model: Some("llama-3.1-8b".into()),
            runtime: Some(Runtime::Ollama),
            gpu: Some("rtx-4090".into()),
            context: Some(context),
            kv_precision: kv,
            flash_attention: fa,
            ..Query::default()
        },
    )
    .expect("answers")
}

fn line(a: &Answer) -> &str {
    a.launch.first().map(|l| l.command.as_str()).unwrap_or("")
}

#[test]
fn the_line_turns_flash_attention_on_when_the_estimate_counts_it_on() {
    for (kv, fa) in [
        (None, None),
        (None, Some(true)),
        (Some(KvPrecision::Q8_0), None),
    ] {
        let a = on_4090(32768, kv, fa);
        assert!(a.job.flash_attention);
        let l = line(&a);
        assert!(l.contains("OLLAMA_FLASH_ATTENTION=1 "), "{l}");
        assert!(l.contains("OLLAMA_CONTEXT_LENGTH=32768 "), "{l}");
        assert!(l.ends_with("ollama serve & ollama run llama3.1:8b"), "{l}");
    }
    assert_eq!(
        line(&on_4090(32768, Some(KvPrecision::Q4_0), None)),
        "OLLAMA_CONTEXT_LENGTH=32768 OLLAMA_FLASH_ATTENTION=1 OLLAMA_KV_CACHE_TYPE=q4_0 \
         ollama serve & ollama run llama3.1:8b"
    );
    // At the profile's 4,096 too: a newer server would pick 32k on a 24 GiB card.
    assert_eq!(
        line(&on_4090(4096, None, None)),
        "OLLAMA_CONTEXT_LENGTH=4096 OLLAMA_FLASH_ATTENTION=1 ollama serve & ollama run llama3.1:8b"
    );
}

#[test]
fn turned_off_the_estimate_counts_the_scores_and_the_line_keeps_it_off() {
    let on = on_4090(32768, None, None);
    let off = on_4090(32768, None, Some(false));
    // 32 heads × 512 queries × 32,768 cells × 4 bytes = 2 GiB of scores.
    let more = (off.estimate.activations - on.estimate.activations) / (1u64 << 30) as f64;
    assert!((more - 2.0).abs() < 0.05, "{more}");
    assert_eq!(
        line(&off),
        "OLLAMA_CONTEXT_LENGTH=32768 OLLAMA_FLASH_ATTENTION=0 ollama serve & ollama run llama3.1:8b"
    );
    // A q8_0 cache asked with it off: Ollama would drop the type, so the cache is sized at
    // 16 bits, said so, and the line neither enables flash attention nor sets the type.
    let both = on_4090(32768, Some(KvPrecision::Q8_0), Some(false));
    assert_eq!(both.job.kv_precision, KvPrecision::Fp16);
    assert!((both.estimate.kv_cache - off.estimate.kv_cache).abs() < 1.0);
    assert!(both.assumed.contains(&Assumption::KvNeedsFlashAttention {
        asked: KvPrecision::Q8_0
    }));
    assert_eq!(line(&both), line(&off));
    // With flash attention on, the q8_0 cache is half the 16-bit one.
    let q8 = on_4090(32768, Some(KvPrecision::Q8_0), None);
    assert!(q8.estimate.kv_cache < 0.6 * on.estimate.kv_cache);
}

/// The same in the four languages, from free text: off is read, counted and kept off.
#[test]
fn flash_attention_off_with_ollama_in_four_languages() {
    for q in [
        "llama 3.1 8b with ollama on a 4090, 32k context, without flash attention",
        "llama 3.1 8b com ollama numa 4090, contexto de 32k, sem flash attention",
        "llama 3.1 8b con ollama en una 4090, contexto de 32k, sin flash attention",
        "用 ollama 在 4090 上跑 llama 3.1 8b，32k 上下文，不开 flash attention",
    ] {
        let a = answer::for_text(Catalog::get(), q).result.expect("answers");
        assert_eq!(a.job.runtime, Runtime::Ollama, "{q}");
        assert!(!a.job.flash_attention, "{q}");
        let l = line(&a);
        assert!(l.contains("OLLAMA_FLASH_ATTENTION=0 "), "{q}: {l}");
        assert!(!l.contains("OLLAMA_FLASH_ATTENTION=1"), "{q}: {l}");
        assert!(l.contains("OLLAMA_CONTEXT_LENGTH=32768 "), "{q}: {l}");
    }
}

/// The note shown for the 16-bit cache reads in every language.
#[test]
fn the_kv_cache_kept_at_16_bits_is_said_in_every_language() {
    let a = on_4090(32768, Some(KvPrecision::Q8_0), Some(false));
    for lang in [
        vramguide::i18n::Lang::En,
        vramguide::i18n::Lang::Pt,
        vramguide::i18n::Lang::Es,
        vramguide::i18n::Lang::Zh,
    ] {
        let lines = vramguide::render::notes::assumption_lines(lang, &a);
        assert!(
            lines
                .iter()
                .any(|l| l.contains("q8_0") && l.contains("16") && l.contains("Ollama")),
            "{lang:?}: {lines:?}"
        );
    }
}
