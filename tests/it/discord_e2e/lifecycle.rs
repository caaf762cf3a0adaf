//! The bot's life: guild registration, shards and a clean shutdown, a missing or rejected
//! token, and the bare command running it beside the guide server.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guild_registration_shards_and_clean_shutdown() {
    let bot = start_with(|c| {
        c.guild = Some(fixtures::GUILD);
        c.shards = Some(discord::ShardRange::parse("0-1", 4).unwrap());
        c.message_content = true;
    })
    .await;
    let put = bot.fake.wait_for(WAIT, |r| r.method == "PUT").await;
    assert_eq!(
        put.path,
        format!(
            "/api/v10/applications/{APP_ID}/guilds/{}/commands",
            fixtures::GUILD
        )
    );
    let fake = &bot.fake;
    let two = fake
        .wait_until(WAIT, || (fake.identifies().len() >= 2).then_some(()))
        .await;
    assert!(two.is_some(), "two shards identify");
    let mut shards: Vec<Value> = fake
        .identifies()
        .iter()
        .map(|i| i["shard"].clone())
        .collect();
    shards.sort_by_key(|s| s[0].as_u64());
    assert_eq!(shards, vec![json!([0, 4]), json!([1, 4])]);
    assert_ne!(
        fake.identifies()[0]["intents"].as_u64().unwrap() & (1 << 15),
        0,
        "MESSAGE_CONTENT"
    );
    let fake = bot.stop().await;
    let codes = fake
        .wait_until(WAIT, || {
            (fake.close_codes().len() >= 2).then(|| fake.close_codes())
        })
        .await;
    let codes = codes.expect("both shards closed");
    assert!(
        codes.iter().all(|c| *c == Some(1000)),
        "clean close frames: {codes:?}"
    );
}

#[test]
fn missing_or_wrong_token_exits_2_with_a_clear_message() {
    let exe = env!("CARGO_BIN_EXE_vramguide");
    let out = std::process::Command::new(exe)
        .arg("bot")
        .env_remove("DISCORD_TOKEN")
        .env("VRAMGUIDE_DISCORD_PROXY", "http://127.0.0.1:9")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISCORD_TOKEN is not set"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let out = std::process::Command::new(exe)
        .arg("bot")
        .env("DISCORD_TOKEN", "not-a-token")
        .env("VRAMGUIDE_DISCORD_PROXY", "http://127.0.0.1:9")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not look like"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rejected_token_is_reported_not_retried() {
    let fake = FakeDiscord::start().await;
    let mut cfg = config(&fake);
    cfg.token = TOKEN.replace("GfAkE1", "WrOnG1");
    let store = in_memory().await;
    let result = tokio::time::timeout(WAIT, discord::run(cfg, store, std::future::pending())).await;
    let err = result.expect("fails fast").expect_err("rejected");
    assert!(
        matches!(
            err.downcast_ref::<discord::StartError>(),
            Some(discord::StartError::Rejected)
        ),
        "{err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bare_command_runs_the_bot_beside_the_guide_server_and_stops_on_sigterm() {
    let fake = FakeDiscord::start().await;
    let dir = std::env::temp_dir().join(format!("vramguide-bare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = fake
        .bare_command(&dir, "127.0.0.1:0")
        .spawn()
        .expect("starts");
    fake.wait_for(WAIT, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    let r = {
        let opts = json!([{"name": "topic", "type": 4, "value": 0}]);
        let payload = fixtures::slash(fake.next_id(), "explain", opts, USER, "es-ES", Place::Dm);
        let token = payload["token"].as_str().unwrap().to_string();
        fake.dispatch("INTERACTION_CREATE", payload);
        fake.wait_for(WAIT, |r| r.path.contains(&format!("/{token}/callback")))
            .await
    };
    assert_eq!(embed(&r)["title"], json!(t(Lang::Es, "guide-vram-title")));
    let pid = child.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status();
    assert!(killed.expect("kill runs").success());
    let deadline = std::time::Instant::now() + WAIT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("did not exit within {WAIT:?} of SIGTERM");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status.code(), Some(0), "clean exit on SIGTERM");
    let codes = fake
        .wait_until(WAIT, || {
            (!fake.close_codes().is_empty()).then(|| fake.close_codes())
        })
        .await;
    assert_eq!(
        codes,
        Some(vec![Some(1000)]),
        "the gateway was closed cleanly"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
