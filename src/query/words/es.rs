//! Spanish words (Latin American, as people type them).

use super::Words;
use crate::vocab::Lang;

pub struct Spanish;

impl Words for Spanish {
    fn lang(&self) -> Lang {
        Lang::Es
    }

    fn follow_up_openers(&self) -> &'static [&'static str] {
        &[
            "y si",
            "y con",
            "y en",
            "y a",
            "y para",
            "y usando",
            "y ahora",
            "y que tal",
            "que tal con",
            "que tal en",
            "y la",
            "y el",
            "y de",
            "y",
            "lo mismo",
            "misma pregunta",
            "ahora con",
            "ahora en",
        ]
    }

    fn follow_up_anywhere(&self) -> &'static [&'static str] {
        &[
            "en vez",
            "en lugar",
            "lo mismo",
            "misma pregunta",
            "cambiando a",
        ]
    }
}
