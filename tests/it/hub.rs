//! Hub look-ups end to end: the real binary (and the web server in process) pointed at the
//! fake Hub with HF_ENDPOINT. Each repo is built here, its weight files written byte by
//! byte, and the expected bytes summed here from the shapes, apart from the code under test.

use crate::fake_hub::{FakeHub, Repo, safetensors};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_vramguide");

// Llama 3.1 8B's widths with 8 layers: large enough that the exact bytes and the
// parameters-times-bits estimate differ in the answer's second decimal.
const HIDDEN: u64 = 4096;
const INTER: u64 = 14336;
const VOCAB: u64 = 128_256;
const KV: u64 = 1024;
const LAYERS: u32 = 8;

pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vramguide-hub-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn config(extra: Value) -> Vec<u8> {
    let mut c = json!({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama",
        "hidden_size": HIDDEN, "intermediate_size": INTER, "num_hidden_layers": LAYERS,
        "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128,
        "vocab_size": VOCAB, "max_position_embeddings": 4096,
        "tie_word_embeddings": false, "torch_dtype": "bfloat16"
    });
    if let (Some(c), Some(extra)) = (c.as_object_mut(), extra.as_object()) {
        c.extend(extra.clone());
    }
    serde_json::to_vec(&c).unwrap()
}

/// The linear layers of one decoder layer: (name, out, in).
fn linears(layer: u32) -> Vec<(String, u64, u64)> {
    let p = format!("model.layers.{layer}");
    vec![
        (format!("{p}.self_attn.q_proj"), HIDDEN, HIDDEN),
        (format!("{p}.self_attn.k_proj"), KV, HIDDEN),
        (format!("{p}.self_attn.v_proj"), KV, HIDDEN),
        (format!("{p}.self_attn.o_proj"), HIDDEN, HIDDEN),
        (format!("{p}.mlp.gate_proj"), INTER, HIDDEN),
        (format!("{p}.mlp.up_proj"), INTER, HIDDEN),
        (format!("{p}.mlp.down_proj"), HIDDEN, INTER),
    ]
}

