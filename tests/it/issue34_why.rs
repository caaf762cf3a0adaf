//! Every example of issue 34's "Why", one test per language: each is read as the issue
//! says it should be (the intent, the model, the cards with their counts, the guide
//! topic) and answered in the message's language through the answer service, as `ask
//! --json` prints it. Follow-ups are read after the question they follow, as `vramguide
//! chat` and the bot do (more in `chat_cli` and `discord_e2e::follow_up`).

use serde_json::Value;
use vramguide::answer::Intent;
use vramguide::ask::{Question, Service, Who};
use vramguide::catalog::{Catalog, MatchKind};
use vramguide::chat::{Turned, turn};
use vramguide::guide::Topic;
use vramguide::i18n::Lang;
use vramguide::query::budget::Currency;
use vramguide::query::{Parsed, parse};
use vramguide::render;
use vramguide::store::Source;

fn read(text: &str) -> Parsed {
    parse(Catalog::get(), text)
}

fn model_id(p: &Parsed) -> Option<&str> {
    p.model_match.as_ref().map(|m| m.model.id.as_str())
}

fn counts(p: &Parsed) -> Vec<u64> {
    p.gpus.iter().map(|(_, c)| c.unwrap_or(1)).collect()
}

/// The answer `ask --json` prints for `question` (an English fallback: the reply's
/// language must come from the message).
async fn answer_to(question: Question) -> Value {
    let service = Service::offline();
    let reply = service.ask(question, &Who::on(Source::Cli)).await;
    let catalog = Catalog::get();
    match &reply.outcome {
        Ok(o) => render::outcome::json(reply.lang, catalog, o),
        Err(e) => serde_json::to_value(render::json::error(reply.lang, catalog, e))
            .expect("an error object serializes"),
    }
}

async fn answer(text: &str) -> Value {
    answer_to(Question::text(text, Lang::En)).await
}

/// The answer's language and intent, as its JSON says them.
fn said(json: &Value) -> (&str, &str) {
    (
        json["language"].as_str().unwrap_or("?"),
        json["intent"].as_str().unwrap_or("?"),
    )
}

/// The counts of a comparison answer's setups, in the order named.
fn compared_counts(json: &Value) -> Vec<u64> {
    json["compare"]["gpus"]
        .as_array()
        .map(|gpus| gpus.iter().filter_map(|g| g["count"].as_u64()).collect())
        .unwrap_or_default()
}

/// A follow-up after `first`, answered as the thread's next question.
async fn follow_up(first: &str, second: &str) -> (Parsed, Value) {
    let previous = read(first);
    match turn(second, Some(&previous), Lang::En) {
        Turned::Ask {
            question,
            parsed,
            changes,
        } => {
            assert!(
                !changes.is_empty(),
                "{second:?} after {first:?} kept nothing"
            );
            (*parsed, answer_to(question).await)
        }
        Turned::Orphan { .. } => panic!("{second:?} after {first:?} is an orphan"),
    }
}

/// "e com 2 placas?" and its kin: the first question on two of its cards, in the
/// follow-up's language.
async fn two_cards_follow_up(first: &str, second: &str, lang: &str) {
    let (p, json) = follow_up(first, second).await;
    assert_eq!(model_id(&p), Some("llama-3.1-8b"), "{second}");
    assert_eq!(p.query.gpu_count, Some(2), "{second}");
    assert_eq!(said(&json), (lang, "estimate"), "{second}");
    assert_eq!(json["query"]["gpu_count"], 2, "{second}");
}

/// An explanation of a guide topic, in `lang`, with no model made up.
async fn explains(text: &str, topic: Topic, lang: &str) {
    let p = read(text);
    assert_eq!(
        (p.intent, p.topic),
        (Intent::Explain, Some(topic)),
        "{text}"
    );
    assert!(p.diagnosis.is_none(), "{text}: not a pasted log");
    assert!(!p.query.has_subject(), "{text}: {:?}", p.query.model);
    let json = answer(text).await;
    assert_eq!(said(&json), (lang, "explain"), "{text}");
}

/// Setups compared as setups: the counts in the parse and in the answer, in `lang`.
async fn compares_setups(text: &str, want: &[u64], lang: &str) {
    let p = read(text);
    assert_eq!(
        (p.intent, counts(&p)),
        (Intent::Compare, want.to_vec()),
        "{text}"
    );
    let json = answer(text).await;
    assert_eq!(said(&json), (lang, "compare"), "{text}");
    assert_eq!(compared_counts(&json), want, "{text}: the pair is kept");
}

