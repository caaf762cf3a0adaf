//! Each language's words behind one interface ([`Words`]): a fifth language is one more
//! module here plus its Fluent files. It holds the words that tell a message's language
//! ([`super::detect`]), the cues of follow-ups ([`super::follow_up`]) and of intents
//! ([`super::intent`]), numbers written in words ([`super::numbers_words`]), the words
//! that count cards ([`super::cards`]), ordinary words never reported as not understood
//! ([`super::filler`]) and the currency a bare amount is in ([`super::budget`]). Words
//! that are the same in every language ("vs", "nvlink", "kv cache") are in [`shared`].
//!
//! Every list is a static slice: the parser builds its automata and patterns from them
//! once, and never walks them per word on the hot path.

mod en;
mod es;
mod pt;
pub mod shared;
mod zh;

use super::budget::Currency;
use crate::guide::Topic;
use crate::vocab::Lang;

/// A group of words that tell what a question asks for ([`super::intent`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cue {
    /// "vs", "ou", "还是", "better", "diferença".
    Compare,
    /// "price", "quanto custa", "多少钱".
    Price,
    /// "what can I run", "maior modelo", "能跑什么".
    Fit,
    /// "what is", "o que é", "是什么".
    Explain,
    /// "under", "orçamento", "预算": a budget's words.
    Buy,
    /// "buy", "comprar", "买": the asker is buying (with no budget, sized as people buy).
    Purchase,
    /// "sxm" (a topic only beside "pcie", or with no card named).
    Sxm,
    /// "pcie".
    Pcie,
    /// A guide topic's words.
    Topic(Topic),
    /// "why", "lose", "砍掉": what a guide's direct answer explains (`Facet::Why`).
    Why,
    /// "expensive", "caro", "贵": why something costs what it does (`Facet::Cost`).
    Expensive,
}

/// Words of one cue group, as the cleaned text has them.
pub type CueWords = (Cue, &'static [&'static str]);

