//! What a team asks about, and what the parser missed: counts over the query log.

use super::db::{Db, on_db};
use super::writer::now_ms;
use serde::{Deserialize, Serialize};
use sqlx::AssertSqlSafe;
use std::time::Duration;

/// How many entries each "top" list keeps.
pub const TOP: i64 = 10;
/// How many days the per-day counts go back, at most.
pub const DAYS: i64 = 31;
const DAY_MS: i64 = 86_400_000;

/// Which rows to count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StatsFilter {
    /// Only rows newer than this (e.g. 7 days); all rows when None.
    pub since: Option<Duration>,
    /// Only one Discord server.
    pub guild_id: Option<u64>,
}

/// Counts over the query log. Lists are (name, count), largest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// The window, in seconds, when one was asked for.
    pub since_secs: Option<u64>,
    pub guild_id: Option<u64>,
    pub total: u64,
    pub understood: u64,
    /// Distinct user hashes (rows without a user, like the CLI's, are not counted).
    pub users: u64,
    pub by_source: Vec<(String, u64)>,
    pub top_models: Vec<(String, u64)>,
    pub top_precisions: Vec<(String, u64)>,
    pub top_gpus: Vec<(String, u64)>,
    /// Reply languages.
    pub languages: Vec<(String, u64)>,
    /// Questions the parser found nothing in, most frequent first.
    pub unanswered: Vec<(String, u64)>,
    /// Questions per UTC day ("2026-11-28"), newest first, at most [`DAYS`] days.
    #[serde(default)]
    pub per_day: Vec<(String, u64)>,
}

impl Stats {
    /// Questions not understood.
    pub fn not_understood(&self) -> u64 {
        self.total.saturating_sub(self.understood)
    }
}

/// Parse "7d", "24h", "30m", "90s", "2w" (humantime's units) or a bare number of days.
pub fn parse_since(text: &str) -> Option<Duration> {
    let text = text.trim();
    // A bare number counts days, as `--since 7` always has.
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text
            .parse::<u64>()
            .ok()?
            .checked_mul(86_400)
            .map(Duration::from_secs);
    }
    humantime::parse_duration(text).ok()
}

/// The WHERE clause and its two bound values (since, guild). Only constant SQL fragments
/// are ever formatted into statements; values are always bound.
fn condition(filter: &StatsFilter) -> (&'static str, i64, i64) {
    let since = filter.since.map_or(i64::MIN, |d| {
        now_ms() - d.as_millis().min(i64::MAX as u128) as i64
    });
    match filter.guild_id {
        Some(g) => ("created_at >= $1 AND guild_id = $2", since, g as i64),
        None => ("created_at >= $1 AND $2 = $2", since, 0),
    }
}

pub async fn compute(db: &Db, filter: &StatsFilter) -> anyhow::Result<Stats> {
    let (cond, since, guild) = condition(filter);
    let totals = format!(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN understood THEN 1 ELSE 0 END), 0), \
         COUNT(DISTINCT user_hash) FROM query_log WHERE {cond}"
    );
    let (total, understood, users): (i64, i64, i64) = on_db!(db, pool => {
        sqlx::query_as(AssertSqlSafe(totals))
            .bind(since)
            .bind(guild)
            .fetch_one(pool)
            .await?
    });
    let top =
        |column: &'static str, extra: &'static str| top(db, cond, since, guild, column, extra);
    Ok(Stats {
        since_secs: filter.since.map(|d| d.as_secs()),
        guild_id: filter.guild_id,
        total: total as u64,
        understood: understood as u64,
        users: users as u64,
        by_source: top("source", "").await?,
        top_models: top("model_id", "").await?,
        top_precisions: top("precision_id", "").await?,
        top_gpus: top("gpu_id", "").await?,
        languages: top("language", "").await?,
        unanswered: top("question", " AND NOT understood").await?,
        per_day: per_day(db, cond, since, guild).await?,
    })
}

