//! The Discord bot: a thin poise/serenity adapter around the pure core.
//!
//! Slash commands and free-text questions are turned into a [`crate::query::Query`], answered
//! by the core and rendered into an embed in the asker's language. Everything that talks to
//! Discord lives here; everything that decides what to say lives in the core and `render`.

mod attachment;
mod autocomplete;
mod buttons;
mod chart;
mod choices;
mod commands;
pub mod controls;
mod free_text;
mod gate;
mod lang;
pub mod localize;
mod query_log;
mod rate_limit;
mod sanitize;
mod work;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use crate::store::Store;

/// Errors inside handlers: logged, and answered with a generic localized notice.
pub type Error = anyhow::Error;
/// The poise context every command receives.
pub type Context<'a> = poise::Context<'a, Data, Error>;
/// The framework's user data: one [`Bot`] shared with the shutdown task.
pub type Data = Arc<Bot>;

/// How the process connects: token, where REST goes, which commands and shards.
#[derive(Debug, Clone, Default)]
pub struct BotConfig {
    /// The bot token (never logged).
    pub token: String,
    /// Base URL of a Discord REST proxy (twilight-http-proxy, or the tests' fake Discord).
    pub proxy: Option<String>,
    /// Register commands in this guild only (instant), instead of globally.
    pub guild: Option<u64>,
    /// Shard range to run (inclusive) and the bot's total shard count; None: autoshard.
    pub shards: Option<ShardRange>,
    /// Ask for the privileged MESSAGE_CONTENT intent (needed for `/listen` channels).
    pub message_content: bool,
    /// Per-user rate limit: burst size and steady rate per minute.
    pub rate_burst: u32,
    pub rate_per_minute: u32,
    /// Hub look-ups (None: as `hub_settings` say, cached in the store).
    pub hub: Option<crate::ask::Hub>,
    /// The Hub's part of the settings (`--offline`, HF_ENDPOINT, HF_TOKEN...).
    pub hub_settings: crate::settings::HubSettings,
    /// Where attachments are read from instead of Discord's CDN host (the tests' fake
    /// Discord). The payload's URL must still name a Discord attachment host; only its
    /// scheme and host are swapped. None in production.
    pub attachment_base: Option<String>,
}

/// `--shards 0-3 --total-shards 8`: this process runs shards 0..=3 of 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl ShardRange {
    /// Parse "0-3" (or "5") against a total; the range must lie inside the total.
    pub fn parse(range: &str, total: u32) -> Result<ShardRange, String> {
        let (a, b) = range.split_once('-').unwrap_or((range, range));
        let first: u32 = a.trim().parse().map_err(|_| format!("bad shard '{a}'"))?;
        let last: u32 = b.trim().parse().map_err(|_| format!("bad shard '{b}'"))?;
        if first > last || last >= total {
            return Err(format!(
                "shards {first}-{last} do not fit in a total of {total} (ids are 0-{})",
                total.saturating_sub(1)
            ));
        }
        Ok(ShardRange { first, last, total })
    }
}

/// Why the bot could not start; the CLI turns these into a message and exit code 2.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(
        "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications and export its token"
    )]
    MissingToken,
    #[error("DISCORD_TOKEN does not look like a Discord bot token ({0})")]
    MalformedToken(String),
    #[error(
        "Discord rejected DISCORD_TOKEN (401 Unauthorized): reset the token in the Developer Portal"
    )]
    Rejected,
    #[error("cannot reach Discord: {0}")]
    Unreachable(String),
}

/// State shared by every handler.
pub struct Bot {
    /// Preferences and the query log (SQLite in memory when there is no database).
    pub store: Store,
    limiter: rate_limit::Limiter,
    work: work::Work,
    buttons: buttons::Memory,
    message_content: bool,
    /// Every question goes here: Hub look-ups (cached in the store) and the query log.
    service: crate::ask::Service,
    /// See [`BotConfig::attachment_base`].
    attachment_base: Option<String>,
    /// The last question of each asker in each channel, and the question of each answer
    /// the bot sent: what a follow-up or a reply changes.
    threads: std::sync::Mutex<crate::chat::Threads<free_text::ThreadKey>>,
}

impl Bot {
    pub fn new(store: Store, config: &BotConfig) -> Bot {
        Bot {
            store: store.clone(),
            limiter: rate_limit::Limiter::new(config.rate_burst, config.rate_per_minute),
            work: work::Work::default(),
            buttons: buttons::Memory::default(),
            message_content: config.message_content,
            service: crate::ask::Service::new(
                config.hub.clone().unwrap_or_else(|| {
                    crate::ask::Hub::from_settings(&config.hub_settings, Some(store.hub_cache()))
                }),
                Some(store.clone()),
            ),
            attachment_base: config.attachment_base.clone(),
            threads: std::sync::Mutex::new(crate::chat::Threads::new(
                crate::chat::THREAD_CAPACITY,
                crate::chat::THREAD_TTL,
            )),
        }
    }
}

