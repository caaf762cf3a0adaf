//! The examples of issue 34's "Why", one test per language: each is read as the issue
//! says it should be (follow-ups are in `chat_cli` and `discord_e2e::follow_up`).

use vramguide::answer::Intent;
use vramguide::catalog::{Catalog, MatchKind};
use vramguide::guide::Topic;
use vramguide::i18n::Lang;
use vramguide::query::{Parsed, parse};

fn read(text: &str) -> Parsed {
    parse(Catalog::get(), text)
}

fn model_id(p: &Parsed) -> Option<&str> {
    p.model_match.as_ref().map(|m| m.model.id.as_str())
}

fn counts(p: &Parsed) -> Vec<u64> {
    p.gpus.iter().map(|(_, c)| c.unwrap_or(1)).collect()
}

#[test]
fn english() {
    let p = read("why do i OOM at 32k ctx but not 8k");
    assert_eq!((p.intent, p.topic), (Intent::Explain, Some(Topic::Oom)));
    assert!(
        !p.query.has_subject(),
        "a context figure names no model: {:?}",
        p.query.model
    );
    let p = read("gpt oss 120b fits in 96gb? thinking rtx pro 6000");
    assert_eq!(p.language, Some(Lang::En), "'pro' does not vote");
    assert_eq!(model_id(&p), Some("gpt-oss-120b"));
    assert_eq!(p.query.gpu.as_deref(), Some("rtx-pro-6000-blackwell"));
    let p = read("whats SXM and why do H100 SXM boxes cost so much");
    assert_eq!((p.intent, p.topic), (Intent::Explain, Some(Topic::Sxm)));
    let p = read("why did the 4090 lose NVLink");
    assert_eq!((p.intent, p.topic), (Intent::Explain, Some(Topic::Nvlink)));
    let p = read("what can i run on my 96gb card");
    assert_eq!(p.query.gpu.as_deref(), Some("rtx-pro-6000-blackwell"));
    for name in [
        "minimax m2.7",
        "glm 4.5v",
        "olmocr 2 7b",
        "dolphin 3.0 llama 3.1 8b",
    ] {
        let p = read(name);
        assert!(
            !matches!(
                p.model_match.map(|m| m.kind),
                Some(MatchKind::Exact | MatchKind::Newest { .. })
            ),
            "{name} taken silently"
        );
    }
}

#[test]
fn portuguese() {
    let p = read("pq dá out of memory se o modelo tem só 14gb e minha placa tem 16");
    assert_eq!((p.intent, p.topic), (Intent::Explain, Some(Topic::Oom)));
    assert_eq!(p.language, Some(Lang::Pt));
    let p = read("5090 ou 2x3090");
    assert_eq!(p.intent, Intent::Compare);
    assert_eq!(counts(&p), [1, 2], "the pair is kept");
    let p = read("e com 2 placas?");
    assert_eq!((p.language, p.query.gpu_count), (Some(Lang::Pt), Some(2)));
}

#[test]
fn spanish() {
    let p = read("cuanto contexto maximo le puedo meter a qwen3 8b");
    assert_eq!(model_id(&p), Some("qwen3-8b"), "'maximo' is no model");
    assert_eq!(p.intent, Intent::MaxContext);
    assert_eq!(p.language, Some(Lang::Es));
    let p = read("conviene 4090 nueva o 3090 usada");
    assert_eq!((p.intent, p.language), (Intent::Compare, Some(Lang::Es)));
    let p = read("y si uso 2 placas?");
    assert_eq!((p.language, p.query.gpu_count), (Some(Lang::Es), Some(2)));
    let p = read("una 5090 o un par de 3090");
    assert_eq!(counts(&p), [1, 2], "un par de");
    assert!(read("grande").query.model.is_none());
}

#[test]
fn chinese() {
    let p = read("预算1万5");
    let b = p.budget.expect("a budget");
    assert_eq!((p.intent, b.amount), (Intent::Buy, 15_000.0));
    for text in ["预算一万五", "预算1.5万"] {
        assert_eq!(
            read(text).budget.map(|b| b.amount),
            Some(15_000.0),
            "{text}"
        );
    }
    let p = read("5090 对比 双卡3090");
    assert_eq!(counts(&p), [1, 2], "双卡");
    let p = read("3090 支持nvlink吗 4090为什么砍掉了");
    assert_eq!((p.intent, p.topic), (Intent::Explain, Some(Topic::Nvlink)));
    let p = read("llama 3.1 8b 在 4090 上最长能开多少上下文");
    assert_eq!(p.intent, Intent::MaxContext);
    let p = read("那换成两张卡呢");
    assert_eq!(p.query.gpu_count, Some(2));
}
