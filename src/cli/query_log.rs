//! The query log from the command line: `stats`, `forget`, `migrate`, and a
//! hidden `log-burst` used by the shutdown-drain test and for load checks.

use clap::Args as ClapArgs;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use vramguide::i18n::Lang;
use vramguide::store::{self, LogEntry, Source, StatsFilter, Store, StoreConfig};

/// Where the query log lives; shared by every command.
#[derive(Debug, Clone, ClapArgs)]
pub struct StoreArgs {
    /// Query log database: sqlite://FILE (created if missing) or postgres://...
    #[arg(
        long = "database-url",
        env = "DATABASE_URL",
        default_value = "sqlite://vramguide.db",
        global = true
    )]
    database_url: String,
    /// Folder of the generated user-hash key (default: the SQLite database's folder).
    #[arg(long = "data-dir", env = "VRAMGUIDE_DATA_DIR", global = true)]
    data_dir: Option<PathBuf>,
    /// Key of the user-id hash (default: generated into the data folder on first start).
    #[arg(
        long = "hash-key",
        env = "VRAMGUIDE_HASH_KEY",
        hide_env_values = true,
        global = true
    )]
    hash_key: Option<String>,
    /// Delete query-log rows older than this many days (checked daily).
    #[arg(
        long = "retention-days",
        env = "VRAMGUIDE_RETENTION_DAYS",
        global = true
    )]
    retention_days: Option<u32>,
}

impl StoreArgs {
    pub fn config(&self) -> StoreConfig {
        StoreConfig {
            database_url: self.database_url.clone(),
            data_dir: self
                .data_dir
                .clone()
                .unwrap_or_else(|| store::hashing::default_key_dir(&self.database_url)),
            hash_key: self.hash_key.clone(),
            retention_days: self.retention_days,
            ..StoreConfig::default()
        }
    }
}

#[derive(Debug, ClapArgs)]
pub struct StatsArgs {
    /// Print the statistics as JSON.
    #[arg(long)]
    json: bool,
    /// Only the last 7d, 24h, 30d...
    #[arg(long, value_parser = parse_window)]
    since: Option<Duration>,
    /// Only one Discord server.
    #[arg(long = "guild")]
    guild: Option<u64>,
    /// Language of the text report.
    #[arg(long, value_parser = super::parse_lang)]
    lang: Option<Lang>,
}

fn parse_window(s: &str) -> Result<Duration, String> {
    store::parse_since(s).ok_or_else(|| format!("'{s}' is not a window like 7d, 24h or 30m"))
}

#[derive(Debug, ClapArgs)]
pub struct ForgetArgs {
    /// The user's hash, as shown to them by /forget-me or found in the log.
    #[arg(long = "user-hash")]
    user_hash: String,
}

#[derive(Debug, ClapArgs)]
pub struct LogBurstArgs {
    /// How many rows to log as fast as possible.
    #[arg(long, default_value_t = 100_000)]
    rows: u64,
    /// After logging, wait for SIGTERM or Ctrl-C, then drain and exit.
    #[arg(long = "then-wait")]
    then_wait: bool,
}

async fn open(args: &StoreArgs) -> Option<Store> {
    match Store::open(args.config()).await {
        Ok(store) => Some(store),
        Err(e) => {
            eprintln!("vramguide: {e:#}");
            None
        }
    }
}

pub async fn stats(args: &StoreArgs, s: &StatsArgs) -> ExitCode {
    let Some(store) = open(args).await else {
        return ExitCode::FAILURE;
    };
    let filter = StatsFilter {
        since: s.since,
        guild_id: s.guild,
    };
    let result = store.log().stats(&filter).await;
    store.shutdown().await;
    match result {
        Ok(stats) if s.json => {
            // The same JSON, with invisible characters as \u escapes for the terminal.
            let json = serde_json::to_string_pretty(&stats).unwrap_or_default();
            println!("{}", vramguide::sanitize::json_escaped(&json));
            ExitCode::SUCCESS
        }
        Ok(stats) => {
            println!(
                "{}",
                vramguide::render::stats::text(s.lang.unwrap_or_default(), &stats)
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vramguide: cannot read the query log: {e:#}");
            ExitCode::FAILURE
        }
    }
}

pub async fn forget(args: &StoreArgs, f: &ForgetArgs) -> ExitCode {
    let Some(store) = open(args).await else {
        return ExitCode::FAILURE;
    };
    let result = store.forget_user_hash(f.user_hash.trim()).await;
    store.shutdown().await;
    match result {
        Ok(n) => {
            println!("deleted {n} rows");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vramguide: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Opening the store applies the migrations; nothing else to do.
pub async fn migrate(args: &StoreArgs) -> ExitCode {
    let Some(store) = open(args).await else {
        return ExitCode::FAILURE;
    };
    println!("migrations applied ({})", store.backend());
    store.shutdown().await;
    ExitCode::SUCCESS
}

/// Log `rows` synthetic questions, print "queued N", optionally wait for SIGTERM/Ctrl-C,
/// then drain and print "committed N in MS ms".
pub async fn log_burst(args: &StoreArgs, b: &LogBurstArgs) -> ExitCode {
    let Some(store) = open(args).await else {
        return ExitCode::FAILURE;
    };
    for i in 0..b.rows {
        store.log().record(LogEntry {
            user_id: Some(format!("user-{}", i % 1_000)),
            guild_id: Some(1),
            understood: !i.is_multiple_of(10),
            model: Some("llama-3.1-8b".to_string()),
            latency_us: 100,
            ..LogEntry::new(Source::Cli, Lang::En, format!("burst question {i}"))
        });
    }
    // Listen before saying "queued": a SIGTERM right after it must find the handler.
    let signal = Signal::listen();
    println!("queued {}", b.rows);
    if b.then_wait {
        signal.wait().await;
    }
    let started = Instant::now();
    let depth = store.log().queue_depth();
    store.shutdown().await;
    println!(
        "committed {depth} queued rows in {} ms",
        started.elapsed().as_millis()
    );
    ExitCode::SUCCESS
}

/// SIGTERM (what `docker stop` and systemd send) or Ctrl-C, listened for from creation.
struct Signal {
    #[cfg(unix)]
    term: Option<tokio::signal::unix::Signal>,
}

impl Signal {
    fn listen() -> Signal {
        Signal {
            #[cfg(unix)]
            term: tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok(),
        }
    }

    async fn wait(self) {
        #[cfg(unix)]
        if let Some(mut term) = self.term {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
        let _ = tokio::signal::ctrl_c().await;
    }
}
