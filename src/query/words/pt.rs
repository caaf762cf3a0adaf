//! Brazilian Portuguese words.

use super::{Cue, CueWords, Words};
use crate::guide::Topic;
use crate::query::budget::Currency;
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
            "divido",
            "perdeu",
            "reais",
            "melhor",
            "ate",
            "os",
            "nucleos",
            "delas",
            "deles",
            "jeito",
            "eu",
            "dessas",
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
            ("funciona o", 1.5),
            ("um modelo", 1.5),
        ]
    }

    fn cues(&self) -> &'static [CueWords] {
        &[
            (
                Cue::Why,
                &[
                    "por que",
                    "porque",
                    "pq",
                    "por q",
                    "perdeu",
                    "tiraram",
                    "tirou",
                    "removeu",
                    "removeram",
                    "cortaram",
                ],
            ),
            (Cue::Expensive, &["caro", "cara", "caros", "caras"]),
            (
                Cue::Compare,
                &[
                    "ou",
                    "comparar",
                    "compara",
                    "comparacao",
                    "melhor",
                    "diferenca",
                    "mais rapida",
                ],
            ),
            (Cue::Price, &["custa", "preco", "precos", "aluguel"]),
            (
                Cue::Fit,
                &[
                    "melhor llm",
                    "quais llms",
                    "o que eu consigo",
                    "consigo rodar",
                    "o que a",
                    "maior modelo",
                    "melhor modelo",
                    "quais modelos",
                    "qual modelo",
                    "o que roda",
                    "o que da pra rodar",
                    "o que cabe",
                    "modelo mais grande",
                    "modelos cabem",
                    "modelos posso",
                    "posso rodar",
                    "da pra rodar",
                ],
            ),
            (
                Cue::Explain,
                &[
                    "o que e",
                    "o que sao",
                    "oque e",
                    "oq e",
                    "que significa",
                    "explica",
                    "explique",
                    "como funciona",
                    "por que",
                    "porque",
                    "pq",
                    "quando usar",
                ],
            ),
            (Cue::Buy, &["orcamento", "ate", "abaixo"]),
            (Cue::Purchase, &["comprar", "compro", "compraria"]),
            (
                Cue::Topic(Topic::TensorCores),
                &["nucleos tensor", "nucleos de tensor"],
            ),
            (Cue::Topic(Topic::KvCache), &["cache kv", "cache de kv"]),
            (
                Cue::Topic(Topic::MultiGpu),
                &[
                    "varias gpus",
                    "varias placas",
                    "multiplas gpus",
                    "multiplas placas",
                    "mais de uma gpu",
                    "paralelismo",
                ],
            ),
            (
                Cue::Topic(Topic::Quantization),
                &["quantizacao", "quantizar", "quantizado", "quantizada"],
            ),
            (
                Cue::Topic(Topic::Precision),
                &["precisao", "ponto flutuante"],
            ),
            (
                Cue::Topic(Topic::Oom),
                &["sem memoria", "falta de memoria", "estouro de memoria"],
            ),
            (
                Cue::Topic(Topic::Choosing),
                &["qual gpu", "qual placa", "escolher"],
            ),
            (Cue::Topic(Topic::Vram), &["memoria de video"]),
        ]
    }

    fn number_words(&self) -> &'static [(&'static str, u32)] {
        &[
            ("um", 1),
            ("uma", 1),
            ("dois", 2),
            ("duas", 2),
            ("tres", 3),
            ("quatro", 4),
            ("cinco", 5),
            ("seis", 6),
            ("sete", 7),
            ("oito", 8),
            ("nove", 9),
            ("dez", 10),
            ("onze", 11),
            ("doze", 12),
            ("treze", 13),
            ("quatorze", 14),
            ("catorze", 14),
            ("quinze", 15),
            ("dezesseis", 16),
            ("dezessete", 17),
            ("dezoito", 18),
            ("dezenove", 19),
            ("vinte", 20),
            ("trinta", 30),
            ("quarenta", 40),
            ("cinquenta", 50),
            ("sessenta", 60),
            ("setenta", 70),
            ("oitenta", 80),
            ("noventa", 90),
            ("cem", 100),
            ("cento", 100),
            ("duzentos", 200),
            ("trezentos", 300),
            ("quatrocentos", 400),
            ("quinhentos", 500),
            ("seiscentos", 600),
            ("setecentos", 700),
            ("oitocentos", 800),
            ("novecentos", 900),
        ]
    }

    fn number_joiners(&self) -> &'static [&'static str] {
        &["e"]
    }

    fn billion_words(&self) -> &'static [&'static [&'static str]] {
        &[&["bilhoes"], &["bilhao"]]
    }

    fn stop_words(&self) -> &'static [&'static str] {
        &[
            "precisamos",
            "de",
            "um",
            "o",
            "os",
            "as",
            "e",
            "consegue",
            "cabe",
            "modelo",
            // "the biggest model": size words, never a model's name ("grande" is not "granite").
            "grande",
            "grandes",
            "maior",
            "melhor",
            "modelos",
            "precisaria",
            "nisso",
            "inferencia",
            "rodando",
            "servir",
            "necessario",
        ]
    }

    fn currency(&self) -> Currency {
        Currency::Brl
    }

    fn count_words(&self) -> &'static [(&'static str, u64)] {
        &[
            ("um", 1),
            ("uma", 1),
            ("numa", 1),
            ("num", 1),
            ("dois", 2),
            ("duas", 2),
            ("par", 2),
            ("tres", 3),
            ("quatro", 4),
            ("seis", 6),
            ("oito", 8),
            ("dezesseis", 16),
        ]
    }

    fn card_nouns(&self) -> &'static [&'static str] {
        &["placa", "placas", "delas", "deles", "dessas", "desses"]
    }

    fn count_fillers(&self) -> &'static [&'static str] {
        &["placas", "placa", "de", "so", "unica"]
    }

    fn budget_openers(&self) -> &'static [&'static str] {
        &[r"orcamento\s+(?:de\s+|e\s+|:\s*)?(?:ate\s+)?"]
    }

    fn budget_after(&self) -> &'static [&'static str] {
        &[r"de\s+orcamento"]
    }

    fn currency_words(&self) -> &'static [(&'static str, Currency)] {
        &[
            ("reais", Currency::Brl),
            ("dolares", Currency::Usd),
            ("euros", Currency::Eur),
        ]
    }

    fn amount_scales(&self) -> &'static [(&'static str, f64)] {
        &[("mil", 1e+03)]
    }

    fn range_words(&self) -> &'static [&'static str] {
        &["a", "ate"]
    }

    fn train_words(&self) -> &'static [&'static str] {
        &[r"treina\w*", r"treino\w*", r"ajuste\s+fino"]
    }

    fn half_precision_words(&self) -> &'static [&'static str] {
        &[r"meia[\s-]precisao"]
    }

    fn full_precision_words(&self) -> &'static [&'static str] {
        &[r"precisao\s+(?:total|completa|cheia)"]
    }

    fn batch_openers(&self) -> &'static [&'static str] {
        &[r"lote\s*(?:de|=|:)?"]
    }

    fn user_words(&self) -> &'static [&'static str] {
        &[
            r"usuarios",
            r"simultane\w*",
            r"sequencias",
            r"requisicoes",
            r"pessoas",
        ]
    }

    fn max_context_phrases(&self) -> &'static [&'static str] {
        &[
            r"(?:max(?:imo)?|maior)\s+(?:de\s+)?(?:contexto|context|ctx)\b",
            r"(?:contexto|context|ctx)(?:\s+(?:max(?:imo)?|mais\s+longo))\b",
            r"quanto\s+(?:de\s+)?contexto\b",
        ]
    }

    fn card_prepositions(&self) -> &'static [&'static str] {
        &["em", "numa", "num", "na", "minha", "uma", "com", "de"]
    }

    fn common_words(&self) -> &'static str {
        include_str!("../../../data/common_words/pt.txt")
    }

    fn context_openers(&self) -> &'static [&'static str] {
        &[
            r"contexto",
            r"janela",
            r"sequencias?",
            r"(?:comprimento|tamanho)\s+(?:de\s+|da\s+)?sequencia",
        ]
    }

    fn context_joiners(&self) -> &'static [&'static str] {
        &[r"de", r"e"]
    }
}
