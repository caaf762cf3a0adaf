//! How much Hub work the public can start: who asks ([`Requester`]), the budgets that
//! bound look-ups started by anonymous web traffic and by each client ([`Budgets`]), one
//! look-up per id at a time whoever asks ([`Flights`]), and a small in-process memory of
//! recent outcomes ([`Recent`]) for when no database keeps them.
//!
//! Our server is the one the Hub would rate-limit, for every user at once: a budget keeps
//! a crowd of made-up ids (or one client cycling through its IPv6 /64) from spending it.

use crate::settings::HubSettings;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use hashlink::LruCache;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{OnceCell, Semaphore};

/// Who started a look-up: what decides which budget it spends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Requester {
    /// The operator's own command line: no budget.
    #[default]
    Cli,
    /// A Discord user (their id): a budget of their own.
    Discord(u64),
    /// An anonymous web client: its own budget, and a share of the web's.
    Web(IpAddr),
}

/// Look-ups a minute (every anonymous web client together, and each client alone), and
/// what the whole process may have going at once: look-ups in flight, bytes they read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BudgetSettings {
    pub web_per_minute: u32,
    pub client_per_minute: u32,
    /// Look-ups running at once, whoever asked; more wait their turn within their time.
    pub in_flight: u32,
    /// Bytes the running look-ups may have read, all of them together.
    pub buffer_bytes: u64,
}

/// Look-ups at once by default: a look-up reads 8 headers at a time already.
pub const DEFAULT_IN_FLIGHT: u32 = 8;
/// Bytes read by the running look-ups together, by default: DeepSeek V3, the largest real
/// look-up, reads ~50 MiB; a repo built to be large reads up to its 128 MiB cap.
pub const DEFAULT_BUFFER_BYTES: u64 = 256 * 1024 * 1024;

impl Default for BudgetSettings {
    /// A look-up is a handful of Hub requests: 60 a minute from the web keeps the server
    /// far under the Hub's anonymous limits; 6 a client is more than one person asks.
    fn default() -> BudgetSettings {
        BudgetSettings {
            web_per_minute: 60,
            client_per_minute: 6,
            in_flight: DEFAULT_IN_FLIGHT,
            buffer_bytes: DEFAULT_BUFFER_BYTES,
        }
    }
}

impl BudgetSettings {
    /// From the settings (VRAMGUIDE_HUB_WEB_PER_MINUTE, VRAMGUIDE_HUB_CLIENT_PER_MINUTE,
    /// VRAMGUIDE_HUB_IN_FLIGHT, VRAMGUIDE_HUB_BUFFER_MB: whole numbers from 1); an unset or
    /// unusable value keeps the default.
    pub fn from_settings(settings: &HubSettings) -> BudgetSettings {
        let d = BudgetSettings::default();
        let or = |v: Option<u32>, default: u32| v.filter(|&n| n > 0).unwrap_or(default);
        BudgetSettings {
            web_per_minute: or(settings.web_per_minute, d.web_per_minute),
            client_per_minute: or(settings.client_per_minute, d.client_per_minute),
            in_flight: or(settings.in_flight, d.in_flight),
            buffer_bytes: settings
                .buffer_mb
                .filter(|&n| n > 0)
                .map_or(d.buffer_bytes, |mb| mb.saturating_mul(1024 * 1024)),
        }
    }
}

/// Whose budget a client spends: a Discord user, or a network (an IPv4 address, an IPv6
/// /64, since one host holds a whole /64).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Client {
    Discord(u64),
    Net(u128),
}

impl Client {
    fn of(who: &Requester) -> Option<Client> {
        match who {
            Requester::Cli => None,
            Requester::Discord(id) => Some(Client::Discord(*id)),
            Requester::Web(IpAddr::V4(v4)) => Some(Client::Net(u128::from(v4.to_bits()))),
            Requester::Web(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
                Some(v4) => Some(Client::Net(u128::from(v4.to_bits()))),
                None => Some(Client::Net(v6.to_bits() & !((1u128 << 64) - 1))),
            },
        }
    }
}

/// Clients remembered before idle ones are forgotten.
const MAX_CLIENTS: usize = 10_000;

/// The token buckets.
pub struct Budgets {
    web: DefaultDirectRateLimiter,
    clients: DefaultKeyedRateLimiter<Client>,
}

impl Budgets {
    pub fn new(s: BudgetSettings) -> Budgets {
        let quota = |n: u32| {
            let n = NonZeroU32::new(n.max(1)).expect("max(1)");
            Quota::per_minute(n).allow_burst(n)
        };
        Budgets {
            web: RateLimiter::direct(quota(s.web_per_minute)),
            clients: RateLimiter::keyed(quota(s.client_per_minute)),
        }
    }

