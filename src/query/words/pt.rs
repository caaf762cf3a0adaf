//! Brazilian Portuguese words.

use super::Words;
use crate::vocab::Lang;

pub struct Portuguese;

impl Words for Portuguese {
    fn lang(&self) -> Lang {
        Lang::Pt
    }

    fn follow_up_openers(&self) -> &'static [&'static str] {
        &[
            "e com",
            "e se",
            "e em",
            "e no",
            "e na",
            "e numa",
            "e num",
            "e pra",
            "e para",
            "e usando",
            "e agora",
            "e a",
            "e o",
            "e rodando",
            "e trocando",
            "e de",
            "e",
            "mesma coisa",
            "mesma pergunta",
            "agora com",
            "agora em",
            "e no caso",
        ]
    }

    fn follow_up_anywhere(&self) -> &'static [&'static str] {
        &[
            "em vez",
            "ao inves",
            "mesma pergunta",
            "mesma coisa",
            "trocando por",
        ]
    }
}
