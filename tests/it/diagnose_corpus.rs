//! Pasted errors from public issue threads (tests/corpus/logs.json: each with its thread's
//! address, the thread's conclusion and, where the thread reached one, the fix it found).
//! Per engine it prints how many come out with the right kind, the right engine and the
//! thread's fix among the first three; each criterion must hold for 90 % of the logs. The
//! errors that are not about memory must never read as memory errors, and the answer to
//! them never carries an estimate.

use serde::Deserialize;
use std::collections::BTreeMap;
use vramguide::diagnose::{Read, read};

#[derive(Debug, Deserialize)]
struct Case {
    url: String,
    engine: String,
    kind: String,
    /// The thread's fix (`fix-<id>`), or null when the thread reached none.
    fix: Option<String>,
    #[allow(dead_code)]
    conclusion: String,
    /// What the asker wrote around the log.
    words: String,
    log: String,
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/logs.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the corpus is there"))
        .expect("the corpus is valid JSON")
}

/// What the paste looks like: the asker's words, then the log.
fn pasted(c: &Case) -> String {
    if c.words.is_empty() {
        c.log.clone()
    } else {
        format!("{}\n{}", c.words, c.log)
    }
}

#[derive(Default)]
struct Tally {
    n: usize,
    kind: usize,
    engine: usize,
    fix_n: usize,
    fix: usize,
}

#[test]
fn real_logs_read_right() {
    let cases = cases();
    assert!(cases.len() >= 60, "{} logs", cases.len());
    let mut by_engine: BTreeMap<String, Tally> = BTreeMap::new();
    let mut misses = Vec::new();
    for c in &cases {
        let t = by_engine.entry(c.engine.clone()).or_default();
        t.n += 1;
        let d = match read(&pasted(c)) {
            Some(Read::Known(d)) => d,
            other => {
                misses.push(format!("{}: not read ({other:?})", c.url));
                if c.fix.is_some() {
                    t.fix_n += 1;
                }
                continue;
            }
        };
        if d.kind.id() == c.kind {
            t.kind += 1;
        } else {
            misses.push(format!("{}: kind {} not {}", c.url, d.kind.id(), c.kind));
        }
        if d.engine.name() == c.engine {
            t.engine += 1;
        } else {
            misses.push(format!(
                "{}: engine {} not {}",
                c.url,
                d.engine.name(),
                c.engine
            ));
        }
        if let Some(fix) = &c.fix {
            t.fix_n += 1;
            let first: Vec<&str> = d.fixes.iter().take(3).map(|f| f.id()).collect();
            if first.contains(&fix.as_str()) {
                t.fix += 1;
            } else {
                misses.push(format!("{}: fixes {first:?}, thread: {fix}", c.url));
            }
        }
    }
    println!("engine        logs  kind  engine  fix (of those with one)");
    let mut all = Tally::default();
    for (engine, t) in &by_engine {
        println!(
            "{engine:<13} {:>4}  {:>4}  {:>6}  {:>3}/{}",
            t.n, t.kind, t.engine, t.fix, t.fix_n
        );
        all.n += t.n;
        all.kind += t.kind;
        all.engine += t.engine;
        all.fix += t.fix;
        all.fix_n += t.fix_n;
    }
    println!(
        "all           {:>4}  {:>4}  {:>6}  {:>3}/{}",
        all.n, all.kind, all.engine, all.fix, all.fix_n
    );
    for m in &misses {
        println!("miss: {m}");
    }
    let share = |k: usize, n: usize| k as f64 / n.max(1) as f64;
    assert!(share(all.kind, all.n) >= 0.9, "kind {}/{}", all.kind, all.n);
    assert!(
        share(all.engine, all.n) >= 0.9,
        "engine {}/{}",
        all.engine,
        all.n
    );
    assert!(
        share(all.fix, all.fix_n) >= 0.9,
        "fix {}/{}",
        all.fix,
        all.fix_n
    );
}

/// Drivers, NCCL, tokenizers, disks: never a memory error, never an estimate.
#[test]
fn not_memory_errors_stay_not_memory() {
    let catalog = vramguide::catalog::Catalog::get();
    for c in cases().iter().filter(|c| {
        [
            "driver_too_old",
            "illegal_memory_access",
            "nccl",
            "tokenizer",
            "missing_module",
            "disk_full",
            "missing_file",
            "bitsandbytes_setup",
        ]
        .contains(&c.kind.as_str())
    }) {
        let text = pasted(c);
        let Some(Read::Known(d)) = read(&text) else {
            panic!("{}: not read", c.url);
        };
        assert!(!d.kind.is_memory(), "{}: read as {}", c.url, d.kind.id());
        let parsed = vramguide::query::parse(catalog, &text);
        let outcome = vramguide::answer::for_intent(catalog, &parsed);
        match outcome {
            Some(Ok(vramguide::answer::Outcome::Diagnose(dd))) => {
                assert!(dd.estimate.is_none(), "{}: an estimate beside it", c.url)
            }
            other => panic!("{}: answered as {other:?}", c.url),
        }
    }
}

/// A log wrapped in the asker's chat: the reply speaks their language, and our estimate is
/// for the model and card their words name ("qwen3 14b numa 4080"), not for a number in
/// the log.
#[test]
fn wrapped_logs_answer_in_the_askers_language_for_their_model() {
    use vramguide::i18n::Lang;
    let torch = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 15.70 GiB of which 1.12 GiB is free. Of the allocated memory 13.20 GiB is allocated by PyTorch, and 0.90 GiB is reserved by PyTorch but unallocated.";
    let vllm = "ValueError: To serve at least one request with the models's max seq len (70000), (9.50 GiB KV cache is needed, which is larger than the available KV cache memory (4.50 GiB).";
    let cases = [
        (
            format!("qwen3 14b numa 4080, deu isso:\n{torch}"),
            Lang::Pt,
            "qwen3-14b",
            None,
        ),
        (
            format!("mi llama 3.1 8b en una 3090 no arranca:\n{vllm}"),
            Lang::Es,
            "llama-3.1-8b",
            Some("rtx-3090"),
        ),
        (
            format!("qwen3 8b 在 4090 上报错：\n{vllm}"),
            Lang::Zh,
            "qwen3-8b",
            Some("rtx-4090"),
        ),
        (
            format!("my qwen3 14b run crashed:\n{torch}"),
            Lang::En,
            "qwen3-14b",
            None,
        ),
    ];
    // "4080" alone is no card the catalog knows (it has the SUPER and the laptop one): the
    // model is still sized, without a card.
    let catalog = vramguide::catalog::Catalog::get();
    for (text, lang, model, gpu) in cases {
        let parsed = vramguide::query::parse(catalog, &text);
        assert_eq!(parsed.language, Some(lang), "{text}");
        let Some(Ok(vramguide::answer::Outcome::Diagnose(d))) =
            vramguide::answer::for_intent(catalog, &parsed)
        else {
            panic!("{text}: not a diagnosis");
        };
        let a = d.estimate.unwrap_or_else(|| panic!("{text}: no estimate"));
        assert_eq!(a.model.id, model, "{text}");
        assert_eq!(a.gpu.map(|g| g.id.as_str()), gpu, "{text}");
    }
    // No model in the words or the log: no estimate, whatever numbers the log holds.
    let parsed = vramguide::query::parse(catalog, vllm);
    let Some(Ok(vramguide::answer::Outcome::Diagnose(d))) =
        vramguide::answer::for_intent(catalog, &parsed)
    else {
        panic!("not a diagnosis");
    };
    assert!(d.estimate.is_none());
}
