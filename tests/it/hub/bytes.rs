//! Exact weight bytes read from the repos' headers, and launch lines that serve the repo
//! looked up.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exact_weight_bytes_of_bf16_fp8_gptq_and_q4_k_m_repos() {
    let hub = FakeHub::start().await;
    let [bf16, fp8, gptq, q4] = fill(&hub);
    let dir = temp_dir("exact");
    for (repo, extra, bytes, precision) in [
        ("test/tiny-bf16", None, bf16, "bf16"),
        ("test/tiny-fp8", None, fp8, "fp8-block"),
        ("test/tiny-gptq", None, gptq, "gptq-int4"),
        ("test/tiny-GGUF", Some("q4_k_m"), q4, "q4_k_m"),
    ] {
        let mut args = vec!["estimate", "--model", repo];
        if let Some(p) = extra {
            args.extend(["--precision", p]);
        }
        let r = run(&hub.url, &dir, &args, &[]).await;
        assert_eq!(r.code, 0, "{repo}: {}", r.stderr);
        assert_eq!(exact(&r), Some(bytes), "{repo}: {}", r.json);
        assert_eq!(r.json["query"]["source"], "hub", "{repo}");
        assert_eq!(r.json["query"]["model"], repo);
        assert_eq!(r.json["query"]["precision"], precision, "{repo}");
        // The estimate's weights are these bytes (the JSON rounds GiB to 2 decimals);
        // llama.cpp keeps the token embeddings (Q4_K here) in CPU memory.
        let on_gpu = if extra.is_some() {
            bytes - HIDDEN * VOCAB / 256 * 144
        } else {
            bytes
        };
        let weights_gib = r.json["estimate"]["weights_gib"].as_f64().unwrap();
        let want = (on_gpu as f64 / (1u64 << 30) as f64 * 100.0).round() / 100.0;
        assert!(
            (weights_gib - want).abs() < 1e-9,
            "{repo}: {weights_gib} vs {want}"
        );
        // Weight files are read by range through the CDN redirect, never whole.
        for seen in hub.requests_for(repo) {
            if seen.path.ends_with(".safetensors") || seen.path.ends_with(".gguf") {
                assert!(seen.range.is_some(), "{repo}: {seen:?}");
            }
        }
    }
    // Requests: info + config + (resolve 302 + CDN) per range read.
    assert_eq!(hub.requests_for("test/tiny-bf16").len(), 4);
    // info + config + index + shard 1 (one range) + shard 2 (two: its header is 300 kB).
    assert_eq!(hub.requests_for("test/tiny-fp8").len(), 3 + 2 + 4);
    // info + two ranges of the Q4_K_M file (its 128k-token vocabulary is past the first
    // MiB), never the Q8_0 one.
    let gguf = hub.requests_for("test/tiny-GGUF");
    assert_eq!(gguf.len(), 5, "{gguf:?}");
    assert!(gguf.iter().all(|s| !s.path.contains("Q8_0")));
    // "fp8" is the FP8 repo's own format under another name: still its exact bytes.
    let r = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "test/tiny-fp8", "--precision", "fp8"],
        &[],
    )
    .await;
    assert_eq!(exact(&r), Some(fp8), "{}", r.stderr);
    // Another precision than the repo's is estimated from the parameters, not read: bf16
    // of the GPTQ repo is about its parameters times two.
    let r = run(
        &hub.url,
        &dir,
        &[
            "estimate",
            "--model",
            "test/tiny-gptq",
            "--precision",
            "bf16",
        ],
        &[],
    )
    .await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(exact(&r), None);
    let params = r.json["query"]["params_b"].as_f64().unwrap() * 1e9;
    let gib = r.json["estimate"]["weights_gib"].as_f64().unwrap();
    assert!(
        (gib - params * 2.0 / (1u64 << 30) as f64).abs() < 0.02,
        "{gib}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Hub look-up's launch line serves its own repo; a repo that is a catalog entry's
/// `hub_id` is answered from the catalog, asking the Hub nothing (issue 14).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn launch_lines_serve_the_repo_and_catalog_hub_ids_stay_offline() {
    let hub = FakeHub::start().await;
    fill(&hub);
    let dir = temp_dir("hub-id");
    let vllm = ["--runtime", "vllm", "--gpu", "4090"];
    let mut args = vec!["estimate", "--model", "test/tiny-bf16"];
    args.extend(vllm);
    let r = run(&hub.url, &dir, &args, &[]).await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json["query"]["source"], "hub");
    let cmd = r.json["launch"][0]["command"].as_str().unwrap_or_default();
    assert!(cmd.starts_with("vllm serve test/tiny-bf16 "), "{}", r.json);
    let before = hub.total_requests();
    assert!(before > 0);
    let mut args = vec!["estimate", "--model", "Qwen/Qwen2.5-7B-Instruct"];
    args.extend(vllm);
    let r = run(&hub.url, &dir, &args, &[]).await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json["query"]["source"], "catalog");
    assert_eq!(r.json["query"]["model"], "qwen2.5-7b");
    let cmd = r.json["launch"][0]["command"].as_str().unwrap_or_default();
    assert!(
        cmd.starts_with("vllm serve Qwen/Qwen2.5-7B-Instruct "),
        "{}",
        r.json
    );
    let r = run(
        &hub.url,
        &dir,
        &["ask", "meta-llama/Llama-3.1-8B-Instruct fp8 on 2x h100"],
        &[],
    )
    .await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json["query"]["source"], "catalog");
    assert_eq!(r.json["query"]["model"], "llama-3.1-8b");
    assert_eq!(r.json["query"]["gpu_count"], 2);
    assert_eq!(
        hub.total_requests(),
        before,
        "no look-up for a catalog hub_id"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
