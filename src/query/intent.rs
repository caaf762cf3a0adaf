//! What a free-text question asks for: an estimate, a comparison of cards, a guide topic,
//! what fits a setup, the longest context, what to buy within a budget, or the reading of a
//! pasted error.
//!
//! The words that tell ("vs", "what is", "what can I run", "nvlink", "预算"), kept in each
//! language's word module ([`super::words`]), are found with one Aho-Corasick pass over
//! the cleaned text ([`Cues::of`]); the fields the parser took out
//! (model, GPUs, budget) decide the rest in [`classify`]. No pattern runs here.

use super::parse::Parsed;
use super::words::Cue;
use crate::guide::{Facet, Topic};
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use serde::Serialize;
use std::sync::LazyLock;

/// What a question asks for.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, strum::IntoStaticStr, strum::VariantArray,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Intent {
    #[default]
    Estimate,
    Compare,
    Explain,
    Fit,
    MaxContext,
    Buy,
    Diagnose,
}

impl Intent {
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl Cue {
    fn bit(self) -> u32 {
        match self {
            Cue::Compare => 0,
            Cue::Price => 1,
            Cue::Fit => 2,
            Cue::Explain => 3,
            Cue::Buy => 4,
            Cue::Purchase => 30,
            Cue::Sxm => 5,
            Cue::Pcie => 6,
            Cue::Topic(t) => 8 + Topic::ALL.iter().position(|&x| x == t).unwrap_or(0) as u32,
            Cue::Why => 7,
            Cue::Expensive => 29,
        }
    }
}

/// The topics in the order a message naming several is settled: the most specific first.
const TOPIC_ORDER: [Topic; 10] = [
    Topic::Nvlink,
    Topic::TensorCores,
    Topic::KvCache,
    Topic::CudaVisibleDevices,
    Topic::MultiGpu,
    Topic::Quantization,
    Topic::Precision,
    Topic::Oom,
    Topic::Choosing,
    Topic::Vram,
];

static FINDER: LazyLock<(AhoCorasick, Vec<Cue>)> = LazyLock::new(|| {
    // Every language's words ([`super::words`]) in one automaton.
    let (words, cues): (Vec<&str>, Vec<Cue>) = super::words::all_cues()
        .flat_map(|(cue, words)| words.iter().map(move |&w| (w, cue)))
        .unzip();
    // A DFA: the fastest overlapping search, and the cue words are few.
    let finder = AhoCorasickBuilder::new()
        .match_kind(MatchKind::Standard)
        .kind(Some(AhoCorasickKind::DFA))
        .build(words)
        .expect("the cue words are few and short");
    (finder, cues)
});

/// The cue groups a cleaned text holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cues(u32);

impl Cues {
    /// One pass over the cleaned text.
    pub(super) fn of(text: &str) -> Cues {
        let (finder, cues) = &*FINDER;
        let bytes = text.as_bytes();
        let word_byte = |at: usize| bytes.get(at).is_some_and(u8::is_ascii_alphanumeric);
        let mut bits = 0;
        for m in finder.find_overlapping_iter(text) {
            // Latin words match whole: "or" is not in "for", "o" not in "ollama".
            let latin = bytes[m.start()].is_ascii_alphabetic();
            if latin && ((m.start() > 0 && word_byte(m.start() - 1)) || word_byte(m.end())) {
                continue;
            }
            bits |= 1 << cues[m.pattern().as_usize()].bit();
        }
        Cues(bits)
    }

    fn has(self, cue: Cue) -> bool {
        self.0 & (1 << cue.bit()) != 0
    }

    /// What a guide question asks of its topic: why it costs so much, why a card lacks
    /// it, else whether a card has it.
    pub fn facet(self) -> Facet {
        if self.has(Cue::Price) || self.has(Cue::Expensive) {
            Facet::Cost
        } else if self.has(Cue::Why) {
            Facet::Why
        } else {
            Facet::Has
        }
    }

