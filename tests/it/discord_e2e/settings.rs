//! Settings, listening, stats and "forget me", in memory and on the SQL store, and the rate
//! limit's one notice.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_listen_stats_and_forget_me() {
    let bot = start_with(|_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };
    let member = Place::Guild {
        permissions: MEMBER_PERMISSIONS,
    };
    let lang_index = |code: &str| {
        ["auto", "en", "pt", "es", "zh"]
            .iter()
            .position(|c| *c == code)
            .unwrap()
    };

    // /language es: stored, ephemeral, answered in Spanish; later replies follow it.
    let opts = json!([{"name": "language", "type": 4, "value": lang_index("es")}]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "language",
            opts,
            USER,
            "en-US",
            member,
        ))
        .await;
    assert_ne!(flags(&r) & EPHEMERAL, 0);
    assert_eq!(
        bot.store
            .prefs()
            .user_language(&USER.to_string())
            .await
            .unwrap(),
        Some(Lang::Es)
    );
    let opts = json!([{"name": "topic", "type": 4, "value": 0}]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "explain",
            opts,
            USER,
            "en-US",
            member,
        ))
        .await;
    assert_eq!(embed(&r)["title"], json!(t(Lang::Es, "guide-vram-title")));

    // The server default needs Manage Server.
    let opts = json!([{"name": "language", "type": 4, "value": lang_index("zh")}, {"name": "server", "type": 5, "value": true}]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "language",
            opts.clone(),
            OTHER_USER,
            "en-US",
            member,
        ))
        .await;
    assert_eq!(
        embed(&r)["description"],
        json!(t(Lang::En, "notice-needs-manage-server"))
    );
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "language",
            opts,
            OTHER_USER,
            "en-US",
            admin,
        ))
        .await;
    assert_ne!(flags(&r) & EPHEMERAL, 0);
    assert_eq!(
        bot.store
            .prefs()
            .guild_language(fixtures::GUILD)
            .await
            .unwrap(),
        Some(Lang::Zh)
    );

    // /listen without the Message Content intent says so; then plain questions are
    // answered there, and chatter is left alone.
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "listen",
            json!([]),
            USER,
            "en-US",
            admin,
        ))
        .await;
    let d = embed(&r)["description"].as_str().unwrap().to_string();
    assert!(d.contains(&t(Lang::Es, "notice-listen-no-intent")), "{d}");
    let msg = fixtures::guild_message(fake.next_id(), OTHER_USER, "mistral 7b q4_k_m", false);
    assert!(
        bot.message(msg, WAIT).await.is_some(),
        "listened channel answers questions"
    );
    let msg = fixtures::guild_message(fake.next_id(), OTHER_USER, "lunch anyone?", false);
    assert!(
        bot.message(msg, Duration::from_millis(500)).await.is_none(),
        "chatter is ignored"
    );

    // /stats (Manage Server): deferred, ephemeral, counts the logged questions.
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "stats",
            json!([]),
            USER,
            "en-US",
            admin,
        ))
        .await;
    assert_eq!(r.body["type"], json!(5), "deferred");
    let follow = fake
        .wait_for(WAIT, |f| {
            f.method == "POST" && f.path.starts_with(&format!("/api/v10/webhooks/{APP_ID}/"))
        })
        .await;
    assert_ne!(follow.body["flags"].as_u64().unwrap_or(0) & EPHEMERAL, 0);
    assert!(
        embed(&follow)["description"]
            .as_str()
            .unwrap()
            .contains("mistral"),
        "{:#}",
        follow.body
    );

    // /forget-me: deletes the user's rows and preference, says how many.
    let before = bot.logged_models().await.len();
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "forget-me",
            json!([]),
            OTHER_USER,
            "en-US",
            member,
        ))
        .await;
    assert_eq!(r.body["type"], json!(5));
    let follow = fake
        .wait_until(WAIT, || {
            fake.requests()
                .into_iter()
                .filter(|f| f.method == "POST" && f.path.contains("/webhooks/"))
                .nth(1)
        })
        .await
        .expect("forget-me answer");
    assert!(
        embed(&follow)["description"]
            .as_str()
            .unwrap()
            .contains('1'),
        "{:#}",
        follow.body
    );
    assert_eq!(bot.logged_models().await.len(), before - 1);

    fake.assert_requests_follow_schema();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limit_gives_one_ephemeral_notice() {
    let bot = start_with(|c| {
        c.rate_burst = 2;
        c.rate_per_minute = 1;
    })
    .await;
    let fake = &bot.fake;
    let opts = || json!([{"name": "topic", "type": 4, "value": 0}]);
    for _ in 0..2 {
        let r = bot
            .interact(fixtures::slash(
                fake.next_id(),
                "explain",
                opts(),
                USER,
                "pt-BR",
                Place::Dm,
            ))
            .await;
        assert_eq!(flags(&r) & EPHEMERAL, 0);
    }
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "explain",
            opts(),
            USER,
            "pt-BR",
            Place::Dm,
        ))
        .await;
    assert_ne!(flags(&r) & EPHEMERAL, 0, "the notice is ephemeral");
    let d = embed(&r)["description"].as_str().unwrap().to_string();
    let prefix: String = t(Lang::Pt, "notice-rate-limited")
        .chars()
        .take(20)
        .collect();
    assert!(d.starts_with(&prefix), "{d}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sql_store_backs_language_log_stats_and_forget_me() {
    let dir = std::env::temp_dir().join(format!("vramguide-discord-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let store = vramguide::store::Store::open(vramguide::store::StoreConfig {
        database_url: format!("sqlite://{}", dir.join("log.db").display()),
        data_dir: dir.clone(),
        ..Default::default()
    })
    .await
    .expect("store opens");
    let bot = start_with_store(store.clone(), |_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };

    // /language pt is stored (hashed) and then used for a mention with no language of its own.
    let opts = json!([{"name": "language", "type": 4, "value": 2}]);
    bot.interact(fixtures::slash(
        fake.next_id(),
        "language",
        opts,
        USER,
        "en-US",
        admin,
    ))
    .await;
    assert_eq!(
        store
            .prefs()
            .user_language(&USER.to_string())
            .await
            .unwrap(),
        Some(Lang::Pt)
    );
    let msg = fixtures::guild_message(
        fake.next_id(),
        USER,
        &format!("<@{APP_ID}> llama 3.1 8b fp16"),
        true,
    );
    let r = bot.message(msg, WAIT).await.expect("reply");
    assert_eq!(
        embed(&r)["footer"]["text"],
        json!(t(Lang::Pt, "discord-footer"))
    );

    // /stats reads the log through the store's renderer.
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "stats",
            json!([]),
            USER,
            "en-US",
            admin,
        ))
        .await;
    assert_eq!(r.body["type"], json!(5));
    let follow = fake
        .wait_for(WAIT, |f| {
            f.method == "POST" && f.path.contains("/webhooks/")
        })
        .await;
    let d = embed(&follow)["description"].as_str().unwrap().to_string();
    assert!(
        d.contains("llama-3.1-8b") || d.contains("Llama 3.1 8B"),
        "{d}"
    );

    // /forget-me deletes the row and the preference.
    bot.interact(fixtures::slash(
        fake.next_id(),
        "forget-me",
        json!([]),
        USER,
        "en-US",
        admin,
    ))
    .await;
    fake.wait_until(WAIT, || {
        (fake
            .requests()
            .iter()
            .filter(|f| f.method == "POST" && f.path.contains("/webhooks/"))
            .count()
            >= 2)
            .then_some(())
    })
    .await
    .expect("forget-me answered");
    assert_eq!(
        store
            .prefs()
            .user_language(&USER.to_string())
            .await
            .unwrap(),
        None
    );
    let stats = store
        .log()
        .stats(&vramguide::store::StatsFilter {
            since: None,
            guild_id: Some(fixtures::GUILD),
        })
        .await
        .unwrap();
    assert_eq!(stats.total, 0, "the user's rows are gone");
    bot.stop().await;
    store.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