type Tensor = (String, &'static str, Vec<u64>);

/// Embeddings, norms and lm_head in `dtype`, each layer's linears from `linear`.
fn model_tensors(
    dtype: &'static str,
    layers: &[u32],
    linear: fn(&str, u64, u64) -> Vec<Tensor>,
    ends: (bool, bool),
) -> Vec<Tensor> {
    let mut out = Vec::new();
    if ends.0 {
        out.push((
            "model.embed_tokens.weight".to_string(),
            dtype,
            vec![VOCAB, HIDDEN],
        ));
    }
    for &l in layers {
        for (name, o, i) in linears(l) {
            out.extend(linear(&name, o, i));
        }
        for norm in ["input_layernorm", "post_attention_layernorm"] {
            out.push((
                format!("model.layers.{l}.{norm}.weight"),
                dtype,
                vec![HIDDEN],
            ));
        }
    }
    if ends.1 {
        out.push(("model.norm.weight".to_string(), dtype, vec![HIDDEN]));
        out.push(("lm_head.weight".to_string(), dtype, vec![VOCAB, HIDDEN]));
    }
    out
}

fn file_of(tensors: &[Tensor], pad: usize) -> (Vec<u8>, u64) {
    let refs: Vec<(&str, &str, &[u64])> = tensors
        .iter()
        .map(|(n, d, s)| (n.as_str(), *d, s.as_slice()))
        .collect();
    safetensors(&refs, pad)
}

/// A bf16 repo in one file; returns it and its tensor bytes.
fn bf16_repo() -> (Repo, u64) {
    let tensors = model_tensors(
        "BF16",
        &(0..LAYERS).collect::<Vec<_>>(),
        |n, o, i| vec![(format!("{n}.weight"), "BF16", vec![o, i])],
        (true, true),
    );
    let (file, bytes) = file_of(&tensors, 0);
    let params = bytes / 2;
    let mut repo = Repo {
        params: Some(params),
        ..Repo::default()
    };
    repo.files.insert("config.json".into(), config(json!({})));
    repo.files.insert("model.safetensors".into(), file);
    repo.files.insert("README.md".into(), b"# tiny".to_vec());
    (repo, bytes)
}

/// FP8 with 128 x 128 block scales, in two shards listed by an index; the second shard's
/// header is over the first range read (300 kB of metadata), so it takes a second request.
fn fp8_repo() -> (Repo, u64) {
    let linear = |n: &str, o: u64, i: u64| {
        vec![
            (format!("{n}.weight"), "F8_E4M3", vec![o, i]),
            (
                format!("{n}.weight_scale_inv"),
                "F32",
                vec![o.div_ceil(128), i.div_ceil(128)],
            ),
        ]
    };
    let half = LAYERS / 2;
    let first = model_tensors(
        "BF16",
        &(0..half).collect::<Vec<_>>(),
        linear,
        (true, false),
    );
    let second = model_tensors(
        "BF16",
        &(half..LAYERS).collect::<Vec<_>>(),
        linear,
        (false, true),
    );
    let (a, bytes_a) = file_of(&first, 0);
    let (b, bytes_b) = file_of(&second, 300_000);
    let mut weight_map = serde_json::Map::new();
    for (t, shard) in [
        (&first, "model-00001-of-00002.safetensors"),
        (&second, "model-00002-of-00002.safetensors"),
    ] {
        for (name, _, _) in t {
            weight_map.insert(name.clone(), json!(shard));
        }
    }
    let index =
        json!({ "metadata": { "total_size": bytes_a + bytes_b }, "weight_map": weight_map });
    let mut repo = Repo::default();
    repo.files.insert(
        "config.json".into(),
        config(json!({"quantization_config": {"quant_method": "fp8", "activation_scheme": "dynamic", "fmt": "e4m3", "weight_block_size": [128, 128]}})),
    );
    repo.files.insert(
        "model.safetensors.index.json".into(),
        serde_json::to_vec(&index).unwrap(),
    );
    repo.files
        .insert("model-00001-of-00002.safetensors".into(), a);
    repo.files
        .insert("model-00002-of-00002.safetensors".into(), b);
    (repo, bytes_a + bytes_b)
}

/// GPTQ 4-bit, group size 128: packed I32 weights and zeros, F16 scales, I32 g_idx.
fn gptq_repo() -> (Repo, u64) {
    let linear = |n: &str, o: u64, i: u64| {
        vec![
            (format!("{n}.qweight"), "I32", vec![i / 8, o]),
            (format!("{n}.qzeros"), "I32", vec![i / 128, o / 8]),
            (format!("{n}.scales"), "F16", vec![i / 128, o]),
            (format!("{n}.g_idx"), "I32", vec![i]),
        ]
    };
    let tensors = model_tensors(
        "F16",
        &(0..LAYERS).collect::<Vec<_>>(),
        linear,
        (true, true),
    );
    let (file, bytes) = file_of(&tensors, 0);
    let mut repo = Repo::default();
    repo.files.insert(
        "config.json".into(),
        config(json!({"torch_dtype": "float16", "quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 128, "desc_act": false}})),
    );
    repo.files.insert("model.safetensors".into(), file);
    (repo, bytes)
}

/// ggml block sizes, written out here: Q4_K 144 bytes per 256 values, Q6_K 210 per 256,
/// Q8_0 34 per 32, F32 4 per value.
fn ggml_bytes(kind: u32, elements: u64) -> u64 {
    match kind {
        0 => elements * 4,
        8 => elements / 32 * 34,
        12 => elements / 256 * 144,
        14 => elements / 256 * 210,
        _ => panic!("type {kind}"),
    }
}

/// A GGUF file of the tiny model: linears in `main` (attn_v, ffn_down and output in
/// Q6_K when main is Q4_K, as Q4_K_M does), norms in F32.
fn gguf_file(main: u32) -> (Vec<u8>, u64) {
    let side = if main == 12 { 14 } else { main };
    let mut tensors: Vec<(String, Vec<u64>, u32)> =
        vec![("token_embd.weight".into(), vec![HIDDEN, VOCAB], main)];
    for l in 0..LAYERS {
        for (name, shape, kind) in [
            ("attn_q", vec![HIDDEN, HIDDEN], main),
            ("attn_k", vec![HIDDEN, KV], main),
            ("attn_v", vec![HIDDEN, KV], side),
            ("attn_output", vec![HIDDEN, HIDDEN], main),
            ("ffn_gate", vec![HIDDEN, INTER], main),
            ("ffn_up", vec![HIDDEN, INTER], main),
            ("ffn_down", vec![INTER, HIDDEN], side),
            ("attn_norm", vec![HIDDEN], 0),
            ("ffn_norm", vec![HIDDEN], 0),
        ] {
            tensors.push((format!("blk.{l}.{name}.weight"), shape, kind));
        }
    }
    tensors.push(("output_norm.weight".into(), vec![HIDDEN], 0));
    tensors.push(("output.weight".into(), vec![HIDDEN, VOCAB], side));
    let expected = tensors
        .iter()
        .map(|(_, s, k)| ggml_bytes(*k, s.iter().product()))
        .sum();
    let tokens: Vec<Value> = (0..VOCAB).map(|i| json!(format!("tok{i}"))).collect();
    let metadata = [
        ("general.architecture", json!("llama")),
        ("general.name", json!("tiny")),
        ("llama.block_count", json!(LAYERS)),
        ("llama.context_length", json!(4096)),
        ("llama.embedding_length", json!(HIDDEN)),
        ("llama.feed_forward_length", json!(INTER)),
        ("llama.attention.head_count", json!(32)),
        ("llama.attention.head_count_kv", json!(8)),
        ("tokenizer.ggml.tokens", Value::Array(tokens)),
    ];
    let refs: Vec<(&str, &[u64], u32)> = tensors
        .iter()
        .map(|(n, s, k)| (n.as_str(), s.as_slice(), *k))
        .collect();
    (
        vramguide::hub::gguf::write_header(&metadata, &refs),
        expected,
    )
}

fn gguf_repo() -> (Repo, u64) {
    let (q4, bytes) = gguf_file(12);
    let (q8, _) = gguf_file(8);
    let mut repo = Repo::default();
    repo.files.insert("tiny-Q4_K_M.gguf".into(), q4);
    repo.files.insert("tiny-Q8_0.gguf".into(), q8);
    repo.files
        .insert("README.md".into(), b"# tiny gguf".to_vec());
    (repo, bytes)
}

/// Every repo the tests use, bad ones included; returns the expected bytes of the good ones.
fn fill(hub: &FakeHub) -> [u64; 4] {
    let (bf16, b) = bf16_repo();
    let (fp8, f) = fp8_repo();
    let (gptq, g) = gptq_repo();
    let (gguf, q) = gguf_repo();
    hub.add("test/tiny-bf16", bf16.clone());
    hub.add("test/tiny-fp8", fp8);
    hub.add("test/tiny-gptq", gptq);
    hub.add("test/tiny-GGUF", gguf);
    hub.add(
        "test/gated-tiny",
        Repo {
            gated: true,
            ..bf16.clone()
        },
    );
    let mut no_weights = Repo::default();
    no_weights
        .files
        .insert("config.json".into(), config(json!({})));
    hub.add("test/no-weights", no_weights);
    let mut bad = Repo::default();
    bad.files.insert("config.json".into(), config(json!({})));
    let mut garbage = 20u64.to_le_bytes().to_vec();
    garbage.extend(b"{not json at all....");
    bad.files.insert("model.safetensors".into(), garbage);
    hub.add("test/bad-header", bad.clone());
    let mut huge = bad.clone();
    huge.files.insert(
        "model.safetensors".into(),
        (1u64 << 30).to_le_bytes().to_vec(),
    );
    hub.add("test/huge-header", huge);
    hub.add(
        "test/slow-7B",
        Repo {
            delay: Some(Duration::from_secs(20)),
            ..bf16
        },
    );
    [b, f, g, q]
}

pub(crate) struct Run {
    pub code: i32,
    pub json: Value,
    pub stderr: String,
    pub elapsed: Duration,
    /// The process's peak resident memory (VmHWM) in KiB, when it was read.
    pub peak_kib: Option<u64>,
}

/// Run the binary against `endpoint` with a SQLite database in `dir`.
pub(crate) async fn run(endpoint: &str, dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(dir)
        .env("HF_ENDPOINT", endpoint)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("q.db").display()),
        )
        .env("VRAMGUIDE_DATA_DIR", dir)
        .env_remove("HF_TOKEN")
        .env_remove("VRAMGUIDE_OFFLINE")
        .env_remove("VRAMGUIDE_HUB_TIMEOUT")
        .env_remove("VRAMGUIDE_CONFIG")
        .args(args)
        .arg("--json");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let started = Instant::now();
    let (out, peak_kib) = tokio::task::spawn_blocking(move || output_and_peak(cmd))
        .await
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    Run {
        code: out.status.code().unwrap_or(-1),
        json: serde_json::from_str(&stdout).unwrap_or(Value::Null),
        stderr: String::from_utf8_lossy(&out.stderr).to_string(),
        elapsed: started.elapsed(),
        peak_kib,
    }
}

/// Run `cmd` to its end, reading its VmHWM (peak RSS, monotonic) from /proc every few
/// milliseconds while it runs; the last reading is its peak up to its last moments.
fn output_and_peak(mut cmd: Command) -> (std::process::Output, Option<u64>) {
    use std::io::Read as _;
    use std::process::Stdio;
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let readers = (
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = out.read_to_end(&mut v);
            v
        }),
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = err.read_to_end(&mut v);
            v
        }),
    );
    let mut peak = None;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        let hwm = std::fs::read_to_string(&status_file).ok().and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        });
        peak = hwm.max(peak);
        std::thread::sleep(Duration::from_millis(2));
    };
    let output = std::process::Output {
        status,
        stdout: readers.0.join().unwrap(),
        stderr: readers.1.join().unwrap(),
    };
    (output, peak)
}

