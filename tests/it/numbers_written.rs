//! Numbers as people write them (issue 34, item 5), in every intent that reads an amount:
//! budgets ("1万5", "一万五", "1.5万", "两万", "15k", "R$ 5 mil", "5.000 reais", "$3k",
//! ranges "2-3k" read as their top), contexts ("32k de contexto", "上下文3万2") and card
//! counts ("2x3090", "un par de", "双卡"), each in its language.

use vramguide::answer::Intent;
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::query::budget::Currency;
use vramguide::query::{Parsed, parse};

fn read(text: &str) -> Parsed {
    parse(Catalog::get(), text)
}

/// (message, its language, amount as typed, currency).
const BUDGETS: &[(&str, Lang, f64, Currency)] = &[
    (
        "which gpu should i buy with a 15k budget",
        Lang::En,
        15_000.0,
        Currency::Usd,
    ),
    (
        "best card to buy under $3k",
        Lang::En,
        3_000.0,
        Currency::Usd,
    ),
    (
        "budget $2-3k for a llm box, which gpu",
        Lang::En,
        3_000.0,
        Currency::Usd,
    ),
    (
        "what gpu should i buy for 1.5k dollars",
        Lang::En,
        1_500.0,
        Currency::Usd,
    ),
    (
        "which gpu to buy under $2,500",
        Lang::En,
        2_500.0,
        Currency::Usd,
    ),
    (
        "what should i buy for llama 3.1 70b with a 2k-3k usd budget",
        Lang::En,
        3_000.0,
        Currency::Usd,
    ),
    (
        "orçamento de R$ 5 mil, qual placa comprar?",
        Lang::Pt,
        5_000.0,
        Currency::Brl,
    ),
    (
        "tenho 5.000 reais, qual placa eu compro?",
        Lang::Pt,
        5_000.0,
        Currency::Brl,
    ),
    (
        "qual gpu comprar até 8 mil reais",
        Lang::Pt,
        8_000.0,
        Currency::Brl,
    ),
    (
        "orçamento de 3 a 4 mil reais pra rodar llm, qual placa?",
        Lang::Pt,
        4_000.0,
        Currency::Brl,
    ),
    (
        "orçamento de 10k pra comprar placa pra llm",
        Lang::Pt,
        10_000.0,
        Currency::Brl,
    ),
    (
        "presupuesto de 1500 dolares, que gpu compro",
        Lang::Es,
        1_500.0,
        Currency::Usd,
    ),
    (
        "que gpu compro con 2k euros",
        Lang::Es,
        2_000.0,
        Currency::Eur,
    ),
    (
        "tengo 3.000 euros, que tarjeta compro?",
        Lang::Es,
        3_000.0,
        Currency::Eur,
    ),
    (
        "presupuesto 2-3k, que tarjeta compro",
        Lang::Es,
        3_000.0,
        Currency::Eur,
    ),
    ("预算1万5", Lang::Zh, 15_000.0, Currency::Cny),
    ("预算一万五买什么显卡", Lang::Zh, 15_000.0, Currency::Cny),
    ("预算1.5万买什么卡", Lang::Zh, 15_000.0, Currency::Cny),
    ("两万预算买什么显卡", Lang::Zh, 20_000.0, Currency::Cny),
    ("预算15k买什么显卡", Lang::Zh, 15_000.0, Currency::Cny),
    ("1万到2万的显卡买哪个", Lang::Zh, 20_000.0, Currency::Cny),
    ("预算五千买什么卡", Lang::Zh, 5_000.0, Currency::Cny),
    ("预算8000元买什么显卡", Lang::Zh, 8_000.0, Currency::Cny),
];

