//! The Hub cache: a repo asked about twice is looked up once, shared by processes on
//! Postgres, and offline mode asks nothing.

use super::*;

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
