//! Which field patterns a message can match at all, from one pass over its text.
//!
//! Most questions name a model, a GPU and maybe a format; the parser still has a dozen
//! more fields to look for (LoRA, training words, batch, context, checkpointing ...), and
//! a regex search costs several hundred instructions even when it finds nothing. Every
//! such pattern needs one of a few literal words to match (`\blora\b` needs "lora"), so
//! one Aho-Corasick pass for all those words tells which patterns are worth running.
//!
//! The check is sound while the parser works: it only blanks spans (spaces replace
//! characters) or inserts spaces, and neither can create a word that was not there.

use aho_corasick::{AhoCorasick, AhoCorasickKind};
use std::sync::LazyLock;

/// A group of patterns and the words one of which each of them needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Clue {
    /// `QLORA`, `LORA`.
    Lora,
    /// `TRAIN`: fine-tuning and training words.
    Train,
    /// `GGUF`: every GGUF name has a "q" and a digit ("q4_k_m", "iq2_m", "q8").
    Gguf,
    /// `METHOD`: GPTQ, AWQ, NF4, bitsandbytes.
    Method,
    /// `FLOAT`: float and integer formats ("fp16", "bf16", "int8", "i4").
    Float,
    /// `WORDS_HALF`: "half precision" in words.
    Half,
    /// `WORDS_FULL`: "full precision" in words.
    Full,
    /// `BITS`: "4 bit", "8位", "4b quant".
    Bits,
    /// `MAX_CONTEXT`: "max context", "最大上下文".
    MaxContext,
    /// `CONTEXT`: context words, "32k", "8000 tokens".
    Context,
    /// `BATCH`: batch words and concurrent users.
    Batch,
    /// `CHECKPOINTING`.
    Checkpointing,
    /// `SHARDING`, `OFFLOAD`: training layouts.
    Sharding,
    /// `MEMORY_AMOUNT`: "24gb", "80g".
    Memory,
    /// `GLUED_COUNT`: "8xh100".
    GluedCount,
    /// `budget::BUDGET`: currency and budget words.
    Budget,
    /// A card brand ("rtx 9090"): a card the catalog may lack.
    Brand,
    /// `memory_share::SHARE`: vLLM's "gpu-memory-utilization".
    Share,
    /// `flash::FLASH`: "flash attention", "-fa".
    Flash,
}

/// The words each group's patterns need, read off the patterns in `parse.rs` (keep them
/// together: a pattern that gains an alternative needs its word here). The groups built
/// from the languages' word modules find theirs in [`derived`] and [`budget_words`].
const NEEDS: &[(Clue, &[&str])] = &[
    (Clue::Lora, &["lora"]),
    (
        Clue::Gguf,
        &["q1", "q2", "q3", "q4", "q5", "q6", "q7", "q8"],
    ),
    (Clue::Method, &["gptq", "awq", "nf4", "bnb"]),
    (Clue::Float, &["fp", "f1", "f3", "float", "int", "i8", "i4"]),
    (Clue::Bits, &["bit", "位", "比特", "quant"]),
    // The context openers are in [`derived`].
    (Clue::Context, &["k", "mil", "token"]),
    (
        Clue::Checkpointing,
        &["checkpointing", "ckpt", "梯度检查点", "重计算"],
    ),
    (Clue::MaxContext, &["context", "ctx", "上下文"]),
    (Clue::Sharding, &["fsdp", "ddp", "zero", "offload", "卸载"]),
    (Clue::Memory, &["g"]),
    (Clue::GluedCount, &["x"]),
    (
        Clue::Brand,
        &["rtx", "gtx", "rx", "radeon", "geforce", "quadro", "tesla"],
    ),
    (Clue::Share, &["util"]),
    (Clue::Flash, &["flash", "-fa"]),
];

/// The words one of which `budget::BUDGET` needs, from every language's word module:
/// currency words and codes, the literal start of each budget opener ("budget",
/// "orcamento", "预算"), and scales that are money alone ("万"). The words after an
/// amount ("de orcamento") hold an opener's word.
fn budget_words() -> impl Iterator<Item = &'static str> {
    use super::words::{ALL, literal_core, shared};
    ALL.iter()
        .flat_map(|w| {
            let currencies = w.currency_words().iter().map(|&(c, _)| c);
            let openers = w.budget_openers().iter().map(|o| literal_core(o));
            currencies
                .chain(openers)
                .chain(w.money_scales().iter().copied())
        })
        .chain(shared::CURRENCY_WORDS.iter().map(|&(c, _)| c))
        .filter(|w| !w.is_empty())
}

/// The groups whose patterns are built from the languages' word modules, with the
/// literal run each of their alternatives holds ([`super::words::literal_core`]).
fn derived() -> Vec<(Clue, Vec<&'static str>)> {
    use super::words::{Words, cores};
    let of = |f: fn(&dyn Words) -> &'static [&'static str]| cores(f);
    vec![
        (Clue::Train, of(|w| w.train_words())),
        (Clue::Half, of(|w| w.half_precision_words())),
        (Clue::Full, of(|w| w.full_precision_words())),
        (Clue::Context, of(|w| w.context_openers())),
        (
            Clue::Batch,
            [of(|w| w.batch_openers()), of(|w| w.user_words())].concat(),
        ),
    ]
}

/// Every needed word, and the group each one is a clue for.
static FINDER: LazyLock<(AhoCorasick, Vec<Clue>)> = LazyLock::new(|| {
    let (words, clues): (Vec<&str>, Vec<Clue>) = NEEDS
        .iter()
        .flat_map(|&(clue, words)| words.iter().map(move |&w| (w, clue)))
        .chain(budget_words().map(|w| (w, Clue::Budget)))
        .chain(
            derived()
                .into_iter()
                .flat_map(|(clue, cores)| cores.into_iter().map(move |w| (w, clue))),
        )
        .unzip();
    // A DFA: the fastest overlapping search, and the clue words are few.
    let finder = AhoCorasick::builder()
        .kind(Some(AhoCorasickKind::DFA))
        .build(words)
        .expect("the clue words are few and short");
    (finder, clues)
});

/// The groups whose patterns may match a text.
#[derive(Debug, Clone, Copy)]
pub(super) struct Clues(u32);

impl Clues {
    /// One pass over `text` (lowercased, as the patterns read it).
    pub(super) fn of(text: &str) -> Clues {
        let (finder, clues) = &*FINDER;
        let bits = finder.find_overlapping_iter(text).fold(0, |bits, m| {
            bits | 1 << clues[m.pattern().as_usize()] as u32
        });
        Clues(bits)
    }

    /// Whether patterns of this group can match.
    pub(super) fn has(self, clue: Clue) -> bool {
        self.0 & (1 << clue as u32) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_words_patterns_need() {
        let c = Clues::of("qlora llama 70b on 2x 4090 with 32k context");
        assert!(c.has(Clue::Lora) && c.has(Clue::Context) && c.has(Clue::GluedCount));
        assert!(!c.has(Clue::Train) && !c.has(Clue::Gguf) && !c.has(Clue::Batch));
        let c = Clues::of("两张4090能跑70b的llama吗 4bit量化");
        assert!(c.has(Clue::Bits) && !c.has(Clue::Float) && !c.has(Clue::Memory));
        assert!(Clues::of("微调 qwen").has(Clue::Train));
        for budget in [
            "r usd 5 mil",
            "5000 reais",
            "presupuesto de 2k",
            "预算 1 万",
            "2 万",
        ] {
            assert!(Clues::of(budget).has(Clue::Budget), "{budget}");
        }
    }
}