#[test]
fn budgets_in_every_language() {
    let mut wrong = Vec::new();
    for &(text, lang, amount, currency) in BUDGETS {
        let p = read(text);
        let got = p.budget.map(|b| (b.amount, b.currency));
        if got != Some((amount, currency)) || p.language != Some(lang) || p.intent != Intent::Buy {
            wrong.push(format!(
                "{text}: {got:?} {:?} {:?}, want {amount} {currency:?} {lang:?} buy",
                p.language, p.intent
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// (message, its language, tokens of context).
const CONTEXTS: &[(&str, Lang, u64)] = &[
    ("llama 3.1 8b with 32k context on a 4090", Lang::En, 32_768),
    (
        "can i run qwen3 32b at 128k ctx on two 3090s",
        Lang::En,
        131_072,
    ),
    ("llama 3.1 8b with 1.5k tokens of context", Lang::En, 1_536),
    ("qwen3 8b com 32k de contexto numa 4090", Lang::Pt, 32_768),
    (
        "llama 3.1 8b com 32 mil tokens de contexto",
        Lang::Pt,
        32_000,
    ),
    ("qwen3 8b con contexto de 64k en una 4090", Lang::Es, 65_536),
    ("qwen3 8b en una 3090 con 16 mil tokens", Lang::Es, 16_000),
    ("qwen3 8b 上下文32k 4090能跑吗", Lang::Zh, 32_768),
    ("qwen3 8b 上下文3万2 能跑吗", Lang::Zh, 32_000),
    ("qwen3 8b 上下文 3.2万 能跑吗", Lang::Zh, 32_000),
    ("qwen3 8b 开两万上下文要多少显存", Lang::Zh, 20_000),
];

#[test]
fn contexts_in_every_language() {
    let mut wrong = Vec::new();
    for &(text, lang, tokens) in CONTEXTS {
        let p = read(text);
        let ok = p.query.context == Some(tokens)
            && p.language == Some(lang)
            && p.budget.is_none()
            && p.query
                .model
                .as_deref()
                .is_some_and(|m| m.contains("qwen") || m.contains("llama"));
        if !ok {
            wrong.push(format!(
                "{text}: context {:?}, budget {:?}, {:?}, model {:?}",
                p.query.context, p.budget, p.language, p.query.model
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// (message, its language, the cards' counts in order).
const COUNTS: &[(&str, Lang, &[u64])] = &[
    ("can 2x3090 run llama 3.1 70b in 4 bit", Lang::En, &[2]),
    ("5090 or a pair of 3090s", Lang::En, &[1, 2]),
    ("dá pra rodar llama 70b em duas 3090?", Lang::Pt, &[2]),
    ("5090 ou 2x3090", Lang::Pt, &[1, 2]),
    ("una 5090 o un par de 3090", Lang::Es, &[1, 2]),
    ("puedo correr llama 70b en dos 3090?", Lang::Es, &[2]),
    ("5090 对比 双卡3090", Lang::Zh, &[1, 2]),
    ("两张4090能跑70b吗", Lang::Zh, &[2]),
    ("八张h100训练llama 3.1 70b", Lang::Zh, &[8]),
];

#[test]
fn card_counts_in_every_language() {
    let mut wrong = Vec::new();
    for &(text, lang, counts) in COUNTS {
        let p = read(text);
        let got: Vec<u64> = p.gpus.iter().map(|(_, c)| c.unwrap_or(1)).collect();
        if got != counts || p.language != Some(lang) {
            wrong.push(format!("{text}: {got:?} {:?}", p.language));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// (message, its language, users at once).
const USERS: &[(&str, Lang, u64)] = &[
    ("serve llama 3.1 8b to 1k users on h100s", Lang::En, 1_000),
    (
        "servir qwen3 32b pra 2 mil usuarios simultaneos",
        Lang::Pt,
        2_000,
    ),
    ("servir qwen3 32b para 1.5k usuarios", Lang::Es, 1_500),
    ("qwen3 32b 200个并发要几张h100", Lang::Zh, 200),
];

#[test]
fn users_in_every_language() {
    let mut wrong = Vec::new();
    for &(text, lang, users) in USERS {
        let p = read(text);
        if p.query.batch != Some(users) || p.language != Some(lang) {
            wrong.push(format!("{text}: {:?} {:?}", p.query.batch, p.language));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
