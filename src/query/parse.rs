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
use super::detect::detect;
use crate::catalog::{Catalog, normalize, tokenize};
use crate::estimate::{Mode, Precision, Runtime};
use crate::i18n::Lang;
use regex::{Captures, Regex};
use std::sync::LazyLock;
use unicode_normalization::UnicodeNormalization;

/// A parsed message.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    pub query: Query,
    /// The language of the message, when its words tell.
    pub language: Option<Lang>,
    /// Words that were neither used nor ordinary question words.
    pub unparsed: Vec<String>,
}

/// Messages longer than this are cut: no sizing question needs more.
const MAX_CHARS: usize = 4000;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).expect("parser patterns are valid")
}

static MENTION: LazyLock<Regex> =
    LazyLock::new(|| re(r"<(?:@[!&]?|#)\d+>|<a?:\w+:\d+>|@everyone|@here"));

/// Parse one message. Never panics; unknown input gives an empty query.
pub fn parse(catalog: &Catalog, text: &str) -> Parsed {
    let text: String = text.chars().take(MAX_CHARS).collect();
    let without_mentions = MENTION.replace_all(&text, " ");
    let language = detect(&without_mentions);
    let mut work = Work::new(clean(&without_mentions));
    let mut q = Query {
        runtime: take_runtime(&mut work),
        mode: take_mode(&mut work),
        ..Query::default()
    };
    q.precision = take_precision(&mut work);
    q.context = take_context(&mut work);
    q.batch = take_batch(&mut work);
    if work.blank(&CHECKPOINTING) {
        q.gradient_checkpointing = Some(true);
    }
    take_gpu(catalog, &mut work, &mut q);
    take_memory_amounts(&mut work);
    take_model(catalog, &mut work, &mut q);
    if q.model.is_none() {
        q.params_b = take_bare_size(&mut work);
    }
    let unparsed = leftovers(&work);
    Parsed {
        query: q,
        language,
        unparsed,
    }
}

/// Lowercase, strip accents, keep the punctuation names use ("q4_k_m", "llama.cpp",
/// "deepseek-r1:14b", "org/model"), space Chinese runs off Latin words and digits.
fn clean(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut prev_han: Option<bool> = None;
    for c in text.nfkd() {
        if unicode_normalization::char::is_combining_mark(c) {
            continue;
        }
        let c = if c == '×' { 'x' } else { c };
        let han = is_han(c);
        for l in c.to_lowercase() {
            let keep = l.is_alphanumeric() || matches!(l, '.' | '_' | '-' | '/' | ':' | '=');
            let mapped = if keep { l } else { ' ' };
            if mapped != ' '
                && let Some(p) = prev_han
                && p != han
            {
                out.push(' ');
            }
            out.push(mapped);
            prev_han = if mapped == ' ' { None } else { Some(han) };
        }
    }
    out
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}')
}

/// The text being parsed; matched spans are blanked so later patterns cannot reuse them.
struct Work {
    text: String,
}

impl Work {
    fn new(text: String) -> Work {
        Work { text }
    }

    /// Run `pattern`, hand each match to `f`, blank the matches `f` accepted.
    fn take<T>(&mut self, pattern: &Regex, mut f: impl FnMut(&Captures) -> Option<T>) -> Option<T> {
        let mut found = None;
        let replaced = pattern.replace_all(&self.text, |caps: &Captures| {
            let whole = caps.get(0).map_or("", |m| m.as_str());
            if found.is_none()
                && let Some(v) = f(caps)
            {
                found = Some(v);
                return " ".repeat(whole.len());
            }
            whole.to_string()
        });
        let replaced = replaced.into_owned();
        self.text = replaced;
        found
    }

    /// Blank every match of `pattern`.
    fn blank(&mut self, pattern: &Regex) -> bool {
        let mut any = false;
        self.text = pattern
            .replace_all(&self.text, |caps: &Captures| {
                any = true;
                " ".repeat(caps.get(0).map_or(0, |m| m.len()))
            })
            .into_owned();
        any
    }
}

