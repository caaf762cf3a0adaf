//! `vramguide bot`: run the Discord bot until SIGTERM or Ctrl-C.

use clap::Args as ClapArgs;
use std::process::ExitCode;
use vramguide::discord::{self, BotConfig, ShardRange, StartError};
use vramguide::store::{Store, StoreConfig};

#[derive(Debug, ClapArgs)]
pub struct BotArgs {
    /// Send REST calls to this Discord proxy (e.g. twilight-http-proxy) instead of discord.com.
    #[arg(long = "discord-proxy", env = "VRAMGUIDE_DISCORD_PROXY")]
    proxy: Option<String>,
    /// Register the commands in this guild only (instant; for testing) instead of globally.
    #[arg(long, env = "VRAMGUIDE_GUILD")]
    guild: Option<u64>,
    /// Run only these shards, e.g. "0-3" (needs --total-shards); default: autoshard.
    #[arg(long, env = "VRAMGUIDE_SHARDS", requires = "total_shards")]
    shards: Option<String>,
    /// The bot's total shard count, shared by every process.
    #[arg(
        long = "total-shards",
        env = "VRAMGUIDE_TOTAL_SHARDS",
        requires = "shards"
    )]
    total_shards: Option<u32>,
    /// Request the privileged Message Content intent (needed for /listen channels).
    #[arg(long = "message-content", env = "VRAMGUIDE_MESSAGE_CONTENT")]
    message_content: bool,
    /// Questions one user may ask at once before the steady rate applies.
    #[arg(long = "rate-burst", env = "VRAMGUIDE_RATE_BURST", default_value_t = 5)]
    rate_burst: u32,
    /// Steady questions per minute per user.
    #[arg(
        long = "rate-per-minute",
        env = "VRAMGUIDE_RATE_PER_MINUTE",
        default_value_t = 10
    )]
    rate_per_minute: u32,
    /// Keep preferences and the query log in memory, lost at exit (no database file).
    #[arg(long = "no-store", env = "VRAMGUIDE_NO_STORE")]
    no_store: bool,
}

/// The `bot` options alone, so the bare command can read them from the environment.
#[derive(Debug, clap::Parser)]
#[command(name = "bot")]
struct BotOnly {
    #[command(flatten)]
    args: BotArgs,
}

impl BotArgs {
    /// The bot's options from the environment (and vramguide.toml), for the bare command.
    pub fn from_env() -> Result<BotArgs, clap::Error> {
        <BotOnly as clap::Parser>::try_parse_from(["bot"]).map(|b| b.args)
    }

    fn config(&self, token: String, offline: bool) -> Result<BotConfig, String> {
        let shards = match (&self.shards, self.total_shards) {
            (Some(r), Some(total)) => Some(ShardRange::parse(r, total)?),
            _ => None,
        };
        Ok(BotConfig {
            token,
            proxy: self.proxy.clone(),
            guild: self.guild,
            shards,
            message_content: self.message_content,
            rate_burst: self.rate_burst,
            rate_per_minute: self.rate_per_minute,
            hub: None,
            offline,
            attachment_base: None,
        })
    }
}

/// Exit codes: 0 after a clean shutdown, 2 for a missing/bad token or options, 1 otherwise.
pub fn run(args: &BotArgs, store: &super::query_log::StoreArgs, offline: bool) -> ExitCode {
    let token = std::env::var("DISCORD_TOKEN").unwrap_or_default();
    let config = match args.config(token, offline) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("vramguide bot: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = discord::check_token_shape(&config.token) {
        eprintln!("vramguide bot: {e}");
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("vramguide bot: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    let result = runtime.block_on(async {
        let config_store = if args.no_store {
            StoreConfig::in_memory()
        } else {
            store.config()
        };
        let store = Store::open(config_store).await?;
        let result = discord::run(config, store.clone(), super::shutdown_signal()).await;
        // Replies are done: commit the rows still queued before exiting.
        store.shutdown().await;
        result
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("vramguide bot: {e:#}");
            if e.downcast_ref::<StartError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

/// Run the bot beside the guide server (the bare `vramguide` when DISCORD_TOKEN is set),
/// sharing its query log; returns when `shutdown` resolves or the bot cannot start.
pub async fn alongside(
    args: BotArgs,
    store: Store,
    offline: bool,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let token = std::env::var("DISCORD_TOKEN").unwrap_or_default();
    let config = args.config(token, offline).map_err(anyhow::Error::msg)?;
    discord::check_token_shape(&config.token)?;
    discord::run(config, store, shutdown).await
}
