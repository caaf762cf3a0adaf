//! The Hub look-up cache: one row per (endpoint, repo, file choice), with an expiry. In
//! Postgres it is shared by every process of a sharded bot. Expired rows are deleted on a
//! schedule ([`HubCache::prune_every`]), and an insert past the row cap deletes the rows
//! closest to expiring, so made-up ids cannot grow the table without end.

use super::db::{Db, on_db};
use super::writer::now_ms;
use std::time::Duration;

/// Rows kept when no cap is given.
const DEFAULT_MAX_ROWS: u64 = 100_000;

/// Cached look-ups of one store. Reads and writes go straight to the database: one per
/// Hub question, far rarer than log rows.
#[derive(Debug, Clone)]
pub struct HubCache {
    db: Db,
    max_rows: u64,
}

impl HubCache {
    pub(super) fn new(db: Db) -> HubCache {
        HubCache {
            db,
            max_rows: DEFAULT_MAX_ROWS,
        }
    }

    /// The same cache holding at most `rows` rows (at least 1).
    pub fn with_max_rows(mut self, rows: u64) -> HubCache {
        self.max_rows = rows.max(1);
        self
    }

    /// The body stored under `key`, unless it has expired.
    pub async fn get(&self, key: &str) -> anyhow::Result<Option<String>> {
        let now = now_ms();
        let body: Option<String> = on_db!(&self.db, pool => {
            sqlx::query_scalar("SELECT body FROM hub_cache WHERE cache_key = $1 AND expires_at > $2")
                .bind(key)
                .bind(now)
                .fetch_optional(pool)
                .await?
        });
        Ok(body)
    }

    /// Store `body` under `key` for `ttl`, replacing what was there; past the row cap,
    /// expired rows go, then the ones closest to expiring.
    pub async fn put(&self, key: &str, body: &str, ttl: Duration) -> anyhow::Result<()> {
        let now = now_ms();
        let expires = now.saturating_add(i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX));
        on_db!(&self.db, pool => {
            sqlx::query(
                "INSERT INTO hub_cache (cache_key, body, fetched_at, expires_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (cache_key) DO UPDATE SET \
                 body = excluded.body, fetched_at = excluded.fetched_at, \
                 expires_at = excluded.expires_at",
            )
            .bind(key)
            .bind(body)
            .bind(now)
            .bind(expires)
            .execute(pool)
            .await?;
        });
        if self.rows().await? > self.max_rows {
            self.prune().await?;
            let over = self.rows().await?.saturating_sub(self.max_rows);
            self.evict(over).await?;
        }
        Ok(())
    }

    /// Rows in the table, expired ones included.
    pub async fn rows(&self) -> anyhow::Result<u64> {
        let n: i64 = on_db!(&self.db, pool => {
            sqlx::query_scalar("SELECT COUNT(*) FROM hub_cache")
                .fetch_one(pool)
                .await?
        });
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// Delete the expired rows; returns how many went.
    pub async fn prune(&self) -> anyhow::Result<u64> {
        let now = now_ms();
        let n = on_db!(&self.db, pool => {
            sqlx::query("DELETE FROM hub_cache WHERE expires_at <= $1")
                .bind(now)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(n)
    }

    /// Delete the `n` rows closest to expiring.
    async fn evict(&self, n: u64) -> anyhow::Result<()> {
        if n == 0 {
            return Ok(());
        }
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        on_db!(&self.db, pool => {
            sqlx::query(
                "DELETE FROM hub_cache WHERE cache_key IN \
                 (SELECT cache_key FROM hub_cache ORDER BY expires_at LIMIT $1)",
            )
            .bind(n)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// Delete expired rows every `period` (the first time one period from now, so a
    /// one-shot command never waits for it), for as long as the runtime runs.
    pub async fn prune_every(self, period: Duration) {
        let start = tokio::time::Instant::now() + period;
        let mut tick = tokio::time::interval_at(start, period);
        loop {
            tick.tick().await;
            if let Err(e) = self.prune().await {
                tracing::warn!("cannot prune the Hub cache: {e:#}");
            }
        }
    }
}
