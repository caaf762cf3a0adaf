//! Which language to reply in.
//!
//! Free text: the text's own language, else the user's stored choice, else the server's
//! default, else English. Slash commands: the user's stored choice, else the client locale
//! Discord sends with the interaction, else the server default, else English.

use super::Prefs;
use crate::i18n::Lang;
use std::future::Future;
use std::time::Duration;

/// How long one preference lookup may take: a slow database must not make a reply miss
/// Discord's 3-second window, so a late lookup counts as "no preference".
pub const LOOKUP_LIMIT: Duration = Duration::from_millis(800);

/// A preference lookup bounded by [`LOOKUP_LIMIT`].
pub async fn bounded<T: Default>(lookup: impl Future<Output = T>) -> T {
    tokio::time::timeout(LOOKUP_LIMIT, lookup)
        .await
        .unwrap_or_else(|_| {
            tracing::warn!("preference lookup timed out");
            T::default()
        })
}

/// What is known about the asker when picking a language.
#[derive(Debug, Clone, Copy, Default)]
pub struct Asker<'a> {
    pub detected: Option<Lang>,
    pub user: Option<u64>,
    pub locale: Option<&'a str>,
    pub guild: Option<u64>,
}

pub async fn pick(prefs: &dyn Prefs, asker: Asker<'_>) -> Lang {
    if let Some(lang) = asker.detected {
        return lang;
    }
    if let Some(user) = asker.user
        && let Some(lang) = bounded(prefs.user_language(user)).await
    {
        return lang;
    }
    if let Some(lang) = asker.locale.and_then(Lang::from_code) {
        return lang;
    }
    if let Some(guild) = asker.guild
        && let Some(lang) = bounded(prefs.guild_language(guild)).await
    {
        return lang;
    }
    Lang::En
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_slow_lookup_counts_as_no_preference() {
        let started = std::time::Instant::now();
        let slow = async {
            tokio::time::sleep(Duration::from_secs(10)).await;
            Some(Lang::Pt)
        };
        assert_eq!(bounded(slow).await, None);
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
