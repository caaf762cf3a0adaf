//! Languages, locale negotiation, Fluent messages and number formats.
//!
//! Replies come in four languages; Discord and browsers send many more codes, which map
//! onto them (pt-PT -> pt-BR, es-419 -> es-ES, zh-TW -> zh-CN, en-GB -> en-US).

mod numbers;

pub use numbers::{Num, format_gib, format_int, format_number, format_params};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::sync::{LazyLock, OnceLock};
use unic_langid::LanguageIdentifier;

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

pub use crate::vocab::Lang;

/// Negotiation needs Fluent's language tags: it lives with the rest of Fluent.
impl Lang {
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
type Pattern = ast::Pattern<&'static str>;

/// One language's messages, ready to use: an answer formats about seventy of them, so
/// each has a slot in a table, and what never changes is formatted only once.
struct Locale {
    bundle: Bundle,
    /// The id of every message in the locale's files.
    ids: Vec<String>,
    /// Every message that takes no variable, already formatted by Fluent: the labels,
    /// tags and separators an answer repeats.
    fixed: FxHashMap<String, String>,
    /// Plural categories are chosen here, from integers, and handed to Fluent as the
    /// variant's name: Fluent would turn each count into text to find its operands.
    plurals: PluralRules,
    /// The category of each count below [`SMALL_COUNTS`], from `plurals` at start:
    /// the rules turn every number into text first, a tenth of a lever's rendering.
    small_plurals: Vec<&'static str>,
    /// "US$" before and "" after an amount (pt-BR "US$ ", zh-CN " 美元" after): the
    /// `price-usd` message split once around its amount, as numbers are formatted here.
    currency: (String, String),
}

/// A message as a reply uses it: formatted text, or a pattern to resolve with arguments.
/// Ids missing in a language point at the English message.
#[derive(Clone, Copy)]
enum Message {
    Fixed(&'static str),
    /// Text, variables and selections on a variable (every message the locales hold
    /// today): written here, piece by piece, without Fluent's resolver, its argument
    /// list and its per-placeable bookkeeping.
    Pieces(&'static Bundle, &'static Pattern, &'static [Piece]),
    Pattern(&'static Bundle, &'static Pattern),
}

/// A piece of a [`Message::Pieces`]: text as Fluent's parser left it, a variable, or a
/// selection on a variable.
#[derive(Clone, Copy)]
enum Piece {
    Text(&'static str),
    Var(&'static str),
    Select(&'static Select),
}

/// `{ $var -> [key] … *[other] … }`: plural counts arrive as their category's name
/// (see [`Args::n`]), so choosing a variant is comparing names.
struct Select {
    var: &'static str,
    /// Each variant's key (None for a number key, which a text value never matches) and
    /// its pieces.
    variants: Vec<(Option<&'static str>, &'static [Piece])>,
    default: usize,
}

/// The pieces of a pattern made only of text, plain variable references and selections
/// on a variable; None when it calls a function or refers to another message or term.
fn pieces_of(pattern: &'static Pattern) -> Option<&'static [Piece]> {
    let pieces = pattern
        .elements
        .iter()
        .map(|element| match element {
            ast::PatternElement::TextElement { value } => Some(Piece::Text(value)),
            ast::PatternElement::Placeable { expression } => placeable(expression),
        })
        .collect::<Option<Vec<_>>>()?;
    // Built once per message at start, for the life of the process.
    Some(Vec::leak(pieces))
}

fn placeable(expression: &'static ast::Expression<&'static str>) -> Option<Piece> {
    use ast::InlineExpression::VariableReference;
    match expression {
        ast::Expression::Inline(VariableReference { id }) => Some(Piece::Var(id.name)),
        // `{" "}`: a literal Fluent writes as it is when it holds no escape.
        ast::Expression::Inline(ast::InlineExpression::StringLiteral { value })
            if !value.contains('\\') =>
        {
            Some(Piece::Text(value))
        }
        ast::Expression::Select {
            selector: VariableReference { id },
            variants,
        } => {
            let default = variants.iter().position(|v| v.default)?;
            let variants = variants
                .iter()
                .map(|v| {
                    let key = match &v.key {
                        ast::VariantKey::Identifier { name } => Some(*name),
                        ast::VariantKey::NumberLiteral { .. } => None,
                    };
                    Some((key, pieces_of(&v.value)?))
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Piece::Select(Box::leak(Box::new(Select {
                var: id.name,
                variants,
                default,
            }))))
        }
        _ => None,
    }
}

/// Writes a message's pieces when every variable it reaches is given; false (and
/// nothing written) otherwise, so Fluent formats it and reports what is missing.
fn write_pieces(out: &mut String, pieces: &[Piece], args: Option<&Args>) -> bool {
    let start = out.len();
    let written = push_pieces(out, pieces, args);
    if !written {
        out.truncate(start);
    }
    written
}

fn push_pieces(out: &mut String, pieces: &[Piece], args: Option<&Args>) -> bool {
    let value = |name: &str| args.and_then(|a| a.get(name));
    for piece in pieces {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Var(name) => match value(name) {
                Some(text) => out.push_str(text),
                None => return false,
            },
            Piece::Select(select) => {
                let Some(given) = value(select.var) else {
                    return false;
                };
                let chosen = select
                    .variants
                    .iter()
                    .find(|(key, _)| *key == Some(given))
                    .unwrap_or(&select.variants[select.default]);
                if !push_pieces(out, chosen.1, args) {
                    return false;
                }
            }
        }
    }
    true
}

static LOCALES: LazyLock<Vec<(Lang, Locale)>> = LazyLock::new(|| {
    Lang::ALL
        .iter()
        .map(|&lang| (lang, load_locale(lang)))
        .collect()
});

/// Every message id of any language, numbered: the slot of its message in each
/// language's table.
static SLOTS: LazyLock<FxHashMap<&'static str, u32>> = LazyLock::new(|| {
    let mut slots = FxHashMap::default();
    for lang in Lang::ALL {
        for id in &locale(lang).ids {
            let next = slots.len() as u32;
            slots.entry(id.as_str()).or_insert(next);
        }
    }
    slots
});

/// Per language (in [`Lang::ALL`] order), what to write for each slot.
static MESSAGES: LazyLock<Vec<Vec<Option<Message>>>> = LazyLock::new(|| {
    Lang::ALL
        .iter()
        .map(|&lang| messages_with_fallback(lang))
        .collect()
});

fn load_locale(lang: Lang) -> Locale {
    let id: LanguageIdentifier = lang.locale().parse().expect("valid locale");
    // The rules are per language ("pt"), not per region ("pt-BR").
    let language: LanguageIdentifier = lang.code().parse().expect("valid language");
    let plurals = PluralRules::create(language, PluralRuleType::CARDINAL)
        .unwrap_or_else(|e| panic!("plural rules of {}: {e}", lang.locale()));
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord, terminals and HTML attributes show the invisible isolation marks as noise.
    bundle.set_use_isolating(false);
    let mut ids = Vec::new();
    for (locale, name, text) in FTL_FILES {
        if *locale != lang.locale() {
            continue;
        }
        let resource = FluentResource::try_new((*text).to_string())
            .unwrap_or_else(|(_, errors)| panic!("locales/{locale}/{name}: {errors:?}"));
        ids.extend(resource.entries().filter_map(|entry| match entry {
            ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        }));
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("locales/{locale}/{name}: {errors:?}"));
    }
    let fixed = ids
        .iter()
        .filter_map(|id| format_fixed(&bundle, id).map(|text| (id.clone(), text)))
        .collect();
    let currency = split_around(&bundle, "price-usd", "amount");
    let small_plurals = (0..SMALL_COUNTS)
        .map(|n| plural_category(&plurals, n))
        .collect();
    Locale {
        bundle,
        ids,
        fixed,
        plurals,
        small_plurals,
        currency,
    }
}

/// The text of a message that needs no variable; None when it needs one (formatting
/// without arguments reports the missing variable) or has no value.
fn format_fixed(bundle: &Bundle, id: &str) -> Option<String> {
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, None, &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// The text of message `id` before and after its one variable `var`.
fn split_around(bundle: &Bundle, id: &str, var: &str) -> (String, String) {
    const MARK: &str = "\u{1}";
    let mut args = FluentArgs::new();
    args.set(var, MARK);
    let mut errors = Vec::new();
    let text = bundle
        .get_message(id)
        .and_then(|m| m.value())
        .map(|p| bundle.format_pattern(p, Some(&args), &mut errors))
        .unwrap_or_else(|| panic!("message {id}"));
    let (before, after) = text
        .split_once(MARK)
        .unwrap_or_else(|| panic!("message {id} writes ${var}"));
    (before.to_string(), after.to_string())
}

/// Every slot, for `lang`: its own message, else the English one.
fn messages_with_fallback(lang: Lang) -> Vec<Option<Message>> {
    let mut table = vec![None; SLOTS.len()];
    for source in [Lang::En, lang] {
        let locale = locale(source);
        for id in &locale.ids {
            let message = match locale.fixed.get(id) {
                Some(text) => Message::Fixed(text),
                None => match locale.bundle.get_message(id).and_then(|m| m.value()) {
                    Some(pattern) => match pieces_of(pattern) {
                        Some(pieces) => Message::Pieces(&locale.bundle, pattern, pieces),
                        None => Message::Pattern(&locale.bundle, pattern),
                    },
                    None => continue,
                },
            };
            table[SLOTS[id.as_str()] as usize] = Some(message);
        }
    }
    table
}

fn locale(lang: Lang) -> &'static Locale {
    &LOCALES
        .iter()
        .find(|(l, _)| *l == lang)
        .expect("every language has its messages")
        .1
}

fn bundle(lang: Lang) -> &'static Bundle {
    &locale(lang).bundle
}

fn message(lang: Lang, slot: u32) -> Option<Message> {
    // `Lang`'s variants are declared in `Lang::ALL`'s order, as the tables are built.
    MESSAGES[lang as usize]
        .get(slot as usize)
        .copied()
        .flatten()
}

/// A message id written in the code, its slot found once: an answer looks up about
/// seventy messages, and hashing each id every time was a twentieth of an ask.
/// Made by [`msg!`](crate::msg), one per place that names a message.
pub struct MsgId {
    name: &'static str,
    slot: OnceLock<Option<u32>>,
}

impl MsgId {
    pub const fn new(name: &'static str) -> MsgId {
        MsgId {
            name,
            slot: OnceLock::new(),
        }
    }
}

/// A message id: text (looked up by hash) or a [`MsgId`] (looked up once).
pub trait MessageId: Copy {
    /// The id as written in the Fluent files.
    fn text(&self) -> &str;
    /// Where its message sits in every language's table; None for an unknown id.
    fn slot(self) -> Option<u32>;
}

impl MessageId for &str {
    fn text(&self) -> &str {
        self
    }
    fn slot(self) -> Option<u32> {
        SLOTS.get(self).copied()
    }
}

impl MessageId for &String {
    fn text(&self) -> &str {
        self
    }
    fn slot(self) -> Option<u32> {
        self.as_str().slot()
    }
}

impl MessageId for &MsgId {
    fn text(&self) -> &str {
        self.name
    }
    fn slot(self) -> Option<u32> {
        *self.slot.get_or_init(|| SLOTS.get(self.name).copied())
    }
}

/// A [`MsgId`] for a message id written in the code: `tr_into(out, lang, msg!("answer-title"), ...)`.
#[macro_export]
macro_rules! msg {
    ($id:literal) => {{
        static ID: $crate::i18n::MsgId = $crate::i18n::MsgId::new($id);
        &ID
    }};
}

/// Arguments for a message: strings (numbers already formatted) and plural counts.
///
/// A short list in the order given (text borrowed where it can be: names come from the
/// catalog and from `'static` tables); Fluent's own sorted list is built from it only for
/// a message the fast path cannot write.
pub struct Args<'a> {
    lang: Option<Lang>,
    values: Vec<(&'a str, Cow<'a, str>)>,
}

impl Default for Args<'_> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a> Args<'a> {
    /// Room for six arguments, which nearly every message stays within.
    pub fn new() -> Self {
        Self::with_capacity(6)
    }

