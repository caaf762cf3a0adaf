//! The query log's rows: what goes in comes out verbatim, bursts are kept, statistics
//! count them and retention deletes the old ones.

use super::*;

both_backends!(
    round_trip,
    injection_strings_stored_verbatim,
    burst_of_100k_is_not_dropped,
    statistics,
    retention,
    places_hashed_when_asked,
);

/// With `hash_places`, no guild or channel id is stored as it is, the same server's rows
/// share one value, and a server's statistics still count its own rows.
async fn places_hashed_when_asked(config: StoreConfig) {
    let store = Store::open(StoreConfig {
        hash_places: true,
        ..config
    })
    .await
    .unwrap();
    let (guild, channel) = (1_234_567_890_123_456_789u64, 42u64);
    for (g, c) in [(guild, channel), (guild, channel + 1), (7, 8)] {
        store.log().record(LogEntry {
            guild_id: Some(g),
            channel_id: Some(c),
            ..LogEntry::new(Source::Discord, Lang::En, "llama 8b fp16")
        });
    }
    assert!(store.log().flush(Duration::from_secs(10)).await);
    const SQL: &str = "SELECT guild_id, channel_id FROM query_log ORDER BY id";
    let stored: Vec<(Option<i64>, Option<i64>)> = match store.db() {
        Db::Sqlite(p) => sqlx::query_as(SQL).fetch_all(p).await.unwrap(),
        Db::Postgres(p) => sqlx::query_as(SQL).fetch_all(p).await.unwrap(),
    };
    assert_eq!(stored.len(), 3);
    let raw = [guild as i64, channel as i64, channel as i64 + 1, 7, 8];
    for (g, c) in &stored {
        assert!(
            !raw.contains(&g.unwrap()) && !raw.contains(&c.unwrap()),
            "{stored:?}"
        );
    }
    assert_eq!(stored[0].0, stored[1].0, "one server, one value");
    assert_ne!(stored[0].1, stored[1].1, "two channels, two values");
    let stats = store
        .log()
        .stats(&StatsFilter {
            since: None,
            guild_id: Some(guild),
        })
        .await
        .unwrap();
    assert_eq!(stats.total, 2, "the server's own rows");
    store.shutdown().await;
}

async fn round_trip(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    let query = serde_json::json!({"model": "llama-3.1-70b", "precision": "fp16"});
    store.log().record(LogEntry {
        guild_id: Some(1_234_567_890_123_456_789),
        channel_id: Some(42),
        user_id: Some("998877".into()),
        locale: Some("pt-BR".into()),
        query: Some(query.to_string().into()),
        model: Some("llama-3.1-70b".into()),
        precision: Some("fp16".into()),
        gpu: Some("rtx-4090".into()),
        total_gib: Some(136.7),
        understood: true,
        latency_us: 850,
        ..LogEntry::new(Source::Web, Lang::Pt, "llama 70b fp16 em 2x 4090")
    });
    store.log().record(entry("oi"));
    assert!(store.log().flush(Duration::from_secs(10)).await);
    let rows = rows(&store).await;
    assert_eq!(rows.len(), 2);
    let (question, hash, model, understood, total, json, source) = &rows[0];
    assert_eq!(question, "llama 70b fp16 em 2x 4090");
    assert_eq!(hash.as_deref(), Some(store.user_hash("998877").as_str()));
    assert!(!hash.as_deref().unwrap().contains("998877"));
    assert_eq!(model.as_deref(), Some("llama-3.1-70b"));
    assert!(*understood);
    assert_eq!(*total, Some(136.7));
    let stored: serde_json::Value = serde_json::from_str(json.as_deref().unwrap()).unwrap();
    assert_eq!(stored, query);
    assert_eq!(source, "web");
    assert_eq!(rows[1].1, None);
    assert!(!rows[1].3);
    let stats = store
        .log()
        .stats(&StatsFilter {
            since: None,
            guild_id: Some(1_234_567_890_123_456_789),
        })
        .await
        .unwrap();
    assert_eq!(stats.total, 1, "u64 guild ids survive the round trip");
    store.shutdown().await;
    store.shutdown().await; // idempotent
}

