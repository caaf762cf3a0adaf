//! Free text to [`Query`]: "quanta VRAM preciso pro llama 3 70b em meia precisão?".
//!
//! The text is cleaned (mentions, emoji and markdown dropped, accents stripped, Chinese
//! runs spaced off Latin words and digits), then each field is taken out by its own
//! patterns, in an order that keeps them from stealing each other's words: runtime
//! ("llama.cpp" is not a model), mode, precision, context, batch, GPUs with their counts,
//! memory amounts, and finally the model from what is left. Words nobody claimed and that
//! are not ordinary question words are returned as `unparsed`, so the answer can say what
//! it did not understand.

use super::Query;
use super::budget::{self, BUDGET, Budget};
use super::cards::{more_gpus, take_bare_count, take_gpu, take_unknown_gpu};
use super::clean::{clean, decimal_commas, is_han};
use super::clues::{Clue, Clues};
use super::detect::detect_cleaned;
use super::filler::FILLER;
use super::intent::{self, Cues, Intent};
use super::numbers_words;
use super::pieces::{is_ascii_space, pieces};
use super::words;
use crate::catalog::{Catalog, MatchKind, ModelMatch, is_variant_word, tokenize};
use crate::diagnose;
use crate::estimate::{Mode, Precision, Runtime, Sharding};
use crate::guide::Topic;
use crate::runtime::PROFILES;
use crate::vocab::Lang;
use regex::{Captures, Regex};
use std::borrow::Cow;
use std::sync::LazyLock;

/// A parsed message.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    pub query: Query,
    /// The language of the message, when its words tell.
    pub language: Option<Lang>,
    /// Words that were neither used nor ordinary question words.
    pub unparsed: Vec<String>,
    /// What `query.model` resolved to while parsing: [`super::resolve_parsed`] uses it
    /// instead of looking the same name up a second time.
    pub model_match: Option<ModelMatch<'static>>,
    /// A Hub repo id ("org/name", as typed) the catalog lacks: `query.model` holds it and
    /// the adapter looks it up before calling the core ([`crate::answer::for_parsed_with`]).
    pub hub_id: Option<String>,
    /// What the question asks for ([`super::intent`]).
    pub intent: Intent,
    /// Every card named, in order, as typed, with its count; the first is `query.gpu`.
    /// Two or more make a comparison, or a mixed setup when a model is named with them.
    pub gpus: Vec<(String, Option<u64>)>,
    /// A card name the catalog lacks ("rtx 9090"): answered with suggestions, never dropped.
    pub unknown_gpu: Option<String>,
    /// A budget ("under $2000", "R$ 10 mil", "2万").
    pub budget: Option<Budget>,
    /// The guide topic asked about, when no model is named.
    pub topic: Option<Topic>,
    /// A pasted error, read from the whole message (not only its first characters).
    pub diagnosis: Option<diagnose::Read>,
    /// The telling words the message holds.
    pub cues: Cues,
    /// A number too large for any amount or size ("$1e400", "18446744073709551615 MiB"),
    /// as typed: the question is refused saying so rather than read as something else.
    pub out_of_range: Option<String>,
}

/// Messages longer than this are cut: no sizing question needs more.
const MAX_CHARS: usize = 4000;

/// Compile a parser pattern. Word boundaries are ASCII: the text is accent-stripped and
/// Chinese runs are spaced off, and Unicode `\b` would force the regex crate onto its slow
/// engine for any non-ASCII message.
pub(super) fn re(pattern: &str) -> Regex {
    Regex::new(&pattern.replace(r"\b", r"(?-u:\b)")).expect("parser patterns are valid")
}

static MENTION: LazyLock<Regex> =
    LazyLock::new(|| re(r"<(?:@[!&]?|#)\d+>|<a?:\w+:\d+>|@everyone|@here"));