    /// For the few messages with more than six arguments.
    pub fn with_capacity(n: usize) -> Self {
        Args {
            lang: None,
            values: Vec::with_capacity(n),
        }
    }

    /// A text argument (names, pre-formatted numbers).
    pub fn s(mut self, key: &'a str, value: impl Into<Cow<'a, str>>) -> Self {
        self.set(key, value.into());
        self
    }

    /// A count for plural selection (`[one]`/`*[other]`): passed as its CLDR category
    /// in `lang`, so choosing a variant only compares names.
    pub fn n(mut self, lang: Lang, key: &'a str, count: u64) -> Self {
        self.lang = Some(lang);
        let locale = locale(lang);
        let category = usize::try_from(count)
            .ok()
            .and_then(|n| locale.small_plurals.get(n).copied())
            .unwrap_or_else(|| plural_category(&locale.plurals, count));
        self.set(key, Cow::Borrowed(category));
        self
    }

    /// A later value for a name wins, as in Fluent's list: [`Args::get`] reads from the end.
    fn set(&mut self, key: &'a str, value: Cow<'a, str>) {
        self.values.push((key, value));
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_ref())
    }

    /// Fluent's argument list, for the messages Fluent itself formats.
    fn fluent(&self) -> FluentArgs<'_> {
        let mut args = FluentArgs::with_capacity(self.values.len());
        for (key, value) in &self.values {
            args.set(*key, FluentValue::String(Cow::Borrowed(value.as_ref())));
        }
        args
    }
}