static RUNTIME: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?:^|[\s/])(vllm|llama\.cpp|llamacpp|llama-cpp|llama_cpp|ollama|lm\s?studio|koboldcpp|transformers|hugging\s?face|hf)(?:$|[\s,.:/])",
    )
});

fn take_runtime(w: &mut Work) -> Option<Runtime> {
    w.take(&RUNTIME, |c| {
        Some(match &c[1] {
            "vllm" => Runtime::Vllm,
            "transformers" | "hf" => Runtime::Transformers,
            s if s.starts_with("hugging") => Runtime::Transformers,
            _ => Runtime::LlamaCpp,
        })
    })
}

static CHECKPOINTING: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(?:gradient[\s_-]?)?checkpointing\b|\bgrad(?:ient)?[\s_-]?ckpt\b|梯度检查点|重计算")
});

static QLORA: LazyLock<Regex> = LazyLock::new(|| re(r"\bq-?lora\b"));
static LORA: LazyLock<Regex> = LazyLock::new(|| re(r"\blora\b"));
static TRAIN: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\b(?:full[\s-]?(?:fine[\s-]?tun\w*|finetun\w*|ft|param\w*)|fine[\s-]?tun\w*|finetun\w*|train\w*|treina\w*|treino\w*|entren\w*|ajuste\s+fino|afinar|pre[\s-]?train\w*|sft)\b|全参数?微调|全量微调|全参|微调|训练|预训练",
    )
});

fn take_mode(w: &mut Work) -> Option<Mode> {
    let qlora = w.blank(&QLORA);
    let lora = !qlora && w.blank(&LORA);
    let train = w.blank(&TRAIN);
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
static METHOD: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(gptq|awq|nf4|bnb)(?:[\s_-]*int(\d{1,2})|[\s_-]*(\d{1,2})[\s-]?(?:bits?|b)\b)?")
});
static FLOAT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b(fp32|float32|f32|fp16|float16|f16|bf16|bfloat16|fp8|float8|int8|int4|i8|i4|mxfp4)\b")
});
static BITS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\b(\d{1,2})[\s-]?(?:bits?|bit)\b|(\d{1,2})\s*(?:位|比特)(?:\s*量化)?|\b(\d{1,2})b\s+(?:quant\w*)",
    )
});
static WORDS_HALF: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\bhalf[\s-]precision\b|\bmeia[\s-]precisao\b|\bmedia[\s-]precision\b|半精度")
});
static WORDS_FULL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\bfull[\s-]precision\b|\bprecisao\s+(?:total|completa|cheia)\b|\bprecision\s+(?:completa|total|simple)\b|全精度|单精度",
    )
});

fn take_precision(w: &mut Work) -> Option<Precision> {
    if let Some(p) = w.take(&GGUF, |c| gguf(&c[1])) {
        w.take(&BITS, |_| Some(()));
        return Some(p);
    }
    if let Some(p) = w.take(&METHOD, |c| {
        let bits = c.get(2).or(c.get(3)).map(|m| m.as_str());
        Some(match (&c[1], bits) {
            ("gptq", Some("8")) => Precision::GptqInt8,
            ("gptq", _) => Precision::GptqInt4,
            ("awq", _) => Precision::AwqInt4,
            ("bnb", Some("8")) => Precision::Int8,
            _ => Precision::Nf4,
        })
    }) {
        w.take(&BITS, |_| Some(()));
        return Some(p);
    }
    if let Some(p) = w.take(&FLOAT, |c| {
        Some(match &c[1] {
            "fp32" | "float32" | "f32" => Precision::Fp32,
            "fp16" | "float16" | "f16" => Precision::Fp16,
            "bf16" | "bfloat16" => Precision::Bf16,
            "fp8" | "float8" => Precision::Fp8,
            "int8" | "i8" => Precision::Int8,
            _ => Precision::Int4,
        })
    }) {
        return Some(p);
    }
    if w.blank(&WORDS_HALF) {
        return Some(Precision::Fp16);
    }
    if w.blank(&WORDS_FULL) {
        return Some(Precision::Fp32);
    }
    w.take(&BITS, |c| {
        let n = c.get(1).or(c.get(2)).or(c.get(3))?.as_str();
        match n {
            "4" => Some(Precision::Int4),
            "8" => Some(Precision::Int8),
            "16" => Some(Precision::Fp16),
            "32" => Some(Precision::Fp32),
            _ => None,
        }
    })
}

