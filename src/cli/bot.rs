//! `vramguide bot`: run the Discord bot until SIGTERM or Ctrl-C.

use clap::Args as ClapArgs;
use serde::Serialize;
use std::process::ExitCode;
use vramguide::discord::{self, BotConfig, ShardRange, StartError};
use vramguide::settings::Settings;
use vramguide::store::{Store, StoreConfig};

/// Flags of `bot`, each a setting (see `vramguide --help`); serialized under their keys as
/// the settings' top layer. The token has no flag: on a command line it would show in `ps`.
#[derive(Debug, ClapArgs, Serialize)]
pub struct BotArgs {
    /// Send REST calls to this Discord proxy (e.g. twilight-http-proxy) instead of discord.com.
    #[arg(long = "discord-proxy")]
    discord_proxy: Option<String>,
    /// Register the commands in this guild only (instant; for testing) instead of globally.
    #[arg(long)]
    guild: Option<u64>,
    /// Run only these shards, e.g. "0-3" (needs --total-shards); default: autoshard.
    #[arg(long, requires = "total_shards")]
    shards: Option<String>,
    /// The bot's total shard count, shared by every process.
    #[arg(long = "total-shards", requires = "shards")]
    total_shards: Option<u32>,
    /// Request the privileged Message Content intent (needed for /listen channels).
    #[arg(long = "message-content")]
    message_content: bool,
    /// Questions one user may ask at once before the steady rate applies (default 5).
    #[arg(long = "rate-burst")]
    rate_burst: Option<u32>,
    /// Steady questions per minute per user (default 10).
    #[arg(long = "rate-per-minute")]
    rate_per_minute: Option<u32>,
    /// Keep preferences and the query log in memory, lost at exit (no database file).
    #[arg(long = "no-store")]
    no_store: bool,
}

/// The bot's connection as the settings say.
fn bot_config(settings: &Settings) -> Result<BotConfig, String> {
    let shards = match (&settings.shards, settings.total_shards) {
        (Some(r), Some(total)) => Some(ShardRange::parse(r, total)?),
        _ => None,
    };
    Ok(BotConfig {
        token: settings
            .discord_token
            .as_ref()
            .map(|t| t.expose().to_string())
            .unwrap_or_default(),
        proxy: settings.discord_proxy.clone(),
        guild: settings.guild,
        shards,
        message_content: settings.message_content,
        rate_burst: settings.rate_burst,
        rate_per_minute: settings.rate_per_minute,
        hub: None,
        hub_settings: settings.hub(),
        attachment_base: None,
    })
}

/// Exit codes: 0 after a clean shutdown, 2 for a missing/bad token or options, 1 otherwise.
pub fn run(settings: &Settings) -> ExitCode {
    let config = match bot_config(settings) {
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
        let config_store = if settings.no_store {
            StoreConfig::in_memory()
        } else {
            super::query_log::store_config(settings)
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
    settings: Settings,
    store: Store,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let config = bot_config(&settings).map_err(anyhow::Error::msg)?;
    discord::check_token_shape(&config.token)?;
    discord::run(config, store, shutdown).await
}
