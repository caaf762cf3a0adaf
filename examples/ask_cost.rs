//! Instructions per whole `ask` (parse, resolve, estimate, recommend, render), for
//! comparisons that machine load cannot blur: run it under callgrind twice, with 0 and
//! with N repetitions, and divide the difference by N.
//!
//! The whole ask is what `vramguide ask` prints (the verdict, then the chat-length
//! answer); add `full` after N for the whole answer (`--full`).
//! Add `render` after N to count the rendering of the full answer's text alone, or `core` to
//! count everything before rendering (`answer::for_text`), or `parse` for the parse alone. The language `hub` asks about a
//! Hub model the cache already holds (the spec handed in, as `benches/core.rs`'s
//! `ask/hub-cached` does).
//!
//! ```sh
//! cargo build --release --example ask_cost
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/ask_cost en 0
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/ask_cost en 1000
//! ```

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "../benches/common/hub_spec.rs"]
mod hub_spec;
use hub_spec::hub_spec;

use std::hint::black_box;
use vramguide::answer::{self, Answer, Outcome};
use vramguide::catalog::{Catalog, ModelSpec};
use vramguide::error::Error;
use vramguide::i18n::Lang;
use vramguide::render::outcome::Length;
use vramguide::{query, render};

fn main() {
    let mut args = std::env::args().skip(1);
    let lang = args.next().unwrap_or_else(|| "en".to_string());
    let n: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let question = match lang.as_str() {
        "pt" => "quanta VRAM preciso pro llama 3 70b em meia precisão?",
        "es" => "¿cabe mixtral 8x7b en dos 3090 en 4 bits?",
        "zh" => "两张4090能跑70B的llama吗,4bit量化",
        "hub" => "can we run someorg/Llama-70B-finetune in bf16 on 2x 4090?",
        _ => "can we run llama 70b in fp16 on 2x 4090?",
    };
    let catalog = Catalog::get();
    let spec = (lang == "hub").then(hub_spec);
    // Warm every lazy table (catalog, bundles, regexes) once, outside the counted loop.
    let (lang, result) = core(catalog, question, spec.as_ref());
    if let Ok(a) = &result {
        black_box(render::text::answer(lang, catalog, a));
        black_box(chat(lang, catalog, a.clone()));
    }
    match args.next().as_deref() {
        // The whole ask with the whole answer (`--full`).
        Some("full") => {
            for _ in 0..n {
                if let (lang, Ok(a)) = core(catalog, black_box(question), spec.as_ref()) {
                    black_box(render::text::answer(lang, catalog, &a));
                }
            }
        }
        // Only the text rendering of one answer.
        Some("render") => {
            if let Ok(a) = &result {
                for _ in 0..n {
                    black_box(render::text::answer(lang, catalog, black_box(a)));
                }
            }
        }
        // Only the parse of the question.
        Some("parse") => {
            for _ in 0..n {
                black_box(query::parse(catalog, black_box(question)));
            }
        }
        // Only what comes before rendering.
        Some("core") => {
            for _ in 0..n {
                let _ = black_box(core(catalog, black_box(question), spec.as_ref()));
            }
        }
        // The whole ask as the terminal prints it: the verdict, then the chat-length answer.
        _ => {
            for _ in 0..n {
                if let (lang, Ok(a)) = core(catalog, black_box(question), spec.as_ref()) {
                    black_box(chat(lang, catalog, a));
                }
            }
        }
    }
}

/// What `vramguide ask` prints for an estimate: its verdict and the chat-length answer.
fn chat(lang: Lang, catalog: &Catalog, a: Answer) -> String {
    let outcome = Outcome::Estimate(Box::new(a));
    render::outcome::text_with(lang, catalog, &outcome, Length::Chat)
}

/// Parse and answer, with the Hub model's spec when there is one (cloned each time, as the
/// bench does); the reply's language.
fn core(
    catalog: &'static Catalog,
    question: &str,
    spec: Option<&ModelSpec>,
) -> (Lang, Result<Answer, Error>) {
    let parsed = query::parse(catalog, question);
    let lang = parsed.language.unwrap_or(Lang::En);
    (
        lang,
        answer::for_parsed_with(catalog, &parsed, spec.cloned()),
    )
}