    /// Spend one look-up of `who`'s budgets, or say how long until one is free.
    pub fn spend(&self, who: &Requester) -> Result<(), Duration> {
        let Some(client) = Client::of(who) else {
            return Ok(());
        };
        if self.clients.len() > MAX_CLIENTS {
            self.clients.retain_recent();
            self.clients.shrink_to_fit();
        }
        let now = DefaultClock::default().now();
        self.clients
            .check_key(&client)
            .map_err(|n| n.wait_time_from(now))?;
        if matches!(who, Requester::Web(_)) {
            self.web.check().map_err(|n| n.wait_time_from(now))?;
        }
        Ok(())
    }
}

impl std::fmt::Debug for Budgets {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.debug_struct("Budgets")
            .field("clients", &self.clients.len())
            .finish()
    }
}

/// Bytes the running look-ups have read, all of them together, against a cap: each
/// look-up's [`super::client::Meter`] charges here too and gives its bytes back when the
/// look-up ends.
#[derive(Debug)]
pub struct Pool {
    cap: u64,
    used: AtomicU64,
}

impl Pool {
    pub fn new(cap: u64) -> Pool {
        Pool {
            cap,
            used: AtomicU64::new(0),
        }
    }

    /// Take `n` bytes, or none when they would pass the cap.
    pub fn take(&self, n: u64) -> bool {
        self.used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                used.checked_add(n).filter(|&t| t <= self.cap)
            })
            .is_ok()
    }

    /// True when `n` more bytes would fit now (nothing is taken).
    pub fn has_room(&self, n: u64) -> bool {
        self.used
            .load(Ordering::Acquire)
            .checked_add(n)
            .is_some_and(|t| t <= self.cap)
    }

    /// Give back `n` bytes taken before.
    pub fn give_back(&self, n: u64) {
        let _ = self
            .used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |u| {
                Some(u.saturating_sub(n))
            });
    }

    /// Bytes taken now.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Acquire)
    }

    pub fn cap(&self) -> u64 {
        self.cap
    }
}

/// What bounds the process's Hub work at once, whoever asked: look-ups in flight and the
/// bytes they read ([`Pool`]).
#[derive(Debug)]
pub struct Gate {
    slots: Semaphore,
    pool: Arc<Pool>,
}

/// One look-up's place in the [`Gate`]: held while it runs.
#[derive(Debug)]
pub struct Slot<'a> {
    _permit: tokio::sync::SemaphorePermit<'a>,
}

impl Gate {
    pub fn new(s: &BudgetSettings) -> Gate {
        Gate {
            slots: Semaphore::new(s.in_flight.max(1) as usize),
            pool: Arc::new(Pool::new(s.buffer_bytes.max(1))),
        }
    }

    /// The shared byte pool, for the look-ups' meters.
    pub fn pool(&self) -> &Arc<Pool> {
        &self.pool
    }

    /// A place for one look-up, waiting for one until `deadline`; None past it.
    pub async fn enter(&self, deadline: tokio::time::Instant) -> Option<Slot<'_>> {
        let permit = tokio::time::timeout_at(deadline, self.slots.acquire())
            .await
            .ok()?
            .ok()?;
        Some(Slot { _permit: permit })
    }
}

/// Look-ups in progress, by key: a second ask for the same id waits for the first one's
/// outcome instead of starting its own.
pub struct Flights<T> {
    running: Mutex<HashMap<String, Arc<OnceCell<T>>>>,
}

impl<T: Clone> Flights<T> {
    pub fn new() -> Flights<T> {
        Flights {
            running: Mutex::new(HashMap::new()),
        }
    }

    /// The flight for `key` when one is running.
    pub fn running(&self, key: &str) -> Option<Arc<OnceCell<T>>> {
        self.running.lock().ok()?.get(key).cloned()
    }

    /// Run `work` for `key`, or wait for the run already going (if that one's asker gives
    /// up, a waiter's `work` takes over, so the outcome still comes).
    pub async fn run<F: Future<Output = T>>(&self, key: &str, work: impl FnOnce() -> F) -> T {
        let cell = match self.running.lock() {
            Ok(mut map) => map.entry(key.to_string()).or_default().clone(),
            Err(_) => Arc::new(OnceCell::new()),
        };
        let out = cell.get_or_init(work).await.clone();
        if let Ok(mut map) = self.running.lock()
            && map.get(key).is_some_and(|c| Arc::ptr_eq(c, &cell))
        {
            map.remove(key);
        }
        out
    }
}

impl<T: Clone> Default for Flights<T> {
    fn default() -> Self {
        Flights::new()
    }
}

