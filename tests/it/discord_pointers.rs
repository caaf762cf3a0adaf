//! Discord offers buttons, not command-line flags: no embed of any kind, in any language,
//! points the asker at `--full` (the terminal's flag). What more there is waits behind the
//! embed's own button ("Full specs", "Full breakdown", "Whole guide") or is only counted.

use vramguide::answer::{Outcome, Topic, for_intent};
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::query;
use vramguide::render::discord::{self as embed, Embed, View};

/// Every kind, in every language, with long lists so the "more" lines show: estimates
/// (own setup, no setup, does not fit), compare, explain, buy (with a model, and cards for
/// a budget), what fits a card, the longest context, a pasted error.
const QUESTIONS: &[(&str, Lang)] = &[
    ("llama 3.1 70b on a 4090", Lang::En),
    ("llama 3.1 70b numa 4090", Lang::Pt),
    ("llama 3.1 70b en una 4090", Lang::Es),
    ("llama 3.1 70b 在 4090 上", Lang::Zh),
    ("how much vram for qwen3 32b", Lang::En),
    ("quanta VRAM preciso para o qwen3 32b?", Lang::Pt),
    ("4090 vs 3090", Lang::En),
    ("4090 还是 3090 好", Lang::Zh),
    ("does the 4090 support nvlink?", Lang::En),
    ("¿la 4090 soporta nvlink?", Lang::Es),
    ("qwen3 32b under $20000", Lang::En),
    ("qwen3 32b com orçamento de R$ 100 mil", Lang::Pt),
    ("qwen3 32b con presupuesto de 20000 dólares", Lang::Es),
    ("预算15万 跑 qwen3 32b", Lang::Zh),
    ("best gpu under $2000", Lang::En),
    ("melhor placa até R$ 10 mil", Lang::Pt),
    ("what can i run on a 3060 12gb?", Lang::En),
    ("o que roda numa 3060 12gb?", Lang::Pt),
    ("¿qué puedo correr en una 3060 12gb?", Lang::Es),
    ("3060 12gb 能跑什么模型", Lang::Zh),
    ("what can i run on 8x h100?", Lang::En),
    ("o que roda em 8x h100?", Lang::Pt),
    ("¿qué puedo correr en 8x h100?", Lang::Es),
    ("8张h100 能跑什么模型", Lang::Zh),
    ("max context for llama 3.1 8b on a 4090", Lang::En),
    ("llama 3.1 8b 在 4090 上最长能开多少上下文", Lang::Zh),
];

const OOM_LOG: &str = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. \
GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free.";

/// The embed's text, all of it.
fn all_text(e: &Embed) -> String {
    let mut out = format!("{}\n{}\n{}", e.title, e.description, e.footer);
    for (name, value) in &e.fields {
        out.push_str(&format!("\n{name}\n{value}"));
    }
    out
}

/// The embeds a question's answer shows on Discord: its first view, and for an estimate
/// the views behind its buttons too. Returns the answer's kind.
fn embeds_of(question: &str, lang: Lang) -> (&'static str, Vec<Embed>) {
    let catalog = Catalog::get();
    let parsed = query::parse(catalog, question);
    match for_intent(catalog, &parsed) {
        Some(Ok(outcome)) => {
            let kind = outcome.intent().name();
            let mut out = vec![vramguide::render::outcome::embed(lang, catalog, &outcome)];
            if let Outcome::Compare(c) = &outcome {
                out.push(embed::compare(lang, catalog, &c.gpus));
            }
            (kind, out)
        }
        Some(Err(e)) => panic!("{question}: {e:?}"),
        None => {
            let req = query::resolve_parsed(catalog, &parsed).expect("understood");
            let a = vramguide::answer::build(catalog, req).expect("answered");
            let views = [View::Compact, View::Levers, View::Full]
                .into_iter()
                .map(|v| embed::answer_view(lang, catalog, &a, v))
                .collect();
            (Outcome::Estimate(Box::new(a)).intent().name(), views)
        }
    }
}

/// Issue 38: "add --full" is the terminal's; Discord's embeds never say it.
#[test]
fn no_discord_embed_points_at_a_command_line_flag() {
    let mut kinds = std::collections::BTreeSet::new();
    let mut bad = Vec::new();
    let questions = QUESTIONS
        .iter()
        .copied()
        .chain(Lang::ALL.iter().map(|&l| (OOM_LOG, l)));
    for (question, lang) in questions {
        let (kind, embeds) = embeds_of(question, lang);
        kinds.insert(kind);
        for e in embeds {
            let text = all_text(&e);
            if text.contains("--full") {
                bad.push(format!("{question} ({kind}, {lang:?}):\n{text}"));
            }
        }
    }
    for lang in Lang::ALL {
        for &topic in Topic::ALL {
            let text = all_text(&embed::guide(lang, topic));
            assert!(!text.contains("--full"), "{topic:?} {lang:?}: {text}");
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
    for kind in [
        "estimate",
        "compare",
        "explain",
        "buy",
        "fit",
        "max_context",
        "diagnose",
    ] {
        assert!(kinds.contains(kind), "{kind} is checked: {kinds:?}");
    }
}

/// The lists still say how many more there are, in the asker's language, without a flag.
#[test]
fn a_long_list_on_discord_still_counts_what_it_leaves_out() {
    for (question, lang, more) in [
        ("what can i run on 8x h100?", Lang::En, "more"),
        ("o que roda em 8x h100?", Lang::Pt, "mais"),
        ("¿qué puedo correr en 8x h100?", Lang::Es, "más"),
        ("8张h100 能跑什么模型", Lang::Zh, "还有"),
        ("qwen3 32b under $20000", Lang::En, "more setups."),
        (
            "qwen3 32b com orçamento de R$ 100 mil",
            Lang::Pt,
            "configurações.",
        ),
        (
            "qwen3 32b con presupuesto de 20000 dólares",
            Lang::Es,
            "configuraciones más.",
        ),
        ("预算15万 跑 qwen3 32b", Lang::Zh, "种配置。"),
    ] {
        let (_, embeds) = embeds_of(question, lang);
        let text = all_text(&embeds[0]);
        assert!(text.contains(more), "{question}: {text}");
    }
}
