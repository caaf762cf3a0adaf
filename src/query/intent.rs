//! What a free-text question asks for: an estimate, a comparison of cards, a guide topic,
//! what fits a setup, the longest context, what to buy within a budget, or the reading of a
//! pasted error.
//!
//! The words that tell ("vs", "what is", "what can I run", "nvlink", "预算") are found with
//! one Aho-Corasick pass over the cleaned text ([`Cues::of`]); the fields the parser took out
//! (model, GPUs, budget) decide the rest in [`classify`]. No pattern runs here.

use super::parse::Parsed;
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

/// A group of telling words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cue {
    /// "vs", "ou", "还是", "better", "diferença".
    Compare,
    /// "price", "quanto custa", "多少钱".
    Price,
    /// "what can I run", "maior modelo", "能跑什么".
    Fit,
    /// "what is", "o que é", "是什么".
    Explain,
    /// "buy", "comprar", "买".
    Buy,
    /// "sxm" (a topic only beside "pcie", or with no card named).
    Sxm,
    /// "pcie".
    Pcie,
    /// A guide topic's words.
    Topic(Topic),
    /// "why", "lose", "砍掉": what a guide's direct answer explains ([`Facet::Why`]).
    Why,
    /// "expensive", "caro", "贵": why something costs what it does ([`Facet::Cost`]).
    Expensive,
}

impl Cue {
    fn bit(self) -> u32 {
        match self {
            Cue::Compare => 0,
            Cue::Price => 1,
            Cue::Fit => 2,
            Cue::Explain => 3,
            Cue::Buy => 4,
            Cue::Sxm => 5,
            Cue::Pcie => 6,
            Cue::Topic(t) => 8 + Topic::ALL.iter().position(|&x| x == t).unwrap_or(0) as u32,
            Cue::Why => 7,
            Cue::Expensive => 29,
        }
    }
}

