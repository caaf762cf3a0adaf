//! Write the memory chart of one question as a PNG (the picture Discord answers carry and
//! answer pages give link previews), or as SVG with `--svg`; `--discord` draws the compact
//! picture a Discord answer carries instead of the page's:
//!
//! ```sh
//! cargo run --example chart -- "dá pra rodar qwen 32b numa 3090?" docs/chart-pt.png
//! ```

use vramguide::answer;
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::render::chart;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let svg = args.iter().any(|a| a == "--svg");
    let layout = if args.iter().any(|a| a == "--discord") {
        chart::Layout::Discord
    } else {
        chart::Layout::Page
    };
    let mut rest = args.iter().filter(|a| !a.starts_with("--"));
    let question = rest
        .next()
        .map_or("llama 3.1 70b fp16 on 2x rtx 4090", |s| s);
    let out = rest.next().map_or("chart.png", |s| s);
    let reply = answer::for_text(Catalog::get(), question);
    let lang = reply.parsed.language.unwrap_or(Lang::En);
    let a = reply.result.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    if svg {
        std::fs::write(out, chart::svg_in(lang, Catalog::get(), &a, layout))?;
    } else {
        std::fs::write(out, chart::png_in(lang, Catalog::get(), &a, layout)?)?;
    }
    Ok(())
}
