//! Command names, descriptions and options in every language Discord shows them in.
//!
//! Texts come from `locales/*/discord.ftl`: `cmd-<command>` is the localized name and its
//! `.description` attribute the description; `opt-<command>-<option>` likewise for options.
//! Discord falls back only es-419 -> es-ES and en-GB <-> en-US, so every code is set.

use super::{Data, Error};
use crate::i18n::{Lang, t, tr_attr};
use std::borrow::Cow;

/// The Discord locales we fill, and the reply language each maps to.
pub const DISCORD_LOCALES: [(&str, Lang); 7] = [
    ("en-US", Lang::En),
    ("en-GB", Lang::En),
    ("pt-BR", Lang::Pt),
    ("es-ES", Lang::Es),
    ("es-419", Lang::Es),
    ("zh-CN", Lang::Zh),
    ("zh-TW", Lang::Zh),
];

type Pairs = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

fn per_locale(text: impl Fn(Lang) -> String) -> Pairs {
    DISCORD_LOCALES
        .iter()
        .map(|&(code, lang)| (code.into(), text(lang).into()))
        .collect::<Vec<_>>()
        .into()
}

/// Fill names and descriptions of every command and option from Fluent.
pub fn apply(commands: &mut [poise::Command<Data, Error>]) {
    for cmd in commands {
        let id = format!("cmd-{}", cmd.name);
        cmd.description = Some(tr_attr(Lang::En, &id, "description", None).into());
        cmd.name_localizations = per_locale(|l| t(l, &id));
        cmd.description_localizations = per_locale(|l| tr_attr(l, &id, "description", None));
        for param in &mut cmd.parameters {
            let id = format!("opt-{}-{}", cmd.name, param.name);
            param.description = Some(tr_attr(Lang::En, &id, "description", None).into());
            param.name_localizations = per_locale(|l| t(l, &id));
            param.description_localizations = per_locale(|l| tr_attr(l, &id, "description", None));
        }
    }
}
