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
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::OnceCell;

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

/// Look-ups a minute: every anonymous web client together, and each client alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BudgetSettings {
    pub web_per_minute: u32,
    pub client_per_minute: u32,
}

impl Default for BudgetSettings {
    /// A look-up is a handful of Hub requests: 60 a minute from the web keeps the server
    /// far under the Hub's anonymous limits; 6 a client is more than one person asks.
    fn default() -> BudgetSettings {
        BudgetSettings {
            web_per_minute: 60,
            client_per_minute: 6,
        }
    }
}

impl BudgetSettings {
    /// From the settings (VRAMGUIDE_HUB_WEB_PER_MINUTE, VRAMGUIDE_HUB_CLIENT_PER_MINUTE:
    /// whole numbers from 1); an unset or unusable value keeps the default.
    pub fn from_settings(settings: &HubSettings) -> BudgetSettings {
        let d = BudgetSettings::default();
        let or = |v: Option<u32>, default: u32| v.filter(|&n| n > 0).unwrap_or(default);
        BudgetSettings {
            web_per_minute: or(settings.web_per_minute, d.web_per_minute),
            client_per_minute: or(settings.client_per_minute, d.client_per_minute),
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
