//! Slash-command choices whose labels come from the Fluent files.
//!
//! poise's derive takes labels from attributes at compile time; these types build them at
//! registration from Fluent instead, so translators edit `.ftl` files only. Discord sends
//! back the index of the picked choice; [`ChoiceParameter::from_index`] maps it back.

use super::localize::DISCORD_LOCALES;
use crate::answer::Topic;
use crate::i18n::{Args, Lang, t, tr};
use crate::vocab::precision;
use crate::vocab::{Format, Mode, Precision, Runtime};
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

/// A choice type holding the typed value Discord's pick stands for: the index Discord
/// sends back maps to a value of the list, never to a name parsed (and maybe dropped) later.
macro_rules! choice_type {
    ($(#[$doc:meta])* $ty:ident($inner:ty), $values:expr, $name:expr, $label:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $ty(pub $inner);

        impl $ty {
            pub fn values() -> Vec<$inner> {
                $values
            }

            /// The value's stable name (the contract's, or the Fluent key's suffix).
            pub fn name_of(v: $inner) -> &'static str {
                let name: fn($inner) -> &'static str = $name;
                name(v)
            }
        }

        impl ChoiceParameter for $ty {
            fn list() -> CowVec<CommandParameterChoice> {
                let label: fn(Lang, &str) -> String = $label;
                Self::values()
                    .into_iter()
                    .map(|v| choice(|lang| label(lang, Self::name_of(v))))
                    .collect::<Vec<_>>()
                    .into()
            }
            fn from_index(index: usize) -> Option<Self> {
                Self::values().get(index).copied().map($ty)
            }
            fn from_name(name: &str) -> Option<Self> {
                Self::values()
                    .into_iter()
                    .find(|v| Self::name_of(*v) == name)
                    .map($ty)
            }
            fn name(&self) -> &'static str {
                Self::name_of(self.0)
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
/// MLX's formats stay out too: the runtime menu picks MLX, and free text names them.
const LEFT_OUT_OF_MENU: [Precision; 5] = [
    Precision::Q3KS,
    Precision::Q3KL,
    Precision::Q5_0,
    Precision::Mlx4,
    Precision::Mlx8,
];

choice_type!(
    /// The contract's precisions, less [`LEFT_OUT_OF_MENU`]: Discord's limit of 25.
    PrecisionChoice(Precision),
    precision::ALL
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| !LEFT_OUT_OF_MENU.contains(p))
        .collect(),
    Precision::name,
    precision_label
);
choice_type!(
    /// inference, full-finetune, lora, qlora.
    ModeChoice(Mode),
    vec![Mode::Inference, Mode::FullFinetune, Mode::Lora, Mode::Qlora],
    Mode::name,
    |lang, v| keyed("choice-mode")(lang, v)
);
choice_type!(
    /// transformers, vllm, llama.cpp, sglang.
    RuntimeChoice(Runtime),
    Runtime::ALL.to_vec(),
    Runtime::name,
    |lang, v| keyed("choice-runtime")(lang, v)
);
choice_type!(
    /// The guide topics, labelled with their localized titles.
    TopicChoice(Topic),
    Topic::ALL.to_vec(),
    Topic::slug,
    |lang, v| t(lang, &format!("guide-{v}-title"))
);
choice_type!(
    /// Reply languages, plus "auto" (None) to follow the Discord client again.
    LanguageChoice(Option<Lang>),
    std::iter::once(None)
        .chain(Lang::ALL.iter().copied().map(Some))
        .collect(),
    |l| l.map_or("auto", Lang::code),
    |lang, v| keyed("choice-language")(lang, v)
);
choice_type!(
    /// Stats periods, in days (None: all time).
    PeriodChoice(Option<u64>),
    vec![Some(1), Some(7), Some(30), None],
    |days| match days {
        Some(1) => "day",
        Some(7) => "week",
        Some(30) => "month",
        _ => "all",
    },
    |lang, v| keyed("choice-period")(lang, v)
);