/// GGUF names, including the short forms people type ("q4km", "q4", "q8").
fn gguf(name: &str) -> Option<Precision> {
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

static CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?:\b(?:context[o]?|ctx|contexto|janela|ventana|seq(?:uence)?[\s_-]?len(?:gth)?|max[\s_-]?len)\s*(?:de|of|=|:)?\s*|上下文\s*(?:长度)?\s*)(\d+(?:[.,]\d+)?)\s*(k|mil)?\b|(?:^|\s)(\d+(?:[.,]\d+)?)\s*(k)(?:\s+(?:de\s+)?(?:tokens?|context[o]?|ctx))?(?:$|[\s,;:])|\b(\d+(?:[.,]\d+)?)\s*(mil)\s+tokens?\b|\b(\d{3,7})\s*tokens?\b(?:\s*de\s+context[o]?)?",
    )
});

fn take_context(w: &mut Work) -> Option<u64> {
    w.take(&CONTEXT, |c| {
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

static BATCH: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\b(?:batch(?:[\s_-]?size)?|bs|lote|micro[\s-]?batch)\s*(?:de|of|=|:)?\s*(\d+)\b|批量\s*(?:大小)?\s*(?:为|=)?\s*(\d+)|批次\s*(\d+)|\b(\d+)\s*(?:usuarios|users|concurrent\w*|simultane\w*|sequences|sequencias|secuencias|requests|requisicoes|peticiones|pessoas|personas)\b|(\d+)\s*个?\s*(?:并发|用户)|并发\s*(\d+)",
    )
});

fn take_batch(w: &mut Work) -> Option<u64> {
    w.take(&BATCH, |c| {
        (1..=6)
            .find_map(|i| c.get(i))
            .and_then(|m| m.as_str().parse().ok())
    })
}

/// Words that precede a GPU name and belong to it.
const GPU_PREFIX: &[&str] = &[
    "rtx", "geforce", "nvidia", "tesla", "quadro", "radeon", "rx", "amd", "instinct", "apple",
    "mac", "macbook", "pro", "studio",
];
/// Words that follow a GPU number and belong to it.
const GPU_SUFFIX: &[&str] = &[
    "ti",
    "super",
    "s",
    "pcie",
    "sxm",
    "sxm2",
    "sxm4",
    "sxm5",
    "nvl",
    "ada",
    "xtx",
    "xt",
    "max",
    "ultra",
    "generation",
    "de",
    "da",
    "com",
    "con",
    "with",
];
/// Words between a count and the GPU: "2 placas 3090", "dos tarjetas 3090".
const COUNT_FILLER: &[&str] = &[
    "x", "placas", "placa", "tarjetas", "tarjeta", "cards", "card", "gpus", "gpu", "de", "of",
    "sola", "so", "unica", "张", "块", "卡", "台",
];

fn count_word(word: &str) -> Option<u64> {
    let n = match word {
        "one" | "single" | "um" | "uma" | "numa" | "num" | "un" | "una" | "uno" | "1x" => 1,
        "two" | "dual" | "duas" | "dois" | "dos" | "2x" | "pair" => 2,
        "three" | "tres" | "3x" => 3,
        "four" | "quatro" | "cuatro" | "4x" => 4,
        "six" | "seis" | "6x" => 6,
        "eight" | "oito" | "ocho" | "8x" => 8,
        "sixteen" | "dezesseis" | "dieciseis" | "16x" => 16,
        _ => {
            let digits = word.strip_suffix('x').unwrap_or(word);
            return digits.parse().ok().filter(|n| (1..=4096).contains(n));
        }
    };
    Some(n)
}