fn exact(r: &Run) -> Option<u64> {
    r.json
        .pointer("/query/weight_bytes_exact")
        .and_then(Value::as_u64)
}

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_question_about_a_repo_makes_no_request() {
    let hub = FakeHub::start().await;
    let [bf16, ..] = fill(&hub);
    let dir = temp_dir("cache");
    let first = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "test/tiny-bf16"],
        &[],
    )
    .await;
    assert_eq!(exact(&first), Some(bf16), "{}", first.stderr);
    let before = hub.total_requests();
    assert!(before > 0);
    let again = run(&hub.url, &dir, &["ask", "test/tiny-bf16 on 2x h100"], &[]).await;
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(exact(&again), Some(bf16));
    assert_eq!(again.json["query"]["gpu_count"], 2);
    let again = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "test/tiny-bf16", "--gpu", "4090"],
        &[],
    )
    .await;
    assert_eq!(exact(&again), Some(bf16));
    assert_eq!(hub.total_requests(), before, "the cache answered");
    // Failures are cached too: a missing repo is asked about once.
    let missing = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "test/missing"],
        &[],
    )
    .await;
    assert_eq!(missing.json["error"]["kind"], "hub_not_found");
    let count = hub.total_requests();
    run(
        &hub.url,
        &dir,
        &["estimate", "--model", "test/missing"],
        &[],
    )
    .await;
    assert_eq!(hub.total_requests(), count);
    let _ = std::fs::remove_dir_all(&dir);
}

