//! What free-text questions ask for, against 240-odd questions typed the way people chat
//! (tests/corpus/intents_*.json: comparisons, guide topics, "what can I run", max context,
//! budgets, pasted errors, mixed setups, unknown cards): each language gets at least 98 % of
//! intents and fields right. Also: short questions are answered in their own language.

use serde::Deserialize;
use vramguide::catalog::Catalog;
use vramguide::diagnose::Read;
use vramguide::i18n::Lang;
use vramguide::query::parse;

#[derive(Debug, Deserialize)]
struct Case {
    q: String,
    lang: String,
    intent: String,
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    gpus: Option<Vec<String>>,
    #[serde(default)]
    counts: Option<Vec<u64>>,
    #[serde(default)]
    topic: Option<String>,
    #[serde(default)]
    budget: Option<(f64, String)>,
    #[serde(default)]
    engine: Option<String>,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    context: Option<u64>,
    #[serde(default)]
    unknown_gpu: Option<String>,
}

/// (field, expected, got) for every field the case names.
fn fields(case: &Case) -> Vec<(&'static str, String, String)> {
    let catalog = Catalog::get();
    let p = parse(catalog, &case.q);
    let lang = p.language.unwrap_or(Lang::En).code().to_string();
    let mut out = vec![
        ("lang", case.lang.clone(), lang),
        ("intent", case.intent.clone(), p.intent.name().to_string()),
    ];
    let ids: Vec<String> = p
        .gpus
        .iter()
        .map(|(name, _)| {
            catalog
                .resolve_gpu(name)
                .map_or_else(|_| format!("?{name}"), |m| m.gpu.id.clone())
        })
        .collect();
    if let Some(gpus) = &case.gpus {
        out.push(("gpus", gpus.join(","), ids.join(",")));
    }
    if let Some(counts) = &case.counts {
        let got: Vec<String> = p
            .gpus
            .iter()
            .map(|(_, n)| n.map_or("-".into(), |n| n.to_string()))
            .collect();
        let want: Vec<String> = counts.iter().map(u64::to_string).collect();
        out.push(("counts", want.join(","), got.join(",")));
    }
    if let Some(model) = &case.model {
        let got = p.query.model.as_ref().map_or("-".into(), |m| {
            catalog
                .resolve_model(m)
                .map_or_else(|_| format!("?{m}"), |r| r.model.id.clone())
        });
        out.push(("model", model.clone(), got));
    }
    if let Some(topic) = &case.topic {
        let got = p.topic.map_or("-", |t| t.slug());
        out.push(("topic", topic.clone(), got.to_string()));
    }
    if let Some((amount, currency)) = &case.budget {
        let got = p.budget.map_or("-".into(), |b| {
            format!("{} {}", b.amount, b.currency.code())
        });
        out.push(("budget", format!("{amount} {currency}"), got));
    }
    let diagnosis = match &p.diagnosis {
        Some(Read::Known(d)) => Some((d.engine.name(), d.kind.id())),
        _ => None,
    };
    if let Some(engine) = &case.engine {
        let got = diagnosis.map_or("-", |d| d.0);
        out.push(("engine", engine.clone(), got.to_string()));
    }
    if let Some(kind) = &case.kind {
        let got = diagnosis.map_or("-", |d| d.1);
        out.push(("kind", kind.clone(), got.to_string()));
    }
    if let Some(context) = case.context {
        let got = p.query.context.map_or("-".into(), |c| c.to_string());
        out.push(("context", context.to_string(), got));
    }
    if let Some(unknown) = &case.unknown_gpu {
        let got = p.unknown_gpu.clone().unwrap_or_else(|| "-".into());
        out.push(("unknown_gpu", unknown.clone(), got));
    }
    out
}

