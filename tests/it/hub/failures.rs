//! When the Hub fails or is slow: each bad case gets its own answer, and a slow look-up
//! says so on a terminal.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_case_gets_its_own_answer() {
    let hub = FakeHub::start().await;
    let [bf16, ..] = fill(&hub);
    let dir = temp_dir("bad");
    for (repo, kind, says) in [
        ("test/missing", "hub_not_found", "test/missing"),
        ("test/gated-tiny", "hub_gated", "HF_TOKEN"),
        ("test/no-weights", "hub_no_weights", "safetensors"),
        ("test/bad-header", "hub_malformed", "not JSON"),
        ("test/huge-header", "hub_too_large", "cap"),
    ] {
        for lang in ["en", "pt", "es", "zh"] {
            let r = run(
                &hub.url,
                &dir,
                &["estimate", "--model", repo, "--lang", lang],
                &[],
            )
            .await;
            assert_eq!(r.code, 2, "{repo}");
            assert_eq!(r.json["error"]["kind"], kind, "{repo}: {}", r.json);
            assert!(
                r.json["text"].as_str().unwrap().contains(says),
                "{repo} {lang}: {}",
                r.json["text"]
            );
        }
    }
    // A quant the GGUF repo lacks names itself.
    let r = run(
        &hub.url,
        &dir,
        &[
            "estimate",
            "--model",
            "test/tiny-GGUF",
            "--precision",
            "q5_k_m",
        ],
        &[],
    )
    .await;
    assert_eq!(r.json["error"]["kind"], "hub_no_weights");
    assert!(r.json["text"].as_str().unwrap().contains("q5_k_m"));
    // A repo that does not exist but whose name is close to a catalog model suggests it.
    let r = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "someorg/Llama-3.1-8B-Instrukt"],
        &[],
    )
    .await;
    assert_eq!(r.json["error"]["kind"], "hub_not_found");
    assert!(
        !r.json["error"]["suggestions"]
            .as_array()
            .unwrap()
            .is_empty(),
        "{}",
        r.json
    );
    // The gated repo opens with a token.
    let r = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "test/gated-tiny"],
        &[("HF_TOKEN", "hf_test")],
    )
    .await;
    assert_eq!(exact(&r), Some(bf16), "{}", r.stderr);
    assert!(hub.requests_for("test/gated-tiny").iter().any(|s| s.auth));
    // Slow: the answer comes within the budget, from the size in the name, and says so.
    let r = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "test/slow-7B", "--precision", "fp16"],
        &[("VRAMGUIDE_HUB_TIMEOUT", "1")],
    )
    .await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.elapsed < Duration::from_secs(10), "{:?}", r.elapsed);
    let note = r.json["assumed"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(
        (note["kind"].as_str(), note["reason"].as_str()),
        (Some("hub_fallback"), Some("slow"))
    );
    assert!(r.json["text"].as_str().unwrap().contains("test/slow-7B"));
    // Unreachable: nothing listens there.
    let r = run(
        "http://127.0.0.1:9",
        &dir,
        &["estimate", "--model", "test/other-13b"],
        &[],
    )
    .await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.json["assumed"].as_array().unwrap().last().unwrap()["reason"],
        "unreachable"
    );
    assert!((r.json["query"]["params_b"].as_f64().unwrap() - 13.0).abs() < 0.01);
    let r = run(
        "http://127.0.0.1:9",
        &dir,
        &["estimate", "--model", "test/no-size"],
        &[],
    )
    .await;
    assert_eq!(r.json["error"]["kind"], "hub_unreachable");
    // A URL is never looked up.
    let r = run(
        &hub.url,
        &dir,
        &["ask", "https://evil.example/org/name fp16"],
        &[],
    )
    .await;
    assert_ne!(r.json["query"]["source"], "hub");
    assert!(hub.requests_for("org/name").is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A slow Hub look-up says so on a terminal: after 300 ms the spinner on stderr names the
/// repo in the asker's language (run on a pseudo-terminal through util-linux `script`,
/// skipped where that is missing); with stderr piped nothing is drawn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_look_up_shows_the_localized_spinner_on_a_terminal_only() {
    use vramguide::i18n::{Args, Lang, tr};
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` to make a pseudo-terminal");
        return;
    }
    let hub = FakeHub::start().await;
    fill(&hub);
    let repo = "test/slow-7B";
    for lang in Lang::ALL {
        // A fresh database each time: nothing cached from the run before.
        let dir = temp_dir(&format!("spinner-{}", lang.code()));
        let looking = tr(
            lang,
            "cli-hub-looking-up",
            Some(&Args::new().s("repo", repo)),
        );
        let line = format!(
            "stty cols 200 rows 50; exec '{BIN}' estimate --model {repo} --precision fp16 --lang {}",
            lang.code()
        );
        let mut cmd = Command::new("script");
        cmd.args(["-q", "-e", "-c", &line, "/dev/null"])
            .current_dir(&dir)
            .env("TERM", "xterm")
            .env("HF_ENDPOINT", &hub.url)
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.join("q.db").display()),
            )
            .env("VRAMGUIDE_DATA_DIR", &dir)
            .env("VRAMGUIDE_HUB_TIMEOUT", "1")
            .env_remove("HF_TOKEN")
            .env_remove("VRAMGUIDE_OFFLINE")
            .stdin(std::process::Stdio::null());
        let out = tokio::task::spawn_blocking(move || cmd.output())
            .await
            .unwrap()
            .expect("script runs");
        let shown = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{lang:?}: {shown}");
        assert!(
            shown.contains(&looking),
            "{lang:?}: no {looking:?} in {shown:?}"
        );
        // Piped, the same look-up draws nothing.
        let piped = run(
            &hub.url,
            &dir,
            &["estimate", "--model", repo, "--lang", lang.code()],
            &[("VRAMGUIDE_HUB_TIMEOUT", "1")],
        )
        .await;
        assert_eq!(piped.code, 0, "{}", piped.stderr);
        assert!(!piped.stderr.contains(&looking), "{}", piped.stderr);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
