//! A hostile Hub: repos anyone could upload (arrays nested 20,000 deep, an index of 300,000
//! shards, 64 headers of 16 MiB, sizes that overflow), weight files that redirect to our
//! own machine or the cloud's metadata address, hang or trickle, ids in other cases, and
//! crowds asking at once. Each gets a clear outcome within the look-up's time budget, the
//! process stays up, and the fake Hub's request and byte counts stay under stated bounds.

use crate::fake_hub::{Cdn, FakeHub, Repo, safetensors};
use crate::hub::{run, temp_dir};
use serde_json::{Value, json};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use vramguide::error::SourceErrorKind;
use vramguide::hub::client::HubClient;
use vramguide::hub::repo::{Failure, MAX_LOOKUP_BYTES, MAX_SHARDS};
use vramguide::hub::{BudgetSettings, Hub, Looked, Requester};
use vramguide::query::HubMiss;

const MIB: u64 = 1024 * 1024;

fn config() -> Vec<u8> {
    serde_json::to_vec(&json!({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama",
        "hidden_size": 256, "intermediate_size": 512, "num_hidden_layers": 2,
        "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 64,
        "vocab_size": 1000, "max_position_embeddings": 4096, "torch_dtype": "bfloat16"
    }))
    .unwrap()
}

/// A small repo that looks up fine.
fn good() -> Repo {
    let (weights, _) = safetensors(&[("model.embed_tokens.weight", "BF16", &[1000, 256])], 0);
    let mut repo = Repo::default();
    repo.files.insert("config.json".into(), config());
    repo.files.insert("model.safetensors".into(), weights);
    repo
}

/// A sharded repo: its index names `shards` (file, tensors), each file's bytes given.
fn sharded(index: &Value, files: &[(&str, Vec<u8>)]) -> Repo {
    let mut repo = Repo::default();
    repo.files.insert("config.json".into(), config());
    repo.files.insert(
        "model.safetensors.index.json".into(),
        serde_json::to_vec(index).unwrap(),
    );
    for (name, bytes) in files {
        repo.files.insert(name.to_string(), bytes.clone());
    }
    repo
}

fn failed(l: &Looked) -> Option<(SourceErrorKind, &str)> {
    match l {
        Looked::Failed(e) => Some((e.kind, e.detail.as_str())),
        _ => None,
    }
}