async fn injection_strings_stored_verbatim(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    let nasty = [
        "'; DROP TABLE query_log; --",
        "Robert'); DELETE FROM user_prefs; --",
        "\" OR 1=1 --",
        "$1 $2 ? ?1 :name @x",
        "llama 70b' UNION SELECT * FROM user_prefs --",
        "多行\n问题\t'quoted' \\ backslash",
        "emoji 🦙 and ＇full-width＇",
    ];
    for q in nasty {
        store.log().record(LogEntry {
            model: Some(q.to_string()),
            user_id: Some(q.to_string()),
            ..entry(q)
        });
    }
    assert!(store.log().flush(Duration::from_secs(10)).await);
    let stored: Vec<String> = rows(&store).await.into_iter().map(|r| r.0).collect();
    assert_eq!(stored, nasty);
    let stats = store.log().stats(&StatsFilter::default()).await.unwrap();
    assert_eq!(stats.total, nasty.len() as u64);
    assert_eq!(stats.unanswered.len(), nasty.len());
    store.shutdown().await;
}

async fn burst_of_100k_is_not_dropped(config: StoreConfig) {
    const N: u64 = 100_000;
    let store = Store::open(config).await.unwrap();
    let started = Instant::now();
    for i in 0..N {
        store.log().record(LogEntry {
            user_id: Some(format!("u{}", i % 100)),
            understood: true,
            ..entry(&format!("q{i}"))
        });
    }
    let enqueue = started.elapsed();
    // Enqueueing never waits for the database: far below the time it takes to write.
    assert!(enqueue < Duration::from_secs(5), "enqueue took {enqueue:?}");
    store.shutdown().await;
    assert_eq!(store.log().queue_depth(), 0);
    let stats = store.log().stats(&StatsFilter::default()).await.unwrap();
    assert_eq!(stats.total, N);
    assert_eq!(stats.users, 100);
    assert_eq!(store.log().write_errors(), 0);
}

async fn statistics(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    let asked = |model: &str, precision: &str, lang: Lang, guild: u64| LogEntry {
        guild_id: Some(guild),
        user_id: Some(format!("user-{guild}")),
        model: Some(model.into()),
        precision: Some(precision.into()),
        gpu: Some("rtx-4090".into()),
        understood: true,
        language: lang,
        ..entry("q")
    };
    for _ in 0..3 {
        store
            .log()
            .record(asked("llama-3.1-70b", "fp16", Lang::Pt, 1));
    }
    store
        .log()
        .record(asked("qwen2.5-32b", "q4_k_m", Lang::Zh, 2));
    store.log().record(entry("what is love"));
    store.log().record(entry("what is love"));
    store.log().record(LogEntry {
        source: Source::Cli,
        ..entry("???")
    });
    let all = store.log().stats(&StatsFilter::default()).await.unwrap();
    assert_eq!(all.total, 7);
    assert_eq!(all.understood, 4);
    assert_eq!(all.not_understood(), 3);
    assert_eq!(all.users, 2);
    assert_eq!(all.top_models[0], ("llama-3.1-70b".to_string(), 3));
    assert_eq!(all.top_precisions[1], ("q4_k_m".to_string(), 1));
    assert_eq!(all.top_gpus, vec![("rtx-4090".to_string(), 4)]);
    assert_eq!(all.by_source[0], ("discord".to_string(), 6));
    assert_eq!(all.unanswered[0], ("what is love".to_string(), 2));
    assert!(all.languages.contains(&("pt".to_string(), 3)));
    let guild = store
        .log()
        .stats(&StatsFilter {
            since: Some(Duration::from_secs(3_600)),
            guild_id: Some(2),
        })
        .await
        .unwrap();
    assert_eq!(guild.total, 1);
    assert_eq!(guild.top_models, vec![("qwen2.5-32b".to_string(), 1)]);
    // Old rows fall out of a window.
    execute(
        store.db(),
        "UPDATE query_log SET created_at = created_at - 691200000 WHERE guild_id = 1",
    )
    .await;
    let week = store
        .log()
        .stats(&StatsFilter {
            since: Some(Duration::from_secs(7 * 86_400)),
            guild_id: None,
        })
        .await
        .unwrap();
    assert_eq!(week.total, 4);
    let text = vramguide::render::stats::text(Lang::Pt, &all);
    assert!(
        text.contains("llama-3.1-70b") && text.contains("what is love"),
        "{text}"
    );
    store.shutdown().await;
}

async fn retention(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    for i in 0..5 {
        store.log().record(entry(&format!("q{i}")));
    }
    assert!(store.log().flush(Duration::from_secs(10)).await);
    execute(
        store.db(),
        "UPDATE query_log SET created_at = created_at - 3456000000 WHERE question IN ('q0', 'q1')",
    )
    .await;
    assert_eq!(store.log().purge_older_than(30).await.unwrap(), 2);
    assert_eq!(store.log().purge_older_than(30).await.unwrap(), 0);
    assert_eq!(
        store
            .log()
            .stats(&StatsFilter::default())
            .await
            .unwrap()
            .total,
        3
    );
    store.shutdown().await;
}
