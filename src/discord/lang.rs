//! Which language to reply in.
//!
//! Free text: the text's own language, else the user's stored choice, else the server's
//! default, else English. Slash commands: the user's stored choice, else the client locale
//! Discord sends with the interaction, else the server default, else English.

use super::Prefs;
use crate::i18n::Lang;

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
        && let Some(lang) = prefs.user_language(user).await
    {
        return lang;
    }
    if let Some(lang) = asker.locale.and_then(Lang::from_code) {
        return lang;
    }
    if let Some(guild) = asker.guild
        && let Some(lang) = prefs.guild_language(guild).await
    {
        return lang;
    }
    Lang::En
}
