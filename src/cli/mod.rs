//! Command line: flags in, core call, rendered output out. Exit codes follow the contract:
//! 0 answer, 2 input that could not be understood, 1 internal failure.

mod answer;
mod bot;

use clap::{Args as ClapArgs, Parser, Subcommand};
use std::process::ExitCode;
use vramguide::i18n::Lang;

/// How much GPU memory an LLM needs, which GPUs fit, and why, in en/pt/es/zh.
#[derive(Debug, Parser)]
#[command(name = "vramguide", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
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
    /// Run the Discord bot (needs DISCORD_TOKEN).
    Bot(bot::BotArgs),
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

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Ask(a)) => answer::ask(&a.text.join(" "), &a.out),
        Some(Command::Estimate(e)) => answer::estimate(&e),
        Some(Command::Compare(c)) => answer::compare(&c.gpus, &c.out),
        Some(Command::Explain(e)) => answer::explain(&e.topic, &e.out),
        Some(Command::Bot(b)) => bot::run(&b),
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            ExitCode::SUCCESS
        }
    }
}

/// Logs to stderr; RUST_LOG picks the level (default: info for vramguide, warn elsewhere).
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,vramguide=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