/// Parse one message. Never panics; unknown input gives an empty query.
pub fn parse(catalog: &'static Catalog, text: &str) -> Parsed {
    let whole = text;
    let text = first_chars(text, MAX_CHARS);
    // A binary file pasted as text: its random letters would only make up names.
    if looks_binary(text) {
        return Parsed::default();
    }
    // A pasted log is read whole: its error is at the end.
    let diagnosis = diagnose::read(whole);
    // Every mention starts with '<' or '@': most messages skip the regex.
    let without_mentions = if text.bytes().any(|b| matches!(b, b'<' | b'@')) {
        MENTION.replace_all(text, " ")
    } else {
        Cow::Borrowed(text)
    };
    // A link is never a model's name: a Hub link is its repo id, any other is dropped.
    let without_mentions = match super::urls::without_links(&without_mentions) {
        Cow::Owned(s) => Cow::Owned(s),
        Cow::Borrowed(_) => without_mentions,
    };
    let cleaned = clean(&decimal_commas(&without_mentions));
    let language = match &diagnosis {
        // A pasted log is English whatever language its sender writes in.
        Some(_) => {
            let own = diagnose::before_log(&without_mentions);
            detect_cleaned(own, &clean(own))
        }
        None => detect_cleaned(&without_mentions, &cleaned),
    };
    // Sizes in words become "70b" only after the language is known: "bilhoes" and
    // "millones" tell the language.
    let cleaned = numbers_words::rewrite_sizes(&cleaned).unwrap_or(cleaned);
    let mut cleaned = cleaned;
    let hub_id = take_hub_id(catalog, &without_mentions, &mut cleaned);
    let known = match hub_id {
        None => take_known_hub_id(catalog, &without_mentions, &mut cleaned),
        Some(_) => None,
    };
    // The clues are read once the repo id is blanked: its pieces ("-finetune", "-70B")
    // would only send patterns looking for what is no longer there.
    let cues = Cues::of(&cleaned);
    // One short line that asks why ("pq dá out of memory se o modelo tem só 14gb"): a
    // question about the error, not a pasted log.
    let diagnosis = diagnosis.filter(|_| {
        let log_like = ["Error", "error:", "allocate", "Traceback", "CUDA"]
            .iter()
            .any(|w| whole.contains(w));
        log_like
            || !(intent::asks_why(&cues) && whole.trim().lines().count() == 1 && whole.len() < 300)
    });
    if diagnosis.is_none()
        && let Some(number) = super::too_large::out_of_range(&without_mentions)
    {
        return Parsed {
            language,
            out_of_range: Some(number),
            ..Parsed::default()
        };
    }
    let serving = crate::runtime::choice::says_serving(&cleaned);
    let mut work = Work::new(cleaned);
    // Chinese amounts ("1万5", "一万五") and ranges ("2-3k") as the budget pattern reads them.
    if work.clues.has(Clue::Budget)
        && let Some(text) = budget::normalize(&work.text)
    {
        work.text = text;
    }
    // "上下文3万2", "开两万上下文": a context in 万, before the budget reads "3.2 万" as yuan.
    let wan_context = take_wan_context(&mut work);
    // Before every number pattern: "$2k" is no context, "R$ 10 mil" no size.
    let budget = work.take_clued(Clue::Budget, &BUDGET, |c| {
        budget::from_captures(c, language)
    });
    let target_tokens_per_s = super::users::take_target(&mut work);
    let mut q = Query {
        target_tokens_per_s,
        framework: take_framework(&mut work),
        runtime: take_runtime(&mut work),
        mode: take_mode(&mut work),
        serving,
        ..Query::default()
    };
    q.flash_attention = super::flash::take(&mut work);
    q.memory_share = super::memory_share::take(&mut work);
    q.precision = take_precision(&mut work);
    q.max_context = work.blank_clued(Clue::MaxContext, &MAX_CONTEXT);
    // Before the context: "1k users" is a thousand users, not a 1k context.
    q.batch = take_batch(&mut work);
    q.context = take_context(&mut work).or(wan_context);
    if work.blank_clued(Clue::Checkpointing, &CHECKPOINTING) {
        q.gradient_checkpointing = Some(true);
    }
    if work.clues.has(Clue::Sharding) {
        q.sharding = take_sharding(&mut work);
        if work.blank(&OFFLOAD) {
            q.cpu_offload = Some(true);
        }
    }
    let taken = take_gpu(catalog, &mut work, &mut q);
    let gpus = more_gpus(catalog, &mut work, &q, taken);
    if q.gpu.is_none() {
        q.gpu_count = take_bare_count(&mut work);
    }
    // A card given by its memory ("on 24gb", "my 96gb card"): the common card of that size.
    let mut gpus = gpus;
    if q.gpu.is_none()
        && work.clues.has(Clue::Memory)
        && let Some((gb, id)) = super::memory_card::take(&mut work)
    {
        q.gpu = Some(id.to_string());
        q.gpu_by_memory = Some(gb);
        gpus = vec![(id.to_string(), q.gpu_count)];
    }
    let unknown_gpu = if work.clues.has(Clue::Brand) {
        take_unknown_gpu(catalog, &mut work)
    } else {
        None
    };
    take_memory_amounts(&mut work);
    let mut model_match = take_model(catalog, &mut work, &mut q);
    if hub_id.is_some() {
        q.model.clone_from(&hub_id);
        q.model_as_typed = None;
        model_match = None;
    }
    if let Some(m) = known {
        q.model = Some(m.model.id.clone());
        q.model_as_typed = None;
        model_match = Some(m);
    }
    if q.model.is_none() {
        q.params_b = take_bare_size(&mut work);
    }
    // A word shaped like a model's name the catalog lacks ("step3", "intern-s1"): named as
    // typed, so the answer says it does not know it (with the closest names), or the Hub's
    // search finds it.
    if !q.has_subject()
        && let Some(name) = take_unknown_name(catalog, &mut work)
    {
        q.model = Some(name);
    }
    let unparsed = leftovers(&work);
    let mut parsed = Parsed {
        query: q,
        language,
        unparsed,
        model_match,
        hub_id,
        gpus,
        unknown_gpu,
        budget,
        diagnosis,
        cues,
        ..Parsed::default()
    };
    parsed.topic = intent::topic(&parsed);
    parsed.intent = intent::classify(&parsed);
    parsed.query.buying = intent::asks_to_buy(&parsed);
    parsed
}