/// A name close to a catalog entry is not taken for it without a word.
fn not_taken_silently(name: &str) {
    let p = read(name);
    assert!(
        !matches!(
            p.model_match.as_ref().map(|m| &m.kind),
            Some(MatchKind::Exact | MatchKind::Newest { .. })
        ),
        "{name} taken silently for {:?}",
        model_id(&p)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn english() {
    two_cards_follow_up(
        "llama 3.1 8b fp16 on a rtx 3060 12gb",
        "what about with 2 cards?",
        "en",
    )
    .await;
    explains("why do i OOM at 32k ctx but not 8k", Topic::Oom, "en").await;
    explains(
        "whats SXM and why do H100 SXM boxes cost so much",
        Topic::Sxm,
        "en",
    )
    .await;
    explains("why did the 4090 lose NVLink", Topic::Nvlink, "en").await;

    let text = "gpt oss 120b fits in 96gb? thinking rtx pro 6000";
    let p = read(text);
    assert_eq!(p.language, Some(Lang::En), "'pro' does not vote");
    assert_eq!(model_id(&p), Some("gpt-oss-120b"));
    assert_eq!(p.query.gpu.as_deref(), Some("rtx-pro-6000-blackwell"));
    assert_eq!(said(&answer(text).await), ("en", "estimate"));

    // A card given by its memory.
    for (text, gb, card) in [
        (
            "what can i run on my 96gb card",
            96,
            "rtx-pro-6000-blackwell",
        ),
        ("can i run qwen3 32b q4_k_m on 24gb", 24, "rtx-3090"),
        ("what can i run on a 12g card", 12, "rtx-3060-12gb"),
    ] {
        let p = read(text);
        assert_eq!(
            (p.query.gpu.as_deref(), p.query.gpu_by_memory),
            (Some(card), Some(gb)),
            "{text}"
        );
    }

    // "X on A or do I need B": the model on both setups, eight cards each: an estimate on
    // each setup, not a spec sheet (more in `on_each`).
    let text = "kimi k2.5 on 8x h100 possible or do i need h200s";
    let p = read(text);
    assert_eq!(model_id(&p), Some("kimi-k2.5"));
    assert_eq!(counts(&p), [8, 8]);
    let json = answer(text).await;
    assert_eq!(said(&json), ("en", "estimate"), "{json}");
    let sized: Vec<(u64, bool)> = json["on_each"]
        .as_array()
        .map(|g| {
            g.iter()
                .filter_map(|g| Some((g["count"].as_u64()?, g["fits"].as_bool()?)))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(sized.len(), 2, "the model sized on both setups: {json}");
    assert!(
        sized.iter().all(|(n, _)| *n == 8),
        "both setups, eight each"
    );

    for name in [
        "minimax m2.7",
        "longcat flash chat",
        "glm 4.5v",
        "olmocr 2 7b",
        "tongyi deepresearch 30b a3b",
        "dolphin 3.0 llama 3.1 8b",
        "deepseek r1 distill llama 70b abliterated",
    ] {
        not_taken_silently(name);
    }
    // Names the catalog lacks, with no size: suggestions, not "not understood" alone.
    for name in ["step3", "intern-s1"] {
        let json = answer(name).await;
        let suggestions = json["error"]["suggestions"].as_array().map(Vec::len);
        assert!(suggestions.unwrap_or(0) > 0, "{name}: {json}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn portuguese() {
    two_cards_follow_up(
        "llama 3.1 8b em fp16 numa rtx 3060 12gb",
        "e com 2 placas?",
        "pt",
    )
    .await;
    explains(
        "pq dá out of memory se o modelo tem só 14gb e minha placa tem 16",
        Topic::Oom,
        "pt",
    )
    .await;
    compares_setups("5090 ou 2x3090", &[1, 2], "pt").await;
    let p = read("o que roda numa placa de 16gb?");
    assert_eq!(p.query.gpu_by_memory, Some(16));
    assert_eq!(p.language, Some(Lang::Pt));
    assert!(
        read("qual o maior modelo grande que roda")
            .query
            .model
            .is_none()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spanish() {
    two_cards_follow_up(
        "llama 3.1 8b en fp16 en una rtx 3060 12gb",
        "y si uso 2 placas?",
        "es",
    )
    .await;
    let text = "cuanto contexto maximo le puedo meter a qwen3 8b";
    let p = read(text);
    assert_eq!(model_id(&p), Some("qwen3-8b"), "'maximo' is no model");
    assert_eq!(p.intent, Intent::MaxContext);
    assert_eq!(said(&answer(text).await), ("es", "max_context"));

    let text = "conviene 4090 nueva o 3090 usada";
    assert_eq!(read(text).intent, Intent::Compare);
    assert_eq!(said(&answer(text).await), ("es", "compare"));
    compares_setups("una 5090 o un par de 3090", &[1, 2], "es").await;
    assert!(read("grande").query.model.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chinese() {
    two_cards_follow_up(
        "llama 3.1 8b fp16 用一张3060 12gb能跑吗",
        "那换成两张卡呢",
        "zh",
    )
    .await;
    for text in ["预算1万5", "预算一万五", "预算1.5万", "预算15k"] {
        let p = read(text);
        let b = p.budget.expect("a budget");
        assert_eq!(
            (p.intent, b.amount, b.currency),
            (Intent::Buy, 15_000.0, Currency::Cny),
            "{text}"
        );
        let json = answer(text).await;
        assert_eq!(json["language"], "zh", "{text}");
        assert_eq!(json["budget"]["amount"], 15_000.0, "{text}");
    }
    compares_setups("5090 对比 双卡3090", &[1, 2], "zh").await;
    explains("3090 支持nvlink吗 4090为什么砍掉了", Topic::Nvlink, "zh").await;
    let text = "llama 3.1 8b 在 4090 上最长能开多少上下文";
    let p = read(text);
    assert_eq!(
        (p.intent, model_id(&p)),
        (Intent::MaxContext, Some("llama-3.1-8b"))
    );
    assert_eq!(said(&answer(text).await), ("zh", "max_context"));
}