fn check(lang: &str) {
    let path = format!(
        "{}/tests/corpus/intents_{lang}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("corpus file");
    let cases: Vec<Case> = serde_json::from_str(&text).expect("corpus JSON");
    assert!(cases.len() >= 60, "{path}: {} questions", cases.len());
    let (mut right, mut total) = (0, 0);
    let mut misses = Vec::new();
    for case in &cases {
        assert_eq!(case.lang, lang, "{}", case.q);
        for (field, want, got) in fields(case) {
            total += 1;
            if want == got {
                right += 1;
            } else {
                misses.push(format!(
                    "{field}: want {want:?} got {got:?} in {:?}",
                    case.q
                ));
            }
        }
    }
    let share = f64::from(right) / f64::from(total);
    assert!(
        share >= 0.98,
        "{lang}: {right}/{total} fields right ({:.1} %)\n{}",
        share * 100.0,
        misses.join("\n")
    );
    // Every intent is in the corpus of every language.
    for intent in [
        "estimate",
        "compare",
        "explain",
        "fit",
        "max_context",
        "buy",
        "diagnose",
    ] {
        assert!(
            cases.iter().any(|c| c.intent == intent),
            "{lang}: no {intent} question"
        );
    }
}

#[test]
fn english() {
    check("en");
}

#[test]
fn portuguese() {
    check("pt");
}

#[test]
fn spanish() {
    check("es");
}

#[test]
fn chinese() {
    check("zh");
}

/// Short questions carry few telling words; each must still be read in its own language.
#[test]
fn short_questions_are_read_in_their_language() {
    let sets: [(Lang, &[&str]); 4] = [
        (
            Lang::Pt,
            &[
                "o que é nvlink?",
                "quanto de vram o llama 70b usa?",
                "o que são tensor cores?",
                "o que é kv cache?",
                "4090 ou 3090?",
                "qual gpu comprar?",
                "o que é vram?",
                "quanto custa uma h100?",
                "roda numa 4090?",
                "e o qwen 32b?",
                "preciso de nvlink?",
                "o que é quantização?",
                "llama 8b cabe numa 3060?",
                "qual a diferença?",
                "o que roda numa 3090?",
                "vale a pena a 5090?",
                "o que é sxm?",
                "pra que serve fp8?",
                "dá pra rodar?",
                "e com duas placas?",
                "qual o contexto máximo?",
            ],
        ),
        (
            Lang::Es,
            &[
                "¿qué es nvlink?",
                "¿qué es la caché kv?",
                "¿cuánta vram usa llama 70b?",
                "¿4090 o 3090?",
                "¿qué gpu compro?",
                "¿qué es la vram?",
                "¿cuánto cuesta una h100?",
                "¿corre en una 4090?",
                "¿y qwen 32b?",
                "¿necesito nvlink?",
                "¿qué es la cuantización?",
                "¿cabe llama 8b en una 3060?",
                "¿cuál es la diferencia?",
                "¿qué corre en una 3090?",
                "¿vale la pena la 5090?",
                "¿qué es sxm?",
                "¿para qué sirve fp8?",
                "¿se puede correr?",
                "¿y con dos tarjetas?",
                "¿cuál es el contexto máximo?",
                "que son los tensor cores",
            ],
        ),
        (
            Lang::En,
            &[
                "what is nvlink?",
                "what's the kv cache?",
                "how much vram does llama 70b use?",
                "4090 or 3090?",
                "which gpu should i buy?",
                "what is vram?",
                "how much is an h100?",
                "does it run on a 4090?",
                "what about qwen 32b?",
                "do i need nvlink?",
                "what is quantization?",
                "will llama 8b fit on a 3060?",
                "what's the difference?",
                "what runs on a 3090?",
                "is the 5090 worth it?",
                "what is sxm?",
                "what is fp8 for?",
                "can i run it?",
                "and with two cards?",
                "what's the max context?",
                "what are tensor cores?",
            ],
        ),
        (
            Lang::Zh,
            &[
                "nvlink是什么？",
                "什么是kv缓存",
                "llama 70b 要多少显存",
                "4090还是3090",
                "买什么卡",
                "显存是什么",
                "h100多少钱",
                "4090能跑吗",
                "qwen 32b呢",
                "需要nvlink吗",
                "量化是什么",
                "3060能跑llama 8b吗",
                "有什么区别",
                "3090能跑什么",
                "5090值得买吗",
                "sxm是什么",
                "fp8有什么用",
                "能跑吗",
                "两张卡呢",
                "最大上下文多少",
                "张量核心是什么",
            ],
        ),
    ];
    let catalog = Catalog::get();
    let mut wrong = Vec::new();
    for (lang, questions) in sets {
        assert!(questions.len() >= 20);
        for q in questions {
            let got = parse(catalog, q).language;
            if got != Some(lang) {
                wrong.push(format!("{q:?}: {got:?}, want {lang:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