async fn timed(hub: &Hub, repo: &str) -> (Looked, Duration) {
    let started = Instant::now();
    let l = hub.model(repo, None).await;
    (l, started.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gguf_nested_20000_deep_is_malformed_and_the_binary_stays_up() {
    let hub = FakeHub::start().await;
    // Truncated after the 20,000 levels: the reader must refuse it before it needs more.
    let mut gguf = vramguide::hub::gguf::write_nested_arrays(20_000);
    gguf.truncate(gguf.len() - 12);
    let mut repo = Repo::default();
    repo.files.insert("deep-Q4_K_M.gguf".into(), gguf);
    hub.add("evil/deep-GGUF", repo);
    let client = Hub::for_endpoint(&hub.url, None).unwrap();
    let (l, took) = timed(&client, "evil/deep-GGUF").await;
    assert_eq!(
        failed(&l).map(|f| f.0),
        Some(SourceErrorKind::Malformed),
        "{l:?}"
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    // The real binary, on its real stack: a clear answer, not an abort.
    let dir = temp_dir("deep");
    let r = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "evil/deep-GGUF"],
        &[],
    )
    .await;
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.json["error"]["kind"], "hub_malformed", "{}", r.json);
    assert!(r.json["text"].as_str().unwrap().contains("evil/deep-GGUF"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// An index of 300,000 shard names (13 MiB, under the index cap) is refused from the index
/// alone: info, config and index are the only requests, whatever it names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_index_of_300000_shards_is_refused_after_three_requests() {
    let hub = FakeHub::start().await;
    let mut map = serde_json::Map::new();
    for i in 0..300_000 {
        map.insert(
            format!("t.{i}"),
            json!(format!("model-{i:06}-of-300000.safetensors")),
        );
    }
    let (one, _) = safetensors(&[("a", "BF16", &[4])], 0);
    let index = json!({ "weight_map": map });
    hub.add(
        "evil/shards-300k",
        sharded(&index, &[("model-000000-of-300000.safetensors", one)]),
    );
    let client = Hub::for_endpoint(&hub.url, None).unwrap();
    let (l, took) = timed(&client, "evil/shards-300k").await;
    let (kind, detail) = failed(&l).expect("a failure");
    assert_eq!(kind, SourceErrorKind::TooLarge);
    assert!(detail.contains(&MAX_SHARDS.to_string()), "{detail}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(hub.requests_for("evil/shards-300k").len(), 3);
    let index_bytes = serde_json::to_vec(&index).unwrap().len() as u64;
    assert!(
        hub.bytes_sent() < index_bytes + 64 * 1024,
        "{}",
        hub.bytes_sent()
    );
    // The binary: the same answer, and its peak memory.
    let dir = temp_dir("shards");
    let r = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "evil/shards-300k"],
        &[],
    )
    .await;
    assert_eq!(r.json["error"]["kind"], "hub_too_large", "{}", r.stderr);
    eprintln!(
        "300,000-shard index: peak RSS {} KiB, {:?}",
        r.peak_kib.unwrap_or(0),
        r.elapsed
    );
    assert!(r.peak_kib.unwrap_or(0) < 200 * 1024, "{:?}", r.peak_kib);
    let _ = std::fs::remove_dir_all(&dir);
}

/// 64 shards whose headers are each 16 MiB (the per-header cap): the look-up stops at its
/// byte budget instead of reading 1 GiB, reading two large headers at a time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_four_headers_of_16_mib_stop_at_the_byte_budget() {
    let hub = FakeHub::start().await;
    let pad = (16 * MIB) as usize - 300;
    let (big, _) = safetensors(&[("w", "BF16", &[4])], pad);
    assert!(big.len() as u64 <= 16 * MIB + 8);
    let names: Vec<String> = (1..=64)
        .map(|i| format!("model-{i:05}-of-00064.safetensors"))
        .collect();
    let map: serde_json::Map<String, Value> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (format!("t.{i}"), json!(n)))
        .collect();
    let mut repo = sharded(&json!({ "weight_map": map }), &[(&names[0], big)]);
    for n in &names[1..] {
        repo.files.insert(n.clone(), Vec::new());
        repo.aliases.insert(n.clone(), names[0].clone());
    }
    hub.add("evil/huge-headers", repo);
    let client = Hub::for_endpoint(&hub.url, None)
        .unwrap()
        .with_timeout(Duration::from_secs(60));
    let (l, _) = timed(&client, "evil/huge-headers").await;
    let (kind, detail) = failed(&l).expect("a failure");
    assert_eq!(kind, SourceErrorKind::TooLarge, "{detail}");
    let sent = hub.bytes_sent();
    // The budget, plus what was already on the wire when it ran out (two large reads and
    // the first ranges of the eight files being read).
    let bound = MAX_LOOKUP_BYTES + 2 * 16 * MIB + 8 * 256 * 1024;
    assert!(sent <= bound, "{sent} > {bound}");
    assert!(hub.requests_for("evil/huge-headers").len() < 3 + 64 * 2);
    // The binary, with the default 5 s budget: refused (or out of time) and its peak memory.
    let dir = temp_dir("huge");
    let r = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "evil/huge-headers"],
        &[],
    )
    .await;
    assert!(r.code == 0 || r.code == 2, "{}", r.stderr);
    eprintln!(
        "64 x 16 MiB headers: peak RSS {} KiB, {:?}, {}",
        r.peak_kib.unwrap_or(0),
        r.elapsed,
        r.json["error"]["kind"]
    );
    assert!(r.peak_kib.unwrap_or(0) < 300 * 1024, "{:?}", r.peak_kib);
    assert!(r.elapsed < Duration::from_secs(15), "{:?}", r.elapsed);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two shards of 2^63 bytes each: the sum overflows, and a wrapped total would read as a
