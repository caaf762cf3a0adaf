//! Pasting a log anywhere: the page's box (`POST /ask` with `log=`), `POST /api/v1/ask` with
//! a JSON body, and the CLI's stdin (`vramguide ask -`) and `--`. A 3 KB PyTorch OOM is
//! read and logged once per request; a 1 MB body is refused with a message that says what
//! fits, and nothing is logged for it.

use super::web::{client, start_with};
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};
use vramguide::store::{StatsFilter, Store, StoreConfig};
use vramguide::web::{self, querylog::QueryLog};

/// A training run's traceback, about 3 KB, ending in PyTorch 2.1's message.
fn torch_log() -> String {
    let mut log = String::from("qwen3 14b lora on my 4090\nTraceback (most recent call last):\n");
    for i in 0..30 {
        log.push_str(&format!(
            "  File \"/usr/lib/python3.11/site-packages/transformers/trainer.py\", line {}, in training_step\n    loss = self.compute_loss(model, inputs)\n",
            1000 + i
        ));
    }
    log.push_str("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free. Process 38211 has 22.51 GiB memory in use. Of the allocated memory 18.20 GiB is allocated by PyTorch, and 3.90 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n");
    assert!((2500..5000).contains(&log.len()), "{}", log.len());
    log
}

#[tokio::test]
async fn a_pasted_oom_is_read_and_logged_once_and_a_huge_body_is_refused() {
    let store = Store::open(StoreConfig::in_memory()).await.unwrap();
    let base = start_with(web::Config {
        rate_limit_per_minute: 0,
        log: QueryLog::new(Some(store.clone())),
        ..web::Config::default()
    })
    .await;
    let rows = || async {
        assert!(store.log().flush(std::time::Duration::from_secs(10)).await);
        store.log().stats(&StatsFilter::default()).await.unwrap()
    };
    let log = torch_log();
    // The page's box.
    let page = client()
        .post(format!("{base}/ask"))
        .form(&[("log", log.as_str()), ("q", ""), ("lang", "en")])
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("ran out of GPU memory"), "{html}");
    assert!(html.contains("expandable_segments:True"));
    // Our estimate for the words' model, with the verdict against the log's 23.64 GiB card.
    assert!(
        html.contains("It needs") && html.contains("the card has 23.6 GiB"),
        "{html}"
    );
    assert_eq!(rows().await.total, 1, "the page: one row");
    // The JSON API, in Portuguese.
    let api = client()
        .post(format!("{base}/api/v1/ask"))
        .json(&serde_json::json!({ "q": log, "lang": "pt" }))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 200);
    let v: Value = api.json().await.unwrap();
    assert_eq!(v["diagnosis"]["kind"], "cuda_oom", "{v}");
    assert_eq!(v["diagnosis"]["engine"], "torch");
    assert!(v["diagnosis"]["training"].as_bool().unwrap_or(false), "{v}");
    assert_eq!(v["diagnosis"]["fixes"][0]["id"], "expandable-segments");
    assert!(v["text"].as_str().unwrap_or("").contains("PyTorch"), "{v}");
    // The words before the log name the model: our estimate is for it.
    assert!(v["estimate"].is_object(), "{v}");
    assert_eq!(rows().await.total, 2, "the API: one more row");
    // A 1 MB body: refused, said why, nothing logged.
    let huge = "x".repeat(1024 * 1024);
    for request in [
        client()
            .post(format!("{base}/ask"))
            .form(&[("log", huge.as_str())]),
        client()
            .post(format!("{base}/api/v1/ask"))
            .json(&serde_json::json!({ "q": huge })),
    ] {
        let r = request.send().await.unwrap();
        assert_eq!(r.status(), 413);
        let body = r.text().await.unwrap();
        assert!(body.contains("64 KB"), "{body}");
    }
    assert_eq!(rows().await.total, 2, "a refused body is no question");
    // Not JSON: a 400 that shows the shape.
    let bad = client()
        .post(format!("{base}/api/v1/ask"))
        .body("q=hello")
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 400);
    assert!(bad.text().await.unwrap().contains("\\\"q\\\""));
    store.shutdown().await;
}

/// `vramguide ask -` reads the paste from stdin; after `--` a paste may start with "-".
#[test]
fn the_cli_takes_a_paste_from_stdin_and_after_dashes() {
    let bin = env!("CARGO_BIN_EXE_vramguide");
    let base = |cmd: &mut Command| {
        cmd.env_remove("DATABASE_URL")
            .env("RUST_LOG", "warn")
            .args([
                "--database-url",
                "sqlite::memory:",
                "--hash-key",
                "k",
                "--offline",
            ]);
    };
    let mut cmd = Command::new(bin);
    base(&mut cmd);
    let mut child = cmd
        .args(["ask", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(torch_log().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("cuda_oom"), "{text}");
    // A llama.cpp line pasted as an argument after `--`.
    let mut cmd = Command::new(bin);
    base(&mut cmd);
    let out = cmd
        .args([
            "ask",
            "--",
            "-ngl 99 -c 131072\nggml_backend_cuda_buffer_type_alloc_buffer: allocating 8849.72 MiB on device 0: cudaMalloc failed: out of memory",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("llama.cpp"), "{text}");
}