/// The words of one language the parser reads.
pub trait Words: Sync {
    /// The language these words are.
    fn lang(&self) -> Lang;
    /// Words that open a message continuing the last question ("what about", "e com",
    /// "y si"), as the cleaned text has them (lowercase, accents stripped). Matched at the
    /// start of the message, whole words only.
    fn follow_up_openers(&self) -> &'static [&'static str];
    /// Words that say a message continues the last question wherever they stand
    /// ("instead", "换成", a closing "呢" is in [`Words::follow_up_endings`]).
    fn follow_up_anywhere(&self) -> &'static [&'static str];
    /// Words that close a follow-up ("呢").
    fn follow_up_endings(&self) -> &'static [&'static str] {
        &[]
    }
    /// Ordinary words that tell a message is in this language (question words, verbs,
    /// articles), as the cleaned text has them; never a model or a card. Chinese is told
    /// by its script and has none.
    fn telling_words(&self) -> &'static [&'static str] {
        &[]
    }
    /// Phrases that settle short questions whose words two languages share ("da pra",
    /// "que es"), with their weight, read as whole words.
    fn telling_phrases(&self) -> &'static [(&'static str, f64)] {
        &[]
    }
    /// Words that tell what a question asks for, by group ("vs", "o que é", "能跑什么").
    /// Latin words match whole words; Chinese ones inside a run.
    fn cues(&self) -> &'static [CueWords] {
        &[]
    }
    /// Number words below a thousand and the value each adds ("seventy", "setenta e
    /// dois", "ciento ochenta"), as the cleaned text has them.
    fn number_words(&self) -> &'static [(&'static str, u32)] {
        &[]
    }
    /// Words that multiply what comes before ("one hundred": 100).
    fn number_multipliers(&self) -> &'static [(&'static str, u32)] {
        &[]
    }
    /// Words that join a number's parts ("setenta e dois", "one hundred and five").
    fn number_joiners(&self) -> &'static [&'static str] {
        &[]
    }
    /// Scale words meaning 10^9 after a number, one or two words each ("billion", "mil
    /// millones"): a model size in words.
    fn billion_words(&self) -> &'static [&'static [&'static str]] {
        &[]
    }
    /// Words that count cards before a card's name or a card noun, and how many ("two",
    /// "duas", "un par de" through "par", "双", "两").
    fn count_words(&self) -> &'static [(&'static str, u64)] {
        &[]
    }
    /// Nouns a bare count stands before when no card is named ("2 placas", "dos
    /// tarjetas", "two of them"), as the cleaned text has them.
    fn card_nouns(&self) -> &'static [&'static str] {
        &[]
    }
    /// Words between a count and a card's name ("2 placas 3090", "dos tarjetas 3090").
    fn count_fillers(&self) -> &'static [&'static str] {
        &[]
    }
    /// Measure words a count is written with, glued to it ("两张", "8卡" through "卡" in
    /// [`Words::card_nouns`]); one character each. Languages that count with spaces
    /// between words have none.
    fn measure_words(&self) -> &'static [&'static str] {
        &[]
    }
    /// Ordinary words of questions that are neither telling words nor any field: never
    /// reported as not understood ("hey", "modelo", "grande").
    fn stop_words(&self) -> &'static [&'static str] {
        &[]
    }
    /// The currency a bare amount is in: the one people of this language most often mean.
    fn currency(&self) -> Currency {
        Currency::Usd
    }
    /// Words that open a budget before its amount, as regex alternatives that end where
    /// the amount starts ("budget of", "orcamento de ate", "预算是").
    fn budget_openers(&self) -> &'static [&'static str] {
        &[]
    }
    /// Words after an amount that make it a budget ("de orcamento"), as regex alternatives.
    fn budget_after(&self) -> &'static [&'static str] {
        &[]
    }
    /// Currency words and the currency each names ("reais", "euros", "块钱").
    fn currency_words(&self) -> &'static [(&'static str, Currency)] {
        &[]
    }
    /// Words that scale an amount ("5 mil", "2 万") and by how much; "k" is in [`shared`].
    fn amount_scales(&self) -> &'static [(&'static str, f64)] {
        &[]
    }
    /// Training words ("fine-tune", "treinar", "微调"), as regex alternatives.
    fn train_words(&self) -> &'static [&'static str] {
        &[]
    }
    /// "Half precision" in words, as regex alternatives.
    fn half_precision_words(&self) -> &'static [&'static str] {
        &[]
    }
    /// "Full precision" in words, as regex alternatives.
    fn full_precision_words(&self) -> &'static [&'static str] {
        &[]
    }
    /// Words before a batch size ("batch of", "lote de", "批量"), as regex alternatives that end where the number starts.
    fn batch_openers(&self) -> &'static [&'static str] {
        &[]
    }
    /// Words after a number of users or requests at once ("users", "usuarios", "个并发"), as regex alternatives.
    fn user_words(&self) -> &'static [&'static str] {
        &[]
    }
    /// Phrases that ask for the longest context ("max context", "contexto maximo", "最长上下文"), as regex alternatives.
    fn max_context_phrases(&self) -> &'static [&'static str] {
        &[]
    }
    /// Words before a context size ("context", "janela", "上下文长度"), as regex
    /// alternatives.
    fn context_openers(&self) -> &'static [&'static str] {
        &[]
    }
    /// Words between a context opener and its size ("context of", "contexto de", "为").
    fn context_joiners(&self) -> &'static [&'static str] {
        &[]
    }
    /// Words before a memory amount that make it a card ("on 24gb", "numa de 16gb",
    /// "用 24g"), as the cleaned text has them.
    fn card_prepositions(&self) -> &'static [&'static str] {
        &[]
    }
    /// The language's most frequent words, one a line (`data/common_words/`, from
    /// wordfreq): a model family word among them opens a name only with a size after it.
    fn common_words(&self) -> &'static str {
        ""
    }
    /// Scale words that make a bare amount money in this language's currency ("2万" is
    /// 20,000 yuan): a budget with no currency or budget word.
    fn money_scales(&self) -> &'static [&'static str] {
        &[]
    }
    /// Words between the two ends of a range of amounts ("2 a 3 mil", "1万到2万").
    fn range_words(&self) -> &'static [&'static str] {
        &[]
    }
}

/// Every language's words, in [`Lang::ALL`] order.
pub static ALL: [&dyn Words; 4] = [&en::English, &pt::Portuguese, &es::Spanish, &zh::Chinese];