/// model of 0 bytes ("fits a 4090"), cached for a week.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sizes_that_overflow_are_malformed_never_wrapped() {
    let hub = FakeHub::start().await;
    let shard = |name: &str| {
        let json = format!(
            r#"{{"{name}":{{"dtype":"BF16","shape":[1],"data_offsets":[0,9223372036854775808]}}}}"#
        );
        let mut file = (json.len() as u64).to_le_bytes().to_vec();
        file.extend(json.as_bytes());
        file
    };
    let index = json!({"weight_map": {"a": "model-1.safetensors", "b": "model-2.safetensors"}});
    hub.add(
        "evil/overflow",
        sharded(
            &index,
            &[
                ("model-1.safetensors", shard("a")),
                ("model-2.safetensors", shard("b")),
            ],
        ),
    );
    let client = Hub::for_endpoint(&hub.url, None).unwrap();
    let (l, _) = timed(&client, "evil/overflow").await;
    let (kind, detail) = failed(&l).expect("a failure");
    assert_eq!(kind, SourceErrorKind::Malformed);
    assert!(detail.contains("overflows"), "{detail}");
}

/// A listener that counts requests and would answer with a secret.
async fn internal_service() -> (String, Arc<AtomicUsize>) {
    let hits = Arc::new(AtomicUsize::new(0));
    let counted = hits.clone();
    let app = axum::Router::new().fallback(move || {
        let counted = counted.clone();
        async move {
            counted.fetch_add(1, Ordering::SeqCst);
            "SECRET-INTERNAL-TOKEN"
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    (format!("{port}"), hits)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redirects_to_loopback_link_local_or_internal_names_are_refused() {
    let hub = FakeHub::start().await;
    let (port, hits) = internal_service().await;
    let to = |url: String| Repo {
        redirect: Some(url),
        ..good()
    };
    hub.add(
        "evil/to-loopback",
        to(format!("http://127.0.0.1:{port}/x.safetensors")),
    );
    hub.add(
        "evil/to-metadata",
        to("http://169.254.169.254/latest/meta-data/x.safetensors".into()),
    );
    hub.add(
        "evil/to-localhost",
        to(format!("http://localhost:{port}/x.safetensors")),
    );
    hub.add("test/fine", good());
    let client = Hub::for_endpoint(&hub.url, None).unwrap();
    for repo in ["evil/to-loopback", "evil/to-metadata", "evil/to-localhost"] {
        let (l, took) = timed(&client, repo).await;
        let (kind, detail) = failed(&l).unwrap_or_else(|| panic!("{repo}: {l:?}"));
        assert_eq!(kind, SourceErrorKind::Unreachable, "{repo}");
        assert!(detail.contains("redirect"), "{repo}: {detail}");
        assert!(took < Duration::from_secs(2), "{repo}: {took:?}");
    }
    // The fake's own CDN path (the endpoint's origin) is still followed.
    assert!(matches!(
        client.model("test/fine", None).await,
        Looked::Found(_)
    ));
    // A name on the CDN list that resolves to loopback: the resolver refuses it.
    let listed =
        HubClient::with_redirect_hosts(&hub.url, None, &["localhost".to_string()]).unwrap();
    let r = vramguide::hub::repo::fetch(&listed, "evil/to-localhost", None).await;
    let Err(Failure::Error(SourceErrorKind::Unreachable, detail)) = r else {
        panic!("{r:?}");
    };
    assert!(detail.contains("internal address"), "{detail}");
    let dir = temp_dir("redirects");
    let r = run(
        &hub.url,
        &dir,
        &["estimate", "--model", "evil/to-localhost"],
        &[("VRAMGUIDE_HUB_REDIRECT_HOSTS", "localhost")],
    )
    .await;
    assert_eq!(r.json["error"]["kind"], "hub_unreachable", "{}", r.stderr);
    let r = run(&hub.url, &dir, &["ask", "evil/to-loopback fp16"], &[]).await;
    assert!(!r.json.to_string().contains("SECRET"), "{}", r.json);
    assert_eq!(hits.load(Ordering::SeqCst), 0, "nothing internal was asked");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hanging_repo_times_out_once_and_is_remembered_and_a_trickle_is_cut() {
    let hub = FakeHub::start().await;
    hub.add(
        "evil/hang-7B",
        Repo {
            cdn: Cdn::Hang,
            ..good()
        },
    );
    hub.add(
        "evil/trickle-7B",
        Repo {
            cdn: Cdn::Trickle(Duration::from_millis(50)),
            ..good()
        },
    );
    let client = Hub::for_endpoint(&hub.url, None)
        .unwrap()
        .with_timeout(Duration::from_secs(1));
    let (l, took) = timed(&client, "evil/hang-7B").await;
    assert_eq!(l, Looked::Miss(HubMiss::Slow));
    assert!(took < Duration::from_secs(3), "{took:?}");
    let before = hub.requests_for("evil/hang-7B").len();
    // Remembered: the next ask does not wait again, and asks nothing.
    let (l, took) = timed(&client, "evil/hang-7B").await;
    assert_eq!(l, Looked::Miss(HubMiss::Slow));
    assert!(took < Duration::from_millis(200), "{took:?}");
    assert_eq!(hub.requests_for("evil/hang-7B").len(), before);
    let sent = hub.bytes_sent();
    let (l, took) = timed(&client, "evil/trickle-7B").await;
    assert_eq!(l, Looked::Miss(HubMiss::Slow));
    assert!(took < Duration::from_secs(3), "{took:?}");
    // Model info and config come whole; the trickled header, 20 bytes a second.
    assert!(
        hub.bytes_sent() - sent < 4096,
        "{}",
        hub.bytes_sent() - sent
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ids_in_any_case_are_one_look_up_and_one_row() {
    let hub = FakeHub::start().await;
    hub.add("CaseOrg/CaseModel-7B", good());
    let store = vramguide::store::Store::open(vramguide::store::StoreConfig::in_memory())
        .await
        .unwrap();
    let cache = store.hub_cache();
    let client = Hub::for_endpoint(&hub.url, Some(cache.clone())).unwrap();
    let Looked::Found(spec) = client.model("caseorg/casemodel-7b", None).await else {
        panic!("found");
    };
    // The Hub's own spelling of the id.
    assert_eq!(spec.hub_id.as_deref(), Some("CaseOrg/CaseModel-7B"));
    let asked = hub.total_requests();
    for variant in ["CASEORG/CASEMODEL-7B", "CaseOrg/CaseModel-7B"] {
        let Looked::Found(again) = client.model(variant, None).await else {
            panic!("{variant}");
        };
        assert_eq!(again.hub_id, spec.hub_id);
    }
    assert_eq!(hub.total_requests(), asked, "one look-up");
    assert_eq!(cache.rows().await.unwrap(), 1, "one row");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_concurrent_asks_for_one_new_id_are_one_look_up() {
    let hub = FakeHub::start().await;
    hub.add(
        "test/popular-7B",
        Repo {
            delay: Some(Duration::from_millis(300)),
            ..good()
        },
    );
    let client = Hub::for_endpoint(&hub.url, None).unwrap();
    let mut set = tokio::task::JoinSet::new();
    for i in 0..30u8 {
        let client = client.clone();
        set.spawn(async move {
            let who = Requester::Web(IpAddr::from([198, 51, 100, i]));
            client.model_for("test/popular-7B", None, &who).await
        });
    }
    while let Some(l) = set.join_next().await {
        assert!(matches!(l.unwrap(), Looked::Found(_)));
    }
    let info = hub
        .requests_for("test/popular-7B")
        .iter()
        .filter(|s| s.path.starts_with("/api/models/"))
        .count();
    assert_eq!(info, 1);
    // info + config + resolve + CDN.
    assert_eq!(hub.requests_for("test/popular-7B").len(), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_its_budget_a_client_gets_an_answer_that_does_not_wait() {
    let hub = FakeHub::start().await;
    let client = Hub::for_endpoint(&hub.url, None)
        .unwrap()
        .with_budgets(BudgetSettings {
            web_per_minute: 4,
            client_per_minute: 2,
            ..BudgetSettings::default()
        });
    let one = Requester::Web("203.0.113.7".parse().unwrap());
    for i in 0..2 {
        let l = client.model_for(&format!("made/up-{i}"), None, &one).await;
        assert!(failed(&l).is_some(), "{l:?}");
    }
    let asked = hub.total_requests();
    let started = Instant::now();
    let l = client.model_for("made/up-2", None, &one).await;
    let Looked::OverBudget { retry_after } = l else {
        panic!("{l:?}");
    };
    assert!(retry_after > Duration::ZERO && retry_after <= Duration::from_secs(30));
    assert!(started.elapsed() < Duration::from_millis(100));
    assert_eq!(hub.total_requests(), asked, "nothing asked past the budget");
    // An id already remembered costs no budget.
    assert!(failed(&client.model_for("made/up-0", None, &one).await).is_some());
    // Other addresses share the web's budget of 4: two more, then none.
    let other = |i: u8| Requester::Web(IpAddr::from([192, 0, 2, i]));
    assert!(failed(&client.model_for("made/up-3", None, &other(1)).await).is_some());
    assert!(failed(&client.model_for("made/up-4", None, &other(2)).await).is_some());
    let l = client.model_for("made/up-5", None, &other(3)).await;
    assert!(matches!(l, Looked::OverBudget { .. }), "{l:?}");
    // Discord users have budgets of their own, the command line none.
    assert!(
        failed(
            &client
                .model_for("made/up-6", None, &Requester::Discord(1))
                .await
        )
        .is_some()
    );
    assert!(failed(&client.model("made/up-7", None).await).is_some());
}

/// Expired rows go on `prune`; past the cap, the rows closest to expiring go.
async fn prunes_and_caps(cache: vramguide::store::HubCache) {
    let cache = cache.with_max_rows(5);
    for i in 0..3 {
        cache
            .put(&format!("old{i}"), "{}", Duration::ZERO)
            .await
            .unwrap();
    }
    assert_eq!(cache.prune().await.unwrap(), 3);
    assert_eq!(cache.rows().await.unwrap(), 0);
    let hour = Duration::from_secs(3600);
    for i in 0..10u64 {
        cache
            .put(&format!("k{i}"), "{}", hour + Duration::from_secs(i))
            .await
            .unwrap();
    }
    assert_eq!(cache.rows().await.unwrap(), 5);
    assert!(cache.get("k9").await.unwrap().is_some(), "the newest stay");
    assert!(cache.get("k0").await.unwrap().is_none(), "the oldest went");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hub_cache_prunes_expired_rows_and_keeps_to_its_cap() {
    let store = vramguide::store::Store::open(vramguide::store::StoreConfig::in_memory())
        .await
        .unwrap();
    prunes_and_caps(store.hub_cache()).await;
    // On a schedule: an expired row is gone a few periods later, with nobody asking.
    let cache = store.hub_cache();
    cache.put("stale", "{}", Duration::ZERO).await.unwrap();
    let pruning = tokio::spawn(cache.clone().prune_every(Duration::from_millis(50)));
    let started = Instant::now();
    while cache.rows().await.unwrap() > 5 && started.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(cache.rows().await.unwrap(), 5);
    pruning.abort();
}

/// The same on Postgres, in a fresh database (VRAMGUIDE_TEST_POSTGRES_URL; skipped without).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_postgres_hub_cache_prunes_expired_rows_and_keeps_to_its_cap() {
    use std::io::Write as _;
    let Ok(admin) = std::env::var("VRAMGUIDE_TEST_POSTGRES_URL") else {
        let _ = writeln!(
            std::io::stderr(),
            "hub cache pruning on postgres: SKIPPED, VRAMGUIDE_TEST_POSTGRES_URL is not set"
        );
        return;
    };
    let name = format!("hubprune_{}", std::process::id());
    let pool = sqlx::PgPool::connect(&admin).await.unwrap();
    for sql in [
        format!("DROP DATABASE IF EXISTS {name}"),
        format!("CREATE DATABASE {name}"),
    ] {
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(&pool)
            .await
            .unwrap();
    }
    let dir = temp_dir("pgprune");
    let store = vramguide::store::Store::open(vramguide::store::StoreConfig {
        database_url: format!("{}/{name}", admin.rsplit_once('/').unwrap().0),
        data_dir: dir.clone(),
        hash_key: Some("test-key".into()),
        ..vramguide::store::StoreConfig::default()
    })
    .await
    .unwrap();
    prunes_and_caps(store.hub_cache()).await;
    store.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
