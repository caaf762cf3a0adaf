//! "X on A or B" judges each setup as its owner would run it (s12, item 1): the answer used
//! to size every setup with one runtime and format (llama.cpp at BF16 on an H100, vLLM on a
//! 4090). Each setup now gets what the product answers when that setup is asked about
//! alone: llama.cpp with a GGUF on a GeForce card, vLLM or SGLang on a datacenter card, a
//! runtime or format the asker named on all of them; the verdict names a later setup's
//! runtime and format where they differ from the first's, and `on_each[]` carries them.

use crate::on_each::answer;
use serde_json::Value;

/// Each on_each entry against the answer to its setup asked alone: same runtime, format,
/// memory and speed (one speed model, so the setups compare).
async fn judged_as_alone(text: &str, alone: &[&str]) -> Value {
    let json = answer(text).await;
    let each = json["on_each"]
        .as_array()
        .unwrap_or_else(|| panic!("{text}: no on_each: {json}"));
    assert_eq!(each.len(), alone.len(), "{text}: {json}");
    for (setup, single) in each.iter().zip(alone) {
        let one = answer(single).await;
        assert_eq!(setup["gpu"], one["fit"]["gpu"], "{text} / {single}");
        assert_eq!(setup["count"], one["fit"]["count"], "{text} / {single}");
        assert_eq!(
            setup["runtime"], one["query"]["profile"],
            "{text} / {single}"
        );
        assert_eq!(
            setup["precision"], one["query"]["precision"],
            "{text} / {single}"
        );
        for key in ["fits", "per_gpu_gib", "usable_gib", "tokens_per_s", "tight"] {
            assert_eq!(setup[key], one["fit"][key], "{text} / {single}: {key}");
        }
    }
    json
}

fn runtimes(json: &Value) -> Vec<&str> {
    json["on_each"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["runtime"].as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_geforce_card_or_a_datacenter_card_each_with_its_own_runtime_in_four_languages() {
    for (text, alone, said) in [
        (
            "llama 3.3 70b on a 3090 or an h100?",
            ["llama 3.3 70b on a 3090", "llama 3.3 70b on an h100"],
            "; yes on H100 SXM5 80GB at AWQ-INT4 with vLLM: ",
        ),
        (
            "qwen3 32b numa 4090 ou numa a100?",
            ["qwen3 32b numa 4090", "qwen3 32b numa a100"],
            "; com A100 80GB SXM4 em BF16 com vLLM, sim: ",
        ),
        (
            "deepseek r1 distill 32b en una 5090 o una h200",
            [
                "deepseek r1 distill 32b en una 5090",
                "deepseek r1 distill 32b en una h200",
            ],
            "; con H200 SXM 141GB en BF16 con vLLM, sí: ",
        ),
        (
            "70b 用 两张3090 还是一张H100",
            ["70b 用 两张3090", "70b 用 一张H100"],
            "；用 H100 SXM5 80GB（vLLM，AWQ-INT4）",
        ),
    ] {
        let json = judged_as_alone(text, &alone).await;
        assert_eq!(runtimes(&json), ["llama.cpp", "vllm"], "{text}");
        let verdict = json["verdict"].as_str().unwrap();
        assert!(verdict.contains(said), "{text}: {verdict}");
        // The first clause names the first setup's own runtime.
        assert!(verdict.contains("llama.cpp"), "{text}: {verdict}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn setups_of_one_kind_say_a_format_once_and_only_where_it_differs() {
    // Both datacenter, both SGLang: only the format differs, and the verdict says it.
    let json = judged_as_alone(
        "deepseek r1 on 8x h100 or 8x h200?",
        &["deepseek r1 on 8x h100", "deepseek r1 on 8x h200"],
    )
    .await;
    assert_eq!(runtimes(&json), ["sglang", "sglang"]);
    let verdict = json["verdict"].as_str().unwrap();
    assert!(
        verdict.contains("; yes on 8 × H200 SXM 141GB at FP8-BLOCK: "),
        "{verdict}"
    );
    // The same format and runtime on both: the later setup is named alone.
    let json = judged_as_alone(
        "qwen3 235b on 4x a100 or 4x h100?",
        &["qwen3 235b on 4x a100", "qwen3 235b on 4x h100"],
    )
    .await;
    let verdict = json["verdict"].as_str().unwrap();
    assert!(
        verdict.contains("; yes on 4 × H100 SXM5 80GB: "),
        "{verdict}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_runtime_or_format_the_asker_named_applies_to_every_setup() {
    for (text, runtime, precision) in [
        ("qwen3 32b with vllm on a 4090 or an a100", "vllm", None),
        ("qwen3 32b com vllm numa 4090 ou numa a100?", "vllm", None),
        (
            "qwen3 32b q4_k_m en una 4090 o una a100",
            "llama.cpp",
            Some("q4_k_m"),
        ),
        (
            "qwen3 32b q4_k_m 用 4090 还是 a100",
            "llama.cpp",
            Some("q4_k_m"),
        ),
    ] {
        let json = answer(text).await;
        assert_eq!(runtimes(&json), [runtime, runtime], "{text}: {json}");
        if let Some(p) = precision {
            for s in json["on_each"].as_array().unwrap() {
                assert_eq!(s["precision"], p, "{text}");
            }
        }
    }
}
