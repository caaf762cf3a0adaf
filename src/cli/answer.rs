//! `ask`, `estimate`, `compare`, `explain`: one question in, one answer out.

use super::Output;
use super::query_log::StoreArgs;
use clap::Args as ClapArgs;
use serde_json::Value;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;
use vramguide::answer::{self, Topic};
use vramguide::catalog::Catalog;
use vramguide::error::{Error, ModelSourceError, SourceErrorKind};
use vramguide::hub::{self, Hub};
use vramguide::i18n::{Lang, t};
use vramguide::query::hub_id;
use vramguide::query::{Fields, Query};
use vramguide::render;
use vramguide::store::Store;
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

pub fn estimate(
    args: &EstimateArgs,
    model_config: Option<&Path>,
    store: &StoreArgs,
    offline: bool,
) -> ExitCode {
    let lang = args.out.lang.unwrap_or_default();
    let catalog = Catalog::get();
    let result = args.query().and_then(|q| match model_config {
        Some(path) => {
            let spec = read_model_config(path)?;
            answer::for_query_with(catalog, &q, Some(spec)).map(|a| rendered(lang, &a))
        }
        None if q
            .model
            .as_deref()
            .is_some_and(|m| hub_id::needs_hub(catalog, m)) =>
        {
            let answer = on_runtime(async {
                let (hub, opened) = hub_for(store, offline).await;
                let answer = hub.answer_query(catalog, &q).await;
                if let Some(s) = opened {
                    s.shutdown().await;
                }
                answer
            });
            answer.map(|a| rendered(lang, &a))
        }
        None => answer_query(lang, &q),
    });
    finish(lang, args.out.json, result)
}

/// A config.json from disk, read up to its cap.
fn read_model_config(path: &Path) -> Result<vramguide::catalog::ModelSpec, Error> {
    use std::io::Read as _;
    // The path, not the file name alone: a `config.json` is named after its folder.
    let name = path.to_string_lossy().into_owned();
    let mut bytes = Vec::new();
    let read = std::fs::File::open(path)
        .and_then(|f| f.take(hub::MAX_USER_CONFIG + 1).read_to_end(&mut bytes));
    if let Err(e) = read {
        return Err(Error::ModelSource(ModelSourceError {
            kind: SourceErrorKind::InvalidConfig,
            repo: name,
            detail: e.to_string(),
            suggestions: Vec::new(),
        }));
    }
    hub::spec_from_user_config(&name, &bytes)
}

/// The Hub with the store's cache when the database opens (without it otherwise: a
/// look-up still answers, it is just not kept).
async fn hub_for(store: &StoreArgs, offline: bool) -> (Hub, Option<Store>) {
    match Store::open(store.config()).await {
        Ok(s) => (Hub::from_env(offline, Some(s.hub_cache())), Some(s)),
        Err(e) => {
            tracing::warn!("no Hub cache: {e:#}");
            (Hub::from_env(offline, None), None)
        }
    }
}

/// Run one future on a fresh runtime; a runtime that cannot start is an internal error
/// reported as the Hub being unreachable.
fn on_runtime<T>(f: impl std::future::Future<Output = Result<T, Error>>) -> Result<T, Error> {
    match super::runtime() {
        Some(rt) => rt.block_on(f),
        None => Err(Error::ModelSource(ModelSourceError {
            kind: SourceErrorKind::Unreachable,
            repo: String::new(),
            detail: "unreachable".into(),
            suggestions: Vec::new(),
        })),
    }
}

/// Answer one free-text question on stdout; the query-log row comes back for the caller
/// to write after the answer is out.
pub fn ask(
    text: &str,
    out: &Output,
    started: Instant,
    store: &StoreArgs,
    offline: bool,
) -> (ExitCode, LogEntry) {
    let catalog = Catalog::get();
    let parsed = vramguide::query::parse(catalog, text);
    let result = if parsed.hub_id.is_some() {
        on_runtime(async {
            let (hub, opened) = hub_for(store, offline).await;
            let answer = hub.answer_parsed(catalog, &parsed).await;
            if let Some(s) = opened {
                s.shutdown().await;
            }
            answer
        })
    } else {
        answer::for_parsed(catalog, &parsed)
    };
    let reply = answer::Reply { parsed, result };
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
