//! `ask`, `estimate`, `compare`, `explain`: one question in, one answer out, through the
//! answer service (which logs it), like every other surface.

use super::Output;
use clap::Args as ClapArgs;
use std::path::Path;
use std::process::ExitCode;
use vramguide::answer::Outcome;
use vramguide::ask::{Attached, Hub, MAX_USER_CONFIG, Question, Reply, Request, Service, Who};
use vramguide::catalog::Catalog;
use vramguide::error::{Error, ModelSourceError, SourceErrorKind};
use vramguide::i18n::Lang;
use vramguide::query::Fields;
use vramguide::render;
use vramguide::render::outcome::Length;
use vramguide::settings::Settings;
use vramguide::store::{Source, Store};

/// Options of `estimate`: the web API's field set ([`Fields`]) plus the two negative
/// switches people type on a command line.
#[derive(Debug, ClapArgs)]
pub struct EstimateArgs {
    #[command(flatten)]
    pub out: Output,
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
    /// A model's config.json to size instead of a catalog or Hub model.
    #[arg(long = "config", value_name = "CONFIG_JSON")]
    pub config: Option<std::path::PathBuf>,
}

impl EstimateArgs {
    /// The web API's fields (`query::Fields`), with the negative switches folded in.
    fn fields(&self) -> Fields {
        let mut fields = self.fields.clone();
        if self.no_gradient_checkpointing {
            fields.gradient_checkpointing = Some("false".to_string());
        }
        if self.no_master_weights {
            fields.master_weights = Some("false".to_string());
        }
        fields
    }
}

/// Write a line to stdout; a reader that went away (`| head`) is not an error worth a
/// panic, so write failures are dropped.
pub(super) fn print_out(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{text}");
}

/// Print a reply as text (coloured on a terminal, or markdown) or as the JSON contract;
/// returns the contract's exit code.
fn finish(out: &Output, reply: &Reply) -> ExitCode {
    let catalog = Catalog::get();
    let lang = reply.lang;
    let json = out.json;
    match &reply.outcome {
        Ok(outcome) => {
            if json {
                let value = render::outcome::json(reply.lang, Catalog::get(), outcome);
                print_out(&serde_json::to_string_pretty(&value).unwrap_or_default());
            } else {
                super::terminal::print(&text_of(lang, outcome, out.length()), out.format);
            }
            // A pasted error of a kind we cannot read is answered, but not understood.
            if outcome.understood() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            }
        }
        Err(err) => {
            let message = render::error::message_with(lang, catalog, err, out.example);
            if json {
                let value = serde_json::to_value(render::json::error(lang, catalog, err))
                    .unwrap_or_default();
                print_out(&serde_json::to_string_pretty(&value).unwrap_or_default());
            }
            super::terminal::eprint(&message, out.format);
            ExitCode::from(2)
        }
    }
}

/// The answer as text.
pub(super) fn text_of(lang: Lang, outcome: &Outcome, length: Length) -> String {
    let text = render::outcome::text_with(lang, Catalog::get(), outcome, length);
    match outcome {
        // The chat-length answer leaves the offload details to `--full`.
        Outcome::Estimate(a) if length == Length::Full => with_ram_hint(lang, a, text),
        _ => text,
    }
}

/// How to give one's own RAM bandwidth when an offload speed assumed the default: the
/// flag is for the command line only, so the shared answer text (also the bot's and the
/// web page's) does not name it.
fn with_ram_hint(lang: Lang, a: &vramguide::answer::Answer, mut text: String) -> String {
    if a.offload_assumes_ram() {
        text.push('\n');
        text.push_str(&vramguide::i18n::t(lang, "cli-ram-bandwidth-hint"));
    }
    text
}

/// Ask the answer service on a fresh runtime: the store (the Hub's cache and the query
/// log) is opened first and drained after, so the row is committed before the process
/// exits. A database that cannot be opened costs a warning, never the answer.
fn ask_once(question: Question, who: &Who, settings: &Settings) -> Option<Reply> {
    let rt = super::runtime()?;
    let hub_settings = settings.hub();
    let offline = hub_settings.offline;
    Some(rt.block_on(async {
        let opened = match Store::open(super::query_log::store_config(settings)).await {
            Ok(s) => Some(s),
            Err(e) => {
                tracing::warn!("query log unavailable, this question was not logged: {e:#}");
                None
            }
        };
        let hub = Hub::from_settings(&hub_settings, opened.as_ref().map(Store::hub_cache));
        let service = Service::new(hub, opened.clone());
        let repo = question.hub_repo().map(str::to_string);
        let lang = question.language().unwrap_or(question.fallback);
        let reply = match repo {
            Some(repo) if !offline => with_progress(lang, &repo, service.ask(question, who)).await,
            _ => service.ask(question, who).await,
        };
        if let Some(s) = opened {
            s.shutdown().await;
        }
        reply
    }))
}

