//! The accept loop: HTTP/1.1 connections with a bounded number, a bounded idle time and a
//! bounded life, so one client holding sockets open costs seconds of one socket each, and
//! never the server's file descriptors.
//!
//! axum's own `serve` sets no timer, so an idle keep-alive socket or a client sending one
//! header byte a second was held forever (520 of them stopped `/healthz` answering). Here
//! hyper's header read timeout covers both: it runs whenever a connection waits for a
//! request head, the first one or the next one on a kept-alive connection.

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tower::ServiceExt as _;

/// Connection-level limits of the guide server.
#[derive(Debug, Clone, Copy)]
pub struct ConnLimits {
    /// Connections served at once; further ones wait in the listen backlog.
    pub max_connections: usize,
    /// Longest wait for a request head: the first one, or the next one on a kept-alive
    /// connection (the idle timeout), and how long a slow client may take to send one.
    pub header_timeout: Duration,
    /// Longest life of a connection: then it finishes its request and closes, or is
    /// dropped [`REQUEST_GRACE`] later (a client that never reads its response).
    pub max_lifetime: Duration,
}

impl Default for ConnLimits {
    fn default() -> Self {
        ConnLimits {
            max_connections: 256,
            header_timeout: Duration::from_secs(10),
            max_lifetime: Duration::from_secs(120),
        }
    }
}

/// Room for a 64 KiB URL and ordinary headers; hyper's default is about 400 KiB.
const MAX_HEAD_BYTES: usize = 128 * 1024;
/// How long a connection asked to close may take to finish its request.
const REQUEST_GRACE: Duration = Duration::from_secs(15);
/// Pause after a failed accept (out of file descriptors...) before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Serve `router` on `listener` until `shutdown` resolves, then let connections finish
/// their requests (at most [`REQUEST_GRACE`]).
pub async fn run(
    listener: TcpListener,
    router: Router,
    limits: ConnLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let max = limits.max_connections.clamp(1, 65_536);
    let slots = Arc::new(Semaphore::new(max));
    let (stop_tx, stop_rx) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        // A slot before accepting: past the cap, clients wait in the kernel's backlog
        // and cost this process nothing.
        let permit = tokio::select! {
            permit = slots.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let router = router.clone();
        let stop = stop_rx.clone();
        tokio::spawn(async move {
            connection(stream, remote, router, limits, stop).await;
            drop(permit);
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    // Every connection holds a slot until it ends: all slots back means all done.
    let _ = tokio::time::timeout(REQUEST_GRACE, slots.acquire_many(max as u32)).await;
    Ok(())
}

/// One connection, until the client closes it, a timeout, its lifetime or shutdown.
async fn connection(
    stream: TcpStream,
    remote: SocketAddr,
    router: Router,
    limits: ConnLimits,
    mut stop: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut().insert(ConnectInfo(remote));
        router.clone().oneshot(req.map(axum::body::Body::new))
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES);
    let conn = builder.serve_connection(TokioIo::new(stream), service);
    tokio::pin!(conn);
    let closing = tokio::select! {
        result = conn.as_mut() => {
            if let Err(e) = result {
                tracing::debug!(error = %e, %remote, "connection ended");
            }
            return;
        }
        () = tokio::time::sleep(limits.max_lifetime) => "lifetime",
        _ = stop.wait_for(|s| *s) => "shutdown",
    };
    conn.as_mut().graceful_shutdown();
    if tokio::time::timeout(REQUEST_GRACE, conn).await.is_err() {
        tracing::debug!(%remote, reason = closing, "connection dropped after its grace period");
    }
}