/// Control bytes make up more than a twentieth of the text once terminal escapes
/// (colours, cursor moves) and replacement characters are set aside: binary junk, not a
/// question. A coloured log, or one whose invalid bytes were replaced, is still read.
fn looks_binary(text: &str) -> bool {
    // Most messages hold no control byte at all and are not walked character by character.
    let controls = text
        .bytes()
        .filter(|&b| b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t'));
    if controls.take(8).count() < 8 {
        return false;
    }
    let (control, kept) = control_and_kept(text);
    control >= 8 && control * 20 > kept
}

/// How many control characters `text` holds outside terminal escape sequences, and how
/// many characters it holds that are neither escapes nor U+FFFD.
fn control_and_kept(text: &str) -> (usize, usize) {
    let (mut control, mut kept) = (0, 0);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => skip_escape(&mut chars),
            '\u{FFFD}' => {}
            '\n' | '\r' | '\t' => kept += 1,
            c if (c as u32) < 0x20 => {
                control += 1;
                kept += 1;
            }
            _ => kept += 1,
        }
    }
    (control, kept)
}

/// Skip the rest of an escape sequence after ESC: CSI (`ESC [` parameters, then one final
/// byte), OSC (`ESC ]` up to BEL or ESC backslash), or a single character.
fn skip_escape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    match chars.next() {
        Some('[') => {
            for c in chars.by_ref() {
                if ('\u{40}'..='\u{7e}').contains(&c) {
                    break;
                }
            }
        }
        Some(']') => {
            while let Some(c) = chars.next() {
                if c == '\u{7}' || (c == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                    break;
                }
            }
        }
        _ => {}
    }
}

/// The first `max` characters of `text`. A text of no more bytes than that has no more
/// characters either, and is not walked character by character.
fn first_chars(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    match text.char_indices().nth(max) {
        Some((cut, _)) => &text[..cut],
        None => text,
    }
}

/// Take a Hub repo id the catalog lacks out of the text before any other field reads
/// pieces of it ("org/Model-FP8" names no precision).
fn take_hub_id(catalog: &'static Catalog, original: &str, text: &mut String) -> Option<String> {
    let id = super::hub_id::find(catalog, original)?;
    blank_id(text, &id);
    Some(id)
}

/// Take a catalog entry's Hub repo id out of the text the same way: it names that entry
/// exactly, and its pieces ("-Instruct-2507", "-FP8") are no other field.
fn take_known_hub_id(
    catalog: &'static Catalog,
    original: &str,
    text: &mut String,
) -> Option<ModelMatch<'static>> {
    let (id, found) = super::hub_id::find_known(catalog, original)?;
    blank_id(text, &id);
    Some(found)
}

/// Blank the first place the cleaned (lower-cased) text holds `id`.
fn blank_id(text: &mut String, id: &str) {
    let lower = id.to_ascii_lowercase();
    if let Some(start) = find_bytes(text.as_bytes(), lower.as_bytes()) {
        blank_range(text, start, start + lower.len());
    }
}

/// Where `needle` first occurs in `haystack`: a plain scan from each byte that starts it,
/// for a short text and an id (setting up `str::find`'s two-way search costs more).
fn find_bytes(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, _) = needle.split_first()?;
    let last = haystack.len().checked_sub(needle.len())?;
    (0..=last).find(|&at| haystack[at] == first && haystack[at..].starts_with(needle))
}

/// The text being parsed; matched spans are blanked so later patterns cannot reuse them.
pub(super) struct Work {
    pub(super) text: String,
    /// Which patterns can match at all (see [`Clues`]).
    pub(super) clues: Clues,
}

impl Work {
    fn new(text: String) -> Work {
        let clues = Clues::of(&text);
        Work { text, clues }
    }

    /// [`Work::take`] for a pattern that needs one of `clue`'s words.
    fn take_clued<T>(
        &mut self,
        clue: Clue,
        pattern: &Regex,
        f: impl FnMut(&Captures) -> Option<T>,
    ) -> Option<T> {
        if !self.clues.has(clue) {
            return None;
        }
        self.take(pattern, f)
    }

    /// [`Work::blank`] for a pattern that needs one of `clue`'s words.
    fn blank_clued(&mut self, clue: Clue, pattern: &Regex) -> bool {
        self.clues.has(clue) && self.blank(pattern)
    }

    /// Run `pattern`, hand each match to `f` until it accepts one; blank that match.
    pub(super) fn take<T>(
        &mut self,
        pattern: &Regex,
        mut f: impl FnMut(&Captures) -> Option<T>,
    ) -> Option<T> {
        let (value, range) = pattern
            .captures_iter(&self.text)
            .find_map(|caps| f(&caps).map(|v| (v, caps.get(0).map(|m| m.range()))))?;
        if let Some(r) = range {
            self.blank_range(r.start, r.end);
        }
        Some(value)
    }

