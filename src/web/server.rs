//! The accept loop: HTTP/1.1 connections with a bounded number, a bounded idle time and a
//! bounded life, so one client holding sockets open costs seconds of one socket each, and
//! never the server's file descriptors.
//!
//! axum's own `serve` sets no timer, so an idle keep-alive socket or a client sending one
//! header byte a second was held forever (520 of them stopped `/healthz` answering). Here
//! hyper's header read timeout covers both: it runs whenever a connection waits for a
//! request head, the first one or the next one on a kept-alive connection.
//!
//! Health checks and fairness: one address (an IPv6 /64 counts as one) holds at most
//! `per_address` of the connections; past that, and past the global cap, a connection is
//! admitted on the "triage" path: a short wait for its head, `/healthz` and `/metrics`
//! answered, anything else a 503 with Retry-After, then closed. Past the global cap only
//! [`RESERVE`] triage connections are open at once, so the process never holds more than
//! `max_connections + RESERVE` sockets (plus the one the accept loop holds while it waits
//! for a slot), and an operator's health check is answered while
//! the cap is full of idle sockets (they waited behind them in the listen backlog before).

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
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
    /// Connections one address (an IPv6 /64) may hold served in full; past it, its
    /// connections only get `/healthz` and `/metrics`. 0: no cap per address.
    pub per_address: usize,
}

impl Default for ConnLimits {
    fn default() -> Self {
        ConnLimits {
            max_connections: 256,
            header_timeout: Duration::from_secs(10),
            max_lifetime: Duration::from_secs(120),
            per_address: 32,
        }
    }
}

/// Room for a 64 KiB URL and ordinary headers; hyper's default is about 400 KiB.
const MAX_HEAD_BYTES: usize = 128 * 1024;
/// How long a connection asked to close may take to finish its request.
const REQUEST_GRACE: Duration = Duration::from_secs(15);
/// Pause after a failed accept (out of file descriptors...) before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);
/// Triage connections open past the global cap: health checks get in while the cap is
/// full, and the sockets held stay within the cap plus this.
pub const RESERVE: usize = 2;
/// How long a triage connection may take to send its head. A probe sends its request with
/// the connection; an idle socket is closed after this, so the backlog drains quickly.
const TRIAGE_HEAD: Duration = Duration::from_millis(500);
/// The same on the [`RESERVE`], whose few slots must drain a backlog of idle sockets
/// (20 a second): a connection that waited in the backlog has its request in already, and
/// a probe on this machine or nearby sends it within a round trip.
const RESERVE_HEAD: Duration = Duration::from_millis(100);
/// Longest life of a triage connection (one request, then it closes).
const TRIAGE_LIFETIME: Duration = Duration::from_secs(5);
/// Triage connections one address may have open past its cap; further ones are closed
/// at once, so it cannot fill the triage pool (or the accept loop's time) for others.
const TRIAGE_PER_ADDRESS: usize = 2;
/// Triage connections past their addresses' caps open at once, all addresses together.
const TRIAGE_POOL: usize = 64;
/// Seconds a client turned away by the triage path is asked to wait.
const TRIAGE_RETRY_S: u64 = 1;

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
    let reserve = Arc::new(Semaphore::new(RESERVE));
    let addresses = Arc::new(PerAddress::new(limits.per_address));
    let over_cap = OverCap::new();
    let (stop_tx, stop_rx) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            biased;
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
        };
        // Over its address's cap: triage from a small pool of its own, or closed at once;
        // never one of the global slots, so one address reopening sockets as fast as it
        // can costs others nothing but the accept.
        let Some(share) = addresses.enter(remote.ip()) else {
            match over_cap.admit(remote.ip()) {
                Some(ticket) => spawn_connection(
                    stream,
                    remote,
                    &router,
                    limits,
                    Some(TRIAGE_HEAD),
                    &stop_rx,
                    ticket,
                ),
                None => refuse(stream),
            }
            continue;
        };
        // A slot for a connection within its address's share: past the cap and its
        // reserve, the next clients wait in the kernel's backlog and cost nothing.
        let permit = tokio::select! {
            biased;
            () = &mut shutdown => break,
            permit = slots.clone().acquire_owned() => Slot {
                _permit: permit.expect("the semaphore is never closed"),
                reserve: false,
            },
            permit = reserve.clone().acquire_owned() => Slot {
                _permit: permit.expect("the semaphore is never closed"),
                reserve: true,
            },
        };
        // A full slot may have come free while waiting on the reserve.
        let permit = match permit
            .reserve
            .then(|| slots.clone().try_acquire_owned().ok())
        {
            Some(Some(full)) => Slot {
                _permit: full,
                reserve: false,
            },
            _ => permit,
        };
        let triage = permit.reserve.then_some(RESERVE_HEAD);
        spawn_connection(
            stream,
            remote,
            &router,
            limits,
            triage,
            &stop_rx,
            (permit, share),
        );
    }
    drop(listener);
    let _ = stop_tx.send(true);
    // Every connection holds a slot until it ends: all slots back means all done.
    let _ = tokio::time::timeout(REQUEST_GRACE, async {
        let _ = slots.acquire_many(max as u32).await;
        let _ = reserve.acquire_many(RESERVE as u32).await;
    })
    .await;
    Ok(())
}

