//! Preferences, channel listening, the query log and stats, behind one small trait.
//!
//! The bot only needs these few calls: behind [`Prefs`] the commands run on
//! [`MemoryPrefs`] (tests, a bot without a database) or on the SQL `store`. Both log the
//! store's own `LogEntry` and answer `/stats` with the same report.

use crate::i18n::Lang;
use crate::store::{LogEntry, Stats, StatsFilter, Store, stats};
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

#[poise::async_trait]
pub trait Prefs: Send + Sync {
    async fn user_language(&self, user: u64) -> Option<Lang>;
    async fn set_user_language(&self, user: u64, lang: Option<Lang>) -> anyhow::Result<()>;
    async fn guild_language(&self, guild: u64) -> Option<Lang>;
    async fn set_guild_language(&self, guild: u64, lang: Option<Lang>) -> anyhow::Result<()>;
    async fn is_listened(&self, channel: u64) -> bool;
    async fn set_listened(&self, guild: u64, channel: u64, on: bool) -> anyhow::Result<()>;
    /// Record one question; must never block the reply.
    fn log(&self, entry: LogEntry);
    /// The guild's stats over the last `since`, rendered in `lang`; None when nothing
    /// was asked.
    async fn stats(
        &self,
        lang: Lang,
        guild: u64,
        since: Option<Duration>,
    ) -> anyhow::Result<Option<String>>;
    /// Delete everything stored about a user; returns how many rows went.
    async fn forget_user(&self, user: u64) -> anyhow::Result<u64>;
}

/// Preferences and log in memory: for tests, and for a bot run without a database.
#[derive(Default)]
pub struct MemoryPrefs {
    inner: Mutex<Memory>,
}

#[derive(Default)]
struct Memory {
    users: HashMap<u64, Lang>,
    guilds: HashMap<u64, Lang>,
    listened: HashMap<u64, u64>,
    log: Vec<(DateTime<Utc>, LogEntry)>,
}

impl MemoryPrefs {
    /// The entries logged so far (tests look at them).
    pub fn logged(&self) -> Vec<LogEntry> {
        let m = self.inner.lock().expect("not poisoned");
        m.log.iter().map(|(_, e)| e.clone()).collect()
    }

    fn with<R>(&self, f: impl FnOnce(&mut Memory) -> R) -> R {
        f(&mut self.inner.lock().expect("not poisoned"))
    }
}

#[poise::async_trait]
impl Prefs for MemoryPrefs {
    async fn user_language(&self, user: u64) -> Option<Lang> {
        self.with(|m| m.users.get(&user).copied())
    }

    async fn set_user_language(&self, user: u64, lang: Option<Lang>) -> anyhow::Result<()> {
        self.with(|m| match lang {
            Some(l) => m.users.insert(user, l),
            None => m.users.remove(&user),
        });
        Ok(())
    }

    async fn guild_language(&self, guild: u64) -> Option<Lang> {
        self.with(|m| m.guilds.get(&guild).copied())
    }

    async fn set_guild_language(&self, guild: u64, lang: Option<Lang>) -> anyhow::Result<()> {
        self.with(|m| match lang {
            Some(l) => m.guilds.insert(guild, l),
            None => m.guilds.remove(&guild),
        });
        Ok(())
    }

    async fn is_listened(&self, channel: u64) -> bool {
        self.with(|m| m.listened.contains_key(&channel))
    }

    async fn set_listened(&self, guild: u64, channel: u64, on: bool) -> anyhow::Result<()> {
        self.with(|m| {
            if on {
                m.listened.insert(channel, guild);
            } else {
                m.listened.remove(&channel);
            }
        });
        Ok(())
    }

    fn log(&self, entry: LogEntry) {
        self.with(|m| m.log.push((Utc::now(), entry)));
    }

    async fn stats(
        &self,
        lang: Lang,
        guild: u64,
        since: Option<Duration>,
    ) -> anyhow::Result<Option<String>> {
        let filter = StatsFilter {
            since,
            guild_id: Some(guild),
        };
        let cutoff = since.and_then(|d| chrono::Duration::from_std(d).ok().map(|d| Utc::now() - d));
        let stats = self.with(|m| {
            let recent = m
                .log
                .iter()
                .filter(|(at, _)| cutoff.is_none_or(|c| *at >= c))
                .map(|(_, e)| e);
            stats::tally(recent, &filter)
        });
        Ok(stats_text(lang, stats))
    }

    async fn forget_user(&self, user: u64) -> anyhow::Result<u64> {
        Ok(self.with(|m| {
            let before = m.log.len();
            let id = user.to_string();
            m.log
                .retain(|(_, e)| e.user_id.as_deref() != Some(id.as_str()));
            let prefs = u64::from(m.users.remove(&user).is_some());
            (before - m.log.len()) as u64 + prefs
        }))
    }
}

/// The `/stats` reply: the shared report, with users' unanswered questions escaped for
/// Discord; None when nothing was asked.
fn stats_text(lang: Lang, mut stats: Stats) -> Option<String> {
    if stats.total == 0 {
        return None;
    }
    for (question, _) in &mut stats.unanswered {
        *question = super::sanitize::escape(question);
    }
    Some(crate::render::stats::text(lang, &stats))
}

/// Reads fall back to "no preference" when the database fails: a reply in a default
/// language beats no reply.
fn or_default<T: Default>(what: &str, r: anyhow::Result<T>) -> T {
    r.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "store: {what} failed");
        T::default()
    })
}

/// The SQL store (SQLite or Postgres) behind the bot.
#[poise::async_trait]
impl Prefs for Store {
    async fn user_language(&self, user: u64) -> Option<Lang> {
        or_default(
            "user_language",
            Store::user_language(self, &user.to_string()).await,
        )
    }

    async fn set_user_language(&self, user: u64, lang: Option<Lang>) -> anyhow::Result<()> {
        Store::set_user_language(self, &user.to_string(), lang).await
    }

    async fn guild_language(&self, guild: u64) -> Option<Lang> {
        or_default("guild_language", Store::guild_language(self, guild).await)
    }

    async fn set_guild_language(&self, guild: u64, lang: Option<Lang>) -> anyhow::Result<()> {
        Store::set_guild_language(self, guild, lang).await
    }

    async fn is_listened(&self, channel: u64) -> bool {
        or_default("is_listened", Store::is_listened(self, channel).await)
    }

    async fn set_listened(&self, guild: u64, channel: u64, on: bool) -> anyhow::Result<()> {
        Store::set_listened(self, guild, channel, on).await
    }

    fn log(&self, e: LogEntry) {
        Store::log(self, e);
    }

    async fn stats(
        &self,
        lang: Lang,
        guild: u64,
        since: Option<Duration>,
    ) -> anyhow::Result<Option<String>> {
        let filter = StatsFilter {
            since,
            guild_id: Some(guild),
        };
        Ok(stats_text(lang, Store::stats(self, &filter).await?))
    }

    async fn forget_user(&self, user: u64) -> anyhow::Result<u64> {
        Store::forget_user(self, &user.to_string()).await
    }
}