    /// [`Work::take_clued`] for a pattern whose value can be read off the matched text (a
    /// group around the whole match, between zero-width `\b`s): finding a match is much
    /// cheaper than resolving its groups.
    fn take_text<T>(
        &mut self,
        clue: Clue,
        pattern: &Regex,
        mut f: impl FnMut(&str) -> Option<T>,
    ) -> Option<T> {
        if !self.clues.has(clue) {
            return None;
        }
        let (value, start, end) = pattern
            .find_iter(&self.text)
            .find_map(|m| f(m.as_str()).map(|v| (v, m.start(), m.end())))?;
        self.blank_range(start, end);
        Some(value)
    }

    /// Blank every match of `pattern`; true when there was one.
    fn blank(&mut self, pattern: &Regex) -> bool {
        let ranges: Vec<(usize, usize)> = pattern
            .find_iter(&self.text)
            .map(|m| (m.start(), m.end()))
            .collect();
        for &(start, end) in &ranges {
            self.blank_range(start, end);
        }
        !ranges.is_empty()
    }

    /// Overwrite bytes with spaces in place (same length keeps every offset valid).
    pub(super) fn blank_range(&mut self, start: usize, end: usize) {
        blank_range(&mut self.text, start, end);
    }
}

/// Overwrite `text[start..end]` with spaces in place (same length keeps every offset valid).
fn blank_range(text: &mut String, start: usize, end: usize) {
    const SPACES: &str = "                                                                ";
    let n = end - start;
    match SPACES.get(..n) {
        Some(spaces) => text.replace_range(start..end, spaces),
        None => text.replace_range(start..end, &" ".repeat(n)),
    }
}

/// One capture group per runtime profile, in [`PROFILES`] order, from each profile's pattern.
static RUNTIME: LazyLock<Regex> = LazyLock::new(|| {
    let alternatives: Vec<String> = PROFILES
        .iter()
        .map(|p| format!("({})", p.pattern))
        .collect();
    re(&format!(
        r"(?:^|[\s/])(?:{})(?:$|[\s,.:/])",
        alternatives.join("|")
    ))
});

fn take_runtime(w: &mut Work) -> Option<Runtime> {
    // Most questions name no runtime: a plain match test is cheaper than a capture search.
    if !RUNTIME.is_match(&w.text) {
        return None;
    }
    w.take(&RUNTIME, |c| {
        PROFILES
            .iter()
            .enumerate()
            .find(|(i, _)| c.get(i + 1).is_some())
            .map(|(_, p)| p.runtime)
    })
}

/// Training frameworks named in a question ("qlora with unsloth", "llama factory", "trl"):
/// the non-default ones and TRL; "transformers" stays a runtime word.
static FRAMEWORK: LazyLock<Regex> =
    LazyLock::new(|| re(r"\b(unsloth|axolotl|llama[\s_-]?factory|torchtune|trl)\b"));

fn take_framework(w: &mut Work) -> Option<crate::runtime::framework::Framework> {
    if !FRAMEWORK.is_match(&w.text) {
        return None;
    }
    w.take(&FRAMEWORK, |c| {
        c.get(1)?.as_str().replace([' ', '_'], "-").parse().ok()
    })
}

static CHECKPOINTING: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(?:gradient[\s_-]?)?checkpointing\b|\bgrad(?:ient)?[\s_-]?ckpt\b|梯度检查点|重计算")
});

/// "fsdp", "zero-3", "zero2", "deepspeed zero 1", "ddp".
static SHARDING: LazyLock<Regex> =
    LazyLock::new(|| re(r"\b(?:deepspeed\s+)?(fsdp|ddp|zero[\s_-]?([0-3]))\b"));
/// "cpu offload", "offload to cpu", "卸载到 cpu", "descarregar na cpu".
static OFFLOAD: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\bcpu[\s_-]?offload(?:ing)?\b|\boffload(?:ing)?\s+(?:to|na|a|en|para)\s+(?:a\s+|la\s+)?cpu\b|cpu\s*卸载|卸载到\s*cpu",
    )
});

fn take_sharding(w: &mut Work) -> Option<Sharding> {
    w.take(&SHARDING, |c| {
        Some(match (&c[1], c.get(2).map(|m| m.as_str())) {
            (_, Some("0")) => Sharding::Ddp,
            (_, Some("1")) => Sharding::Zero1,
            (_, Some("2")) => Sharding::Zero2,
            ("ddp", _) => Sharding::Ddp,
            ("fsdp", _) => Sharding::Fsdp,
            _ => Sharding::Zero3,
        })
    })
}

static QLORA: LazyLock<Regex> = LazyLock::new(|| re(r"\bq-?lora\b"));
static LORA: LazyLock<Regex> = LazyLock::new(|| re(r"\blora\b"));
static TRAIN: LazyLock<Regex> = LazyLock::new(|| {
    let latin = words::joined(|w| w.train_words(), true);
    let other = words::joined(|w| w.train_words(), false);
    re(&format!(r"\b(?:{latin})\b|{other}"))
});