/// A Hub look-up with a word on stderr when it takes a while: after 300 ms on a terminal,
/// a spinner that says which repo is being read, cleared once the answer is in.
async fn with_progress<T>(
    lang: Lang,
    repo: &str,
    look_up: impl std::future::Future<Output = T>,
) -> T {
    use std::io::IsTerminal;
    const QUIET_FOR: std::time::Duration = std::time::Duration::from_millis(300);
    if !std::io::stderr().is_terminal() {
        return look_up.await;
    }
    tokio::pin!(look_up);
    tokio::select! {
        done = &mut look_up => return done,
        () = tokio::time::sleep(QUIET_FOR) => {}
    }
    let spinner = indicatif::ProgressBar::new_spinner();
    let args = vramguide::i18n::Args::new().s("repo", repo);
    spinner.set_message(vramguide::i18n::tr(lang, "cli-hub-looking-up", Some(&args)));
    spinner.enable_steady_tick(std::time::Duration::from_millis(120));
    let done = look_up.await;
    spinner.finish_and_clear();
    done
}

/// Answer one question on stdout, logged as asked on the command line.
fn answer(question: Question, out: &Output, settings: &Settings) -> ExitCode {
    let who = Who::on(Source::Cli).with_locale(out.lang.map(|l| l.locale()));
    match ask_once(question, &who, settings) {
        Some(reply) => finish(out, &reply),
        None => ExitCode::FAILURE,
    }
}

pub fn estimate(args: &EstimateArgs, model_config: Option<&Path>, settings: &Settings) -> ExitCode {
    let lang = args.out.lang.unwrap_or_default();
    let mut question = Question::of(Request::Fields(Box::new(args.fields())), lang);
    if let Some(path) = model_config {
        question = question.with_config(read_model_config(path));
    }
    answer(question, &args.out, settings)
}

/// A config.json from disk, read up to its cap.
fn read_model_config(path: &Path) -> Attached {
    use std::io::Read as _;
    // The path, not the file name alone: a `config.json` is named after its folder.
    let name = path.to_string_lossy().into_owned();
    let mut bytes = Vec::new();
    let read =
        std::fs::File::open(path).and_then(|f| f.take(MAX_USER_CONFIG + 1).read_to_end(&mut bytes));
    let bytes = match read {
        Ok(_) => Ok(bytes),
        Err(e) => Err(Error::ModelSource(ModelSourceError {
            kind: SourceErrorKind::InvalidConfig,
            repo: name.clone(),
            detail: e.to_string(),
            suggestions: Vec::new(),
        })),
    };
    Attached { name, bytes }
}

/// Answer one free-text question on stdout.
/// Stdin is read up to this much; a longer paste is read from its end.
const MAX_STDIN_BYTES: u64 = 16 * 1024 * 1024;

/// The question `ask` was given: its words, or stdin for a lone `-` (a pasted log, read
/// from its end like every paste). Words after `--` may start with "-".
pub fn ask_text(words: &[String]) -> std::io::Result<String> {
    if words != ["-"] {
        return Ok(words.join(" "));
    }
    use std::io::Read;
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_STDIN_BYTES)
        .read_to_end(&mut bytes)?;
    let text = String::from_utf8_lossy(&bytes);
    Ok(vramguide::diagnose::clip(&text).into_owned())
}

pub fn ask(text: &str, out: &Output, settings: &Settings) -> ExitCode {
    let fallback = out.lang.unwrap_or_default();
    let question = Question::text(text, fallback);
    // "e com 2 placas?" alone: a one-shot `ask` has no question before it to change, so it
    // says "follow-up to what?" with an example, as `chat` and the bot do.
    if let vramguide::chat::Turned::Orphan { lang } = vramguide::chat::turn(text, None, fallback) {
        let who = Who::on(Source::Cli).with_locale(out.lang.map(|l| l.locale()));
        // Logged like any question not understood.
        let _ = ask_once(question, &who, settings);
        super::chat::print_orphan(lang, out);
        return ExitCode::from(2);
    }
    answer(question, out, settings)
}

/// Settings for a question that never needs the Hub (GPUs, a guide topic).
fn without_hub(settings: &Settings) -> Settings {
    Settings {
        offline: true,
        ..settings.clone()
    }
}

pub fn compare(names: &[String], out: &Output, settings: &Settings) -> ExitCode {
    let request = Request::Compare(names.to_vec());
    let question = Question::of(request, out.lang.unwrap_or_default());
    answer(question, out, &without_hub(settings))
}

pub fn explain(topic: &str, out: &Output, settings: &Settings) -> ExitCode {
    let request = Request::Explain(topic.to_string());
    let question = Question::of(request, out.lang.unwrap_or_default());
    answer(question, out, &without_hub(settings))
}
