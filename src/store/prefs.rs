//! Preferences: a user's and a server's reply language, and the channels the bot listens
//! to. Users are keyed by their hash, like the log, so `/forget-me` clears both.

use super::db::{Db, on_db};
use super::hashing::UserHasher;
use super::writer::now_ms;
use crate::vocab::Lang;

/// The preference tables of one store. Reads and writes go straight to the database:
/// they are rare (a `/language` command, a lookup per question) and must be current.
pub struct Prefs {
    db: Db,
    hasher: UserHasher,
}

impl Prefs {
    pub(super) fn new(db: Db, hasher: UserHasher) -> Prefs {
        Prefs { db, hasher }
    }

    pub async fn user_language(&self, raw_user_id: &str) -> anyhow::Result<Option<Lang>> {
        let hash = self.hasher.hash(raw_user_id);
        let code: Option<String> = on_db!(&self.db, pool => {
            sqlx::query_scalar("SELECT language FROM user_prefs WHERE user_hash = $1")
                .bind(hash)
                .fetch_optional(pool)
                .await?
        });
        Ok(code.as_deref().and_then(Lang::from_code))
    }

    /// Set (Some) or clear (None) a user's language.
    pub async fn set_user_language(
        &self,
        raw_user_id: &str,
        lang: Option<Lang>,
    ) -> anyhow::Result<()> {
        let hash = self.hasher.hash(raw_user_id);
        on_db!(&self.db, pool => {
            match lang {
                Some(lang) => sqlx::query(
                    "INSERT INTO user_prefs (user_hash, language, updated_at) VALUES ($1, $2, $3) \
                     ON CONFLICT (user_hash) DO UPDATE SET language = excluded.language, \
                     updated_at = excluded.updated_at",
                )
                .bind(hash)
                .bind(lang.code())
                .bind(now_ms())
                .execute(pool)
                .await?,
                None => sqlx::query("DELETE FROM user_prefs WHERE user_hash = $1")
                    .bind(hash)
                    .execute(pool)
                    .await?,
            };
        });
        Ok(())
    }

    pub async fn guild_language(&self, guild_id: u64) -> anyhow::Result<Option<Lang>> {
        let code: Option<String> = on_db!(&self.db, pool => {
            sqlx::query_scalar("SELECT language FROM guild_prefs WHERE guild_id = $1")
                .bind(guild_id as i64)
                .fetch_optional(pool)
                .await?
        });
        Ok(code.as_deref().and_then(Lang::from_code))
    }

    /// Set (Some) or clear (None) a server's language.
    pub async fn set_guild_language(
        &self,
        guild_id: u64,
        lang: Option<Lang>,
    ) -> anyhow::Result<()> {
        on_db!(&self.db, pool => {
            match lang {
                Some(lang) => sqlx::query(
                    "INSERT INTO guild_prefs (guild_id, language, updated_at) VALUES ($1, $2, $3) \
                     ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, \
                     updated_at = excluded.updated_at",
                )
                .bind(guild_id as i64)
                .bind(lang.code())
                .bind(now_ms())
                .execute(pool)
                .await?,
                None => sqlx::query("DELETE FROM guild_prefs WHERE guild_id = $1")
                    .bind(guild_id as i64)
                    .execute(pool)
                    .await?,
            };
        });
        Ok(())
    }

    /// Whether the bot answers free text in this channel (an opt-in per channel).
    pub async fn is_listened(&self, channel_id: u64) -> anyhow::Result<bool> {
        let found: Option<i64> = on_db!(&self.db, pool => {
            sqlx::query_scalar("SELECT guild_id FROM listened_channels WHERE channel_id = $1")
                .bind(channel_id as i64)
                .fetch_optional(pool)
                .await?
        });
        Ok(found.is_some())
    }

    pub async fn set_listened(
        &self,
        guild_id: u64,
        channel_id: u64,
        on: bool,
    ) -> anyhow::Result<()> {
        on_db!(&self.db, pool => {
            if on {
                sqlx::query(
                    "INSERT INTO listened_channels (channel_id, guild_id, created_at) VALUES ($1, $2, $3) \
                     ON CONFLICT (channel_id) DO UPDATE SET guild_id = excluded.guild_id",
                )
                .bind(channel_id as i64)
                .bind(guild_id as i64)
                .bind(now_ms())
                .execute(pool)
                .await?
            } else {
                sqlx::query("DELETE FROM listened_channels WHERE channel_id = $1")
                    .bind(channel_id as i64)
                    .execute(pool)
                    .await?
            };
        });
        Ok(())
    }
}
