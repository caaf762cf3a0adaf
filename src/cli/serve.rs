//! `serve` (and the bare `vramguide`): the guide server until SIGTERM or Ctrl-C.

use super::query_log::store_config;
use clap::Parser;
use serde::Serialize;
use std::net::SocketAddr;
use std::process::ExitCode;
use vramguide::settings::{Metrics, Settings};
use vramguide::store::{Store, StoreConfig};
use vramguide::web;
use vramguide::web::querylog::QueryLog;

/// Flags of `serve`, each a setting (see `vramguide --help`) but `--no-log`; serialized
/// under their keys as the settings' top layer.
#[derive(Debug, Parser, Serialize)]
#[command(name = "serve")]
pub struct ServeArgs {
    /// Address to listen on; only this machine by default (127.0.0.1:8080).
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// Requests per minute per IP address (default 120); 0 turns the limit off
    /// (benchmarks, or behind a proxy that limits).
    #[arg(long = "rate-limit")]
    rate_limit: Option<u32>,
    /// Do not log questions (nothing is written to disk).
    #[arg(long = "no-log")]
    #[serde(skip)]
    pub no_log: bool,
    /// Connections served at once (default 256); more wait until one closes.
    #[arg(long = "max-connections")]
    max_connections: Option<usize>,
    /// Seconds a connection may wait for a request (idle keep-alive, or a client slow
    /// to send its headers) before it is closed (default 10).
    #[arg(long = "idle-timeout", value_parser = clap::value_parser!(u64).range(1..=3600))]
    idle_timeout: Option<u64>,
    /// Connections one address (an IPv6 /64) may hold (default 32); past it only /healthz
    /// and /metrics are answered on its new connections. 0 turns the cap off (behind a proxy).
    #[arg(long = "max-connections-per-ip")]
    max_connections_per_ip: Option<usize>,
    /// Where /metrics is answered: on (the site; the default), off, or an address of its
    /// own (127.0.0.1:9100) that alone answers it.
    #[arg(long = "metrics", value_parser = check_metrics)]
    metrics: Option<String>,
    /// The site's public address (https://vram.example.org) for absolute link-preview
    /// URLs; without it they are relative, never taken from the request's Host header.
    #[arg(long = "public-url")]
    public_url: Option<String>,
}

/// `--metrics` is checked as it is typed, so a bad value is clap's usage error.
fn check_metrics(text: &str) -> Result<String, String> {
    text.parse::<Metrics>().map(|_| text.to_string())
}

/// Run the guide server; with `bot`, the Discord bot too (the bare `vramguide` when
/// DISCORD_TOKEN is set), both stopped by the same signal.
pub fn serve(settings: &Settings, no_log: bool, bot: bool) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(run(settings, no_log, bot)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("vramguide serve: {e:#}");
            ExitCode::from(1)
        }
    }
}

async fn run(settings: &Settings, no_log: bool, bot: bool) -> anyhow::Result<()> {
    use anyhow::Context as _;
    let listener = tokio::net::TcpListener::bind(settings.addr)
        .await
        .with_context(|| format!("cannot listen on {}", settings.addr))?;
    let metrics_listener = match settings.metrics {
        Metrics::At(addr) => Some(
            tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("cannot listen on {addr} for /metrics"))?,
        ),
        _ => None,
    };
    // Without the log the bot still keeps preferences (and its /stats) in memory.
    let store = Store::open(if no_log {
        StoreConfig::in_memory()
    } else {
        store_config(settings)
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
    let bot = bot.then(|| {
        tokio::spawn(super::bot::alongside(
            settings.clone(),
            store.clone(),
            until_stopped(stopped.clone()),
        ))
    });
    let state = web::AppState::new(web::Config {
        rate_limit_per_minute: settings.rate_limit,
        log: QueryLog::new((!no_log).then(|| store.clone())),
        connections: web::ConnLimits {
            max_connections: settings.max_connections,
            header_timeout: std::time::Duration::from_secs(settings.idle_timeout),
            per_address: settings.max_connections_per_ip,
            ..web::ConnLimits::default()
        },
        metrics: match settings.metrics {
            Metrics::On => web::MetricsAccess::On,
            Metrics::Off => web::MetricsAccess::Off,
            Metrics::At(_) => web::MetricsAccess::Separate,
        },
        public_url: settings.public_url.clone(),
        stats_token: settings.stats_token.clone(),
        hub: Some(vramguide::ask::Hub::from_settings(
            &settings.hub(),
            Some(store.hub_cache()),
        )),
    });
    tracing::info!(
        addr = %listener.local_addr()?,
        rate_limit = settings.rate_limit,
        max_connections = settings.max_connections,
        idle_timeout_s = settings.idle_timeout,
        max_connections_per_ip = settings.max_connections_per_ip,
        "guide server listening"
    );
    if let Some(metrics) = metrics_listener {
        tracing::info!(addr = %metrics.local_addr()?, "/metrics listening");
        tokio::spawn(web::serve_metrics(
            metrics,
            state.clone(),
            until_stopped(stopped.clone()),
        ));
    }
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
