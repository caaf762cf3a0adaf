//! Every question of the parser corpus (tests/corpus/*.json) through the whole core, written
//! out: the parsed query, the answer (Debug, floats in full) or its error, the text reply and
//! the JSON reply. Dump it before and after a change that must not alter answers, and diff:
//!
//! ```sh
//! cargo run --release --example answer_dump > /tmp/before.txt
//! # … change …
//! cargo run --release --example answer_dump > /tmp/after.txt && diff /tmp/before.txt /tmp/after.txt
//! ```
//!
//! `answer_dump all` also writes each answer as the three Discord embeds (first view, "make
//! it fit", "full breakdown") and as the web's `/ask` page, for changes to the layout.
//!
//! A few questions about a Hub model the catalog lacks (the spec an adapter would hand in,
//! as in `benches/core.rs`) follow the corpus, so the `for_parsed_with` path is covered too.

#[path = "../benches/common/hub_spec.rs"]
mod hub_spec;
use hub_spec::hub_spec;

use std::fmt::Write as _;
use vramguide::answer::{self, Answer};
use vramguide::catalog::Catalog;
use vramguide::error::Error;
use vramguide::i18n::Lang;
use vramguide::render;

fn main() -> anyhow::Result<()> {
    let catalog = Catalog::get();
    let surfaces = std::env::args().nth(1).as_deref() == Some("all");
    let mut out = String::new();
    for q in corpus_questions()? {
        let reply = answer::for_text(catalog, &q);
        let lang = reply.parsed.language.unwrap_or(Lang::En);
        writeln!(out, "=== {q}\n{:?}", reply.parsed)?;
        write_result(&mut out, catalog, lang, &reply.result)?;
        if surfaces {
            write_surfaces(&mut out, catalog, lang, &q, &reply.result)?;
        }
    }
    let spec = hub_spec();
    for q in HUB_QUESTIONS {
        let parsed = vramguide::query::parse(catalog, q);
        let result = answer::for_parsed_with(catalog, &parsed, Some(spec.clone()));
        let lang = parsed.language.unwrap_or(Lang::En);
        writeln!(out, "=== hub: {q}\n{parsed:?}")?;
        write_result(&mut out, catalog, lang, &result)?;
        if surfaces {
            write_surfaces(&mut out, catalog, lang, q, &result)?;
        }
    }
    print!("{out}");
    Ok(())
}

/// Questions naming the Hub model of [`hub_spec`], in each language and a few shapes.
const HUB_QUESTIONS: [&str; 6] = [
    "can we run someorg/Llama-70B-finetune in bf16 on 2x 4090?",
    "someorg/Llama-70B-finetune",
    "qlora someorg/Llama-70B-finetune on one 3090",
    "dá pra rodar someorg/Llama-70B-finetune em 4 bits numa 4090?",
    "¿cabe someorg/Llama-70B-finetune en dos 3090?",
    "两张4090能跑someorg/Llama-70B-finetune吗",
];

/// The text and JSON replies, or the error (Debug and both renderings).
fn write_result(
    out: &mut String,
    catalog: &Catalog,
    lang: Lang,
    result: &Result<Answer, Error>,
) -> anyhow::Result<()> {
    match result {
        Ok(a) => {
            writeln!(out, "{a:?}")?;
            writeln!(out, "{}", render::text::answer(lang, catalog, a))?;
            let json = serde_json::to_string(&render::json::answer(lang, catalog, a))?;
            writeln!(out, "{json}")?;
        }
        Err(e) => {
            let json = serde_json::to_string(&render::json::error(lang, catalog, e))?;
            writeln!(out, "error {e:?}\n{json}")?;
        }
    }
    Ok(())
}

/// The Discord embeds of every view and the web page of an estimate.
fn write_surfaces(
    out: &mut String,
    catalog: &Catalog,
    lang: Lang,
    question: &str,
    result: &Result<Answer, Error>,
) -> anyhow::Result<()> {
    let Ok(a) = result else {
        return Ok(());
    };
    use render::discord::View;
    for view in [View::Compact, View::Levers, View::Full] {
        let e = render::discord::answer_view(lang, catalog, a, view);
        writeln!(out, "--- discord {view:?}\n{e:#?}")?;
    }
    writeln!(
        out,
        "--- html\n{}",
        vramguide::web::pages::answer_page(lang, a, question)
    )?;
    Ok(())
}

/// Every `q` of every corpus file, files in name order.
fn corpus_questions() -> anyhow::Result<Vec<String>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus");
    // The corpus folder also holds notes (LOGS.md) and sub-folders: JSON files only.
    let mut files: Vec<_> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let cases: Vec<serde_json::Value> = serde_json::from_str(&std::fs::read_to_string(&f)?)?;
        out.extend(
            cases
                .iter()
                .filter_map(|c| c["q"].as_str().map(str::to_string)),
        );
    }
    Ok(out)
}
