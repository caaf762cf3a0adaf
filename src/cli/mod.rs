//! Command line: flags in, core call, rendered output out. Exit codes follow the contract:
//! 0 answer, 2 input that could not be understood, 1 internal failure.

mod answer;
mod bot;
mod chat;
mod query_log;
mod serve;
mod terminal;

use clap::{Args as ClapArgs, CommandFactory, FromArgMatches, Parser, Subcommand};
use query_log::store_config;
use std::process::ExitCode;
use vramguide::i18n::Lang;
use vramguide::settings::{self, LogFormat, Settings};

/// How much GPU memory an LLM needs, which GPUs fit, and why, in en/pt/es/zh.
#[derive(Debug, Parser)]
#[command(name = "vramguide", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Settings file (TOML; also VRAMGUIDE_SETTINGS, or VRAMGUIDE_CONFIG as before);
    /// `vramguide --help` lists its keys and their environment variables.
    #[arg(long = "settings", global = true)]
    settings: Option<std::path::PathBuf>,
    #[command(flatten)]
    flags: GlobalFlags,
}

/// The settings every command takes as flags; serialized under their keys as the
/// settings' top layer.
#[derive(Debug, ClapArgs, serde::Serialize)]
struct GlobalFlags {
    /// Log format on stderr: text (the default) or json.
    #[arg(long = "log-format", global = true, value_parser = ["text", "json"])]
    log_format: Option<String>,
    #[command(flatten)]
    #[serde(flatten)]
    store: query_log::StoreArgs,
    /// Never ask the Hugging Face Hub about models the catalog lacks (also VRAMGUIDE_OFFLINE=1).
    #[arg(long, global = true)]
    offline: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Answer one free-text question, as the bot would.
    Ask(AskArgs),
    /// Answer a conversation read from stdin, one message a line, as the bot would in one
    /// channel: a follow-up ("and with 2 cards?") changes the previous question.
    Chat(chat::ChatArgs),
    /// Estimate one job from explicit options.
    Estimate(Box<answer::EstimateArgs>),
    /// Compare GPUs side by side.
    Compare(CompareArgs),
    /// Print a guide topic (vram, nvlink, tensor-cores, sxm, precision, quantization,
    /// kv-cache, oom, multi-gpu, cuda-visible-devices, choosing).
    Explain(ExplainArgs),
    /// Run the guide server: pages and the JSON API (127.0.0.1:8080 by default).
    Serve(serve::ServeArgs),
    /// Run the Discord bot (needs DISCORD_TOKEN).
    Bot(bot::BotArgs),
    /// Statistics of the query log: counts, top models, unanswered questions.
    Stats(query_log::StatsArgs),
    /// Delete a user's rows from the query log and preferences.
    Forget(query_log::ForgetArgs),
    /// Apply the query-log database migrations and exit.
    Migrate,
    /// Log synthetic rows (tests and load checks).
    #[command(hide = true)]
    LogBurst(query_log::LogBurstArgs),
}

#[derive(Debug, ClapArgs)]
pub struct Output {
    /// Reply language when the text does not tell (en, pt, es, zh; pt-BR, es-419... map).
    #[arg(long, value_parser = parse_lang)]
    lang: Option<Lang>,
    /// Print the JSON object of the contract instead of text.
    #[arg(long)]
    json: bool,
    /// Text for a terminal (colour when it is one) or the Markdown the bot posts.
    #[arg(long, value_enum, default_value_t)]
    format: terminal::Format,
    /// Which example an error ends with: flags for `estimate`, a question elsewhere.
    #[arg(skip = vramguide::render::error::Example::Question)]
    example: vramguide::render::error::Example,
}

#[derive(Debug, ClapArgs)]
struct AskArgs {
    #[command(flatten)]
    out: Output,
    /// The question, e.g. "llama 70b fp16 on 2x 4090"; `-` reads it from stdin (a pasted
    /// log); after `--` it may start with "-".
    #[arg(required = true, num_args = 1..)]
    text: Vec<String>,
}