fn take_mode(w: &mut Work) -> Option<Mode> {
    let qlora = w.blank_clued(Clue::Lora, &QLORA);
    let lora = !qlora && w.blank_clued(Clue::Lora, &LORA);
    let train = w.blank_clued(Clue::Train, &TRAIN);
    if qlora {
        Some(Mode::Qlora)
    } else if lora {
        Some(Mode::Lora)
    } else if train {
        Some(Mode::FullFinetune)
    } else {
        None
    }
}

static GGUF: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(q[2-8]_k_[sml]|q[2-8]_k|q[4-8]_[01]|iq[1-4]_(?:xxs|xs|s|m|nl)|q[2-6]k[sml]?|q[2-8])\b")
});
/// A quantization method with its bits after it ("gptq int8", "GPTQ de 8 bits", "awq
/// 4bit", "gptq 8位") or before it ("8-bit gptq", "int8 gptq").
static METHOD: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\b(gptq|awq|nf4|bnb)(?:[\s_-]*(?:(?:de|em|en|in|with|com|con|a|at)\s+)?(?:int(\d{1,2})\b|(\d{1,2})[\s-]?(?:bits?|b)\b|(\d{1,2})\s*(?:位|比特)))?|(?:\bint(\d{1,2})|\b(\d{1,2})[\s-]?bits?)[\s_-]+(?:(?:de|em|en|in)\s+)?(gptq|awq|bnb)\b",
    )
});
static FLOAT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\b(fp32|float32|f32|fp16|float16|f16|bf16|bfloat16|fp8[\s_-]?block(?:wise)?|block[\s_-]?fp8|fp8|float8|int8|int4|i8|i4|mxfp4|nvfp4|fp4)\b",
    )
});
static BITS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\b(\d{1,2})[\s-]?(?:bits?|bit)\b|(\d{1,2})\s*(?:位|比特)(?:\s*量化)?|\b(\d{1,2})b\s+(?:quant\w*)",
    )
});
static WORDS_HALF: LazyLock<Regex> = LazyLock::new(|| {
    let latin = words::joined(|w| w.half_precision_words(), true);
    let other = words::joined(|w| w.half_precision_words(), false);
    re(&format!(r"\b(?:{latin})\b|{other}"))
});
static WORDS_FULL: LazyLock<Regex> = LazyLock::new(|| {
    let latin = words::joined(|w| w.full_precision_words(), true);
    let other = words::joined(|w| w.full_precision_words(), false);
    re(&format!(r"\b(?:{latin})\b|{other}"))
});

fn take_precision(w: &mut Work) -> Option<Precision> {
    if let Some(p) = w.take_text(Clue::Gguf, &GGUF, gguf) {
        w.take_text(Clue::Bits, &BITS, |_| Some(()));
        return Some(p);
    }
    if let Some(p) = w.take_clued(Clue::Method, &METHOD, |c| {
        let method = c.get(1).or(c.get(7))?.as_str();
        let bits = (2..=6).find_map(|i| c.get(i)).map(|m| m.as_str());
        Some(match (method, bits) {
            ("gptq", Some("8")) => Precision::GptqInt8,
            ("gptq", _) => Precision::GptqInt4,
            ("awq", _) => Precision::AwqInt4,
            ("bnb", Some("8")) => Precision::Int8,
            _ => Precision::Nf4,
        })
    }) {
        w.take_text(Clue::Bits, &BITS, |_| Some(()));
        return Some(p);
    }
    if let Some(p) = w.take_text(Clue::Float, &FLOAT, |name| {
        Some(match name {
            "fp32" | "float32" | "f32" => Precision::Fp32,
            "fp16" | "float16" | "f16" => Precision::Fp16,
            "bf16" | "bfloat16" => Precision::Bf16,
            "fp8" | "float8" => Precision::Fp8,
            s if s.contains("fp8") => Precision::Fp8Block,
            "int8" | "i8" => Precision::Int8,
            "mxfp4" => Precision::Mxfp4,
            "nvfp4" | "fp4" => Precision::Nvfp4,
            _ => Precision::Int4,
        })
    }) {
        return Some(p);
    }
    if w.blank_clued(Clue::Half, &WORDS_HALF) {
        return Some(Precision::Fp16);
    }
    if w.blank_clued(Clue::Full, &WORDS_FULL) {
        return Some(Precision::Fp32);
    }
    // Every alternative of BITS starts with its number, followed by no other digit.
    w.take_text(Clue::Bits, &BITS, |found| {
        let digits = found.find(|c: char| !c.is_numeric()).unwrap_or(found.len());
        match &found[..digits] {
            "4" => Some(Precision::Int4),
            "8" => Some(Precision::Int8),
            "16" => Some(Precision::Fp16),
            "32" => Some(Precision::Fp32),
            _ => None,
        }
    })
}