/// The words of `lang`.
pub fn of(lang: Lang) -> &'static dyn Words {
    match lang {
        Lang::En => &en::English,
        Lang::Pt => &pt::Portuguese,
        Lang::Es => &es::Spanish,
        Lang::Zh => &zh::Chinese,
    }
}

/// Regex alternatives of every language and the shared ones, longest first (so a longer
/// word wins over its prefix), each Latin one between word boundaries when `whole`.
pub fn alternation(
    of: impl Fn(&dyn Words) -> &'static [&'static str],
    shared: &[&str],
    whole: bool,
) -> String {
    let mut items: Vec<&str> = ALL.iter().flat_map(|w| of(*w).iter().copied()).collect();
    items.extend_from_slice(shared);
    items.sort_by_key(|w| std::cmp::Reverse(w.len()));
    items.dedup();
    let bounded = |w: &str| match w.as_bytes().first() {
        Some(b) if whole && b.is_ascii_alphabetic() => format!(r"\b(?:{w})\b"),
        _ => format!("(?:{w})"),
    };
    items.into_iter().map(bounded).collect::<Vec<_>>().join("|")
}

/// A literal run every match of a regex alternative holds: the longest run of plain
/// characters outside groups and classes, less a character a quantifier may drop
/// ("train" of `pre[\s-]?train\w*`, "全参" of `全参数?微调`). A cheap clue for the
/// alternative ([`super::clues`]); an alternative must hold no `|` outside a group.
pub fn literal_core(alternative: &str) -> &str {
    let (mut best, mut start, mut depth) = ("", None::<usize>, 0usize);
    let mut chars = alternative.char_indices().peekable();
    fn close<'a>(text: &'a str, from: Option<usize>, to: usize, best: &mut &'a str) {
        if let Some(from) = from
            && to - from > best.len()
        {
            *best = &text[from..to];
        }
    }
    while let Some((i, c)) = chars.next() {
        let plain = depth == 0 && !"\\()[]{}|.*+?^$".contains(c);
        if plain {
            let quantified = chars.peek().is_some_and(|&(_, n)| "?*{".contains(n));
            if quantified {
                close(alternative, start.take(), i, &mut best);
            } else {
                start.get_or_insert(i);
            }
            continue;
        }
        close(alternative, start.take(), i, &mut best);
        match c {
            '\\' => {
                chars.next();
            }
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    close(alternative, start, alternative.len(), &mut best);
    best
}

/// Every language's alternatives of one kind, longest first (a longer word wins over its
/// prefix), joined for a regex; `latin` picks those that start with an ASCII letter (set
/// between word boundaries by the pattern), or the others.
pub fn joined(of: impl Fn(&dyn Words) -> &'static [&'static str], latin: bool) -> String {
    let mut items: Vec<&str> = ALL
        .iter()
        .flat_map(|w| of(*w).iter().copied())
        .filter(|w| w.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) == latin)
        .collect();
    items.sort_by_key(|w| std::cmp::Reverse(w.len()));
    items.dedup();
    items.join("|")
}

/// The literal runs ([`literal_core`]) of every language's alternatives of one kind.
pub fn cores(of: impl Fn(&dyn Words) -> &'static [&'static str]) -> Vec<&'static str> {
    ALL.iter()
        .flat_map(|w| of(*w).iter().map(|a| literal_core(a)))
        .filter(|c| !c.is_empty())
        .collect()
}

/// A currency word of any language, or a shared currency code.
pub fn currency_of(word: &str) -> Option<Currency> {
    ALL.iter()
        .flat_map(|w| w.currency_words())
        .chain(shared::CURRENCY_WORDS)
        .find(|(w, _)| *w == word)
        .map(|&(_, c)| c)
}

/// What a scale word multiplies an amount by, in any language ("k", "mil", "万").
pub fn amount_scale(word: &str) -> Option<f64> {
    ALL.iter()
        .flat_map(|w| w.amount_scales())
        .chain(shared::AMOUNT_SCALES)
        .find(|(w, _)| *w == word)
        .map(|&(_, v)| v)
}

