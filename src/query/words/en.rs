//! English words.

use super::Words;
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
}