/// Questions per UTC day, newest first: rows are grouped by their day number
/// (`created_at` is milliseconds since the epoch), which SQLite and PostgreSQL divide alike.
async fn per_day(
    db: &Db,
    cond: &'static str,
    since: i64,
    guild: i64,
) -> anyhow::Result<Vec<(String, u64)>> {
    let sql = format!(
        "SELECT created_at / {DAY_MS} AS day, COUNT(*) AS n FROM query_log \
         WHERE {cond} GROUP BY day ORDER BY day DESC LIMIT $3"
    );
    let rows: Vec<(i64, i64)> = on_db!(db, pool => {
        sqlx::query_as(AssertSqlSafe(sql))
            .bind(since)
            .bind(guild)
            .bind(DAYS)
            .fetch_all(pool)
            .await?
    });
    Ok(rows
        .into_iter()
        .map(|(day, n)| (civil_date(day), n as u64))
        .collect())
}

/// "YYYY-MM-DD" of a day number since 1970-01-01 (proleptic Gregorian; Howard Hinnant's
/// `civil_from_days`), so the store needs no calendar crate for one label.
pub fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The most frequent non-null values of one column.
async fn top(
    db: &Db,
    cond: &'static str,
    since: i64,
    guild: i64,
    column: &'static str,
    extra: &'static str,
) -> anyhow::Result<Vec<(String, u64)>> {
    let sql = format!(
        "SELECT {column}, COUNT(*) AS n FROM query_log \
         WHERE {cond}{extra} AND {column} IS NOT NULL \
         GROUP BY {column} ORDER BY n DESC, {column} ASC LIMIT $3"
    );
    let rows: Vec<(String, i64)> = on_db!(db, pool => {
        sqlx::query_as(AssertSqlSafe(sql))
            .bind(since)
            .bind(guild)
            .bind(TOP)
            .fetch_all(pool)
            .await?
    });
    Ok(rows.into_iter().map(|(k, n)| (k, n as u64)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn day_numbers_are_calendar_dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(59), "1970-03-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(civil_date(20_785), "2026-11-28");
        assert_eq!(civil_date(-1), "1969-12-31");
    }

    #[test]
    fn parses_windows() {
        assert_eq!(parse_since("7d"), Some(Duration::from_secs(7 * 86_400)));
        assert_eq!(parse_since("24h"), Some(Duration::from_secs(86_400)));
        assert_eq!(parse_since("30"), Some(Duration::from_secs(30 * 86_400)));
        assert_eq!(parse_since("15m"), Some(Duration::from_secs(900)));
        assert_eq!(parse_since("x"), None);
        // humantime's units: years are a window too now; unknown words are not.
        assert_eq!(parse_since("7 parsecs"), None);
        assert_eq!(parse_since("1w"), Some(Duration::from_secs(7 * 86_400)));
        assert_eq!(
            parse_since("2days 12h"),
            Some(Duration::from_secs(60 * 3_600))
        );
    }

    /// The report's counts on a small log, through the same SQL the bot and the CLI use
    /// (SQLite in memory).
    #[tokio::test]
    async fn counts_one_guild() {
        use crate::store::{LogEntry, Source, Store, StoreConfig};
        use crate::vocab::Lang;
        let entry = |guild: u64, user: &str, model: Option<&str>| LogEntry {
            guild_id: Some(guild),
            user_id: Some(user.to_string()),
            model: model.map(str::to_string),
            understood: model.is_some(),
            ..LogEntry::new(Source::Discord, Lang::Pt, "quanta vram?")
        };
        let store = Store::open(StoreConfig::in_memory()).await.unwrap();
        for e in [
            entry(1, "a", Some("qwen")),
            entry(1, "b", Some("llama")),
            entry(1, "a", Some("llama")),
            entry(1, "c", None),
            entry(2, "d", Some("mistral")),
        ] {
            store.log().record(e);
        }
        let filter = StatsFilter {
            since: None,
            guild_id: Some(1),
        };
        let stats = store.log().stats(&filter).await.unwrap();
        store.shutdown().await;
        assert_eq!((stats.total, stats.understood, stats.users), (4, 3, 3));
        assert_eq!(
            stats.top_models,
            vec![("llama".to_string(), 2), ("qwen".to_string(), 1)]
        );
        assert_eq!(stats.languages, vec![("pt".to_string(), 4)]);
        assert_eq!(stats.by_source, vec![("discord".to_string(), 4)]);
        assert_eq!(stats.unanswered, vec![("quanta vram?".to_string(), 1)]);
        let today = civil_date(now_ms() / DAY_MS);
        assert_eq!(
            stats.per_day,
            vec![(today, 4)],
            "the rows were all written today"
        );
    }
}
