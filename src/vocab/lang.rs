//! The reply languages.

use serde::{Deserialize, Serialize};

/// A reply language.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default, strum::IntoStaticStr,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Pt,
    Es,
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Pt, Lang::Es, Lang::Zh];

    /// Short code of the JSON contract: en | pt | es | zh.
    pub fn code(self) -> &'static str {
        self.into()
    }

    /// The Fluent locale folder: en-US | pt-BR | es-ES | zh-CN.
    pub fn locale(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Pt => "pt-BR",
            Lang::Es => "es-ES",
            Lang::Zh => "zh-CN",
        }
    }

    /// Map any language code or tag onto a reply language: "pt", "pt-PT", "es-419",
    /// "zh-TW", "zh-Hans-CN", "en-GB". Unknown codes give None.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "pt" => Some(Lang::Pt),
            "es" => Some(Lang::Es),
            "zh" => Some(Lang::Zh),
            _ => None,
        }
    }
}