#[derive(Debug, ClapArgs)]
struct CompareArgs {
    #[command(flatten)]
    out: Output,
    /// Two or more GPUs: ids or names ("rtx-4090", "a6000", "h100 pcie").
    #[arg(required = true, num_args = 2..)]
    gpus: Vec<String>,
}

#[derive(Debug, ClapArgs)]
struct ExplainArgs {
    #[command(flatten)]
    out: Output,
    topic: String,
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_code(s).ok_or_else(|| format!("unknown language '{s}' (use en, pt, es or zh)"))
}

/// Logs go to stderr (stdout carries answers), human-readable or JSON; RUST_LOG overrides
/// the level, which is `info` for the servers and `warn` for one-shot commands.
fn init_tracing(format: LogFormat, server: bool) {
    let default = if server { "info" } else { "warn" };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = if format == LogFormat::Json {
        builder.json().try_init()
    } else {
        builder
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .try_init()
    };
}

fn runtime() -> Option<tokio::runtime::Runtime> {
    match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => Some(rt),
        Err(e) => {
            tracing::error!("cannot start the async runtime: {e}");
            None
        }
    }
}

/// Run a query-log command on a fresh runtime.
fn with_runtime<F: std::future::Future<Output = ExitCode>>(f: F) -> ExitCode {
    runtime().map_or(ExitCode::FAILURE, |rt| rt.block_on(f))
}

pub fn main() -> ExitCode {
    let matches = Cli::command().after_help(settings::help()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let settings = match load_settings(&cli) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("vramguide: {e}");
            return ExitCode::from(2);
        }
    };
    let server = matches!(cli.command, None | Some(Command::Serve(_)));
    init_tracing(settings.log_format, server);
    let s = &settings;
    match cli.command {
        Some(Command::Ask(a)) => match answer::ask_text(&a.text) {
            Ok(text) => answer::ask(&text, &a.out, s),
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Chat(c)) => chat::chat(&c, s),
        Some(Command::Stats(st)) => with_runtime(query_log::stats(&store_config(s), &st)),
        Some(Command::Forget(f)) => with_runtime(query_log::forget(&store_config(s), &f)),
        Some(Command::Migrate) => with_runtime(query_log::migrate(&store_config(s))),
        Some(Command::LogBurst(b)) => with_runtime(query_log::log_burst(&store_config(s), &b)),
        Some(Command::Estimate(mut e)) => {
            e.out.example = vramguide::render::error::Example::Flags;
            answer::estimate(&e, e.config.as_deref(), s)
        }
        Some(Command::Compare(c)) => answer::compare(&c.gpus, &c.out, s),
        Some(Command::Explain(e)) => answer::explain(&e.topic, &e.out, s),
        Some(Command::Serve(serve)) => serve::serve(s, serve.no_log, false),
        Some(Command::Bot(_)) => bot::run(s),
        // The guide server, plus the Discord bot when DISCORD_TOKEN is set.
        None => serve::serve(s, false, s.runs_bot()),
    }
}

/// The settings: the file under the environment under the flags of the command given.
fn load_settings(cli: &Cli) -> Result<Settings, settings::SettingsError> {
    let env = |name: &str| std::env::var(name).ok();
    let file = settings::file_path(cli.settings.as_deref(), &env);
    let loader = settings::Loader::new(file.as_deref(), &env)?.flags(&cli.flags);
    let loader = match &cli.command {
        Some(Command::Serve(flags)) => loader.flags(flags),
        Some(Command::Bot(flags)) => loader.flags(flags),
        _ => loader,
    };
    loader.load()
}

/// Resolves on Ctrl-C, or on SIGTERM from a service manager or `docker stop`: the one
/// signal every long-running command (guide server, bot) stops on.
pub(crate) async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
