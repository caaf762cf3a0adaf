//! `serve` (and the bare `vramguide`): the guide server until SIGTERM or Ctrl-C.

use super::query_log::StoreArgs;
use clap::Parser;
use std::net::SocketAddr;
use std::process::ExitCode;
use vramguide::store::{Store, StoreConfig};
use vramguide::web;
use vramguide::web::querylog::QueryLog;

/// Options of `serve`; the bare command uses them too, from the environment.
#[derive(Debug, Parser)]
#[command(name = "serve")]
pub struct ServeArgs {
    /// Address to listen on; only this machine by default.
    #[arg(long, env = "VRAMGUIDE_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Requests per minute per IP address; 0 turns the limit off (benchmarks, or behind
    /// a proxy that limits).
    #[arg(
        long = "rate-limit",
        env = "VRAMGUIDE_RATE_LIMIT",
        default_value_t = 120
    )]
    rate_limit: u32,
    /// Do not log questions (nothing is written to disk).
    #[arg(long = "no-log")]
    no_log: bool,
    /// Connections served at once; more wait until one closes.
    #[arg(
        long = "max-connections",
        env = "VRAMGUIDE_MAX_CONNECTIONS",
        default_value_t = 256
    )]
    max_connections: usize,
    /// Seconds a connection may wait for a request (idle keep-alive, or a client slow
    /// to send its headers) before it is closed.
    #[arg(
        long = "idle-timeout",
        env = "VRAMGUIDE_IDLE_TIMEOUT",
        default_value_t = 10,
        value_parser = clap::value_parser!(u64).range(1..=3600)
    )]
    idle_timeout: u64,
}

impl ServeArgs {
    /// The options of a bare `vramguide`: defaults, or what the environment says.
    pub fn from_env() -> Result<ServeArgs, clap::Error> {
        ServeArgs::try_parse_from(["serve"])
    }
}

/// Run the guide server; with `bot`, the Discord bot too (the bare `vramguide` when
/// DISCORD_TOKEN is set), both stopped by the same signal.
pub fn serve(
    args: &ServeArgs,
    store: &StoreArgs,
    bot: Option<super::bot::BotArgs>,
    offline: bool,
) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(run(args, store, bot, offline)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("vramguide serve: {e:#}");
            ExitCode::from(1)
        }
    }
}

async fn run(
    args: &ServeArgs,
    store_args: &StoreArgs,
    bot: Option<super::bot::BotArgs>,
    offline: bool,
) -> anyhow::Result<()> {
    use anyhow::Context as _;
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .with_context(|| format!("cannot listen on {}", args.addr))?;
    // Without the log the bot still keeps preferences (and its /stats) in memory.
    let store = Store::open(if args.no_log {
        StoreConfig::in_memory()
    } else {
        store_args.config()
    })
    .await
    .context("cannot open the query log")?;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        super::shutdown_signal().await;
        let _ = stop.send(true);
    });
    let until_stopped = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
        let _ = rx.wait_for(|s| *s).await;
    };
    let bot = bot.map(|b| {
        tokio::spawn(super::bot::alongside(
            b,
            store.clone(),
            until_stopped(stopped.clone()),
        ))
    });
    let state = web::AppState::new(web::Config {
        rate_limit_per_minute: args.rate_limit,
        log: QueryLog::new((!args.no_log).then(|| store.clone())),
        connections: web::ConnLimits {
            max_connections: args.max_connections,
            header_timeout: std::time::Duration::from_secs(args.idle_timeout),
            ..web::ConnLimits::default()
        },
        hub: Some(vramguide::ask::Hub::from_env(
            offline,
            Some(store.hub_cache()),
        )),
    });
    tracing::info!(
        addr = %listener.local_addr()?,
        rate_limit = args.rate_limit,
        max_connections = args.max_connections,
        idle_timeout_s = args.idle_timeout,
        "guide server listening"
    );
    web::serve(listener, state.clone(), until_stopped(stopped)).await?;
    if let Some(bot) = bot {
        match bot.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("vramguide: the Discord bot stopped: {e:#}"),
            Err(e) => eprintln!("vramguide: the Discord bot panicked: {e}"),
        }
    }
    tracing::info!("stopped; writing the query log");
    state.log.shutdown().await;
    store.shutdown().await;
    Ok(())
}
