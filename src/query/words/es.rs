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

    fn telling_words(&self) -> &'static [&'static str] {
        &[
            "necesito",
            "necesita",
            "necesitamos",
            "cuanta",
            "cuanto",
            "cuantas",
            "cuantos",
            "memoria",
            "puedo",
            "podemos",
            "puede",
            "tarjeta",
            "tarjetas",
            "entrenar",
            "entreno",
            "entrenamiento",
            "millones",
            "que",
            "compro",
            "comprar",
            "en",
            "con",
            "una",
            "un",
            "dos",
            "ocho",
            "cuatro",
            "tres",
            "para",
            "correr",
            "sola",
            "solo",
            "media",
            "precision",
            "usuarios",
            "concurrentes",
            "se",
            "hay",
            "tengo",
            "mi",
            "mis",
            "el",
            "los",
            "las",
            "sirve",
            "alcanza",
            "del",
            "al",
            "cual",
            "cuales",
            "como",
            "y",
            "si",
            "cuando",
            "nueva",
            "nuevo",
            "es",
            "basta",
            "suficiente",
            "hace",
            "falta",
            "usar",
            "quiero",
            "ajuste",
            "fino",
            "funciona",
            "caben",
            "corre",
            "ejecutar",
            "la",
            "lo",
            "cae",
            "arranca",
            "ayuda",
            "sale",
            "esto",
            "explicame",
            "empezar",
            "conviene",
            "ahora",
            "precio",
            "cuesta",
            "menos",
            "dolares",
            "todo",
            "rato",
            "pasar",
            "mejor",
            "cambia",
            "tira",
            "ellas",
            "ellos",
        ]
    }

    fn telling_phrases(&self) -> &'static [(&'static str, f64)] {
        &[
            ("vale la pena", 2.0),
            ("que es", 1.0),
            ("que son", 1.0),
            ("cabe en", 1.0),
            // Spanish "no" before a verb is "not"; Portuguese "no" is "in the" and says "não".
            ("no arranca", 1.5),
            ("no inicia", 1.5),
            ("no funciona", 1.5),
            ("no carga", 1.5),
            ("no corre", 1.5),
            ("no cabe", 1.5),
        ]
    }
}
