//! Slash-command choices whose labels come from the Fluent files.
//!
//! poise's derive takes labels from attributes at compile time; these types build them at
//! registration from Fluent instead, so translators edit `.ftl` files only. Discord sends
//! back the index of the picked choice; [`ChoiceParameter::from_index`] maps it back.

use super::localize::DISCORD_LOCALES;
use crate::answer::Topic;
use crate::i18n::{Args, Lang, t, tr};
use crate::vocab::precision;
use crate::vocab::{Format, Precision, Runtime};
use poise::{ChoiceParameter, CommandParameterChoice};
use std::borrow::Cow;

type CowVec<T> = Cow<'static, [T]>;

/// One choice: English label, plus a label per Discord locale.
fn choice(label: impl Fn(Lang) -> String) -> CommandParameterChoice {
    let name = label(Lang::En);
    let localizations = DISCORD_LOCALES
        .iter()
        .map(|&(code, lang)| (code.into(), label(lang).into()))
        .collect::<Vec<_>>();
    CommandParameterChoice {
        name: name.into(),
        localizations: localizations.into(),
        __non_exhaustive: (),
    }
}

macro_rules! choice_type {
    ($(#[$doc:meta])* $ty:ident, $values:expr, $label:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $ty(pub &'static str);

        impl $ty {
            pub fn values() -> Vec<&'static str> {
                $values
            }
        }

        impl ChoiceParameter for $ty {
            fn list() -> CowVec<CommandParameterChoice> {
                let label: fn(Lang, &str) -> String = $label;
                Self::values()
                    .into_iter()
                    .map(|v| choice(|lang| label(lang, v)))
                    .collect::<Vec<_>>()
                    .into()
            }
            fn from_index(index: usize) -> Option<Self> {
                Self::values().get(index).map(|v| $ty(v))
            }
            fn from_name(name: &str) -> Option<Self> {
                Self::values().into_iter().find(|v| *v == name).map($ty)
            }
            fn name(&self) -> &'static str {
                self.0
            }
            fn localized_name(&self, _locale: &str) -> Option<&'static str> {
                None
            }
        }
    };
}

fn keyed(prefix: &'static str) -> impl Fn(Lang, &str) -> String {
    move |lang, v| t(lang, &format!("{prefix}-{}", v.replace('.', "-")))
}

fn precision_label(lang: Lang, name: &str) -> String {
    let p: Precision = name.parse().expect("contract names parse");
    let kind = match p.format() {
        Format::Float | Format::Fp8 | Format::Microscaled => "choice-precision-float",
        Format::Gguf => "choice-precision-gguf",
        _ => "choice-precision-int",
    };
    tr(lang, kind, Some(&Args::new().s("name", name)))
}

/// Discord takes at most 25 choices: these rarer GGUF types stay out of the menu (free
/// text and the CLI still take them).
const LEFT_OUT_OF_MENU: [Precision; 3] = [Precision::Q3KS, Precision::Q3KL, Precision::Q5_0];

choice_type!(
    /// The contract's precision names, less [`LEFT_OUT_OF_MENU`]: Discord's limit of 25.
    PrecisionChoice,
    precision::ALL
        .iter()
        .filter(|(p, _)| !LEFT_OUT_OF_MENU.contains(p))
        .map(|(_, n)| *n)
        .collect(),
    precision_label
);
choice_type!(
    /// inference, full-finetune, lora, qlora.
    ModeChoice,
    vec!["inference", "full-finetune", "lora", "qlora"],
    |lang, v| keyed("choice-mode")(lang, v)
);
choice_type!(
    /// transformers, vllm, llama.cpp.
    RuntimeChoice,
    Runtime::ALL.iter().map(|r| r.name()).collect(),
    |lang, v| keyed("choice-runtime")(lang, v)
);
choice_type!(
    /// The guide topics, labelled with their localized titles.
    TopicChoice,
    Topic::ALL.iter().map(|t| t.slug()).collect(),
    |lang, v| t(lang, &format!("guide-{v}-title"))
);
choice_type!(
    /// Reply languages, plus "auto" to follow the Discord client again.
    LanguageChoice,
    vec!["auto", "en", "pt", "es", "zh"],
    |lang, v| keyed("choice-language")(lang, v)
);
choice_type!(
    /// Stats periods.
    PeriodChoice,
    vec!["day", "week", "month", "all"],
    |lang, v| keyed("choice-period")(lang, v)
);