/// With Postgres (VRAMGUIDE_TEST_POSTGRES_URL), two processes share the cache: the second
/// asks the fake Hub nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_cache_is_shared_by_processes() {
    let Ok(admin) = std::env::var("VRAMGUIDE_TEST_POSTGRES_URL") else {
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "hub postgres cache: SKIPPED, VRAMGUIDE_TEST_POSTGRES_URL is not set"
        );
        return;
    };
    let name = format!("hubcache_{}", std::process::id());
    let pool = sqlx::PgPool::connect(&admin).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "DROP DATABASE IF EXISTS {name}"
    )))
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&pool)
        .await
        .unwrap();
    let url = format!("{}/{name}", admin.rsplit_once('/').unwrap().0);
    let hub = FakeHub::start().await;
    let [bf16, ..] = fill(&hub);
    let dir = temp_dir("pg");
    let env = [("DATABASE_URL", url.as_str())];
    let first = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "test/tiny-bf16"],
        &env,
    )
    .await;
    assert_eq!(exact(&first), Some(bf16), "{}", first.stderr);
    let before = hub.total_requests();
    let other = temp_dir("pg2");
    let second = run(
        &hub.url,
        &other,
        &["ask", "test/tiny-bf16 fp8 on 2x h100"],
        &env,
    )
    .await;
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert_eq!(second.json["query"]["source"], "hub");
    assert_eq!(
        hub.total_requests(),
        before,
        "the second process read the shared cache"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offline_mode_makes_no_request() {
    let hub = FakeHub::start().await;
    fill(&hub);
    let dir = temp_dir("offline");
    let flag = run(
        &hub.url,
        &dir,
        &["--offline", "estimate", "--model", "test/tiny-bf16"],
        &[],
    )
    .await;
    assert_eq!(flag.code, 2);
    assert_eq!(flag.json["error"]["kind"], "hub_unreachable");
    assert!(
        flag.json["text"].as_str().unwrap().contains("offline"),
        "{}",
        flag.json
    );
    let env = run(
        &hub.url,
        &dir,
        &["ask", "test/slow-7B fp16"],
        &[("VRAMGUIDE_OFFLINE", "1")],
    )
    .await;
    assert_eq!(env.code, 0, "{}", env.stderr);
    assert_eq!(env.json["query"]["source"], "size");
    let note = &env.json["assumed"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(note["kind"], "hub_fallback");
    assert_eq!(note["reason"], "offline");
    assert_eq!(hub.total_requests(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_config_json_the_user_brings() {
    let dir = temp_dir("config");
    let good = dir.join("config.json");
    std::fs::write(&good, config(json!({"_name_or_path": "me/tiny"}))).unwrap();
    let r = run(
        "http://127.0.0.1:9",
        &dir,
        &[
            "estimate",
            "--config",
            good.to_str().unwrap(),
            "--precision",
            "bf16",
        ],
        &[],
    )
    .await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json["query"]["source"], "config");
    assert_eq!(r.json["query"]["model"], "me/tiny");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"model_type\": \"mamba\", \"hidden_size\": 768").unwrap();
    let r = run(
        "http://127.0.0.1:9",
        &dir,
        &["estimate", "--config", bad.to_str().unwrap()],
        &[],
    )
    .await;
    assert_eq!(
        (r.code, r.json["error"]["kind"].as_str()),
        (2, Some("invalid_config"))
    );
    assert!(r.json["text"].as_str().unwrap().contains("not JSON"));
    std::fs::write(&bad, "{\"model_type\": \"mamba\", \"hidden_size\": 768}").unwrap();
    let r = run(
        "http://127.0.0.1:9",
        &dir,
        &[
            "estimate",
            "--config",
            bad.to_str().unwrap(),
            "--lang",
            "pt",
        ],
        &[],
    )
    .await;
    let text = r.json["text"].as_str().unwrap();
    assert!(
        text.contains("num_hidden_layers") && text.contains("vocab_size") && text.contains("mamba"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_api_looks_up_and_takes_a_pasted_config() {
    let hub = FakeHub::start().await;
    let [bf16, ..] = fill(&hub);
    let base = crate::web::start_with(vramguide::web::Config {
        hub: Some(vramguide::hub::Hub::for_endpoint(&hub.url, None).unwrap()),
        ..vramguide::web::Config::default()
    })
    .await;
    let client = crate::web::client();
    let v: Value = client
        .get(format!(
            "{base}/api/v1/estimate?model=test/tiny-bf16&gpu=4090"
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(v["query"]["weight_bytes_exact"], bf16, "{v}");
    let v: Value = client
        .get(format!(
            "{base}/api/v1/ask?q=test/tiny-fp8%20on%202x%20h100"
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(v["query"]["source"], "hub", "{v}");
    let resp = client
        .post(format!("{base}/api/v1/estimate?precision=bf16&lang=es"))
        .body(config(json!({})))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let v: Value = resp.json().await.unwrap();
    assert_eq!(v["query"]["source"], "config");
    let resp = client
        .post(format!("{base}/api/v1/estimate?lang=zh"))
        .body("{\"hidden_size\": 1}")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 400);
    let v: Value = resp.json().await.unwrap();
    assert_eq!(v["error"]["kind"], "invalid_config");
    assert!(v["text"].as_str().unwrap().contains("num_hidden_layers"));
    // The form on the page: a pasted config and the job in words.
    let pasted = String::from_utf8(config(json!({"_name_or_path": "me/pasted-model"}))).unwrap();
    let html = client
        .post(format!("{base}/ask"))
        .form(&[
            ("config", pasted.as_str()),
            ("q", "fp16 on 2x 4090"),
            ("lang", "pt"),
        ])
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        html.contains("pasted-model") && html.contains("4090"),
        "{html}"
    );
    let html = client
        .post(format!("{base}/ask"))
        .form(&[("config", "{\"model_type\": \"x\"}")])
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("num_hidden_layers"), "{html}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_defers_a_hub_look_up_and_answers_with_its_bytes() {
    use crate::fake_discord::APP_ID;
    use crate::fake_discord::fixtures::{self, ADMIN_PERMISSIONS, Place, USER};
    let hub = FakeHub::start().await;
    let [bf16, ..] = fill(&hub);
    let store = vramguide::store::Store::open(vramguide::store::StoreConfig::in_memory())
        .await
        .unwrap();
    let cache = store.hub_cache();
    let url = hub.url.clone();
    let bot = crate::discord_e2e::start_with_store(store, move |c| {
        c.hub = Some(vramguide::hub::Hub::for_endpoint(&url, Some(cache)).unwrap());
    })
    .await;
    let fake = &bot.fake;
    let precision = vramguide::estimate::precision::ALL
        .iter()
        .position(|(_, n)| *n == "bf16")
        .unwrap();
    let options = json!([
        {"name": "model", "type": 3, "value": "test/tiny-bf16"},
        {"name": "precision", "type": 4, "value": precision},
        {"name": "gpu", "type": 3, "value": "h100"}
    ]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "estimate",
            options,
            USER,
            "es-ES",
            Place::Guild {
                permissions: ADMIN_PERMISSIONS,
            },
        ))
        .await;
    assert_eq!(r.body["type"], json!(5), "deferred while the Hub is asked");
    let follow = fake
        .wait_for(Duration::from_secs(15), |f| {
            f.method == "POST" && f.path.contains("/webhooks/")
        })
        .await;
    let text = follow.body.to_string();
    let gib = vramguide::i18n::format_number(
        vramguide::i18n::Lang::Es,
        bf16 as f64 / (1u64 << 30) as f64,
        2,
    );
    assert!(text.contains("tiny-bf16"), "{text}");
    assert!(
        text.contains(&gib) && text.contains("safetensors"),
        "{gib} in {text}"
    );
    assert!(
        follow.schema_errors.is_empty(),
        "{:?}",
        follow.schema_errors
    );
    // A mention naming a repo: answered from the cache, no new request to the Hub.
    let before = hub.total_requests();
    let reply = bot
        .message(
            fixtures::guild_message(
                fake.next_id(),
                USER,
                &format!("<@{APP_ID}> test/tiny-bf16 on 2x h100"),
                true,
            ),
            Duration::from_secs(15),
        )
        .await
        .expect("a reply");
    assert!(
        reply.body.to_string().contains("tiny-bf16"),
        "{}",
        reply.body
    );
    assert_eq!(hub.total_requests(), before);
    bot.stop().await;
}

/// A config.json attached to `/estimate` and to a mention: read from the attachment URL
/// Discord gives (served here by the fake Discord's CDN), answered for the model it
/// describes; a broken one gets the invalid-config answer in the asker's language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_reads_a_config_json_attachment() {
    use crate::fake_discord::APP_ID;
    use crate::fake_discord::fixtures::{self, ADMIN_PERMISSIONS, Place, USER};
    // The fake Discord serves REST and its CDN on one address.
    let bot = crate::discord_e2e::start_with(|c| c.attachment_base = c.proxy.clone()).await;
    let fake = &bot.fake;
    let good = config(json!({"_name_or_path": "me/attached-tiny"}));
    let size = good.len();
    let url = fake.attach("config.json", good);
    let precision = vramguide::estimate::precision::ALL
        .iter()
        .position(|(_, n)| *n == "bf16")
        .unwrap();
    let mut slash = fixtures::slash(
        fake.next_id(),
        "estimate",
        json!([
            {"name": "model", "type": 3, "value": "my model"},
            {"name": "precision", "type": 4, "value": precision},
            {"name": "config", "type": 11, "value": "930000000000000001"}
        ]),
        USER,
        "pt-BR",
        Place::Guild {
            permissions: ADMIN_PERMISSIONS,
        },
    );
    slash["data"]["resolved"] = json!({"attachments": {"930000000000000001": {
        "id": "930000000000000001", "filename": "config.json", "size": size,
        "url": url, "proxy_url": url, "content_type": "application/json"
    }}});
    let r = bot.interact(slash).await;
    assert_eq!(r.body["type"], json!(5), "deferred while the file is read");
    let follow = fake
        .wait_for(Duration::from_secs(15), |f| {
            f.method == "PATCH" && f.path.contains("/webhooks/")
                || f.method == "POST" && f.path.contains("/webhooks/")
        })
        .await;
    let text = follow.body.to_string();
    assert!(text.contains("attached-tiny"), "{text}");
    assert!(
        follow.schema_errors.is_empty(),
        "{:?}",
        follow.schema_errors
    );

    // A mention with a broken config.json attached: told what is wrong, in Spanish.
    let bad = fake.attach("config.json", b"{\"model_type\": \"llama\"".to_vec());
    let mut msg = fixtures::guild_message(
        fake.next_id(),
        USER,
        &format!("<@{APP_ID}> ¿cabe este modelo en una 4090?"),
        true,
    );
    msg["attachments"] = json!([{
        "id": "930000000000000002", "filename": "config.json", "size": 22,
        "url": bad, "proxy_url": bad, "content_type": "application/json"
    }]);
    let reply = bot
        .message(msg, Duration::from_secs(15))
        .await
        .expect("a reply");
    let text = reply.body.to_string();
    assert!(text.contains("config.json"), "{text}");
    assert!(!text.contains("attached-tiny"), "{text}");
    bot.stop().await;
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