/// Words as the cleaned text has them: lowercase, accents stripped, Chinese runs spaced off
/// Latin words and digits. Latin words match whole words only.
const WORDS: &[(Cue, &[&str])] = &[
    (
        Cue::Compare,
        &[
            "vs",
            "versus",
            "or",
            "ou",
            "o",
            "还是",
            "哪个",
            "哪张",
            "对比",
            "比较",
            "compare",
            "comparar",
            "compara",
            "comparison",
            "comparacao",
            "comparacion",
            "better",
            "melhor",
            "mejor",
            "difference",
            "diferenca",
            "diferencia",
            "区别",
            "差别",
            "faster",
            "mais rapida",
            "mas rapida",
            "更快",
            "划算",
            "好",
        ],
    ),
    (
        Cue::Price,
        &[
            "price",
            "prices",
            "cost",
            "costs",
            "how much is",
            "how much does",
            "custa",
            "preco",
            "precos",
            "cuesta",
            "precio",
            "precios",
            "多少钱",
            "价格",
            "售价",
            "rent",
            "rental",
            "aluguel",
            "alquiler",
            "租",
        ],
    ),
    (
        Cue::Fit,
        &[
            "what can i run",
            "what can a",
            "what can my",
            "best llm",
            "best llms",
            "which llms",
            "what llms",
            "melhor llm",
            "quais llms",
            "que llms",
            "o que eu consigo",
            "consigo rodar",
            "o que a",
            "mejor llm",
            "que llm",
            "que puedo",
            "what can run",
            "what can i fit",
            "what fits",
            "what models",
            "which models",
            "what model",
            "which model",
            "biggest model",
            "largest model",
            "best model",
            "maior modelo",
            "melhor modelo",
            "quais modelos",
            "que modelos",
            "qual modelo",
            "que modelo",
            "cual modelo",
            "o que roda",
            "o que da pra rodar",
            "o que cabe",
            "que puedo correr",
            "que puedo ejecutar",
            "que corre",
            "que cabe",
            "mayor modelo",
            "modelo mas grande",
            "modelo mais grande",
            "能跑什么",
            "能跑哪些",
            "跑什么",
            "最大的模型",
            "什么模型",
            "哪些模型",
            "models fit",
            "modelos caben",
            "modelos cabem",
            "models can i run",
            "modelos puedo",
            "modelos posso",
            "mejor modelo",
            "can i run",
            "can run",
            "posso rodar",
            "consigo rodar",
            "da pra rodar",
            "puedo correr",
            "puedo ejecutar",
            "puedo usar",
            "能跑",
            "可以跑",
        ],
    ),
    (
        Cue::Explain,
        &[
            "what is",
            "what s",
            "whats",
            "what are",
            "explain",
            "meaning",
            "o que e",
            "o que sao",
            "oque e",
            "oq e",
            "que es",
            "que son",
            "que significa",
            "explica",
            "explique",
            "是什么",
            "什么是",
            "啥是",
            "啥意思",
            "什么意思",
            "how does",
            "como funciona",
            "why",
            "por que",
            "porque",
            "pq",
            "por q",
            "为什么",
            "为啥",
            "tell me about",
            "when to use",
            "quando usar",
            "cuando usar",
            "do i need",
            "need",
        ],
    ),
    (
        Cue::Buy,
        &[
            "buy",
            "purchase",
            "comprar",
            "compro",
            "买",
            "购买",
            "入手",
            "under",
            "budget",
            "orcamento",
            "presupuesto",
            "预算",
            "ate",
            "hasta",
            "below",
            "abaixo",
            "以内",
        ],
    ),
    (Cue::Sxm, &["sxm"]),
    (Cue::Pcie, &["pcie"]),
    (
        Cue::Topic(Topic::Nvlink),
        &["nvlink", "nv link", "nv-link", "nvswitch"],
    ),
    (
        Cue::Topic(Topic::TensorCores),
        &[
            "tensor core",
            "tensor cores",
            "tensor-core",
            "tensor-cores",
            "tensorcores",
            "nucleos tensor",
            "nucleos de tensor",
            "nucleos tensoriales",
            "张量核心",
            "张量核",
            "tensor 核心",
        ],
    ),
    (
        Cue::Topic(Topic::KvCache),
        &[
            "kv cache",
            "kv-cache",
            "kvcache",
            "cache kv",
            "cache de kv",
            "cache de la kv",
            "kv 缓存",
            "键值缓存",
        ],
    ),
    (
        Cue::Topic(Topic::CudaVisibleDevices),
        &[
            "cuda_visible_devices",
            "cuda visible devices",
            "cuda-visible-devices",
            "visible devices",
            "visible_devices",
        ],
    ),
    (
        Cue::Topic(Topic::MultiGpu),
        &[
            "multi gpu",
            "multi-gpu",
            "multigpu",
            "multiple gpus",
            "varias gpus",
            "varias placas",
            "multiplas gpus",
            "multiplas placas",
            "mais de uma gpu",
            "more than one gpu",
            "多卡",
            "多 gpu",
            "多显卡",
            "多张卡",
            "tensor parallel",
            "tensor parallelism",
            "pipeline parallel",
            "paralelismo",
            "并行",
        ],
    ),
    (
        Cue::Topic(Topic::Quantization),
        &[
            "quantization",
            "quantisation",
            "quantize",
            "quantized",
            "quantizacao",
            "quantizar",
            "quantizado",
            "quantizada",
            "cuantizacion",
            "cuantizar",
            "cuantizado",
            "cuantizada",
            "量化",
            "quant",
            "quants",
        ],
    ),
    (
        Cue::Topic(Topic::Precision),
        &[
            "precision",
            "precisao",
            "精度",
            "floating point",
            "ponto flutuante",
            "coma flotante",
        ],
    ),
    (
        Cue::Topic(Topic::Oom),
        &[
            "oom",
            "ooms",
            "out of memory",
            "sem memoria",
            "falta de memoria",
            "sin memoria",
            "爆显存",
            "显存不足",
            "显存溢出",
            "内存不足",
            "estouro de memoria",
        ],
    ),
    (
        Cue::Topic(Topic::Choosing),
        &[
            "which gpu",
            "what gpu",
            "which card",
            "what card",
            "choose a gpu",
            "choosing a gpu",
            "pick a gpu",
            "qual gpu",
            "qual placa",
            "que gpu",
            "cual gpu",
            "que tarjeta",
            "cual tarjeta",
            "escolher",
            "elegir",
            "选卡",
            "什么卡",
            "哪个显卡",
            "什么显卡",
            "选哪个",
            "选什么",
        ],
    ),
    (
        Cue::Topic(Topic::Vram),
        &[
            "vram",
            "显存",
            "video memory",
            "memoria de video",
            "gpu memory",
        ],
    ),
];

/// The words of a guide question's facet ([`Cues::facet`]).
const FACET_WORDS: &[(Cue, &[&str])] = &[
    (
        Cue::Why,
        &[
            "why",
            "por que",
            "porque",
            "pq",
            "por q",
            "为什么",
            "为啥",
            "怎么没",
            "lose",
            "lost",
            "drop",
            "dropped",
            "remove",
            "removed",
            "kill",
            "killed",
            "perdeu",
            "tiraram",
            "tirou",
            "removeu",
            "removeram",
            "cortaram",
            "perdio",
            "quitaron",
            "quito",
            "sacaron",
            "elimino",
            "砍",
            "取消",
            "去掉",
            "阉割",
        ],
    ),
    (
        Cue::Expensive,
        &[
            "expensive",
            "so much",
            "pricey",
            "caro",
            "cara",
            "caros",
            "caras",
            "贵",
            "昂贵",
        ],
    ),
];

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
    let (words, cues): (Vec<&str>, Vec<Cue>) = WORDS
        .iter()
        .chain(FACET_WORDS)
        .flat_map(|&(cue, words)| words.iter().map(move |&w| (w, cue)))
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
    // Two cards and a model with "and" between them is a mixed setup to size, not a comparison.
    if cards >= 2 && (cues.has(Cue::Compare) || !subject) {
        return Intent::Compare;
    }
    // A budget with a model, or with buying words ("which card under $1000?").
    if p.budget.is_some() && (subject || cues.has(Cue::Buy)) {
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