/// GGUF names, including the short forms people type ("q4km", "q4", "q8").
pub(super) fn gguf(name: &str) -> Option<Precision> {
    let full = match name {
        "q4" | "q4k" | "q4km" | "q4_k" => "q4_k_m",
        "q5" | "q5k" | "q5km" | "q5_k" => "q5_k_m",
        "q3" | "q3km" | "q3_k" => "q3_k_m",
        "q2" | "q2k" => "q2_k",
        "q6" | "q6k" => "q6_k",
        "q8" => "q8_0",
        "q4ks" => "q4_k_s",
        "q5ks" => "q5_k_s",
        "q3ks" => "q3_k_s",
        "q3kl" => "q3_k_l",
        other => other,
    };
    full.parse().ok()
}

/// "What's the max context ...", "qual o contexto máximo", "¿cuál es el contexto máximo",
/// "最大上下文": the question asks for the longest context the GPUs hold.
static MAX_CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    let latin = words::joined(|w| w.max_context_phrases(), true);
    let other = words::joined(|w| w.max_context_phrases(), false);
    re(&format!(r"\b(?:{latin})|{other}"))
});

static CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    // Every language's context openers and joiners ([`words::Words::context_openers`]).
    let openers = words::joined(|w| w.context_openers(), true);
    let han_openers = words::joined(|w| w.context_openers(), false);
    let joiners = words::joined(|w| w.context_joiners(), true);
    let han_joiners = words::joined(|w| w.context_joiners(), false);
    re(&format!(
        r"(?:\b(?:{openers})\s*(?:{joiners}|=|:)?\s*|(?:{han_openers})\s*(?:{han_joiners}|=|:)?\s*)(\d+(?:[.,]\d+)?)\s*(k|mil)?\b|(?:^|\s)(\d+(?:[.,]\d+)?)\s*(k)(?:\s+(?:de\s+)?(?:tokens?|context[o]?|ctx))?(?:$|[\s,;:])|\b(\d+(?:[.,]\d+)?)\s*(mil)\s+tokens?\b|\b(\d+(?:[.,]\d+)?)\s*tokens?\b(?:\s*de\s+context[o]?)?"
    ))
});

fn take_context(w: &mut Work) -> Option<u64> {
    w.take_clued(Clue::Context, &CONTEXT, |c| {
        let (num, unit) = [(1, 2), (3, 4), (5, 6), (7, 8)]
            .iter()
            .find_map(|&(n, u)| c.get(n).map(|m| (m.as_str(), c.get(u).map(|x| x.as_str()))))?;
        let value: f64 = num.replace(',', ".").parse().ok()?;
        let tokens = match unit {
            Some("k") => value * 1024.0,
            Some("mil") => value * 1000.0,
            _ => value,
        };
        (tokens >= 1.0 && tokens.is_finite()).then_some(tokens.round() as u64)
    })
}

/// A context counted in 万 (ten thousand) after [`budget::normalize`] wrote it as "3.2 万":
/// "上下文 3.2 万", "2 万 上下文", "3 万 token".
static WAN_CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?:上下文|序列)\s*(?:长度)?\s*(?:为|是|=|:|开到|开)?\s*(\d+(?:\.\d+)?)\s*万|(\d+(?:\.\d+)?)\s*万\s*(?:的\s*)?(?:上下文|tokens?\b)",
    )
});

/// [`WAN_CONTEXT`]: only a text holding "万" and a context word is searched.
fn take_wan_context(w: &mut Work) -> Option<u64> {
    if !(w.clues.has(Clue::Context) && w.text.contains('万')) {
        return None;
    }
    w.take(&WAN_CONTEXT, |c| {
        let wan: f64 = c.get(1).or(c.get(2))?.as_str().parse().ok()?;
        let tokens = wan * 10_000.0;
        (1.0..1e9)
            .contains(&tokens)
            .then_some(tokens.round() as u64)
    })
}

static BATCH: LazyLock<Regex> = LazyLock::new(|| {
    let openers = words::joined(|w| w.batch_openers(), true);
    let han_openers = words::joined(|w| w.batch_openers(), false);
    let users = words::joined(|w| w.user_words(), true);
    let han_users = words::joined(|w| w.user_words(), false);
    re(&format!(
        r"\b(?:{openers})\s*(\d+)\b|(?:{han_openers})\s*(\d+)|\b(\d+(?:\.\d+)?\s*(?:k|mil)?)\s*(?:{users})\b|(\d+)\s*(?:{han_users})"
    ))
});

fn take_batch(w: &mut Work) -> Option<u64> {
    w.take_clued(Clue::Batch, &BATCH, |c| {
        (1..=4)
            .find_map(|i| c.get(i))
            .and_then(|m| scaled_count(m.as_str()))
    })
}

/// A count as people write it: "40", "1k", "1.5k", "2 mil" (users, requests).
fn scaled_count(text: &str) -> Option<u64> {
    let text = text.trim_end();
    let (number, scale) = match text.strip_suffix('k') {
        Some(n) => (n, 1_000.0),
        None => match text.strip_suffix("mil") {
            Some(n) => (n, 1_000.0),
            None => return text.parse().ok(),
        },
    };
    let value = number.trim().parse::<f64>().ok()? * scale;
    (1.0..1e9).contains(&value).then_some(value.round() as u64)
}

