//! The Hub look-up cache: one row per (endpoint, repo, file choice), with an expiry. In
//! Postgres it is shared by every process of a sharded bot.

use super::db::{Db, on_db};
use super::writer::now_ms;
use std::time::Duration;

/// Cached look-ups of one store. Reads and writes go straight to the database: one per
/// Hub question, far rarer than log rows.
#[derive(Debug, Clone)]
pub struct HubCache {
    db: Db,
}

impl HubCache {
    pub(super) fn new(db: Db) -> HubCache {
        HubCache { db }
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

    /// Store `body` under `key` for `ttl`, replacing what was there.
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
        Ok(())
    }
}
