//! Which language to reply in.
//!
//! Free text: the text's own language, else the user's stored choice, else the server's
//! default, else English. Slash commands: the user's stored choice, else the client locale
//! Discord sends with the interaction, else the server default, else English.

use crate::i18n::Lang;
use crate::store::Prefs;
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

/// A preference read, bounded like [`bounded`]: a failing database also counts as "no
/// preference", since a reply in a default language beats no reply.
pub async fn lookup<T: Default>(what: &str, read: impl Future<Output = anyhow::Result<T>>) -> T {
    bounded(async {
        read.await.unwrap_or_else(|e| {
            tracing::warn!(error = %e, "store: {what} failed");
            T::default()
        })
    })
    .await
}

/// What is known about the asker when picking a language.
#[derive(Debug, Clone, Copy, Default)]
pub struct Asker<'a> {
    pub detected: Option<Lang>,
    pub user: Option<u64>,
    pub locale: Option<&'a str>,
    pub guild: Option<u64>,
}

pub async fn pick(prefs: &Prefs, asker: Asker<'_>) -> Lang {
    if let Some(lang) = asker.detected {
        return lang;
    }
    if let Some(user) = asker.user
        && let Some(lang) = lookup("user_language", prefs.user_language(&user.to_string())).await
    {
        return lang;
    }
    if let Some(lang) = asker.locale.and_then(Lang::from_code) {
        return lang;
    }
    if let Some(guild) = asker.guild
        && let Some(lang) = lookup("guild_language", prefs.guild_language(guild)).await
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
