//! Issue 34 item 6: "X on A or do I need B" is an estimate on each setup, not the cards'
//! spec sheets: a model named with setups set side by side ("or", "vs", "ou", "o", "还是",
//! "或者") is sized on every one of them, the verdict says yes, maybe or no on each with the
//! memory per GPU and the speed, in the question's language, and the rest of the answer is
//! for the first setup that runs it. Two cards and no model stay a comparison.

use serde_json::Value;
use vramguide::ask::{Question, Service, Who};
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::render;
use vramguide::store::Source;

/// The answer `ask --json` prints (an English fallback: the language comes from the text).
pub(crate) async fn answer(text: &str) -> Value {
    let reply = Service::offline()
        .ask(Question::text(text, Lang::En), &Who::on(Source::Cli))
        .await;
    match &reply.outcome {
        Ok(o) => render::outcome::json(reply.lang, Catalog::get(), o),
        Err(e) => panic!("{text}: {e:?}"),
    }
}

/// Each setup of the answer: card id, count, whether the job fits.
fn setups(json: &Value) -> Vec<(String, u64, bool)> {
    json["on_each"]
        .as_array()
        .map(|all| {
            all.iter()
                .map(|f| {
                    (
                        f["gpu"].as_str().unwrap_or("?").to_string(),
                        f["count"].as_u64().unwrap_or(0),
                        f["fits"].as_bool().unwrap_or(false),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// An estimate on each setup, in `lang`, whose verdict opens with the first setup's
/// outcome word (`yes`, `maybe`, `no` in that language) and names every setup.
async fn estimated_on_each(
    text: &str,
    lang: &str,
    expected: &[(&str, u64)],
    words: [&str; 3],
) -> Value {
    let json = answer(text).await;
    assert_eq!(json["language"], lang, "{text}: {json}");
    assert_eq!(
        json["intent"], "estimate",
        "{text}: an estimate, not a spec sheet"
    );
    assert!(json["compare"].is_null(), "{text}: no spec sheet");
    let got = setups(&json);
    let ids: Vec<(&str, u64)> = got.iter().map(|(g, n, _)| (g.as_str(), *n)).collect();
    assert_eq!(ids, expected, "{text}");
    let verdict = json["verdict"].as_str().unwrap();
    let [yes, maybe, no] = words;
    let first = &json["on_each"][0];
    let opens = if !got[0].2 {
        no
    } else if first["tight"] == true {
        maybe
    } else {
        yes
    };
    assert!(verdict.starts_with(opens), "{text}: {verdict}");
    for f in json["on_each"].as_array().unwrap() {
        // Memory per GPU on each setup, as the verdict writes it.
        let used = f["per_gpu_gib"].as_f64().unwrap();
        let shown = if lang == "en" || lang == "zh" {
            format!("{used:.1}")
        } else {
            format!("{used:.1}").replace('.', ",")
        };
        assert!(verdict.contains(&shown), "{text}: {shown} in {verdict}");
        let count = f["count"].as_u64().unwrap();
        if count > 1 {
            assert!(
                verdict.contains(&format!("{count} × ")),
                "{text}: {verdict}"
            );
        }
    }
    // One sentence with a clause per setup.
    let clauses = if lang == "zh" { "；" } else { "; " };
    assert_eq!(
        verdict.matches(clauses).count(),
        expected.len() - 1,
        "{text}: {verdict}"
    );
    // The text opens with the verdict; the plan is for the first setup that runs it in a
    // format that keeps quality (4 bits or more), else the first that runs it at all.
    assert!(json["text"].as_str().unwrap().starts_with(verdict));
    let keeps_quality = |i: usize| {
        let name = json["on_each"][i]["precision"].as_str().unwrap();
        name.parse::<vramguide::estimate::Precision>()
            .unwrap_or_else(|e| panic!("{name}: {e:?}"))
            .nominal_bits()
            >= 4.0
    };
    let planned = (0..got.len())
        .find(|&i| got[i].2 && keeps_quality(i))
        .or_else(|| got.iter().position(|s| s.2));
    if let Some(i) = planned {
        assert_eq!(json["fit"]["gpu"], got[i].0.as_str(), "{text}");
        assert_eq!(json["fit"]["count"], got[i].1, "{text}");
        assert_eq!(json["fit"]["fits"], true, "{text}");
    }
    json
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn english() {
    let json = estimated_on_each(
        "kimi k2.5 on 8x h100 possible or do i need h200s",
        "en",
        &[("h100-sxm", 8), ("h200-sxm", 8)],
        ["Yes on 8 × H100", "Maybe on 8 × H100", "No on 8 × H100"],
    )
    .await;
    assert_eq!(json["query"]["model"], "kimi-k2.5");
    let verdict = json["verdict"].as_str().unwrap();
    assert!(
        verdict.contains("; yes on 8 × H200 SXM 141GB: ") && verdict.contains("tokens/s"),
        "141 GB cards hold it, with a speed: {verdict}"
    );
    // "vs" with a model counted the same way.
    estimated_on_each(
        "5090 vs 2x 3090 for llama 3.3 70b in q4_k_m",
        "en",
        &[("rtx-5090", 1), ("rtx-3090", 2)],
        ["Yes on RTX 5090", "Maybe on RTX 5090", "No on RTX 5090"],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn portuguese() {
    let json = estimated_on_each(
        "deepseek r1 em 8 h100 ou preciso de h200?",
        "pt",
        &[("h100-sxm", 8), ("h200-sxm", 8)],
        [
            "Sim com 8 × H100",
            "Talvez com 8 × H100",
            "Não com 8 × H100",
        ],
    )
    .await;
    let got = setups(&json);
    // Each setup as if asked alone (s12): FP8 R1 needs more than 640 GB, so the eight
    // H100s run the largest format that fits them (4 bits); the H200s hold its FP8.
    assert_eq!((got[0].2, got[1].2), (true, true), "{json}");
    assert_eq!(json["on_each"][0]["precision"], "awq-int4", "{json}");
    assert_eq!(json["on_each"][1]["precision"], "fp8-block", "{json}");
    let verdict = json["verdict"].as_str().unwrap();
    assert!(
        verdict.contains("; com 8 × H200 SXM 141GB em FP8-BLOCK, sim: "),
        "{verdict}"
    );
    // The launch line is the H100s', the first that run it at 4 bits or more.
    let launch = json["launch"][0]["command"].as_str().unwrap_or_default();
    assert!(launch.contains("8"), "{launch}");
    estimated_on_each(
        "qwen3 32b q4_k_m numa 3060 12gb ou numa 4090?",
        "pt",
        &[("rtx-3060-12gb", 1), ("rtx-4090", 1)],
        [
            "Sim com RTX 3060",
            "Talvez com RTX 3060",
            "Não com RTX 3060",
        ],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spanish() {
    estimated_on_each(
        "¿qwen3 235b en 4 a100 o necesito h100?",
        "es",
        &[("a100-80gb-sxm", 4), ("h100-sxm", 4)],
        ["Sí con 4 × A100", "Quizás con 4 × A100", "No con 4 × A100"],
    )
    .await;
    // No format named and neither holds 16 bits: both sized in the best format the pair
    // holds, not in the 2-bit one a single 5090 would need.
    let json = estimated_on_each(
        "llama 3.3 70b en una 5090 o en dos 3090?",
        "es",
        &[("rtx-5090", 1), ("rtx-3090", 2)],
        ["Sí con RTX 5090", "Quizás con RTX 5090", "No con RTX 5090"],
    )
    .await;
    let bits = json["query"]["precision"].as_str().unwrap();
    assert!(bits.starts_with("q4") || bits.starts_with("q5"), "{json}");
    assert!(setups(&json)[1].2, "{json}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chinese() {
    for text in [
        "kimi k2.5 用8张h100够吗还是要h200",
        "kimi k2.5 用8张h100够吗或者要h200",
    ] {
        let json = estimated_on_each(
            text,
            "zh",
            &[("h100-sxm", 8), ("h200-sxm", 8)],
            ["用 8 × H100", "用 8 × H100", "用 8 × H100"],
        )
        .await;
        let verdict = json["verdict"].as_str().unwrap();
        assert!(
            verdict.contains("；用 8 × H200 SXM 141GB 可以：") && verdict.ends_with('。'),
            "{verdict}"
        );
    }
}

/// A consumer card named with no count after a pair is one card; datacenter cards take the
/// count before them (servers come in boxes).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_with_no_count_is_as_many_only_in_a_server() {
    let json = answer("llama 3.3 70b q4_k_m on 2x 3090 or a 5090?").await;
    let ids: Vec<(String, u64)> = setups(&json).into_iter().map(|(g, n, _)| (g, n)).collect();
    assert_eq!(
        ids,
        [("rtx-3090".to_string(), 2), ("rtx-5090".to_string(), 1)],
        "{json}"
    );
}

/// Two cards and no model: still the comparison, in every language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_cards_and_no_model_stay_a_comparison() {
    for text in [
        "h100 or h200?",
        "h100 ou h200?",
        "¿h100 o h200?",
        "h100 还是 h200",
        "h100 或者 h200",
    ] {
        let json = answer(text).await;
        assert_eq!(json["intent"], "compare", "{text}: {json}");
        assert!(json["on_each"].is_null(), "{text}");
    }
}

/// A follow-up that changes the format keeps both setups ("e em int4?").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follow_up_keeps_both_setups() {
    use vramguide::chat::{Turned, turn};
    let previous =
        vramguide::query::parse(Catalog::get(), "deepseek r1 em 8 h100 ou preciso de h200?");
    let Turned::Ask { question, .. } = turn("e em int4?", Some(&previous), Lang::En) else {
        panic!("a follow-up");
    };
    let reply = Service::offline()
        .ask(question, &Who::on(Source::Cli))
        .await;
    let json = match &reply.outcome {
        Ok(o) => render::outcome::json(reply.lang, Catalog::get(), o),
        Err(e) => panic!("{e:?}"),
    };
    assert_eq!(json["language"], "pt", "{json}");
    let got = setups(&json);
    assert_eq!(got.len(), 2, "{json}");
    assert!(
        got.iter().all(|s| s.1 == 8 && s.2),
        "4-bit R1 runs on both: {got:?}"
    );
}
