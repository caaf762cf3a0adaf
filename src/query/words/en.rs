//! English words.

use super::{Cue, CueWords, Words};
use crate::guide::Topic;
use crate::query::budget::Currency;
use crate::vocab::Lang;

pub struct English;

impl Words for English {
    fn lang(&self) -> Lang {
        Lang::En
    }

    fn follow_up_openers(&self) -> &'static [&'static str] {
        &[
            "what about",
            "how about",
            "and what about",
            "and with",
            "and on",
            "and in",
            "and at",
            "and for",
            "and if",
            "and using",
            "and now",
            "what if",
            "same with",
            "same but",
            "same for",
            "same on",
            "same question",
            "now with",
            "now on",
            "ok and",
            "and",
        ]
    }

    fn follow_up_anywhere(&self) -> &'static [&'static str] {
        &["instead", "same question", "same thing but", "same model"]
    }

    fn telling_words(&self) -> &'static [&'static str] {
        &[
            "can",
            "we",
            "run",
            "how",
            "much",
            "many",
            "need",
            "the",
            "on",
            "in",
            "with",
            "what",
            "should",
            "i",
            "buy",
            "does",
            "fit",
            "is",
            "enough",
            "my",
            "for",
            "will",
            "it",
            "of",
            "and",
            "to",
            "do",
            "you",
            "which",
            "would",
            "memory",
            "train",
            "training",
            "finetune",
            "fine",
            "tune",
            "cards",
            "card",
            "two",
            "four",
            "eight",
            "three",
            "one",
            "single",
            "dual",
            "are",
            "be",
            "at",
            "using",
            "use",
            "users",
            "concurrent",
            "billion",
            "params",
            "parameters",
            "model",
            "context",
            "half",
            "full",
            "precision",
            "there",
            "any",
            "our",
            "this",
            "that",
            "if",
            "or",
            "need",
            "needed",
            "minimum",
            "get",
            "work",
            "works",
            "possible",
            "much",
        ]
    }

    fn cues(&self) -> &'static [CueWords] {
        &[
            (
                Cue::Why,
                &[
                    "why", "lose", "lost", "drop", "dropped", "remove", "removed", "kill", "killed",
                ],
            ),
            (Cue::Expensive, &["expensive", "so much", "pricey"]),
            (
                Cue::Compare,
                &[
                    "or",
                    "compare",
                    "comparison",
                    "better",
                    "difference",
                    "faster",
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
                    "rent",
                    "rental",
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
                    "models fit",
                    "models can i run",
                    "can i run",
                    "can run",
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
                    "how does",
                    "why",
                    "tell me about",
                    "when to use",
                    "do i need",
                    "need",
                ],
            ),
            (Cue::Buy, &["under", "budget", "below"]),
            (Cue::Purchase, &["buy", "purchase"]),
            (
                Cue::Topic(Topic::MultiGpu),
                &["multiple gpus", "more than one gpu"],
            ),
            (
                Cue::Topic(Topic::Quantization),
                &["quantization", "quantisation", "quantize", "quantized"],
            ),
            (
                Cue::Topic(Topic::Precision),
                &["precision", "floating point"],
            ),
            (Cue::Topic(Topic::Oom), &["out of memory"]),
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
                ],
            ),
            (Cue::Topic(Topic::Vram), &["video memory", "gpu memory"]),
        ]
    }

    fn number_words(&self) -> &'static [(&'static str, u32)] {
        &[
            ("one", 1),
            ("two", 2),
            ("three", 3),
            ("four", 4),
            ("five", 5),
            ("six", 6),
            ("seven", 7),
            ("eight", 8),
            ("nine", 9),
            ("ten", 10),
            ("eleven", 11),
            ("twelve", 12),
            ("thirteen", 13),
            ("fourteen", 14),
            ("fifteen", 15),
            ("sixteen", 16),
            ("seventeen", 17),
            ("eighteen", 18),
            ("nineteen", 19),
            ("twenty", 20),
            ("thirty", 30),
            ("forty", 40),
            ("fifty", 50),
            ("sixty", 60),
            ("seventy", 70),
            ("eighty", 80),
            ("ninety", 90),
        ]
    }

    fn number_multipliers(&self) -> &'static [(&'static str, u32)] {
        &[("hundred", 100)]
    }

    fn number_joiners(&self) -> &'static [&'static str] {
        &["and"]
    }

    fn billion_words(&self) -> &'static [&'static [&'static str]] {
        &[&["billion"], &["billions"]]
    }

    fn stop_words(&self) -> &'static [&'static str] {
        &[
            "a",
            "an",
            "could",
            "running",
            "fits",
            // "ram/vram", "ram or vram": the machine's memory beside the card's, no field of its own.
            "ram",
            "models",
            "inference",
            "serve",
            "serving",
            "deploy",
            "host",
            "local",
            "locally",
            "just",
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
            "ok",
            "big",
            "how's",
            "by",
            "per",
            "into",
            "only",
            "also",
            "quantized",
            "quantization",
            "tokens",
            "token",
            "without",
            "same",
            "time",
            "box",
            "machine",
            "server",
            "rig",
            "setup",
            "setups",
            "budget",
            "cheap",
            "cheapest",
            "best",
            "fast",
            "fastest",
            "speed",
            "bigger",
            "biggest",
            "large",
            "largest",
        ]
    }

    fn count_words(&self) -> &'static [(&'static str, u64)] {
        &[
            ("one", 1),
            ("single", 1),
            ("two", 2),
            ("dual", 2),
            ("pair", 2),
            ("three", 3),
            ("four", 4),
            ("six", 6),
            ("eight", 8),
            ("sixteen", 16),
        ]
    }

    fn card_nouns(&self) -> &'static [&'static str] {
        &[
            "card", "cards", "gpu", "gpus", "gpu's", "of them", "of those",
        ]
    }

    fn count_fillers(&self) -> &'static [&'static str] {
        &["cards", "card", "gpus", "gpu", "of"]
    }

    fn budget_openers(&self) -> &'static [&'static str] {
        &[r"budget\s+(?:of\s+|is\s+|:\s*)?(?:up\s+to\s+)?"]
    }

    fn budget_after(&self) -> &'static [&'static str] {
        &[r"budget"]
    }

    fn currency_words(&self) -> &'static [(&'static str, Currency)] {
        &[
            ("dollar", Currency::Usd),
            ("dollars", Currency::Usd),
            ("bucks", Currency::Usd),
        ]
    }

    fn range_words(&self) -> &'static [&'static str] {
        &["to"]
    }

    fn train_words(&self) -> &'static [&'static str] {
        &[
            r"full[\s-]?(?:fine[\s-]?tun\w*|finetun\w*|ft|param\w*)",
            r"fine[\s-]?tun\w*",
            r"finetun\w*",
            r"train\w*",
            r"pre[\s-]?train\w*",
            r"sft",
        ]
    }

    fn half_precision_words(&self) -> &'static [&'static str] {
        &[r"half[\s-]precision"]
    }

    fn full_precision_words(&self) -> &'static [&'static str] {
        &[r"full[\s-]precision"]
    }

    fn batch_openers(&self) -> &'static [&'static str] {
        &[
            r"batch(?:[\s_-]?size)?\s*(?:of|=|:)?",
            r"bs\s*(?:=|:)?",
            r"micro[\s-]?batch\s*(?:of|=|:)?",
        ]
    }

    fn user_words(&self) -> &'static [&'static str] {
        &[
            r"users",
            r"user",
            r"concurrent\w*",
            r"sequences",
            r"requests",
        ]
    }

    fn max_context_phrases(&self) -> &'static [&'static str] {
        &[
            r"(?:max(?:imum)?|longest|largest|biggest)\s+(?:context|ctx)(?:\s+(?:length|window|size|len))?\b",
            r"(?:context|ctx)(?:\s+(?:length|window))?\s+(?:max(?:imum)?|limit)\b",
            r"how\s+(?:much|long\s+(?:a|of\s+a))\s+context\b",
        ]
    }

    fn card_prepositions(&self) -> &'static [&'static str] {
        &["on", "with", "in", "into", "my", "a", "an", "one"]
    }

    fn common_words(&self) -> &'static str {
        include_str!("../../../data/common_words/en.txt")
    }

    fn context_openers(&self) -> &'static [&'static str] {
        &[
            r"context",
            r"ctx",
            r"(?:max[\s_-]?)?seq(?:uence)?s?(?:[\s_-]?len(?:gth)?)?",
            r"max[\s_-]?len",
        ]
    }

    fn context_joiners(&self) -> &'static [&'static str] {
        &[r"of", r"is"]
    }
}