/// "两张", "8卡", "单卡", "用两块" -> the count before a measure word.
fn chinese_count(run: &str) -> Option<u64> {
    let body = run.trim_end_matches(['张', '块', '卡', '台', '个']);
    if body.len() == run.len() && !run.ends_with('单') {
        return None;
    }
    let last = body.chars().last()?;
    Some(match last {
        '一' | '单' => 1,
        '两' | '二' | '俩' => 2,
        '三' => 3,
        '四' => 4,
        '六' => 6,
        '八' => 8,
        '十' => 10,
        _ => {
            let digits: String = body
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect();
            let digits: String = digits.chars().rev().collect();
            return digits.parse().ok();
        }
    })
}

/// Find a GPU name and its count; blank both.
fn take_gpu(catalog: &Catalog, w: &mut Work, q: &mut Query) {
    w.text = GLUED_COUNT
        .replace_all(&w.text, |c: &Captures| {
            if catalog.resolve_gpu(&c[2]).is_ok() {
                format!("{}x {}", &c[1], &c[2])
            } else {
                c[0].to_string()
            }
        })
        .into_owned();
    let tokens: Vec<(usize, usize, String)> = spans(&w.text);
    let Some(core) = tokens
        .iter()
        .position(|(_, _, t)| is_gpu_core(catalog, t, &tokens))
    else {
        return;
    };
    let mut start = core;
    while start > 0 && GPU_PREFIX.contains(&tokens[start - 1].2.as_str()) {
        start -= 1;
    }
    let mut end = core + 1;
    while end < tokens.len() {
        let t = tokens[end].2.as_str();
        let memory = t.ends_with("gb") || t.ends_with('g');
        if (GPU_SUFFIX.contains(&t) && !matches!(t, "de" | "da" | "com" | "con" | "with"))
            || (memory && t.trim_end_matches(['g', 'b']).parse::<u32>().is_ok())
        {
            end += 1;
        } else if matches!(t, "de" | "da" | "com" | "con" | "with")
            && tokens
                .get(end + 1)
                .is_some_and(|(_, _, n)| n.ends_with("gb"))
        {
            end += 2;
        } else {
            break;
        }
    }
    let name: Vec<String> = tokens[start..end]
        .iter()
        .map(|(_, _, t)| singular(catalog, t))
        .collect();
    let name = name.join(" ");
    let name = name.trim_end_matches(" de").to_string();
    q.gpu = Some(name);
    let mut blank: Vec<(usize, usize)> = vec![(tokens[start].0, tokens[end - 1].1)];
    // Count before: "2x 4090", "duas 3090", "2 placas 3090", "两张4090".
    let mut i = start;
    while i > 0 && COUNT_FILLER.contains(&tokens[i - 1].2.as_str()) && i + 2 > start {
        i -= 1;
        if start - i > 2 {
            break;
        }
    }
    let before = (i > 0).then(|| &tokens[i - 1]);
    if let Some((s, e, word)) = before {
        let counted = count_word(word).or_else(|| chinese_count(word));
        if let Some(n) = counted {
            q.gpu_count = Some(n);
            blank.push((*s, *e));
        }
    }
    // Count after: "4090 x2", "h100 x 8", "numa h100 só".
    if q.gpu_count.is_none()
        && let Some((s, _, word)) = tokens.get(end)
    {
        let after_x = word
            .strip_prefix('x')
            .and_then(|n| n.parse::<u64>().ok())
            .or_else(|| {
                (word == "x")
                    .then(|| tokens.get(end + 1).and_then(|(_, _, n)| n.parse().ok()))
                    .flatten()
            });
        if let Some(n) = after_x.filter(|n| (1..=4096).contains(n)) {
            q.gpu_count = Some(n);
            let last = if word == "x" { end + 1 } else { end };
            blank.push((*s, tokens[last].1));
        }
    }
    for (s, e) in blank {
        w.text.replace_range(s..e, &" ".repeat(e - s));
    }
}

/// "8xh100" -> "8x h100" (a count glued to a GPU; "8x7b" stays whole).
static GLUED_COUNT: LazyLock<Regex> = LazyLock::new(|| re(r"\b(\d{1,4})x([a-z0-9]+)\b"));

/// "a100s" -> "a100", "3090s" -> "3090".
fn singular(catalog: &Catalog, token: &str) -> String {
    match token.strip_suffix('s') {
        Some(stem) if catalog.resolve_gpu(stem).is_ok() && catalog.resolve_gpu(token).is_err() => {
            stem.to_string()
        }
        _ => token.to_string(),
    }
}

