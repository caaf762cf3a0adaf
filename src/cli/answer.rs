//! `ask`, `estimate`, `compare`, `explain`: one question in, one answer out.

use super::Output;
use clap::Args as ClapArgs;
use serde_json::Value;
use std::process::ExitCode;
use std::time::Instant;
use vramguide::answer::{self, Topic};
use vramguide::catalog::Catalog;
use vramguide::error::Error;
use vramguide::i18n::{Lang, t};
use vramguide::query::{Fields, Query};
use vramguide::render;
use vramguide::store::{LogEntry, Source};

/// Options of `estimate`: the web API's field set ([`Fields`]) plus the two negative
/// switches people type on a command line.
#[derive(Debug, ClapArgs)]
pub struct EstimateArgs {
    #[command(flatten)]
    out: Output,
    #[command(flatten)]
    fields: Fields,
    /// Training: keep every activation (the same as --gradient-checkpointing=false).
    #[arg(
        long = "no-gradient-checkpointing",
        conflicts_with = "gradient_checkpointing"
    )]
    no_gradient_checkpointing: bool,
    /// Full fine-tune in pure 16-bit (the same as --master-weights=false).
    #[arg(long = "no-master-weights", conflicts_with = "master_weights")]
    no_master_weights: bool,
}

impl EstimateArgs {
    /// The same field checks as the web API's `/api/v1/estimate` (`query::Fields`).
    fn query(&self) -> Result<Query, Error> {
        let mut fields = self.fields.clone();
        if self.no_gradient_checkpointing {
            fields.gradient_checkpointing = Some("false".to_string());
        }
        if self.no_master_weights {
            fields.master_weights = Some("false".to_string());
        }
        fields.query()
    }
}

/// Write a line to stdout; a reader that went away (`| head`) is not an error worth a
/// panic, so write failures are dropped.
fn print_out(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{text}");
}

/// Print an answer or an error; returns the contract's exit code.
fn finish(lang: Lang, json: bool, result: Result<(String, Value), Error>) -> ExitCode {
    let catalog = Catalog::get();
    match result {
        Ok((text, value)) => {
            if json {
                print_out(&serde_json::to_string_pretty(&value).unwrap_or_default());
            } else {
                print_out(&text);
            }
            ExitCode::SUCCESS
        }
        Err(err) => {
            let message = render::error::message(lang, catalog, &err);
            if json {
                let value = serde_json::to_value(render::json::error(lang, catalog, &err))
                    .unwrap_or_default();
                print_out(&serde_json::to_string_pretty(&value).unwrap_or_default());
            }
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}

fn answer_query(lang: Lang, q: &Query) -> Result<(String, Value), Error> {
    let a = answer::for_query(Catalog::get(), q)?;
    Ok(rendered(lang, &a))
}

/// Build the answer to a resolved request, as text and as the JSON contract.
fn rendered(lang: Lang, a: &answer::Answer) -> (String, Value) {
    let catalog = Catalog::get();
    (
        render::text::answer(lang, catalog, a),
        serde_json::to_value(render::json::answer(lang, catalog, a)).unwrap_or_default(),
    )
}

pub fn estimate(args: &EstimateArgs) -> ExitCode {
    let lang = args.out.lang.unwrap_or_default();
    let result = args.query().and_then(|q| answer_query(lang, &q));
    finish(lang, args.out.json, result)
}

/// Answer one free-text question on stdout; the query-log row comes back for the caller
/// to write after the answer is out.
pub fn ask(text: &str, out: &Output, started: Instant) -> (ExitCode, LogEntry) {
    let reply = answer::for_text(Catalog::get(), text);
    let lang = reply.parsed.language.or(out.lang).unwrap_or_default();
    let rendered_result = reply.result.as_ref().map(|a| rendered(lang, a));
    let code = finish(lang, out.json, rendered_result.map_err(Clone::clone));
    let entry = LogEntry::from_answer(
        Source::Cli,
        lang,
        text,
        Some(&reply.parsed.query),
        reply.result.as_ref(),
        started.elapsed(),
    )
    .with_locale(out.lang.map(|l| l.locale()));
    (code, entry)
}

pub fn compare(names: &[String], out: &Output) -> ExitCode {
    let catalog = Catalog::get();
    let lang = out.lang.unwrap_or_default();
    let gpus: Result<Vec<_>, Error> = names
        .iter()
        .map(|n| catalog.resolve_gpu(n).map(|m| m.gpu).map_err(Error::from))
        .collect();
    let result = gpus.map(|gpus| {
        (
            render::compare::text(lang, catalog, &gpus),
            serde_json::to_value(render::compare::json(lang, catalog, &gpus)).unwrap_or_default(),
        )
    });
    finish(lang, out.json, result)
}

pub fn explain(topic: &str, out: &Output) -> ExitCode {
    let lang = out.lang.unwrap_or_default();
    let result = Topic::from_slug(topic)
        .ok_or_else(|| Error::UnknownTopic(topic.to_string()))
        .map(|topic| {
            let text = render::text::guide(lang, topic);
            let value = serde_json::json!({
                "language": lang.code(), "topic": topic.slug(),
                "title": t(lang, &format!("guide-{}-title", topic.slug())),
                "text": text,
            });
            (text, value)
        });
    finish(lang, out.json, result)
}