/// Counts of GPUs, layers and rows are nearly always below this.
const SMALL_COUNTS: u64 = 1024;

/// The variant name of `count`'s plural category under `rules`.
fn plural_category(rules: &PluralRules, count: u64) -> &'static str {
    rules.select(count).map_or("other", category_name)
}

/// The variant name Fluent messages use for a CLDR plural category.
fn category_name(category: PluralCategory) -> &'static str {
    match category {
        PluralCategory::ZERO => "zero",
        PluralCategory::ONE => "one",
        PluralCategory::TWO => "two",
        PluralCategory::FEW => "few",
        PluralCategory::MANY => "many",
        PluralCategory::OTHER => "other",
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
pub fn tr(lang: Lang, id: impl MessageId, args: Option<&Args>) -> String {
    let mut out = String::with_capacity(96);
    tr_into(&mut out, lang, id, args);
    out
}

/// [`tr`], appended to `out`: renderers build a whole reply in one buffer.
pub fn tr_into(out: &mut String, lang: Lang, id: impl MessageId, args: Option<&Args>) {
    debug_assert!(
        args.and_then(|a| a.lang).is_none_or(|l| l == lang),
        "plural counts of {} chosen in another language",
        id.text()
    );
    match id.slot().and_then(|slot| message(lang, slot)) {
        Some(Message::Fixed(text)) => out.push_str(text),
        Some(Message::Pieces(_, _, pieces)) if write_pieces(out, pieces, args) => {}
        Some(Message::Pieces(bundle, pattern, _) | Message::Pattern(bundle, pattern)) => {
            let fluent = args.map(Args::fluent);
            let mut errors = Vec::new();
            // Writing into a String cannot fail.
            let _ = bundle.write_pattern(out, pattern, fluent.as_ref(), &mut errors);
        }
        None => out.push_str(id.text()),
    }
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
    let fluent = args.map(Args::fluent);
    let mut errors = Vec::new();
    bundle
        .format_pattern(pattern, fluent.as_ref(), &mut errors)
        .into_owned()
}

/// Shorthand: translate without arguments.
pub fn t(lang: Lang, id: impl MessageId) -> String {
    tr(lang, id, None)
}

/// A message without arguments (labels, tags, links), used as an argument of another:
/// borrowed from the formatted table, so it costs no formatting and no copy.
pub fn label(lang: Lang, id: impl MessageId) -> Cow<'static, str> {
    match id.slot().and_then(|slot| message(lang, slot)) {
        Some(Message::Fixed(text)) => Cow::Borrowed(text),
        _ => {
            let mut out = String::new();
            tr_into(&mut out, lang, id, None);
            Cow::Owned(out)
        }
    }
}