/// Gateway intents: guild and DM messages always (mentions and DMs carry their content
/// without the privileged intent); MESSAGE_CONTENT only when asked for.
pub fn intents(message_content: bool) -> serenity::GatewayIntents {
    let mut intents = serenity::GatewayIntents::GUILDS
        | serenity::GatewayIntents::GUILD_MESSAGES
        | serenity::GatewayIntents::DIRECT_MESSAGES;
    if message_content {
        intents |= serenity::GatewayIntents::MESSAGE_CONTENT;
    }
    intents
}

/// Every command, localized from the Fluent files, as Discord will see them.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    let mut cmds = commands::all();
    localize::apply(&mut cmds);
    cmds
}

/// Check the token's shape and ask Discord who it belongs to, so a bad token gives a clear
/// message instead of a gateway reconnect loop.
async fn check_token(
    http: &serenity::Http,
    token: &str,
) -> Result<serenity::CurrentUser, StartError> {
    check_token_shape(token)?;
    match http.get_current_user().await {
        Ok(user) => Ok(user),
        Err(serenity::Error::Http(e))
            if e.status_code() == Some(serenity::StatusCode::UNAUTHORIZED) =>
        {
            Err(StartError::Rejected)
        }
        Err(e) => Err(StartError::Unreachable(e.to_string())),
    }
}

/// A token that is missing or cannot be a bot token, caught before any connection.
pub fn check_token_shape(token: &str) -> Result<(), StartError> {
    if token.trim().is_empty() {
        return Err(StartError::MissingToken);
    }
    serenity::validate_token(token).map_err(|e| StartError::MalformedToken(e.to_string()))
}

fn http_client(config: &BotConfig) -> serenity::Http {
    let mut builder = serenity::HttpBuilder::new(&config.token);
    if let Some(proxy) = &config.proxy {
        // A proxy does the rate limiting, and serenity only honours it without its own.
        builder = builder
            .proxy(proxy.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    builder.build()
}

/// Run the bot until `shutdown` resolves (SIGTERM / Ctrl-C in the CLI), then stop taking
/// new work, let replies in flight finish (up to 10 s) and close the gateway cleanly.
pub async fn run(
    config: BotConfig,
    store: Store,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let http = http_client(&config);
    let me = check_token(&http, &config.token).await?;
    tracing::info!(bot = %me.name, id = %me.id, "token accepted");
    let bot = Arc::new(Bot::new(store, &config));
    let guild = config.guild;
    let setup_bot = bot.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands(),
            event_handler: |framework, event| Box::pin(free_text::on_event(framework, event)),
            on_error: |err| Box::pin(commands::on_error(err)),
            command_check: Some(|ctx| Box::pin(commands::admit(ctx))),
            pre_command: |ctx| {
                Box::pin(async move {
                    tracing::debug!(command = %ctx.command().qualified_name, user = %ctx.author().id, "command");
                })
            },
            allowed_mentions: Some(sanitize::no_mentions()),
            initialize_owners: false,
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(shard = ?ready.shard, guilds = ready.guilds.len(), "ready");
                register(ctx, framework, guild).await?;
                Ok(setup_bot)
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents(config.message_content))
        .framework(gate::Gated::new(framework))
        .await
        .context("building the Discord client")?;
    let manager = client.shard_manager.clone();
    let drain_bot = bot.clone();
    tokio::spawn(async move {
        shutdown.await;
        tracing::info!("shutting down: no new work, finishing replies in flight");
        drain_bot.work.stop();
        manager.shutdown_all().await;
    });
    let started = match config.shards {
        // serenity reads the range end as the last shard, inclusive.
        Some(r) => client.start_shard_range(r.first..r.last, r.total).await,
        None => client.start_autosharded().await,
    };
    bot.work.wait_idle(Duration::from_secs(10)).await;
    started.context("gateway connection")?;
    tracing::info!("gateway closed");
    Ok(())
}

/// Register the commands: in one guild when asked (instant), else globally.
async fn register(
    ctx: &serenity::Context,
    framework: &poise::Framework<Data, Error>,
    guild: Option<u64>,
) -> Result<(), Error> {
    let commands = &framework.options().commands;
    match guild {
        Some(id) => {
            poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(id)).await?
        }
        None => poise::builtins::register_globally(ctx, commands).await?,
    }
    tracing::info!(count = commands.len(), guild, "commands registered");
    Ok(())
}
