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

    fn telling_words(&self) -> &'static [&'static str] {
        &[
            "tem",
            "quanta",
            "quanto",
            "quantas",
            "quantos",
            "preciso",
            "precisa",
            "precisam",
            "memoria",
            "pra",
            "pro",
            "roda",
            "rodar",
            "rodo",
            "consigo",
            "voces",
            "voce",
            "treinar",
            "treino",
            "treinamento",
            "bilhoes",
            "bilhao",
            "numa",
            "num",
            "uma",
            "nao",
            "em",
            "com",
            "duas",
            "dois",
            "oito",
            "quatro",
            "tres",
            "meia",
            "precisao",
            "qual",
            "quais",
            "galera",
            "aguenta",
            "rola",
            "so",
            "ta",
            "minha",
            "meu",
            "posso",
            "da",
            "do",
            "das",
            "dos",
            "no",
            "na",
            "nas",
            "nos",
            "usuarios",
            "simultaneos",
            "comprar",
            "vale",
            "pena",
            "ajuda",
            "alguem",
            "sera",
            "tambem",
            "mais",
            "cabem",
            "isso",
            "esse",
            "essa",
            "pelo",
            "pela",
            "funciona",
            "suficiente",
            "fazer",
            "ajuste",
            "fino",
            "compro",
            "quero",
            "usar",
            "ou",
            "serve",
            "sobe",
            "morreu",
            "deu",
            "aqui",
            "erro",
            "dando",
            "pq",
            "toda",
            "hora",
            "trocar",
            "pela",
            "comecar",
            "usada",
            "cabe",
            "lance",
        ]
    }

    fn telling_phrases(&self) -> &'static [(&'static str, f64)] {
        &[
            ("da pra", 2.0),
            ("o que", 2.0),
            ("oque", 2.0),
            ("quanto de", 1.0),
            ("pra que", 1.0),
            ("e o", 1.0),
            ("que o", 1.0),
        ]
    }
}