/// Every language's cue words, then the shared ones.
pub fn all_cues() -> impl Iterator<Item = CueWords> {
    ALL.iter()
        .flat_map(|w| w.cues().iter().copied())
        .chain(shared::CUES.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_module_in_order() {
        for (words, lang) in ALL.iter().zip(Lang::ALL) {
            assert_eq!(words.lang(), lang);
            assert_eq!(of(lang).lang(), lang);
            assert!(
                !words.follow_up_openers().is_empty() || !words.follow_up_anywhere().is_empty()
            );
        }
    }

    #[test]
    fn literal_cores_are_held_by_every_match() {
        assert_eq!(literal_core(r"budget\s+(?:of\s+)?"), "budget");
        assert_eq!(literal_core(r"预算\s*(?:是|为)?"), "预算");
        assert_eq!(literal_core(r"tokens?"), "token");
        assert_eq!(literal_core(r"全参数?微调"), "全参");
        assert_eq!(literal_core(r"pre[\s-]?train\w*"), "train");
        assert_eq!(
            literal_core(r"(?:max(?:imo)?|maior)\s+contexto\b"),
            "contexto"
        );
        assert_eq!(literal_core("reais"), "reais");
    }

    /// The clues of the patterns built from these words need a literal run in each
    /// alternative, and an alternative with a `|` outside a group would split the pattern.
    #[test]
    fn every_pattern_alternative_holds_a_literal_run() {
        let kinds: [fn(&dyn Words) -> &'static [&'static str]; 7] = [
            |w| w.train_words(),
            |w| w.half_precision_words(),
            |w| w.full_precision_words(),
            |w| w.batch_openers(),
            |w| w.user_words(),
            |w| w.budget_openers(),
            |w| w.context_openers(),
        ];
        for words in ALL {
            for kind in kinds {
                for alternative in kind(words) {
                    assert!(!literal_core(alternative).is_empty(), "{alternative}");
                    let alone = regex::Regex::new(&format!("^(?:{alternative})$"));
                    assert!(alone.is_ok(), "{alternative}");
                    let mut depth = 0i32;
                    for c in alternative.chars() {
                        match c {
                            '(' | '[' => depth += 1,
                            ')' | ']' => depth -= 1,
                            '|' => assert!(depth > 0, "{alternative}"),
                            _ => {}
                        }
                    }
                }
            }
            // The max-context clue is "context", "ctx" or "上下文" (`clues::NEEDS`).
            for phrase in words.max_context_phrases() {
                assert!(
                    ["context", "ctx", "上下文"]
                        .iter()
                        .any(|w| phrase.contains(w)),
                    "{phrase}"
                );
            }
        }
    }

    #[test]
    fn cues_are_written_as_the_cleaned_text_has_them() {
        let cleaned = |word: &str| {
            assert_eq!(*word, word.to_lowercase(), "{word}");
            assert!(
                !word.contains(['á', 'é', 'í', 'ó', 'ú', 'ã', 'õ', 'ç', 'ñ', 'ê', 'ô']),
                "{word}"
            );
        };
        for words in ALL {
            let lists = [
                words.follow_up_openers(),
                words.follow_up_anywhere(),
                words.telling_words(),
                words.stop_words(),
                words.card_nouns(),
                words.count_fillers(),
                words.card_prepositions(),
            ];
            lists.iter().flat_map(|l| l.iter()).for_each(|w| cleaned(w));
            words
                .cues()
                .iter()
                .flat_map(|(_, l)| l.iter())
                .for_each(|w| cleaned(w));
            words.number_words().iter().for_each(|(w, _)| cleaned(w));
            words.count_words().iter().for_each(|(w, _)| cleaned(w));
            words.currency_words().iter().for_each(|(w, _)| cleaned(w));
        }
    }

    #[test]
    fn joined_puts_longer_words_first_and_splits_scripts() {
        let latin = joined(|w| w.train_words(), true);
        assert!(
            latin.contains("treina") && !latin.contains("微调"),
            "{latin}"
        );
        let other = joined(|w| w.train_words(), false);
        let items: Vec<&str> = other.split('|').collect();
        let at = |w: &str| items.iter().position(|i| *i == w);
        assert!(
            at("全量微调") < at("微调") && at("微调").is_some(),
            "{other}"
        );
        assert_eq!(currency_of("reais"), Some(Currency::Brl));
        assert_eq!(currency_of("r usd"), Some(Currency::Brl));
        assert_eq!(amount_scale("万"), Some(10_000.0));
    }
}