    /// The guide topic the words name, if any. "sxm" is one beside "pcie", or with no card
    /// named ("h100 sxm" is a card).
    pub(super) fn topic(self, cards: usize) -> Option<Topic> {
        let sxm = (self.has(Cue::Sxm) && self.has(Cue::Pcie))
            || (cards == 0 && (self.has(Cue::Sxm) || self.has(Cue::Pcie)));
        // "whats SXM and why do H100 SXM boxes cost so much": asked about, card or not.
        let asked = self.has(Cue::Sxm) && self.has(Cue::Explain);
        if (sxm && cards < 2) || asked {
            return Some(Topic::Sxm);
        }
        let topic = TOPIC_ORDER.into_iter().find(|&t| self.has(Cue::Topic(t)))?;
        // "vram" is in nearly every sizing question: a topic only when asked about, or set
        // beside something else ("ram vs vram", "diferença entre ram e vram").
        match topic {
            Topic::Vram if !(self.has(Cue::Explain) || self.has(Cue::Compare)) => None,
            _ => Some(topic),
        }
    }
}

/// Decide what a parsed question asks for.
pub(super) fn classify(p: &Parsed) -> Intent {
    if p.diagnosis.is_some() {
        return Intent::Diagnose;
    }
    let cues = p.cues;
    let subject = p.query.has_subject();
    let cards = p.gpus.len() + usize::from(p.unknown_gpu.is_some());
    // "vram" beside a card and fit words ("o que eu consigo rodar com 8gb de vram", "best
    // llm for 12gb vram") asks what fits; beside two cards it is a comparison.
    let vram_only = p.topic == Some(Topic::Vram);
    if vram_only && !subject && cards == 1 && cues.has(Cue::Fit) {
        return Intent::Fit;
    }
    // A question about a topic that names cards ("3090 支持nvlink吗 4090为什么砍掉了",
    // "why did the 4090 lose NVLink"): the guide, not a spec sheet.
    if !subject
        && p.topic.is_some()
        && cues.has(Cue::Explain)
        && p.budget.is_none()
        && !(vram_only && cards >= 2)
    {
        return Intent::Explain;
    }
    // Two cards and no model: a comparison. With a model, two setups set side by side ("X
    // on A or do I need B") are the estimate on each ([`alternatives`]), and two cards with
    // "and" between them a mixed setup to size.
    if cards >= 2 && !subject {
        return Intent::Compare;
    }
    // A budget with a model, or with buying words ("which card under $1000?").
    if p.budget.is_some() && (subject || cues.has(Cue::Buy) || cues.has(Cue::Purchase)) {
        return Intent::Buy;
    }
    if p.query.max_context {
        return Intent::MaxContext;
    }
    if subject {
        return Intent::Estimate;
    }
    if p.topic.is_some() {
        return Intent::Explain;
    }
    if cards == 1 && cues.has(Cue::Fit) {
        return Intent::Fit;
    }
    if cards == 1 && p.query.precision.is_none() {
        return Intent::Compare;
    }
    Intent::Estimate
}

/// Whether a question that names a model sets two or more setups side by side ("kimi k2.5
/// on 8x h100 or do i need h200s", "deepseek r1 em 8 h100 ou preciso de h200?", "¿qwen3 235b
/// en 4 a100 o necesito h100?", "用8张h100够吗还是要h200"): the model is estimated on each
/// setup, not the cards' spec sheets compared, and not one mixed setup of all of them.
pub fn alternatives(p: &Parsed) -> bool {
    p.gpus.len() >= 2 && p.cues.has(Cue::Compare) && p.query.has_subject()
}

/// The topic a question with no model asks about: the words' topic, or precision when two
/// formats are set side by side ("fp8 vs int4", "what is bf16").
pub(super) fn topic(p: &Parsed) -> Option<Topic> {
    let cards = p.gpus.len();
    p.cues.topic(cards).or_else(|| {
        (p.query.precision.is_some()
            && !p.query.has_subject()
            && cards == 0
            && (p.cues.has(Cue::Explain) || p.cues.has(Cue::Compare)))
        .then_some(Topic::Precision)
    })
}

/// Whether the words ask why or what ("pq dá out of memory se…"): a question about a
/// concept, even with a figure or an error word in it.
pub(super) fn asks_why(p: &Cues) -> bool {
    p.has(Cue::Explain)
}

/// Whether the question asks which card to buy for a model with no budget given ("what gpu
/// should i buy for qwen 32b", "买什么显卡跑 qwen 32b"): sized as a consumer budget is.
pub fn asks_to_buy(p: &Parsed) -> bool {
    p.budget.is_none() && p.cues.has(Cue::Purchase)
}

/// Whether the question asks for prices (one card: its facts and street price).
pub fn asks_price(p: &Parsed) -> bool {
    p.cues.has(Cue::Price)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cues_match_whole_latin_words() {
        let c = Cues::of("what is nvlink for ollama");
        assert!(c.has(Cue::Explain) && c.has(Cue::Topic(Topic::Nvlink)));
        assert!(
            !c.has(Cue::Compare),
            "'or' inside 'for', 'o' inside 'ollama'"
        );
        assert_eq!(c.topic(0), Some(Topic::Nvlink));
        let c = Cues::of("h100 sxm ou pcie");
        assert_eq!(c.topic(1), Some(Topic::Sxm));
        assert_eq!(Cues::of("h100 sxm 80gb").topic(1), None);
        assert_eq!(Cues::of("quanta vram pro llama").topic(0), None);
        assert_eq!(Cues::of("o que e vram").topic(0), Some(Topic::Vram));
        assert_eq!(Cues::of("ram vs vram").topic(0), Some(Topic::Vram));
        assert_eq!(
            Cues::of("diferencia entre ram vram").topic(0),
            Some(Topic::Vram)
        );
        assert_eq!(Cues::of("什么是 kv 缓存").topic(0), Some(Topic::KvCache));
    }
}