/// Serve one connection on a task of its own; `held` (its slot, share or ticket) is
/// given back when it ends.
fn spawn_connection<H: Send + 'static>(
    stream: TcpStream,
    remote: SocketAddr,
    router: &Router,
    limits: ConnLimits,
    triage: Option<Duration>,
    stop: &watch::Receiver<bool>,
    held: H,
) {
    let router = router.clone();
    let stop = stop.clone();
    tokio::spawn(async move {
        connection(stream, remote, router, limits, triage, stop).await;
        drop(held);
    });
}

/// Close a connection turned away before it was served: a reset, so neither side keeps
/// the socket in TIME_WAIT (an address reopening thousands a second would fill the
/// table).
fn refuse(stream: TcpStream) {
    let _ = stream.set_zero_linger();
    drop(stream);
}

/// The triage of connections past their address's cap: [`TRIAGE_PER_ADDRESS`] at once
/// for one address, [`TRIAGE_POOL`] for all, apart from the global slots. Past either
/// the connection is closed at once.
struct OverCap {
    per_address: Arc<PerAddress>,
    pool: Arc<Semaphore>,
}

impl OverCap {
    fn new() -> OverCap {
        OverCap {
            per_address: Arc::new(PerAddress::new(TRIAGE_PER_ADDRESS)),
            pool: Arc::new(Semaphore::new(TRIAGE_POOL)),
        }
    }

    /// A ticket for one triage connection from `ip`, or None when it must be closed.
    fn admit(&self, ip: IpAddr) -> Option<(Share, tokio::sync::OwnedSemaphorePermit)> {
        let share = self.per_address.enter(ip)?;
        let permit = self.pool.clone().try_acquire_owned().ok()?;
        Some((share, permit))
    }
}

/// What a connection was admitted with: one of the `max_connections` slots, or one of the
/// [`RESERVE`] triage slots past the cap. Held until the connection ends.
struct Slot {
    _permit: tokio::sync::OwnedSemaphorePermit,
    reserve: bool,
}

/// Open connections per address, against a cap.
struct PerAddress {
    cap: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection's share of its address's count, given back when dropped.
struct Share {
    table: Arc<PerAddress>,
    key: IpAddr,
}

impl PerAddress {
    fn new(cap: usize) -> PerAddress {
        PerAddress {
            cap,
            open: Mutex::new(HashMap::new()),
        }
    }

