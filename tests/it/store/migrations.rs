//! Every earlier schema migrates to the latest with its data.

use super::*;

both_backends!(migrations_from_every_earlier_version);

/// Build each earlier schema with data in it, then open the store (which migrates to the
/// latest): the data survives and every table works. Version 0 is the empty database.
async fn migrations_from_every_earlier_version(config: StoreConfig) {
    let probe = Db::connect(&config.database_url).await.unwrap();
    let versions = probe.migration_versions();
    probe.close().await;
    assert!(versions.len() >= 3, "{versions:?}");
    for (i, &from) in std::iter::once(&0).chain(&versions).enumerate() {
        let mut config = config.clone();
        config.database_url = if config.database_url.starts_with("sqlite") {
            format!(
                "sqlite://{}",
                config.data_dir.join(format!("v{i}.db")).display()
            )
        } else {
            postgres_config(&format!("mig{i}"))
                .await
                .unwrap()
                .database_url
        };
        let db = Db::connect(&config.database_url).await.unwrap();
        if from > 0 {
            db.migrate_to(Some(from)).await.unwrap();
            execute(&db, "INSERT INTO query_log (created_at, source, language, question, understood, latency_us) \
                          VALUES (1, 'cli', 'en', 'from an old version', TRUE, 5)").await;
        }
        db.close().await;
        let store = Store::open(config.clone()).await.unwrap();
        store.log().record(entry("after the upgrade"));
        store
            .prefs()
            .set_user_language("u", Some(Lang::Es))
            .await
            .unwrap();
        store.prefs().set_listened(1, 2, true).await.unwrap();
        let stats = store.log().stats(&StatsFilter::default()).await.unwrap();
        assert_eq!(
            stats.total,
            if from > 0 { 2 } else { 1 },
            "from version {from}"
        );
        store.shutdown().await;
        // Reopening an up-to-date database changes nothing.
        let again = Store::open(config).await.unwrap();
        assert_eq!(
            again
                .log()
                .stats(&StatsFilter::default())
                .await
                .unwrap()
                .total,
            stats.total
        );
        again.shutdown().await;
    }
}