/// Whitespace-separated tokens with their byte spans. [`clean`] turned every other
/// whitespace into ASCII spaces, so the ASCII split (no char decoding) is the same split.
pub(super) fn spans(text: &str) -> Vec<(usize, usize, &str)> {
    // At most one token per two bytes: one allocation, no regrowing.
    let mut out = Vec::with_capacity(text.len() / 2 + 1);
    out.extend(pieces(text, is_ascii_space).map(|(start, t)| (start, start + t.len(), t)));
    out
}

static MEMORY_AMOUNT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b\d+(?:[.,]\d+)?\s*(?:gb|gib|g)\b(?:\s*(?:de\s+)?(?:vram|ram|memoria))?")
});

fn take_memory_amounts(w: &mut Work) {
    w.blank_clued(Clue::Memory, &MEMORY_AMOUNT);
}

/// Model words may follow a family name: versions, sizes, variants.
fn model_continues(t: &str) -> bool {
    crate::catalog::tokens_size_or_version(t)
        || matches!(
            t,
            "instruct"
                | "chat"
                | "it"
                | "hf"
                | "base"
                | "distill"
                | "moe"
                | "mini"
                | "medium"
                | "a3b"
                | "a22b"
                | "4k"
                | "128k"
                | "oss"
                | "neox"
                | "ai"
                | "b"
        )
}

fn take_model(
    catalog: &'static Catalog,
    w: &mut Work,
    q: &mut Query,
) -> Option<ModelMatch<'static>> {
    let tokens = spans(&w.text);
    let words: Vec<&str> = tokens.iter().map(|&(_, _, t)| t).collect();
    // A name opens with a family's word, or a near spelling of one with a size after it.
    let start = (0..tokens.len()).find(|&i| {
        let t = words[i];
        !FILLER.contains(&t)
            && catalog.is_model_word(t)
            && (super::heads::opens_name_before(t, &words[i + 1..])
                || super::heads::sized_after(&words[i + 1..])
                || (super::heads::opens_name(t) && super::heads::sized_before(&words[..i])))
    })?;
    let is_size = |t: &String| crate::catalog::size_of(t).is_some();
    let mut has_size =
        may_hold_size(tokens[start].2) && tokenize(tokens[start].2).iter().any(is_size);
    let mut end = start + 1;
    while end < tokens.len() {
        let subs = tokenize(tokens[end].2);
        let continues = !subs.is_empty()
            && subs
                .iter()
                .all(|s| model_continues(s) || is_variant_word(s) || catalog.is_model_word(s));
        if !continues {
            break;
        }
        has_size = has_size || subs.iter().any(is_size);
        end += 1;
    }
    let mut words: Vec<&str> = tokens[start..end].iter().map(|&(_, _, t)| t).collect();
    // The run of model words, and a size found elsewhere.
    let mut blank = Vec::with_capacity(2);
    blank.push((tokens[start].0, tokens[end - 1].1));
    // "70B的llama": a size elsewhere in the message belongs to the model named without one.
    if !has_size
        && let Some(&(s, e, t)) = tokens
            .iter()
            .find(|&&(_, _, t)| crate::catalog::size_of(t).is_some() && !t.contains('x'))
    {
        words.push(t);
        blank.push((s, e));
    }
    // Prefer the longest run of words that resolves and agrees with every size, version
    // and variant typed ("gemma 4 31b" is not Gemma 3 1B); else report the whole run.
    let whole = words.join(" ");
    let found = (1..=words.len()).rev().find_map(|n| {
        let candidate = words[..n].join(" ");
        catalog
            .find_model(&candidate)
            .filter(|m| catalog.agrees(m.model, &whole))
            .map(|m| (n, candidate, m))
    });
    let shorter =
        || without_unknown_words(catalog, &words).filter(|(_, m)| catalog.agrees(m.model, &whole));
    let (chosen, found) = match found {
        // Fewer (non-empty) words than typed: a shorter name.
        Some((n, candidate, m)) if n < words.len() => {
            let (candidate, m) = shorter().unwrap_or((candidate, m));
            q.model_as_typed = Some(whole);
            (candidate, Some(partial(m, &words)))
        }
        Some((_, candidate, m)) => (candidate, Some(m)),
        None => match shorter() {
            Some((candidate, m)) => {
                q.model_as_typed = Some(whole);
                (candidate, Some(partial(m, &words)))
            }
            None => (whole, None),
        },
    };
    // Another model than the entry matched (a version, a word or a fine-tune's name it
    // lacks): sized as that entry, and said so.
    let found = found.map(|m| {
        let run: Vec<&str> = tokens[start..end].iter().map(|&(_, _, t)| t).collect();
        let around: Vec<&str> = tokens.iter().map(|&(_, _, t)| t).collect();
        match super::variants::another(m.model, &run, &around[..start], &around[end..]) {
            Some(from) => {
                q.model_as_typed = Some(from.clone());
                ModelMatch {
                    model: m.model,
                    kind: MatchKind::Assumed { from },
                }
            }
            None => m,
        }
    });
    q.model = Some(chosen);
    for (s, e) in blank {
        w.blank_range(s, e);
    }
    found
}

