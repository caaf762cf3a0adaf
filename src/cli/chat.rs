//! `vramguide chat`: one conversation on stdin, one message a line, each answered as the
//! bot answers in one channel: a follow-up changes the previous question and its answer
//! opens with what it kept; `--json` prints one answer object a line.

use super::Output;
use super::answer::{print_out, text_of};
use clap::Args as ClapArgs;
use serde_json::{Value, json};
use std::io::BufRead;
use std::process::ExitCode;
use vramguide::ask::{Hub, Question, Reply, Service, Who};
use vramguide::catalog::Catalog;
use vramguide::chat::{Turned, turn};
use vramguide::i18n::Lang;
use vramguide::query::Parsed;
use vramguide::query::follow_up::Change;
use vramguide::render;
use vramguide::settings::Settings;
use vramguide::store::{Source, Store};

#[derive(Debug, ClapArgs)]
pub struct ChatArgs {
    #[command(flatten)]
    out: Output,
}

/// Read stdin to its end, answering each non-empty line in turn.
pub fn chat(args: &ChatArgs, settings: &Settings) -> ExitCode {
    let Some(rt) = super::runtime() else {
        return ExitCode::FAILURE;
    };
    let fallback = args.out.lang.unwrap_or_default();
    let who = Who::on(Source::Cli).with_locale(args.out.lang.map(|l| l.locale()));
    rt.block_on(async {
        let opened = match Store::open(super::query_log::store_config(settings)).await {
            Ok(s) => Some(s),
            Err(e) => {
                tracing::warn!("query log unavailable, this chat is not logged: {e:#}");
                None
            }
        };
        let hub = Hub::from_settings(&settings.hub(), opened.as_ref().map(Store::hub_cache));
        let service = Service::new(hub, opened.clone());
        let mut previous: Option<Box<Parsed>> = None;
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            match turn(text, previous.as_deref(), fallback) {
                Turned::Orphan { lang } => {
                    // Logged like any question not understood.
                    service.ask(Question::text(text, lang), &who).await;
                    print_orphan(lang, &args.out);
                }
                Turned::Ask {
                    question,
                    changes,
                    parsed,
                } => {
                    let reply = service.ask(question, &who).await;
                    print_reply(&reply, &parsed, &changes, &args.out);
                    previous = Some(parsed);
                }
            }
        }
        if let Some(s) = opened {
            s.shutdown().await;
        }
    });
    ExitCode::SUCCESS
}

/// "Follow-up to what?", as text or as an error object.
pub(super) fn print_orphan(lang: Lang, out: &Output) {
    let text = render::follow_up::orphan(lang);
    if out.json {
        let value = json!({
            "language": lang.code(),
            "understood": false,
            "error": {"kind": "follow_up_to_what", "message": text, "suggestions": []},
            "text": text,
        });
        print_out(&value.to_string());
    } else {
        print_out(&text);
        print_out("");
    }
}

/// One answer: the line saying what a follow-up kept, then the answer as `ask` prints it.
fn print_reply(reply: &Reply, parsed: &Parsed, changes: &[Change], out: &Output) {
    let catalog = Catalog::get();
    let lang = reply.lang;
    let kept =
        (!changes.is_empty()).then(|| render::follow_up::kept_line(lang, catalog, parsed, changes));
    let text = match &reply.outcome {
        Ok(outcome) => text_of(lang, outcome, out.length()),
        Err(err) => render::error::message_with(lang, catalog, err, out.example),
    };
    let text = match &kept {
        Some(line) => format!("{line}\n{text}"),
        None => text,
    };
    if !out.json {
        super::terminal::print(&text, out.format);
        print_out("");
        return;
    }
    let mut value = match &reply.outcome {
        Ok(outcome) => vramguide::render::outcome::json(
            reply.lang,
            vramguide::catalog::Catalog::get(),
            outcome,
        ),
        Err(err) => {
            serde_json::to_value(render::json::error(lang, catalog, err)).unwrap_or(Value::Null)
        }
    };
    if let Value::Object(map) = &mut value {
        map.insert("text".into(), Value::String(text));
        if let Some(line) = kept {
            map.insert(
                "follow_up".into(),
                json!({"kept": line, "changes": changes}),
            );
        }
    }
    print_out(&value.to_string());
}