impl<T> std::fmt::Debug for Flights<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let n = self.running.lock().map_or(0, |m| m.len());
        f.debug_struct("Flights").field("running", &n).finish()
    }
}

/// Recent outcomes kept in process, each until its expiry, at most `cap` of them.
pub struct Recent<T> {
    entries: Mutex<LruCache<String, (Instant, T)>>,
}

impl<T: Clone> Recent<T> {
    pub fn new(cap: usize) -> Recent<T> {
        Recent {
            entries: Mutex::new(LruCache::new(cap.max(1))),
        }
    }

    pub fn get(&self, key: &str) -> Option<T> {
        let mut map = self.entries.lock().ok()?;
        match map.get(key) {
            Some((until, v)) if *until > Instant::now() => Some(v.clone()),
            Some(_) => {
                map.remove(key);
                None
            }
            None => None,
        }
    }

    pub fn put(&self, key: &str, value: T, ttl: Duration) {
        if let Ok(mut map) = self.entries.lock() {
            map.insert(key.to_string(), (Instant::now() + ttl, value));
        }
    }
}

impl<T> std::fmt::Debug for Recent<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let n = self.entries.lock().map_or(0, |m| m.len());
        f.debug_struct("Recent").field("entries", &n).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_per_client_and_for_the_web() {
        let b = Budgets::new(BudgetSettings {
            web_per_minute: 3,
            client_per_minute: 2,
            ..BudgetSettings::default()
        });
        let a: IpAddr = "203.0.113.1".parse().unwrap();
        assert!(b.spend(&Requester::Web(a)).is_ok());
        assert!(b.spend(&Requester::Web(a)).is_ok());
        let wait = b.spend(&Requester::Web(a)).unwrap_err();
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_secs(30),
            "{wait:?}"
        );
        // Another address of the same IPv6 /64 is the same client.
        let v6a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let v6b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        assert!(b.spend(&Requester::Web(v6a)).is_ok());
        // The web's 3 are spent: a fresh client waits too.
        assert!(b.spend(&Requester::Web(v6b)).is_err());
        // Discord users and the command line do not spend the web's budget.
        assert!(b.spend(&Requester::Discord(7)).is_ok());
        assert!(b.spend(&Requester::Discord(7)).is_ok());
        assert!(b.spend(&Requester::Discord(7)).is_err());
        assert!(b.spend(&Requester::Discord(8)).is_ok());
        for _ in 0..100 {
            assert!(b.spend(&Requester::Cli).is_ok());
        }
    }

    #[tokio::test]
    async fn one_flight_per_key() {
        let flights: Arc<Flights<u32>> = Arc::new(Flights::new());
        let runs = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let mut set = tokio::task::JoinSet::new();
        for _ in 0..30 {
            let (flights, runs) = (flights.clone(), runs.clone());
            set.spawn(async move {
                flights
                    .run("k", || async {
                        runs.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        42
                    })
                    .await
            });
        }
        while let Some(v) = set.join_next().await {
            assert_eq!(v.unwrap(), 42);
        }
        assert_eq!(runs.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert!(flights.running("k").is_none());
    }

    #[test]
    fn the_pool_never_passes_its_cap() {
        let p = Pool::new(100);
        assert!(p.take(60));
        assert!(!p.take(41), "61 + 41 > 100");
        assert!(p.has_room(40) && !p.has_room(41));
        assert!(p.take(40));
        p.give_back(60);
        assert_eq!(p.used(), 40);
        assert!(!p.take(u64::MAX), "no overflow");
    }

    #[tokio::test]
    async fn the_gate_lets_in_flight_look_ups_in_and_the_rest_wait_or_give_up() {
        let gate = Gate::new(&BudgetSettings {
            in_flight: 2,
            ..BudgetSettings::default()
        });
        let soon = || tokio::time::Instant::now() + Duration::from_millis(50);
        let a = gate.enter(soon()).await.expect("first");
        let _b = gate.enter(soon()).await.expect("second");
        assert!(
            gate.enter(soon()).await.is_none(),
            "a third waits, then gives up"
        );
        drop(a);
        assert!(gate.enter(soon()).await.is_some(), "a freed place is taken");
    }

    #[test]
    fn recent_entries_expire_and_are_capped() {
        let r: Recent<u8> = Recent::new(2);
        r.put("a", 1, Duration::from_secs(60));
        r.put("b", 2, Duration::ZERO);
        assert_eq!(r.get("a"), Some(1));
        assert_eq!(r.get("b"), None);
        r.put("c", 3, Duration::from_secs(60));
        r.put("d", 4, Duration::from_secs(60));
        assert_eq!(r.get("a"), None, "the oldest went past the cap");
    }
}
