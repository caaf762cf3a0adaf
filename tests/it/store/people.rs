//! What the store keeps about people: preferences, forgetting a user, the user-hash key.

use super::*;

both_backends!(preferences, forget_user);

async fn preferences(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    assert_eq!(store.prefs().user_language("u1").await.unwrap(), None);
    store
        .prefs()
        .set_user_language("u1", Some(Lang::Pt))
        .await
        .unwrap();
    store
        .prefs()
        .set_user_language("u1", Some(Lang::Zh))
        .await
        .unwrap();
    store
        .prefs()
        .set_user_language("u2", Some(Lang::Es))
        .await
        .unwrap();
    assert_eq!(
        store.prefs().user_language("u1").await.unwrap(),
        Some(Lang::Zh)
    );
    assert_eq!(
        store.prefs().user_language("u2").await.unwrap(),
        Some(Lang::Es)
    );
    store.prefs().set_user_language("u1", None).await.unwrap();
    assert_eq!(store.prefs().user_language("u1").await.unwrap(), None);

    let guild = u64::MAX - 7;
    store
        .prefs()
        .set_guild_language(guild, Some(Lang::Es))
        .await
        .unwrap();
    assert_eq!(
        store.prefs().guild_language(guild).await.unwrap(),
        Some(Lang::Es)
    );
    store.prefs().set_guild_language(guild, None).await.unwrap();
    assert_eq!(store.prefs().guild_language(guild).await.unwrap(), None);

    assert!(!store.prefs().is_listened(10).await.unwrap());
    store.prefs().set_listened(1, 10, true).await.unwrap();
    store.prefs().set_listened(1, 10, true).await.unwrap();
    assert!(store.prefs().is_listened(10).await.unwrap());
    assert!(!store.prefs().is_listened(11).await.unwrap());
    store.prefs().set_listened(1, 10, false).await.unwrap();
    assert!(!store.prefs().is_listened(10).await.unwrap());
    store.shutdown().await;
}

async fn forget_user(config: StoreConfig) {
    let store = Store::open(config).await.unwrap();
    for (user, n) in [("alice", 3), ("bob", 2)] {
        for i in 0..n {
            store.log().record(LogEntry {
                user_id: Some(user.into()),
                ..entry(&format!("{user} {i}"))
            });
        }
    }
    store
        .prefs()
        .set_user_language("alice", Some(Lang::Pt))
        .await
        .unwrap();
    // No flush here: forgetting must also catch rows still in the queue.
    assert_eq!(store.forget_user("alice").await.unwrap(), 4);
    assert_eq!(store.prefs().user_language("alice").await.unwrap(), None);
    let hash = store.user_hash("bob");
    assert_eq!(store.forget_user_hash(&hash).await.unwrap(), 2);
    assert_eq!(store.forget_user_hash(&hash).await.unwrap(), 0);
    assert_eq!(
        store
            .log()
            .stats(&StatsFilter::default())
            .await
            .unwrap()
            .total,
        0
    );
    store.shutdown().await;
}

#[tokio::test]
async fn hash_key_is_generated_once_and_kept() {
    let dir = temp_dir("key");
    let config = StoreConfig {
        database_url: "sqlite::memory:".into(),
        data_dir: dir.clone(),
        ..StoreConfig::default()
    };
    let first = Store::open(config.clone()).await.unwrap();
    let key = std::fs::read_to_string(dir.join("vramguide.key")).unwrap();
    assert_eq!(key.trim().len(), 64);
    let second = Store::open(config.clone()).await.unwrap();
    assert_eq!(first.user_hash("42"), second.user_hash("42"));
    let keyed = Store::open(StoreConfig {
        hash_key: Some("configured".into()),
        ..config
    })
    .await
    .unwrap();
    assert_ne!(first.user_hash("42"), keyed.user_hash("42"));
}
