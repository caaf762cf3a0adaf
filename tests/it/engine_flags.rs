//! Issue 37 item 3, asked in chat: the three memory outcomes of `known_setups` (sources in
//! `tests/known_setups.json`) typed as people ask them, in every language, answer "no" as
//! it happened, name the flag that changes each as the first way to fit, and start with it.

use crate::on_each::answer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_outcome_names_its_flag_in_every_language() {
    let cases: [(&str, &str, &str); 12] = [
        (
            "gpt-oss-120b on 2 h100 with vllm at gpu-memory-utilization 0.95",
            "en",
            "--gpu-memory-utilization 0.9",
        ),
        (
            "gpt-oss-120b em 2 h100 com vllm e --gpu-memory-utilization 0.95",
            "pt",
            "--gpu-memory-utilization 0.9",
        ),
        (
            "gpt-oss-120b en 2 h100 con vllm y gpu-memory-utilization 0.95",
            "es",
            "--gpu-memory-utilization 0.9",
        ),
        (
            "2张h100 用vllm跑 gpt-oss-120b，gpu-memory-utilization 0.95",
            "zh",
            "--gpu-memory-utilization 0.9",
        ),
        (
            "qwen3 32b q5_k_m on 2x 3090 with llama.cpp at 48k context without flash attention",
            "en",
            "-fa on",
        ),
        (
            "qwen3 32b q5_k_m em 2x 3090 com llama.cpp, 48k de contexto sem flash attention",
            "pt",
            "-fa on",
        ),
        (
            "qwen3 32b q5_k_m en 2x 3090 con llama.cpp, 48k de contexto sin flash attention",
            "es",
            "-fa on",
        ),
        (
            "2张3090 用llama.cpp跑 qwen3 32b q5_k_m 48k上下文 不开flash attention",
            "zh",
            "-fa on",
        ),
        (
            "qwen3 vl 235b bf16 on 8x h100 with vllm at 262k context",
            "en",
            "--limit-mm-per-prompt",
        ),
        (
            "qwen3 vl 235b bf16 em 8 h100 com vllm e contexto de 262k",
            "pt",
            "--limit-mm-per-prompt",
        ),
        (
            "qwen3 vl 235b bf16 en 8 h100 con vllm a 262k de contexto",
            "es",
            "--limit-mm-per-prompt",
        ),
        (
            "8张h100 用vllm跑 qwen3 vl 235b bf16 262k上下文",
            "zh",
            "--limit-mm-per-prompt",
        ),
    ];
    for (text, lang, flag) in cases {
        let json = answer(text).await;
        assert_eq!(json["language"], lang, "{text}");
        assert_eq!(
            json["fit"]["fits"], false,
            "{text}: out of memory, as it happened"
        );
        assert_eq!(
            json["levers"][0]["kind"], "engine",
            "{text}: {}",
            json["levers"]
        );
        assert_eq!(json["levers"][0]["fits"], true, "{text}");
        let body = json["text"].as_str().unwrap();
        assert!(body.contains(flag), "{text}: {flag} in\n{body}");
        let launch = json["launch"][0]["command"].as_str().unwrap_or_default();
        assert!(launch.contains(flag), "{text}: {launch}");
        // "262k" of a 262,144-token model is its whole context, not 268,288 tokens.
        if flag == "--limit-mm-per-prompt" {
            assert_eq!(json["query"]["context"], 262_144, "{text}");
        }
    }
}

/// The asker's settings stay on the launch line when nothing had to change them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_launch_line_keeps_the_askers_settings() {
    for (text, kept) in [
        (
            "gpt-oss-120b on 1 h100 with vllm at gpu-memory-utilization 0.95",
            "--gpu-memory-utilization 0.95",
        ),
        (
            "qwen3 32b q5_k_m on 2x 3090 with llama.cpp at 8k context without flash attention",
            "-fa off",
        ),
    ] {
        let json = answer(text).await;
        assert_eq!(json["fit"]["fits"], true, "{text}");
        let launch = json["launch"][0]["command"].as_str().unwrap_or_default();
        assert!(launch.contains(kept), "{text}: {launch}");
    }
}
