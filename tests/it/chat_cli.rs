//! `vramguide chat` through the real binary: the four follow-up pairs of issue 34 answer
//! the first question on two cards, in the follow-up's language, and say what they kept; a
//! follow-up with nothing before it asks "follow-up to what?".

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

/// Run `chat --offline --json` on `lines`; one JSON object per answer.
fn chat(lines: &[&str]) -> Vec<Value> {
    let dir = std::env::temp_dir().join(format!("vramguide-chat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vramguide"))
        .current_dir(&dir)
        .env_remove("DATABASE_URL")
        .env_remove("VRAMGUIDE_CONFIG")
        .args(["chat", "--offline", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(lines.join("\n").as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn the_four_follow_up_pairs_answer_the_first_question_on_two_cards() {
    let pairs = [
        (
            "llama 3.1 8b fp16 on a rtx 3060 12gb",
            "what about with 2 cards?",
            "en",
            "Same question, on 2 × GeForce RTX 3060 12GB:",
        ),
        (
            "llama 3.1 8b em fp16 numa rtx 3060 12gb",
            "e com 2 placas?",
            "pt",
            "Mesma pergunta, em 2 × GeForce RTX 3060 12GB:",
        ),
        (
            "llama 3.1 8b en fp16 en una rtx 3060 12gb",
            "y si uso 2 placas?",
            "es",
            "Misma pregunta, en 2 × GeForce RTX 3060 12GB:",
        ),
        (
            "llama 3.1 8b fp16 用一张3060 12gb能跑吗",
            "那换成两张卡呢",
            "zh",
            "同样的问题，换成 2 × GeForce RTX 3060 12GB：",
        ),
    ];
    for (first, second, lang, kept) in pairs {
        let answers = chat(&[first, second]);
        assert_eq!(answers.len(), 2, "{second}");
        let (a, b) = (&answers[0], &answers[1]);
        assert_eq!(a["query"]["gpu_count"], 1, "{first}");
        assert!(
            a.get("follow_up").is_none(),
            "a question of its own keeps nothing"
        );
        assert_eq!(b["language"], lang, "{second}");
        assert_eq!(b["intent"], "estimate", "{second}");
        assert_eq!(b["query"]["model"], "llama-3.1-8b", "{second}");
        assert_eq!(b["query"]["gpu"], "rtx-3060-12gb", "{second}");
        assert_eq!(b["query"]["gpu_count"], 2, "{second}");
        assert_eq!(b["query"]["precision"], a["query"]["precision"], "{second}");
        assert!(
            b["text"].as_str().unwrap().starts_with(kept),
            "{}",
            b["text"]
        );
        assert_eq!(b["follow_up"]["changes"][0]["kind"], "gpu_count");
        // Two cards hold half the weights each.
        let (one, two) = (&a["estimate"]["per_gpu_gib"], &b["estimate"]["per_gpu_gib"]);
        assert!(
            two.as_f64().unwrap() < one.as_f64().unwrap(),
            "{one} vs {two}"
        );
    }
}

#[test]
fn a_follow_up_with_nothing_before_it_asks_what_it_follows() {
    for (text, lang) in [
        ("what about with 2 cards?", "en"),
        ("e com 2 placas?", "pt"),
        ("y si uso 2 placas?", "es"),
        ("那换成两张卡呢", "zh"),
    ] {
        let answers = chat(&[text]);
        assert_eq!(answers[0]["language"], lang, "{text}");
        assert_eq!(answers[0]["error"]["kind"], "follow_up_to_what", "{text}");
        assert!(answers[0]["text"].as_str().unwrap().contains("4090"));
    }
}

#[test]
fn each_change_carries_the_thread_and_a_new_question_starts_over() {
    let answers = chat(&[
        "qwen3 14b on a 4090",
        "and in q8?",
        "y a 32k?",
        "what about vllm",
        "换成5090呢",
        "llama 3.1 70b on 2x h100",
    ]);
    assert_eq!(answers.len(), 6);
    assert_eq!(answers[1]["query"]["precision"], "q8_0");
    assert_eq!(answers[2]["query"]["context"], 32_768);
    assert_eq!(answers[2]["query"]["precision"], "q8_0", "changes add up");
    assert_eq!(answers[2]["language"], "es");
    assert_eq!(answers[3]["query"]["runtime"], "vllm");
    assert_eq!(answers[4]["query"]["gpu"], "rtx-5090");
    assert_eq!(answers[4]["query"]["model"], "qwen3-14b");
    assert_eq!(answers[4]["language"], "zh");
    assert_eq!(answers[5]["query"]["model"], "llama-3.1-70b");
    assert!(answers[5].get("follow_up").is_none());
}

/// A one-shot `ask` of a follow-up has nothing before it either: it asks "follow-up to
/// what?" in the message's language (it answered "no model found"), and exits 2.
#[test]
fn a_one_shot_ask_of_a_follow_up_asks_what_it_follows() {
    for (q, lang) in [
        ("e com 2 placas?", "pt"),
        ("what about with 2 cards?", "en"),
        ("y si uso 2 placas?", "es"),
        ("那换成两张卡呢", "zh"),
    ] {
        let dir = std::env::temp_dir().join(format!("vramguide-ask-orphan-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_vramguide"))
            .current_dir(&dir)
            .env_remove("DATABASE_URL")
            .env_remove("VRAMGUIDE_CONFIG")
            .args(["ask", "--offline", "--json", q])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{q}");
        let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
        assert_eq!(v["error"]["kind"], "follow_up_to_what", "{q}: {v}");
        assert_eq!(v["language"], lang, "{q}: {v}");
    }
}
