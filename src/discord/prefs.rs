//! Preferences, channel listening, the query log and stats, behind one small trait.
//!
//! The bot only needs these few calls; keeping them behind [`Prefs`] lets the commands be
//! written and tested now with [`MemoryPrefs`], and the SQL `store` module plug in later
//! with one adapter (`impl Prefs for store::Store`) without touching any command.

use crate::i18n::{Args, Lang, format_int, t, tr};
use crate::store::{LogEntry, Source, StatsFilter, Store};
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

/// One answered (or not understood) question, as the query log records it.
#[derive(Debug, Clone, Default)]
pub struct Logged {
    pub guild_id: Option<u64>,
    pub channel_id: Option<u64>,
    /// Raw Discord user id; the store hashes it.
    pub user_id: Option<u64>,
    /// The Discord client locale, when the interaction carried one.
    pub locale: Option<String>,
    pub language: Lang,
    pub question: String,
    pub query: Option<serde_json::Value>,
    pub model: Option<String>,
    pub precision: Option<String>,
    pub gpu: Option<String>,
    pub total_gib: Option<f64>,
    pub understood: bool,
    pub latency_us: u64,
}

#[poise::async_trait]
pub trait Prefs: Send + Sync {
    async fn user_language(&self, user: u64) -> Option<Lang>;
    async fn set_user_language(&self, user: u64, lang: Option<Lang>) -> anyhow::Result<()>;
    async fn guild_language(&self, guild: u64) -> Option<Lang>;
    async fn set_guild_language(&self, guild: u64, lang: Option<Lang>) -> anyhow::Result<()>;
    async fn is_listened(&self, channel: u64) -> bool;
    async fn set_listened(&self, guild: u64, channel: u64, on: bool) -> anyhow::Result<()>;
    /// Record one question; must never block the reply.
    fn log(&self, entry: Logged);
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
    log: Vec<(DateTime<Utc>, Logged)>,
}

impl MemoryPrefs {
    /// The entries logged so far (tests look at them).
    pub fn logged(&self) -> Vec<Logged> {
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

    fn log(&self, entry: Logged) {
        self.with(|m| m.log.push((Utc::now(), entry)));
    }

    async fn stats(
        &self,
        lang: Lang,
        guild: u64,
        since: Option<Duration>,
    ) -> anyhow::Result<Option<String>> {
        let since = since.and_then(|d| chrono::Duration::from_std(d).ok().map(|d| Utc::now() - d));
        let entries: Vec<Logged> = self.with(|m| {
            m.log
                .iter()
                .filter(|(at, e)| e.guild_id == Some(guild) && since.is_none_or(|s| *at >= s))
                .map(|(_, e)| e.clone())
                .collect()
        });
        Ok((!entries.is_empty()).then(|| render_stats(lang, &entries)))
    }

    async fn forget_user(&self, user: u64) -> anyhow::Result<u64> {
        Ok(self.with(|m| {
            let before = m.log.len();
            m.log.retain(|(_, e)| e.user_id != Some(user));
            let prefs = u64::from(m.users.remove(&user).is_some());
            (before - m.log.len()) as u64 + prefs
        }))
    }
}

/// Which value of a log entry a stats line counts.
type Key = fn(&Logged) -> Option<String>;

/// "12 questions in this server", then the top models, precisions and languages.
pub fn render_stats(lang: Lang, entries: &[Logged]) -> String {
    let count = entries.len() as u64;
    let mut out = vec![format!(
        "**{}**",
        tr(
            lang,
            "discord-stats-title",
            Some(&Args::new().n("count", count as f64))
        )
    )];
    let tops: [(&str, Key); 3] = [
        ("discord-stats-models", |e| e.model.clone()),
        ("discord-stats-precisions", |e| e.precision.clone()),
        ("discord-stats-languages", |e| {
            Some(e.language.code().to_string())
        }),
    ];
    for (title, key) in tops {
        let mut counts: HashMap<String, u64> = HashMap::new();
        for e in entries {
            if let Some(k) = key(e) {
                *counts.entry(k).or_default() += 1;
            }
        }
        let mut counts: Vec<_> = counts.into_iter().collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let list: Vec<String> = counts
            .iter()
            .take(5)
            .map(|(k, n)| format!("{k} ({})", format_int(lang, *n)))
            .collect();
        if !list.is_empty() {
            out.push(format!("{}: {}", t(lang, title), list.join(", ")));
        }
    }
    out.join("\n")
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

    fn log(&self, e: Logged) {
        Store::log(
            self,
            LogEntry {
                source: Source::Discord,
                guild_id: e.guild_id,
                channel_id: e.channel_id,
                user_id: e.user_id.map(|u| u.to_string()),
                locale: e.locale,
                language: e.language,
                question: e.question,
                query: e.query,
                model: e.model,
                precision: e.precision,
                gpu: e.gpu,
                total_gib: e.total_gib,
                understood: e.understood,
                latency_us: e.latency_us,
            },
        );
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
        let mut stats = Store::stats(self, &filter).await?;
        if stats.total == 0 {
            return Ok(None);
        }
        // Unanswered questions are quoted: users' text, so escaped for Discord.
        for (question, _) in &mut stats.unanswered {
            *question = super::sanitize::escape(question);
        }
        Ok(Some(crate::render::stats::text(lang, &stats)))
    }

    async fn forget_user(&self, user: u64) -> anyhow::Result<u64> {
        Store::forget_user(self, &user.to_string()).await
    }
}