/// Whether a word can hold a size token: sizes have a digit, or an 'x' (`size_of` reads
/// "NxM"), and anything non-ASCII may normalize into either. Most model names ("llama")
/// are settled without tokenizing them.
fn may_hold_size(word: &str) -> bool {
    word.bytes()
        .any(|b| b.is_ascii_digit() || b == b'x' || b == b'X' || !b.is_ascii())
}

/// The run of model words minus those the catalog does not know, when a size was among
/// the dropped ones: "qwen 2 5 7b" is read as "qwen 7b", not as "qwen" (the newest Qwen,
/// another size altogether).
fn without_unknown_words(
    catalog: &'static Catalog,
    words: &[&str],
) -> Option<(String, ModelMatch<'static>)> {
    let sizes: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| crate::catalog::size_of(w).is_some())
        .collect();
    let names: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !crate::catalog::tokens_size_or_version(w))
        .collect();
    if sizes.is_empty() || names.is_empty() {
        return None;
    }
    let candidate = [names, sizes].concat().join(" ");
    catalog.find_model(&candidate).map(|m| (candidate, m))
}

/// A model found from only part of what was typed: the answer says which one it assumed.
fn partial(m: ModelMatch<'static>, words: &[&str]) -> ModelMatch<'static> {
    ModelMatch {
        model: m.model,
        kind: MatchKind::Assumed {
            from: words.join(" "),
        },
    }
}

static BARE_SIZE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\b(\d+(?:[.,]\d+)?)\s*(?:b\b|billion|bilh(?:oes|ao)|mil\s+millones|billones?)|(\d+(?:\.\d+)?)\s*亿",
    )
});

fn take_bare_size(w: &mut Work) -> Option<f64> {
    w.take(&BARE_SIZE, |c| {
        if let Some(m) = c.get(1) {
            m.as_str().replace(',', ".").parse().ok()
        } else {
            c.get(2)?.as_str().parse::<f64>().ok().map(|v| v / 10.0)
        }
    })
}

/// Words nobody used, minus ordinary question words, numbers and Chinese text (the text
/// is already lowercased and accent-stripped).
/// A family word and a number, maybe with a short code between ("step3", "intern-s1",
/// "hunyuan-a13b"): the shape of a model's name.
static NAME_SHAPE: LazyLock<Regex> =
    LazyLock::new(|| re(r"^[a-z]{3,}(?:-[a-z]{1,4})?-?[0-9]+(?:\.[0-9]+)?[a-z]?$"));

/// Words of hardware and software with a number that are no model ("sxm5", "pcie4",
/// "gddr6x", "cuda12", "python3").
const NOT_NAMES: &[&str] = &[
    "sxm", "pcie", "pci", "gddr", "hbm", "lpddr", "ddr", "cuda", "cu", "rocm", "nvlink", "gen",
    "fp", "int", "bf", "tf", "zero", "gguf", "exl", "python", "torch", "ubuntu", "win", "windows",
    "debian", "driver", "version", "epoch", "batch", "rank", "layer",
];

/// The first word shaped like a model's name that is no card and no common word; blanked.
fn take_unknown_name(catalog: &Catalog, w: &mut Work) -> Option<String> {
    let found = spans(&w.text).into_iter().find(|&(_, _, t)| {
        t.len() <= 24
            && t.bytes().any(|b| b.is_ascii_digit())
            && NAME_SHAPE.is_match(t)
            && !catalog.is_gpu_word(t)
            && !FILLER.contains(&t)
            && !NOT_NAMES.contains(
                &t.split(|c: char| c == '-' || c.is_ascii_digit())
                    .next()
                    .unwrap_or(t),
            )
    });
    let (start, end, name) = found?;
    let name = name.to_string();
    w.blank_range(start, end);
    Some(name)
}

fn leftovers(w: &Work) -> Vec<String> {
    let is_sep = |b| matches!(b, b' ' | b'.' | b'_' | b'-' | b'/' | b':' | b'=');
    pieces(&w.text, is_sep)
        .map(|(_, t)| t)
        // Cheapest tests first; the hash look-up last.
        .filter(|t| t.len() > 1)
        .filter(|t| has_letters_not_han(t))
        .filter(|t| !FILLER.contains(t))
        .map(str::to_string)
        .take(10)
        .collect()
}

/// A word with a letter and no Chinese character in it; ASCII words (most of them) are
/// settled byte by byte.
fn has_letters_not_han(word: &str) -> bool {
    if word.is_ascii() {
        return word.bytes().any(|b| b.is_ascii_alphabetic());
    }
    word.chars().any(char::is_alphabetic) && !word.chars().any(is_han)
}

#[cfg(test)]
mod tests;
