//! A Mac owner who names no format runs the 8-bit file people download (issue s12, item 2):
//! "Qwen2.5 72B on M2 Ultra 192GB" was sized at BF16 (136 of 144 GiB, no room for context,
//! half the speed) with no launch line, since nobody publishes a BF16 GGUF of it. Now it is
//! a Q8_0 GGUF with llama.cpp (an mlx-community 8-bit repo when MLX is named), with the
//! command that starts it; a format named stays as named, and a checkpoint too large for
//! 16 bits keeps its best-fit answer (the largest format that fits with room).

use vramguide::answer::{self, Answer, Assumption};
use vramguide::catalog::Catalog;
use vramguide::estimate::Precision;
use vramguide::i18n::Lang;
use vramguide::runtime::Runtime;

fn ask(text: &str) -> (Answer, Lang) {
    let reply = answer::for_text(Catalog::get(), text);
    let lang = reply.parsed.language.unwrap_or(Lang::En);
    let a = reply.result.unwrap_or_else(|e| panic!("{text}: {e:?}"));
    (a, lang)
}

fn launch(a: &Answer) -> &str {
    a.launch.first().map(|l| l.command.as_str()).unwrap_or("")
}

#[test]
fn a_mac_whose_memory_holds_16_bits_runs_the_q8_0_gguf_in_four_languages() {
    for (q, word, why) in [
        ("Qwen2.5 72B on M2 Ultra 192GB", "Yes", "would fit too"),
        (
            "qwen2.5 72b on my mac studio m2 ultra 192gb?",
            "Yes",
            "would fit too",
        ),
        (
            "posso rodar qwen 2.5 72b no meu mac studio m2 ultra 192gb?",
            "Sim",
            "também caberia",
        ),
        (
            "¿corre qwen2.5 72b en un mac studio m2 ultra 192gb?",
            "Sí",
            "también cabría",
        ),
        ("M2 Ultra 192G 能跑 Qwen2.5 72B 吗", "可以", "也放得下"),
    ] {
        let (a, lang) = ask(q);
        assert_eq!(a.job.precision, Precision::Q8_0, "{q}");
        assert_eq!(a.job.runtime, Runtime::LlamaCpp, "{q}");
        assert!(a.fit.as_ref().is_some_and(|f| f.fits), "{q}");
        assert_eq!(
            launch(&a),
            "llama-server -hf Qwen/Qwen2.5-72B-Instruct-GGUF:Q8_0 -c 8192 -ngl 999 -fa on",
            "{q}"
        );
        // Said as the assumed format, not as the checkpoint's own.
        assert!(
            a.assumed.contains(&Assumption::Precision {
                precision: Precision::Q8_0,
                native: false
            }),
            "{q}: {:?}",
            a.assumed
        );
        let verdict = vramguide::render::verdict::of_estimate(lang, Catalog::get(), &a);
        assert!(verdict.starts_with(word), "{q}: {verdict}");
        assert!(verdict.contains("Q8_0"), "{q}: {verdict}");
        let text = vramguide::render::text::chat(lang, Catalog::get(), &a);
        assert!(!text.to_lowercase().contains("bf16"), "{q}: {text}");
        assert!(text.contains("llama-server -hf Qwen/Qwen2.5-72B-Instruct-GGUF:Q8_0"));
        // The full answer's assumptions say why not the 16-bit checkpoint that fits.
        let full = vramguide::render::text::answer(lang, Catalog::get(), &a);
        assert!(full.contains(why) && full.contains("BF16"), "{q}: {full}");
    }
}

#[test]
fn smaller_macs_keep_the_largest_format_that_fits_with_room_in_four_languages() {
    for (q, precision, repo) in [
        (
            "¿corre llama 3.3 70b en un macbook pro m4 max 128gb?",
            Precision::Q8_0,
            "bartowski/Llama-3.3-70B-Instruct-GGUF:Q8_0",
        ),
        (
            "M3 Max 64G 能跑 Qwen3 32B 吗",
            Precision::Q8_0,
            "bartowski/Qwen_Qwen3-32B-GGUF:Q8_0",
        ),
        (
            "can i run qwen3 8b on my macbook m4 max 36gb",
            Precision::Q8_0,
            "unsloth/Qwen3-8B-GGUF:Q8_0",
        ),
        (
            "roda llama 3.3 70b no meu macbook pro m4 max 64gb?",
            Precision::Q4KM,
            "bartowski/Llama-3.3-70B-Instruct-GGUF:Q4_K_M",
        ),
    ] {
        let (a, _) = ask(q);
        assert_eq!(a.job.precision, precision, "{q}");
        assert_eq!(a.job.runtime, Runtime::LlamaCpp, "{q}");
        assert!(launch(&a).contains(repo), "{q}: {}", launch(&a));
    }
}

#[test]
fn mlx_named_with_no_format_loads_the_8_bit_mlx_community_repo() {
    for q in [
        "qwen2.5 72b with mlx on m2 ultra 192gb",
        "qwen 2.5 72b com mlx no mac studio m2 ultra 192gb",
        "qwen2.5 72b con mlx en un m2 ultra de 192gb",
        "用 mlx 在 m2 ultra 192gb 上跑 qwen2.5 72b",
    ] {
        let (a, _) = ask(q);
        assert_eq!(a.job.runtime, Runtime::Mlx, "{q}");
        assert_eq!(a.job.precision, Precision::Mlx8, "{q}");
        assert_eq!(
            launch(&a),
            "mlx_lm.server --model mlx-community/Qwen2.5-72B-Instruct-8bit",
            "{q}"
        );
    }
}

#[test]
fn a_format_named_on_a_mac_stays_as_named() {
    let (a, _) = ask("qwen2.5 72b bf16 on m2 ultra 192gb");
    assert_eq!(a.job.precision, Precision::Bf16);
    let (a, _) = ask("qwen2.5 72b q4_k_m on m2 ultra 192gb");
    assert_eq!(a.job.precision, Precision::Q4KM);
    // Other cards are unchanged: a GeForce that holds 16 bits runs them.
    let (a, _) = ask("qwen3 8b on a 4090");
    assert_eq!(a.job.precision, Precision::Bf16);
}