    /// A share for one more connection from `ip`, or None when its address is at the cap
    /// (a cap of 0 never is).
    fn enter(self: &Arc<Self>, ip: IpAddr) -> Option<Share> {
        let key = address_key(ip);
        let mut open = self.open.lock().ok()?;
        let count = open.entry(key).or_insert(0);
        if self.cap > 0 && *count >= self.cap {
            return None;
        }
        *count += 1;
        Some(Share {
            table: self.clone(),
            key,
        })
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let Ok(mut open) = self.table.open.lock() else {
            return;
        };
        if let Some(count) = open.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// The address a connection is counted under: IPv4 as it is (IPv4-mapped IPv6 too), IPv6
/// by its /64, the block one subscriber gets: counting each of its 2^64 addresses apart
/// would give one client as many caps as it likes.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let prefix = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(prefix.into())
            }
        },
    }
}

/// Paths answered on a triage connection: what an operator's probes and scrapers ask.
fn triage_allows(path: &str) -> bool {
    path == "/healthz" || path == "/metrics"
}

/// The answer to anything else on a triage connection: busy, come back in a second.
fn turned_away(req: &hyper::Request<Incoming>) -> axum::response::Response {
    use axum::http::{HeaderValue, StatusCode, header};
    use axum::response::IntoResponse as _;
    let lang = super::lang::negotiate(None, req.headers());
    let text = crate::i18n::tr(
        lang,
        "web-too-many-connections",
        Some(&crate::i18n::Args::new().s("seconds", TRIAGE_RETRY_S.to_string())),
    );
    let mut response = if req.uri().path().starts_with("/api/") {
        super::errors::api_error(
            StatusCode::SERVICE_UNAVAILABLE,
            lang,
            "too_many_connections",
            None,
            text,
        )
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, text).into_response()
    };
    let headers = response.headers_mut();
    headers.insert(header::RETRY_AFTER, HeaderValue::from(TRIAGE_RETRY_S));
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// One connection, until the client closes it, a timeout, its lifetime or shutdown. A
/// triage connection (`triage`: how long it may take to send its head) gets one request
/// and only the operator's paths ([`triage_allows`]).
async fn connection(
    stream: TcpStream,
    remote: SocketAddr,
    router: Router,
    limits: ConnLimits,
    triage: Option<Duration>,
    mut stop: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut().insert(ConnectInfo(remote));
        let router = router.clone();
        async move {
            if triage.is_some() && !triage_allows(req.uri().path()) {
                return Ok(turned_away(&req));
            }
            router.oneshot(req.map(axum::body::Body::new)).await
        }
    });
    let (head_timeout, lifetime) = match triage {
        Some(head) => (head.min(limits.header_timeout), TRIAGE_LIFETIME),
        None => (limits.header_timeout, limits.max_lifetime),
    };
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(head_timeout)
        .keep_alive(triage.is_none())
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
        () = tokio::time::sleep(lifetime) => "lifetime",
        _ = stop.wait_for(|s| *s) => "shutdown",
    };
    conn.as_mut().graceful_shutdown();
    if tokio::time::timeout(REQUEST_GRACE, conn).await.is_err() {
        tracing::debug!(%remote, reason = closing, "connection dropped after its grace period");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_slash_64_is_one_address_and_mapped_ipv4_is_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff:ffff:ffff:ffff".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(address_key(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn the_cap_per_address_counts_open_connections_and_frees_them() {
        let table = Arc::new(PerAddress::new(2));
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let first = table.enter(ip).expect("under the cap");
        let second = table.enter(ip).expect("at the cap");
        assert!(table.enter(ip).is_none(), "past the cap");
        assert!(table.enter("192.0.2.2".parse().unwrap()).is_some());
        drop(first);
        assert!(
            table.enter(ip).is_some(),
            "a closed connection frees its share"
        );
        drop(second);
        let unlimited = Arc::new(PerAddress::new(0));
        let shares: Vec<_> = (0..100).filter_map(|_| unlimited.enter(ip)).collect();
        assert_eq!(shares.len(), 100);
        drop(shares);
        assert!(
            table.open.lock().unwrap().len() <= 1,
            "empty entries are removed"
        );
    }
}
