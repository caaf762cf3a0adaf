//! Languages, locale negotiation, Fluent messages and number formats.
//!
//! Replies come in four languages; Discord and browsers send many more codes, which map
//! onto them (pt-PT -> pt-BR, es-419 -> es-ES, zh-TW -> zh-CN, en-GB -> en-US).

mod numbers;

pub use numbers::{format_gib, format_int, format_number, format_params};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::borrow::Cow;
use std::sync::LazyLock;
use unic_langid::LanguageIdentifier;

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// A reply language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
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
        match self {
            Lang::En => "en",
            Lang::Pt => "pt",
            Lang::Es => "es",
            Lang::Zh => "zh",
        }
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

    /// Pick from an HTTP Accept-Language header, in the client's order of preference.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let requested = fluent_langneg::accepted_languages::parse(header);
        let available: Vec<LanguageIdentifier> = Lang::ALL
            .iter()
            .filter_map(|l| l.locale().parse().ok())
            .collect();
        let picked = fluent_langneg::negotiate_languages(
            &requested,
            &available,
            None,
            fluent_langneg::NegotiationStrategy::Lookup,
        );
        picked
            .first()
            .and_then(|id| Lang::from_code(&id.to_string()))
    }
}

type Bundle = FluentBundle<FluentResource>;

static BUNDLES: LazyLock<Vec<(Lang, Bundle)>> = LazyLock::new(|| {
    Lang::ALL
        .iter()
        .map(|&lang| (lang, load_bundle(lang)))
        .collect()
});

fn load_bundle(lang: Lang) -> Bundle {
    let id: LanguageIdentifier = lang.locale().parse().expect("valid locale");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord, terminals and HTML attributes show the invisible isolation marks as noise.
    bundle.set_use_isolating(false);
    for (locale, name, text) in FTL_FILES {
        if *locale != lang.locale() {
            continue;
        }
        let resource = FluentResource::try_new((*text).to_string())
            .unwrap_or_else(|(_, errors)| panic!("locales/{locale}/{name}: {errors:?}"));
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("locales/{locale}/{name}: {errors:?}"));
    }
    bundle
}

fn bundle(lang: Lang) -> &'static Bundle {
    &BUNDLES
        .iter()
        .find(|(l, _)| *l == lang)
        .expect("every language has a bundle")
        .1
}

/// One argument value: text (numbers already formatted) or a number for plural selection.
/// Text is borrowed where it can be: names come from the catalog and from `'static` tables.
enum Arg<'a> {
    Text(Cow<'a, str>),
    Number(f64),
}

/// Arguments for a message: strings (numbers already formatted) and plural counts.
///
/// Inline up to six arguments: building a reply fills dozens of these, and a heap
/// allocation for each was a visible share of an answer's cost.
#[derive(Default)]
pub struct Args<'a>(SmallVec<[(&'a str, Arg<'a>); 6]>);

impl<'a> Args<'a> {
    pub fn new() -> Self {
        Args(SmallVec::new())
    }

    /// A text argument (names, pre-formatted numbers).
    pub fn s(mut self, key: &'a str, value: impl Into<Cow<'a, str>>) -> Self {
        self.0.push((key, Arg::Text(value.into())));
        self
    }

    /// A number argument, used for plural selection (`[one]`/`[other]`).
    pub fn n(mut self, key: &'a str, value: f64) -> Self {
        self.0.push((key, Arg::Number(value)));
        self
    }

    fn fluent(&self) -> FluentArgs<'_> {
        let mut args = FluentArgs::with_capacity(self.0.len());
        for (key, value) in &self.0 {
            match value {
                Arg::Text(t) => args.set(*key, FluentValue::from(t.as_ref())),
                Arg::Number(n) => args.set(*key, FluentValue::from(*n)),
            }
        }
        args
    }
}

/// The bundle that has `id`: the language's own, else English, so a message still being
/// translated shows in English rather than as its id.
fn bundle_with(lang: Lang, id: &str) -> &'static Bundle {
    let own = bundle(lang);
    if own.has_message(id) {
        own
    } else {
        bundle(Lang::En)
    }
}

/// Translate `id` with `args`. A message missing in `lang` falls back to English; one
/// missing everywhere returns its id (tests make sure none is).
pub fn tr(lang: Lang, id: &str, args: Option<&Args>) -> String {
    let mut out = String::with_capacity(96);
    tr_into(&mut out, lang, id, args);
    out
}

/// [`tr`], appended to `out`: renderers build a whole reply in one buffer.
pub fn tr_into(out: &mut String, lang: Lang, id: &str, args: Option<&Args>) {
    // One lookup in the language's bundle, a second only for a message still missing.
    let found = [lang, Lang::En].into_iter().find_map(|l| {
        let bundle = bundle(l);
        bundle
            .get_message(id)
            .and_then(|m| m.value())
            .map(|p| (bundle, p))
    });
    let Some((bundle, pattern)) = found else {
        out.push_str(id);
        return;
    };
    let mut errors = Vec::new();
    let fluent_args = args.map(Args::fluent);
    // Writing into a String cannot fail.
    let _ = bundle.write_pattern(out, pattern, fluent_args.as_ref(), &mut errors);
}

/// Translate a message attribute (`id.attr`), used for command descriptions.
pub fn tr_attr(lang: Lang, id: &str, attr: &str, args: Option<&Args>) -> String {
    let bundle = bundle_with(lang, id);
    let Some(pattern) = bundle
        .get_message(id)
        .and_then(|m| m.get_attribute(attr))
        .map(|a| a.value())
    else {
        return format!("{id}.{attr}");
    };
    let mut errors = Vec::new();
    bundle
        .format_pattern(pattern, args.map(Args::fluent).as_ref(), &mut errors)
        .into_owned()
}

/// Shorthand: translate without arguments.
pub fn t(lang: Lang, id: &str) -> String {
    tr(lang, id, None)
}

/// A message without arguments (labels, tags, links), used as an argument of another.
pub fn label(lang: Lang, id: &str) -> Cow<'static, str> {
    Cow::Owned(t(lang, id))
}

/// Whether a message exists in a language (for tests and optional texts).
pub fn has(lang: Lang, id: &str) -> bool {
    bundle(lang).has_message(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_discord_and_browser_codes() {
        assert_eq!(Lang::from_code("pt-PT"), Some(Lang::Pt));
        assert_eq!(Lang::from_code("es-419"), Some(Lang::Es));
        assert_eq!(Lang::from_code("zh-TW"), Some(Lang::Zh));
        assert_eq!(Lang::from_code("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(
            Lang::from_accept_language("pt-PT,pt;q=0.9,en;q=0.5"),
            Some(Lang::Pt)
        );
        assert_eq!(Lang::from_accept_language("es-MX,es;q=0.9"), Some(Lang::Es));
        assert_eq!(Lang::from_accept_language("zh-TW,zh;q=0.9"), Some(Lang::Zh));
        assert_eq!(Lang::from_accept_language("fr-FR,de;q=0.5"), None);
    }
}
