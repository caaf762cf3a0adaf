//! Command line: flags in, core call, rendered output out. Exit codes follow the contract:
//! 0 answer, 2 input that could not be understood, 1 internal failure.

mod answer;
mod bot;
mod config;
mod query_log;
mod serve;

use clap::{Args as ClapArgs, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;
use vramguide::i18n::Lang;

/// How much GPU memory an LLM needs, which GPUs fit, and why, in en/pt/es/zh.
#[derive(Debug, Parser)]
#[command(name = "vramguide", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Configuration file (TOML); see the list below.
    #[arg(long, env = "VRAMGUIDE_CONFIG", global = true)]
    config: Option<std::path::PathBuf>,
    /// Log format on stderr: text or json.
    #[arg(long = "log-format", env = "VRAMGUIDE_LOG_FORMAT", default_value = "text", global = true, value_parser = ["text", "json"])]
    log_format: String,
    #[command(flatten)]
    store: query_log::StoreArgs,
    /// Never ask the Hugging Face Hub about models the catalog lacks (also VRAMGUIDE_OFFLINE=1).
    #[arg(long, global = true)]
    offline: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Answer one free-text question, as the bot would.
    Ask(AskArgs),
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
}

#[derive(Debug, ClapArgs)]
struct AskArgs {
    #[command(flatten)]
    out: Output,
    /// The question, e.g. "llama 70b fp16 on 2x 4090".
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
fn init_tracing(format: &str, server: bool) {
    let default = if server { "info" } else { "warn" };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = if format == "json" {
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
    let args: Vec<String> = std::env::args().collect();
    if let Err(e) = config::apply(&args, &Cli::command()) {
        eprintln!("vramguide: {e}");
        return ExitCode::from(2);
    }
    // clap reads each environment variable when it builds the command, so build it again
    // now that the file has filled the unset ones.
    let command = Cli::command();
    let help = config::help(&command);
    let matches = command.after_help(help).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if cli.offline {
        // SAFETY: still single-threaded (no runtime yet); the bot reads the same switch.
        unsafe { std::env::set_var("VRAMGUIDE_OFFLINE", "1") };
    }
    let server = matches!(cli.command, None | Some(Command::Serve(_)));
    init_tracing(&cli.log_format, server);
    let store = &cli.store;
    match cli.command {
        Some(Command::Ask(a)) => answer::ask(&a.text.join(" "), &a.out, store, cli.offline),
        Some(Command::Stats(s)) => with_runtime(query_log::stats(store, &s)),
        Some(Command::Forget(f)) => with_runtime(query_log::forget(store, &f)),
        Some(Command::Migrate) => with_runtime(query_log::migrate(store)),
        Some(Command::LogBurst(b)) => with_runtime(query_log::log_burst(store, &b)),
        Some(Command::Estimate(e)) => {
            // `--config FILE.json` is a model's config.json; a TOML file configures the app.
            let model_config = cli.config.as_deref().filter(|p| config::is_model_config(p));
            answer::estimate(&e, model_config, store, cli.offline)
        }
        Some(Command::Compare(c)) => answer::compare(&c.gpus, &c.out, store),
        Some(Command::Explain(e)) => answer::explain(&e.topic, &e.out, store),
        Some(Command::Serve(s)) => serve::serve(&s, store, None, cli.offline),
        Some(Command::Bot(b)) => bot::run(&b, store),
        // The guide server, plus the Discord bot when DISCORD_TOKEN is set.
        None => match (serve::ServeArgs::from_env(), bot_from_env()) {
            (Ok(s), Ok(bot)) => serve::serve(&s, store, bot, cli.offline),
            (Err(e), _) | (_, Err(e)) => e.exit(),
        },
    }
}

/// The bot's options when DISCORD_TOKEN is set (the bare command then runs the bot too).
fn bot_from_env() -> Result<Option<bot::BotArgs>, clap::Error> {
    let token = std::env::var("DISCORD_TOKEN").unwrap_or_default();
    // VRAMGUIDE_NO_BOT: a web-only process beside separate sharded bot processes.
    let no_bot = std::env::var("VRAMGUIDE_NO_BOT")
        .is_ok_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes"));
    if token.trim().is_empty() || no_bot {
        return Ok(None);
    }
    bot::BotArgs::from_env().map(Some)
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