/// Tokens that name a GPU on their own ("4090", "a100", "h100s", "mi300x"); "6000" only
/// with "ada", "m3" only with "max"/"ultra", so numbers and other words are not taken.
fn is_gpu_core(catalog: &Catalog, token: &str, tokens: &[(usize, usize, String)]) -> bool {
    if !token.chars().any(|c| c.is_ascii_digit()) || token.ends_with("gb") || token.ends_with('k') {
        return false;
    }
    let stem = token.strip_suffix('s').unwrap_or(token);
    let next = tokens
        .iter()
        .position(|(_, _, t)| t == token)
        .and_then(|i| tokens.get(i + 1))
        .map(|(_, _, t)| t.as_str());
    match stem {
        "6000" => return next == Some("ada"),
        "m1" | "m2" | "m3" | "m4" => return matches!(next, Some("max") | Some("ultra")),
        _ => {}
    }
    if stem.chars().all(|c| c.is_ascii_digit())
        && !(3000..=9999).contains(&stem.parse::<u32>().unwrap_or(0))
    {
        return false;
    }
    if catalog.resolve_gpu(token).is_ok() || catalog.resolve_gpu(stem).is_ok() {
        return true;
    }
    // "4060 ti", "4070 ti super", "7900 xtx": the number names a GPU with its variant.
    let i = tokens.iter().position(|(_, _, t)| t == token).unwrap_or(0);
    let mut name = token.to_string();
    for (_, _, t) in tokens.iter().skip(i + 1).take(2) {
        name.push(' ');
        name.push_str(t);
        if catalog.resolve_gpu(&name).is_ok() {
            return true;
        }
    }
    false
}

/// Whitespace-separated tokens with their byte spans.
fn spans(text: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, i, text[s..i].to_string()));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, text.len(), text[s..].to_string()));
    }
    out
}

static MEMORY_AMOUNT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"\b\d+(?:[.,]\d+)?\s*(?:gb|gib|g)\b(?:\s*(?:de\s+)?(?:vram|ram|memoria))?")
});

