//! Messages compiled once for the reply path.
//!
//! An answer fills about fifty messages. Most are text and `{ $variable }` placeables, and
//! the rest select a plural form on a number (`{ $count_n -> [one] ... *[other] ... }`).
//! Those are split into pieces once per language so a reply is written by concatenation,
//! with plural categories from the same CLDR rules fluent-bundle uses. Anything else
//! (functions, terms, message references) goes through fluent-bundle as usual; the output
//! is the same because isolation marks are off, which a test checks message by message.

use super::{Args, FTL_FILES, Lang};
use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement, VariantKey};
use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
use rustc_hash::FxHashMap;
use std::sync::LazyLock;
use unic_langid::LanguageIdentifier;

/// One piece of a compiled message.
#[derive(Debug)]
pub(super) enum Piece {
    Text(&'static str),
    Var(&'static str),
    /// `{ $var -> ... }` on a number: the first variant whose key matches, else the default.
    Select {
        var: &'static str,
        variants: Vec<(Key, Vec<Piece>)>,
        default: usize,
    },
}

/// A variant key: a plural category (`[one]`) or an exact number (`[0]`).
#[derive(Debug)]
pub(super) enum Key {
    Category(PluralCategory),
    Number(f64),
}

type Messages = FxHashMap<&'static str, Vec<Piece>>;

/// Per language (in [`Lang::ALL`] order): message id -> its pieces.
static MESSAGES: LazyLock<Vec<Messages>> =
    LazyLock::new(|| Lang::ALL.iter().map(|&lang| compile_all(lang)).collect());

/// Cardinal plural rules per language, negotiated the way fluent-bundle does.
static PLURALS: LazyLock<Vec<PluralRules>> =
    LazyLock::new(|| Lang::ALL.iter().map(|&lang| plural_rules(lang)).collect());

fn index(lang: Lang) -> usize {
    Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0)
}

fn plural_rules(lang: Lang) -> PluralRules {
    let wanted: LanguageIdentifier = lang.locale().parse().expect("valid locale");
    let fallback: LanguageIdentifier = "en".parse().expect("valid locale");
    let available = PluralRules::get_locales(PluralRuleType::CARDINAL);
    let picked = fluent_langneg::negotiate_languages(
        &[wanted],
        &available,
        Some(&fallback),
        fluent_langneg::NegotiationStrategy::Lookup,
    )[0]
    .clone();
    PluralRules::create(picked, PluralRuleType::CARDINAL).expect("CLDR has rules for it")
}

fn compile_all(lang: Lang) -> Messages {
    let mut out = Messages::default();
    for (locale, _, text) in FTL_FILES {
        if *locale != lang.locale() {
            continue;
        }
        let Ok(resource) = fluent_syntax::parser::parse(*text) else {
            continue;
        };
        for entry in resource.body {
            let fluent_syntax::ast::Entry::Message(m) = entry else {
                continue;
            };
            if let Some(pieces) = m.value.as_ref().and_then(compile) {
                out.insert(m.id.name, pieces);
            }
        }
    }
    out
}

/// The pieces of a pattern, or None when it needs fluent-bundle.
fn compile(pattern: &Pattern<&'static str>) -> Option<Vec<Piece>> {
    pattern
        .elements
        .iter()
        .map(|e| match e {
            PatternElement::TextElement { value } => Some(Piece::Text(value)),
            PatternElement::Placeable { expression } => match expression {
                Expression::Inline(InlineExpression::VariableReference { id }) => {
                    Some(Piece::Var(id.name))
                }
                Expression::Select { selector, variants } => {
                    let InlineExpression::VariableReference { id } = selector else {
                        return None;
                    };
                    let default = variants.iter().position(|v| v.default)?;
                    let variants = variants
                        .iter()
                        .map(|v| Some((key(&v.key)?, compile(&v.value)?)))
                        .collect::<Option<Vec<_>>>()?;
                    Some(Piece::Select {
                        var: id.name,
                        variants,
                        default,
                    })
                }
                _ => None,
            },
        })
        .collect()
}

fn key(k: &VariantKey<&'static str>) -> Option<Key> {
    Some(match k {
        VariantKey::NumberLiteral { value } => Key::Number(value.parse().ok()?),
        VariantKey::Identifier { name } => Key::Category(match *name {
            "zero" => PluralCategory::ZERO,
            "one" => PluralCategory::ONE,
            "two" => PluralCategory::TWO,
            "few" => PluralCategory::FEW,
            "many" => PluralCategory::MANY,
            "other" => PluralCategory::OTHER,
            _ => return None,
        }),
    })
}

/// Append a compiled message to `out`; false (and `out` untouched) when `id` is not
/// compiled or an argument is missing or of the wrong kind.
pub(super) fn fill(out: &mut String, lang: Lang, id: &str, args: Option<&Args>) -> bool {
    let Some(pieces) = MESSAGES[index(lang)].get(id) else {
        return false;
    };
    let start = out.len();
    let done = write(out, lang, pieces, args);
    if !done {
        out.truncate(start);
    }
    done
}

/// The text of a message that is one plain piece.
pub(super) fn plain(lang: Lang, id: &str) -> Option<&'static str> {
    match MESSAGES[index(lang)].get(id)?.as_slice() {
        [Piece::Text(text)] => Some(text),
        _ => None,
    }
}

fn write(out: &mut String, lang: Lang, pieces: &[Piece], args: Option<&Args>) -> bool {
    for piece in pieces {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Var(name) => match args.and_then(|a| a.text(name)) {
                Some(value) => out.push_str(value),
                None => return false,
            },
            Piece::Select {
                var,
                variants,
                default,
            } => {
                let Some(n) = args.and_then(|a| a.number(var)) else {
                    return false;
                };
                let category = category(lang, n);
                let chosen = variants
                    .iter()
                    .find(|(k, _)| matches(k, n, category.as_ref()))
                    .or(variants.get(*default));
                if let Some((_, pieces)) = chosen
                    && !write(out, lang, pieces, args)
                {
                    return false;
                }
            }
        }
    }
    true
}

fn matches(key: &Key, n: f64, category: Option<&PluralCategory>) -> bool {
    match key {
        Key::Number(k) => *k == n,
        Key::Category(c) => category == Some(c),
    }
}

/// The plural category of `n` in `lang`.
fn category(lang: Lang, n: f64) -> Option<PluralCategory> {
    let rules = &PLURALS[index(lang)];
    // Whole numbers (every count on the reply path) skip the float's way in, which goes
    // through a string.
    let got = if n.fract() == 0.0 && n.abs() < 1e15 {
        rules.select(n as i64)
    } else {
        rules.select(n)
    };
    got.ok()
}

/// Every compiled message id of a language with its pieces, for the equivalence test.
#[cfg(test)]
pub(super) fn all(lang: Lang) -> &'static Messages {
    &MESSAGES[index(lang)]
}
