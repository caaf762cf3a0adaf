//! Instructions per whole `ask` (parse, resolve, estimate, recommend, render), for
//! comparisons that machine load cannot blur: run it under callgrind twice, with 0 and
//! with N repetitions, and divide the difference by N.
//!
//! Add `render` after N to count the rendering of the answer's text alone.
//!
//! ```sh
//! cargo build --release --example ask_cost
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/ask_cost en 0
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/ask_cost en 1000
//! ```

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use vramguide::answer;
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::render;

fn main() {
    let mut args = std::env::args().skip(1);
    let lang = args.next().unwrap_or_else(|| "en".to_string());
    let n: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let question = match lang.as_str() {
        "pt" => "quanta VRAM preciso pro llama 3 70b em meia precisão?",
        "es" => "¿cabe mixtral 8x7b en dos 3090 en 4 bits?",
        "zh" => "两张4090能跑70B的llama吗,4bit量化",
        _ => "can we run llama 70b in fp16 on 2x 4090?",
    };
    let catalog = Catalog::get();
    // Warm every lazy table (catalog, bundles, regexes) once, outside the counted loop.
    let reply = answer::for_text(catalog, question);
    let lang = reply.parsed.language.unwrap_or(Lang::En);
    if let Ok(a) = &reply.result {
        black_box(render::text::answer(lang, catalog, a));
    }
    // A third argument `render` counts the text rendering of one answer alone.
    if args.next().as_deref() == Some("render") {
        if let Ok(a) = &reply.result {
            for _ in 0..n {
                black_box(render::text::answer(lang, catalog, black_box(a)));
            }
        }
        return;
    }
    for _ in 0..n {
        let reply = answer::for_text(catalog, black_box(question));
        if let Ok(a) = &reply.result {
            black_box(render::text::answer(lang, catalog, a));
        }
    }
}