fn take_memory_amounts(w: &mut Work) {
    w.blank(&MEMORY_AMOUNT);
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

fn take_model(catalog: &Catalog, w: &mut Work, q: &mut Query) {
    let tokens = spans(&w.text);
    let Some(start) = tokens.iter().position(|(_, _, t)| catalog.is_model_word(t)) else {
        return;
    };
    let mut end = start + 1;
    while end < tokens.len() {
        let t = &tokens[end].2;
        let subs = tokenize(t);
        if subs
            .iter()
            .all(|s| model_continues(s) || catalog.is_model_word(s))
            && !subs.is_empty()
        {
            end += 1;
        } else {
            break;
        }
    }
    let mut words: Vec<String> = tokens[start..end]
        .iter()
        .map(|(_, _, t)| t.clone())
        .collect();
    let mut blank = vec![(tokens[start].0, tokens[end - 1].1)];
    // "70B的llama": a size elsewhere in the message belongs to the model named without one.
    let has_size = words
        .iter()
        .flat_map(|w| tokenize(w))
        .any(|t| crate::catalog::size_of(&t).is_some());
    if !has_size
        && let Some((s, e, t)) = tokens
            .iter()
            .find(|(_, _, t)| tokenize(t).len() == 1 && crate::catalog::size_of(t).is_some())
    {
        words.push(t.clone());
        blank.push((*s, *e));
    }
    // Prefer the longest run of words that resolves; else report the whole run.
    let mut chosen = words.join(" ");
    for n in (1..=words.len()).rev() {
        let candidate = words[..n].join(" ");
        if catalog.resolve_model(&candidate).is_ok() {
            chosen = candidate;
            break;
        }
    }
    q.model = Some(chosen);
    for (s, e) in blank {
        w.text.replace_range(s..e, &" ".repeat(e - s));
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

/// Ordinary words of questions in our four languages: never reported as not understood.
const FILLER: &[&str] = &[
    // en
    "a",
    "an",
    "the",
    "can",
    "could",
    "we",
    "i",
    "you",
    "run",
    "running",
    "how",
    "much",
    "many",
    "need",
    "needed",
    "do",
    "does",
    "is",
    "it",
    "in",
    "on",
    "at",
    "with",
    "for",
    "of",
    "to",
    "and",
    "or",
    "what",
    "which",
    "should",
    "buy",
    "fit",
    "fits",
    "enough",
    "my",
    "our",
    "will",
    "would",
    "vram",
    "memory",
    "gpu",
    "gpus",
    "card",
    "cards",
    "model",
    "models",
    "params",
    "parameters",
    "inference",
    "serve",
    "serving",
    "deploy",
    "host",
    "local",
    "locally",
    "be",
    "are",
    "there",
    "any",
    "this",
    "that",
    "if",
    "so",
    "just",
    "use",
    "using",
    "get",
    "work",
    "need",
    "minimum",
    "min",
    "required",
    "requirements",
    "hey",
    "hi",
    "help",
    "please",
    "pls",
    "guys",
    "team",
    "possible",
    "ok",
    "big",
    "how's",
    "at",
    "by",
    "per",
    "into",
    "only",
    "also",
    "quantized",
    "quant",
    "quantization",
    "context",
    "tokens",
    "token",
    "with",
    "without",
    "vs",
    "or",
    "same",
    "time",
    "box",
    "machine",
    "server",
    "rig",
    "setup",
    "setups",
    "kv",
    "cache",
    "budget",
    "cheap",
    "cheapest",
    "best",
    "fast",
    "fastest",
    "speed",
    "tok",
    "s",
    // pt
    "quanta",
    "quanto",
    "quantas",
    "quantos",
    "preciso",
    "precisa",
    "precisamos",
    "pra",
    "pro",
    "para",
    "roda",
    "rodar",
    "rodo",
    "placa",
    "placas",
    "de",
    "da",
    "do",
    "das",
    "dos",
    "no",
    "na",
    "nos",
    "nas",
    "em",
    "com",
    "um",
    "uma",
    "o",
    "os",
    "as",
    "e",
    "que",
    "qual",
    "quais",
    "consigo",
    "consegue",
    "da",
    "dá",
    "cabe",
    "cabem",
    "vocês",
    "voces",
    "galera",
    "aguenta",
    "rola",
    "so",
    "só",
    "minha",
    "meu",
    "memoria",
    "posso",
    "comprar",
    "usar",
    "modelo",
    "modelos",
    "precisaria",
    "vale",
    "pena",
    "ajuda",
    "alguem",
    "sera",
    "isso",
    "nisso",
    "funciona",
    "suficiente",
    "tokens",
    "inferencia",
    "rodando",
    "servir",
    "necessario",
    // es
    "cuanta",
    "cuanto",
    "cuantas",
    "cuantos",
    "necesito",
    "necesita",
    "necesitamos",
    "puedo",
    "podemos",
    "puede",
    "tarjeta",
    "tarjetas",
    "en",
    "con",
    "una",
    "un",
    "el",
    "la",
    "los",
    "las",
    "del",
    "al",
    "y",
    "mi",
    "mis",
    "se",
    "hay",
    "tengo",
    "sirve",
    "alcanza",
    "compro",
    "correr",
    "corre",
    "ejecutar",
    "sola",
    "solo",
    "cual",
    "cuales",
    "como",
    "es",
    "basta",
    "hace",
    "falta",
    "usa",
    "quiero",
    "saber",
    "tal",
    "inferencia",
    "desplegar",
    "servir",
    "necesario",
    "memoria",
];

/// Words nobody used, minus ordinary question words, numbers and Chinese text.
fn leftovers(w: &Work) -> Vec<String> {
    normalize(&w.text)
        .split_whitespace()
        .filter(|t| !FILLER.contains(t))
        .filter(|t| !t.chars().any(is_han))
        .filter(|t| t.chars().any(|c| c.is_alphabetic()))
        .filter(|t| t.len() > 1)
        .map(str::to_string)
        .take(10)
        .collect()
}
