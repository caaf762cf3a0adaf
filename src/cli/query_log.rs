//! The query log from the command line: `stats`, `forget`, `migrate`, and a
//! hidden `log-burst` used by the shutdown-drain test and for load checks.

use clap::Args as ClapArgs;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use vramguide::i18n::Lang;
use vramguide::settings::Settings;
use vramguide::store::{self, LogEntry, Source, StatsFilter, Store, StoreConfig};

/// Where the query log lives; shared by every command. The flags are hidden from each
/// command's `--help` (they would crowd `estimate --help`); `vramguide --help` lists them
/// with the other settings. Serialized under their keys as the settings' top layer.
#[derive(Debug, Clone, ClapArgs, Serialize)]
pub struct StoreArgs {
    /// Query log database: sqlite://FILE (created if missing) or postgres://... Default:
    /// vramguide.db in the user's data folder (~/.local/share/vramguide on Linux).
    #[arg(long = "database-url", global = true, hide = true)]
    database_url: Option<String>,
    /// Folder of the generated user-hash key (default: the SQLite database's folder).
    #[arg(long = "data-dir", global = true, hide = true)]
    data_dir: Option<PathBuf>,
    /// Key of the user-id hash (default: generated into the data folder on first start).
    #[arg(long = "hash-key", global = true, hide = true)]
    hash_key: Option<String>,
    /// Delete query-log rows older than this many days (checked daily).
    #[arg(long = "retention-days", global = true, hide = true)]
    retention_days: Option<u32>,
    /// Query-log rows kept in memory while the database refuses writes (default 50000);
    /// past them rows go to the spill file.
    #[arg(long = "log-queue", global = true)]
    log_queue: Option<usize>,
    /// Where rows past the queue wait for the database: beside (FILE.spill.jsonl beside a
    /// SQLite database; the default), off (dropped and counted), or a file.
    #[arg(long = "log-spill", global = true)]
    log_spill: Option<String>,
    /// Largest size of the spill file in MiB (default 1024); past it rows are dropped and
    /// counted, and /healthz says the query log is degraded.
    #[arg(long = "log-spill-max-mb", global = true, hide = true)]
    log_spill_max_mb: Option<u64>,
}

/// The store as the settings say: the database (the user's data folder by default), the
/// key's folder (the database's by default), the queue and where it spills.
pub fn store_config(settings: &Settings) -> StoreConfig {
    let database_url = settings
        .database_url
        .clone()
        .unwrap_or_else(default_database_url);
    StoreConfig {
        data_dir: settings
            .data_dir
            .clone()
            .unwrap_or_else(|| store::hashing::default_key_dir(&database_url)),
        database_url,
        hash_key: settings.hash_key.as_ref().map(|k| k.expose().to_string()),
        hash_places: settings.hash_places,
        retention_days: settings.retention_days,
        queue_capacity: settings.log_queue,
        log_spill: store::LogSpill::parse(&settings.log_spill),
        spill_limit_bytes: settings.log_spill_max_mb.saturating_mul(1 << 20),
        ..StoreConfig::default()
    }
}

/// `sqlite://<data folder>/vramguide.db`: the user's data folder (XDG on Linux, Application
/// Support on macOS, AppData on Windows), never the folder a one-off command runs in. With
/// no home folder at all, an in-memory database: the answer is still printed, nothing kept.
fn default_database_url() -> String {
    directories::ProjectDirs::from("", "", "vramguide")
        .map(|d| d.data_dir().to_path_buf())
        .filter(|dir| store::hashing::create_private_dir(dir).is_ok())
        .map_or_else(
            || "sqlite::memory:".to_string(),
            |dir| format!("sqlite://{}", dir.join("vramguide.db").display()),
        )
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

async fn open(config: &StoreConfig) -> Option<Store> {
    match Store::open(config.clone()).await {
        Ok(store) => Some(store),
        Err(e) => {
            eprintln!("vramguide: {e:#}");
            None
        }
    }
}

pub async fn stats(config: &StoreConfig, s: &StatsArgs) -> ExitCode {
    let Some(store) = open(config).await else {
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

pub async fn forget(config: &StoreConfig, f: &ForgetArgs) -> ExitCode {
    let Some(store) = open(config).await else {
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
pub async fn migrate(config: &StoreConfig) -> ExitCode {
    let Some(store) = open(config).await else {
        return ExitCode::FAILURE;
    };
    println!("migrations applied ({})", store.backend());
    store.shutdown().await;
    ExitCode::SUCCESS
}

/// Log `rows` synthetic questions, print "queued N", optionally wait for SIGTERM/Ctrl-C,
/// then drain and print "committed N in MS ms".
pub async fn log_burst(config: &StoreConfig, b: &LogBurstArgs) -> ExitCode {
    let Some(store) = open(config).await else {
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
