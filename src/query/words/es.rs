//! Spanish words (Latin American, as people type them).

use super::{Cue, CueWords, Words};
use crate::guide::Topic;
use crate::query::budget::Currency;
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

    fn cues(&self) -> &'static [CueWords] {
        &[
            (
                Cue::Why,
                &[
                    "por que", "porque", "por q", "perdio", "quitaron", "quito", "sacaron",
                    "elimino",
                ],
            ),
            (Cue::Expensive, &["caro", "cara", "caros", "caras"]),
            (
                Cue::Compare,
                &[
                    "o",
                    "comparar",
                    "compara",
                    "comparacion",
                    "mejor",
                    "diferencia",
                    "mas rapida",
                ],
            ),
            (Cue::Price, &["cuesta", "precio", "precios", "alquiler"]),
            (
                Cue::Fit,
                &[
                    "que llms",
                    "mejor llm",
                    "que llm",
                    "que puedo",
                    "que modelos",
                    "que modelo",
                    "cual modelo",
                    "que puedo correr",
                    "que puedo ejecutar",
                    "que corre",
                    "que cabe",
                    "mayor modelo",
                    "modelo mas grande",
                    "modelos caben",
                    "modelos puedo",
                    "mejor modelo",
                    "puedo correr",
                    "puedo ejecutar",
                    "puedo usar",
                ],
            ),
            (
                Cue::Explain,
                &[
                    "que es",
                    "que son",
                    "que significa",
                    "explica",
                    "como funciona",
                    "por que",
                    "porque",
                    "por q",
                    "cuando usar",
                ],
            ),
            (Cue::Buy, &["presupuesto", "hasta"]),
            (Cue::Purchase, &["comprar", "compro", "compraria"]),
            (
                Cue::Topic(Topic::TensorCores),
                &["nucleos de tensor", "nucleos tensoriales"],
            ),
            (
                Cue::Topic(Topic::KvCache),
                &["cache kv", "cache de kv", "cache de la kv"],
            ),
            (
                Cue::Topic(Topic::MultiGpu),
                &["varias gpus", "varias placas", "paralelismo"],
            ),
            (
                Cue::Topic(Topic::Quantization),
                &["cuantizacion", "cuantizar", "cuantizado", "cuantizada"],
            ),
            (
                Cue::Topic(Topic::Precision),
                &["precision", "coma flotante"],
            ),
            (Cue::Topic(Topic::Oom), &["sin memoria", "falta de memoria"]),
            (
                Cue::Topic(Topic::Choosing),
                &[
                    "que gpu",
                    "cual gpu",
                    "que tarjeta",
                    "cual tarjeta",
                    "elegir",
                ],
            ),
            (Cue::Topic(Topic::Vram), &["memoria de video"]),
        ]
    }

    fn number_words(&self) -> &'static [(&'static str, u32)] {
        &[
            ("un", 1),
            ("uno", 1),
            ("una", 1),
            ("dos", 2),
            ("cuatro", 4),
            ("siete", 7),
            ("ocho", 8),
            ("nueve", 9),
            ("diez", 10),
            ("once", 11),
            ("doce", 12),
            ("trece", 13),
            ("dieciseis", 16),
            ("diecisiete", 17),
            ("dieciocho", 18),
            ("diecinueve", 19),
            ("veinte", 20),
            ("veintiuno", 21),
            ("veintiun", 21),
            ("veintidos", 22),
            ("veintitres", 23),
            ("veinticuatro", 24),
            ("veinticinco", 25),
            ("veintiseis", 26),
            ("veintisiete", 27),
            ("veintiocho", 28),
            ("veintinueve", 29),
            ("treinta", 30),
            ("cuarenta", 40),
            ("cincuenta", 50),
            ("sesenta", 60),
            ("ochenta", 80),
            ("cien", 100),
            ("ciento", 100),
            ("doscientos", 200),
            ("trescientos", 300),
            ("cuatrocientos", 400),
            ("quinientos", 500),
            ("seiscientos", 600),
            ("setecientos", 700),
            ("ochocientos", 800),
            ("novecientos", 900),
            ("tres", 3),
            ("cinco", 5),
            ("seis", 6),
            ("catorce", 14),
            ("quince", 15),
            ("setenta", 70),
            ("noventa", 90),
        ]
    }

    fn number_joiners(&self) -> &'static [&'static str] {
        &["y"]
    }

    fn billion_words(&self) -> &'static [&'static [&'static str]] {
        &[&["mil", "millones"], &["mil", "millon"], &["millardos"]]
    }

    fn stop_words(&self) -> &'static [&'static str] {
        &[
            "la",
            "de",
            "saber",
            "tal",
            "desplegar",
            "necesario",
            "mayor",
            "mejor",
            "modelo",
            "modelos",
            "grande",
            "grandes",
        ]
    }

    fn currency(&self) -> Currency {
        Currency::Eur
    }

    fn count_words(&self) -> &'static [(&'static str, u64)] {
        &[
            ("un", 1),
            ("una", 1),
            ("uno", 1),
            ("dos", 2),
            ("par", 2),
            ("tres", 3),
            ("cuatro", 4),
            ("seis", 6),
            ("ocho", 8),
            ("dieciseis", 16),
        ]
    }

    fn card_nouns(&self) -> &'static [&'static str] {
        &[
            "placa", "placas", "tarjeta", "tarjetas", "grafica", "graficas", "de ellas",
            "de ellos", "de esas", "de esos",
        ]
    }

    fn count_fillers(&self) -> &'static [&'static str] {
        &[
            "tarjetas", "tarjeta", "placas", "placa", "de", "sola", "unica",
        ]
    }

    fn budget_openers(&self) -> &'static [&'static str] {
        &[r"presupuesto\s+(?:de\s+|es\s+|:\s*)?(?:hasta\s+)?"]
    }

    fn budget_after(&self) -> &'static [&'static str] {
        &[r"de\s+presupuesto"]
    }

    fn currency_words(&self) -> &'static [(&'static str, Currency)] {
        &[
            ("dolares", Currency::Usd),
            ("euro", Currency::Eur),
            ("euros", Currency::Eur),
        ]
    }

    fn amount_scales(&self) -> &'static [(&'static str, f64)] {
        &[("mil", 1e+03)]
    }

    fn range_words(&self) -> &'static [&'static str] {
        &["a", "hasta"]
    }

    fn train_words(&self) -> &'static [&'static str] {
        &[r"entren\w*", r"ajuste\s+fino", r"afinar"]
    }

    fn half_precision_words(&self) -> &'static [&'static str] {
        &[r"media[\s-]precision"]
    }

    fn full_precision_words(&self) -> &'static [&'static str] {
        &[r"precision\s+(?:completa|total|simple)"]
    }

    fn batch_openers(&self) -> &'static [&'static str] {
        &[r"lote\s*(?:de|=|:)?"]
    }

    fn user_words(&self) -> &'static [&'static str] {
        &[
            r"usuarios",
            r"concurrent\w*",
            r"simultane\w*",
            r"secuencias",
            r"peticiones",
            r"personas",
        ]
    }

    fn max_context_phrases(&self) -> &'static [&'static str] {
        &[
            r"(?:max(?:imo)?|mayor)\s+(?:de\s+)?(?:contexto|context|ctx)\b",
            r"(?:contexto|context|ctx)(?:\s+(?:max(?:imo)?|mas\s+largo))\b",
            r"cuanto\s+contexto\b",
        ]
    }

    fn card_prepositions(&self) -> &'static [&'static str] {
        &["en", "una", "mi", "con", "de"]
    }

    fn common_words(&self) -> &'static str {
        include_str!("../../../data/common_words/es.txt")
    }

    fn context_openers(&self) -> &'static [&'static str] {
        &[
            r"contexto",
            r"ventana",
            r"secuencias?",
            r"longitud\s+(?:de\s+|de\s+la\s+)?secuencia",
        ]
    }

    fn context_joiners(&self) -> &'static [&'static str] {
        &[r"de", r"es"]
    }
}