/// An amount in US dollars with `decimals` decimals, the locale's way ("US$1,599",
/// "1599 USD", "1,599 美元"), appended to `out`.
fn push_usd(out: &mut impl numbers::Sink, lang: Lang, usd: f64, decimals: usize) {
    let (before, after) = &locale(lang).currency;
    out.push_str(before);
    numbers::push_number(out, lang, usd, decimals);
    out.push_str(after);
}

/// [`push_usd`] on the stack.
pub fn usd_num(lang: Lang, usd: f64, decimals: usize) -> Num {
    let mut out = Num::new();
    push_usd(&mut out, lang, usd, decimals);
    out
}

/// [`push_usd`] as a new string.
pub fn format_usd(lang: Lang, usd: f64, decimals: usize) -> String {
    let mut out = String::with_capacity(24);
    push_usd(&mut out, lang, usd, decimals);
    out
}

/// Whether a message exists in a language (for tests and optional texts).
pub fn has(lang: Lang, id: &str) -> bool {
    bundle(lang).has_message(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path writes what Fluent writes, for every message of every language it
    /// takes, with each variable given as text and each selection tried on every key and
    /// on a value no key names.
    #[test]
    fn pieces_write_what_fluent_writes() {
        fn vars(pieces: &[Piece], into: &mut Vec<(&'static str, Vec<&'static str>)>) {
            for piece in pieces {
                match piece {
                    Piece::Text(_) => {}
                    Piece::Var(name) => into.push((name, vec![])),
                    Piece::Select(select) => {
                        let keys = select.variants.iter().filter_map(|v| v.0).collect();
                        into.push((select.var, keys));
                        for (_, pieces) in &select.variants {
                            vars(pieces, into);
                        }
                    }
                }
            }
        }
        let (mut checked, mut selecting) = (0, 0);
        for lang in Lang::ALL {
            for message in MESSAGES[lang as usize].iter().flatten() {
                let Message::Pieces(bundle, pattern, pieces) = *message else {
                    continue;
                };
                let mut names = Vec::new();
                vars(pieces, &mut names);
                // Every selector on each of its keys, then on a value none names.
                let selectors: Vec<_> = names.iter().filter(|(_, k)| !k.is_empty()).collect();
                let rounds = selectors
                    .iter()
                    .map(|(_, k)| k.len() + 1)
                    .max()
                    .unwrap_or(1);
                selecting += usize::from(!selectors.is_empty());
                for round in 0..rounds {
                    let mut args = Args::new();
                    for (name, keys) in &names {
                        let value = match keys.get(round) {
                            Some(key) => (*key).to_string(),
                            None => format!("<{name}>"),
                        };
                        args = args.s(name, value);
                    }
                    let mut fast = String::new();
                    assert!(write_pieces(&mut fast, pieces, Some(&args)));
                    let mut errors = Vec::new();
                    let slow = bundle.format_pattern(pattern, Some(&args.fluent()), &mut errors);
                    assert_eq!(fast, slow, "{lang:?}");
                }
                // A missing variable is Fluent's to report: the fast path declines it.
                if let Some((name, _)) = names.first() {
                    let mut args = Args::new();
                    for (other, _) in &names {
                        if other != name {
                            args = args.s(other, "x");
                        }
                    }
                    let mut out = String::from("kept");
                    assert!(!write_pieces(&mut out, pieces, Some(&args)));
                    assert_eq!(out, "kept");
                }
                checked += 1;
            }
        }
        assert!(checked > 400, "only {checked} messages by pieces");
        assert!(selecting > 40, "only {selecting} messages that select");
    }

    /// Every message takes the fast path (text, variables, selections on a variable,
    /// plain literals): one that calls a function or refers to another message still
    /// formats, through Fluent, but costs a whole answer's worth of lookups; listed here.
    #[test]
    fn few_messages_need_fluents_resolver() {
        let slow: Vec<_> = Lang::ALL
            .iter()
            .flat_map(|&lang| {
                locale(lang).ids.iter().filter(move |id| {
                    SLOTS
                        .get(id.as_str())
                        .and_then(|&slot| message(lang, slot))
                        .is_some_and(|m| matches!(m, Message::Pattern(..)))
                })
            })
            .collect();
        assert!(slow.is_empty(), "formatted by Fluent: {slow:?}");
    }

    #[test]
    fn small_counts_take_the_category_the_rules_give() {
        for lang in Lang::ALL {
            let locale = locale(lang);
            for n in [
                0,
                1,
                2,
                5,
                21,
                101,
                SMALL_COUNTS - 1,
                SMALL_COUNTS,
                1_000_000,
            ] {
                let args = Args::new().n(lang, "n", n);
                let Some(given) = args.get("n") else {
                    panic!("a category for {n}");
                };
                assert_eq!(given, plural_category(&locale.plurals, n), "{lang:?} {n}");
            }
        }
        assert_eq!(locale(Lang::En).small_plurals[1], "one");
        assert_eq!(locale(Lang::Pt).small_plurals[0], "one");
        assert_eq!(locale(Lang::Es).small_plurals[2], "other");
    }

    #[test]
    fn languages_index_their_tables_in_declaration_order() {
        for (i, lang) in Lang::ALL.iter().enumerate() {
            assert_eq!(*lang as usize, i);
        }
    }

    #[test]
    fn ids_written_in_code_find_the_same_message_as_text() {
        for lang in Lang::ALL {
            assert_eq!(
                t(lang, crate::msg!("answer-breakdown")),
                t(lang, "answer-breakdown")
            );
            assert_eq!(
                label(lang, crate::msg!("part-weights")),
                label(lang, "part-weights")
            );
            // An unknown id shows itself, whichever way it is named.
            assert_eq!(t(lang, crate::msg!("no-such-message")), "no-such-message");
        }
    }

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
