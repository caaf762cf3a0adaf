//! The Hub cache in the database, shared by processes.

use super::*;

both_backends!(hub_cache_is_shared_and_expires);

/// Two stores on one database stand for two processes: what one caches, the other reads;
/// an expired row is not returned; a new look-up replaces the old one.
async fn hub_cache_is_shared_and_expires(config: StoreConfig) {
    let a = Store::open(config.clone()).await.unwrap();
    let b = Store::open(config).await.unwrap();
    let (ca, cb) = (a.hub_cache(), b.hub_cache());
    assert_eq!(cb.get("k").await.unwrap(), None);
    ca.put("k", "{\"found\": 1}", Duration::from_secs(60))
        .await
        .unwrap();
    assert_eq!(
        cb.get("k").await.unwrap().as_deref(),
        Some("{\"found\": 1}")
    );
    cb.put(
        "k",
        "two; DROP TABLE hub_cache; --",
        Duration::from_secs(60),
    )
    .await
    .unwrap();
    assert_eq!(
        ca.get("k").await.unwrap().as_deref(),
        Some("two; DROP TABLE hub_cache; --")
    );
    ca.put("old", "x", Duration::from_millis(1)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(20)).await;
    assert_eq!(cb.get("old").await.unwrap(), None, "expired");
    a.shutdown().await;
    b.shutdown().await;
}
