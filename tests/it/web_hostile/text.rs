//! Hostile text: control, bidi and invisible characters never reach the log, the stats,
//! the pages or the terminal; the database files are private.

use super::*;

#[tokio::test]
async fn the_log_and_stats_show_no_control_or_invisible_characters() {
    let dir = temp_dir("stats");
    let store = Store::open(open_store(&dir)).await.unwrap();
    let base = start_with(web::Config {
        log: QueryLog::new(Some(store.clone())),
        ..web::Config::default()
    })
    .await;
    let hostile = |path: &str, key: &str| {
        reqwest::Url::parse_with_params(&format!("{base}{path}"), &[(key, HOSTILE)]).unwrap()
    };
    for url in [
        hostile("/api/v1/estimate", "model"),
        hostile("/api/v1/estimate", "gpu"),
        hostile("/api/v1/ask", "q"),
        hostile("/ask", "q"),
    ] {
        let (status, body) = get(url.as_str()).await;
        assert!(status.as_u16() < 500, "{url}");
        assert!(
            unsafe_chars(&body).is_empty(),
            "{url} echoed {:?}",
            unsafe_chars(&body)
        );
    }
    // A row written before this fix (or by another tool) still prints safely.
    store.log().record(LogEntry::new(
        Source::Web,
        vramguide::i18n::Lang::En,
        HOSTILE,
    ));
    assert!(store.log().flush(Duration::from_secs(10)).await);
    let Db::Sqlite(pool) = store.db() else {
        unreachable!()
    };
    let questions: Vec<String> = sqlx::query_scalar("SELECT question FROM query_log")
        .fetch_all(pool)
        .await
        .unwrap();
    let from_web = &questions[..questions.len() - 1];
    assert_eq!(from_web.len(), 4);
    for q in from_web {
        assert!(unsafe_chars(q).is_empty(), "stored {q:?}");
    }
    store.shutdown().await;
    for json in [false, true] {
        let mut cmd = Command::new(BIN);
        cmd.arg("stats")
            .arg("--database-url")
            .arg(format!("sqlite://{}", dir.join("log.db").display()))
            .arg("--data-dir")
            .arg(&dir)
            .env("RUST_LOG", "error");
        if json {
            cmd.arg("--json");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            unsafe_chars(&text).is_empty(),
            "stats printed {:?}",
            unsafe_chars(&text)
        );
        if json {
            assert!(text.contains("\\u202e"), "written as an escape: {text}");
            let v: Value = serde_json::from_str(&text).unwrap();
            assert!(
                v["unanswered"].to_string().contains('\u{202E}'),
                "the value is kept"
            );
        } else {
            assert!(
                text.contains("\\u{1b}[2J"),
                "escapes are spelled out: {text}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[tokio::test]
async fn sqlite_files_are_private_and_the_key_sits_beside_the_database() {
    use std::os::unix::fs::PermissionsExt as _;
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let dir = temp_dir("modes");
    let store = Store::open(StoreConfig {
        hash_key: None,
        ..open_store(&dir)
    })
    .await
    .unwrap();
    store.log().record(LogEntry::new(
        Source::Web,
        vramguide::i18n::Lang::En,
        "llama 70b",
    ));
    assert!(store.log().flush(Duration::from_secs(10)).await);
    for file in ["log.db", "log.db-journal", "vramguide.key"] {
        assert_eq!(mode(&dir.join(file)), 0o600, "{file}");
    }
    store.shutdown().await;
    // The binary with no --data-dir: the key goes beside the database, not into the
    // working directory.
    let work = temp_dir("cwd");
    let db_dir = temp_dir("db");
    let out = Command::new(BIN)
        .arg("migrate")
        .arg("--database-url")
        .arg(format!("sqlite://{}", db_dir.join("q.db").display()))
        .env_remove("VRAMGUIDE_DATA_DIR")
        .env_remove("VRAMGUIDE_HASH_KEY")
        .env_remove("VRAMGUIDE_CONFIG")
        .current_dir(&work)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(mode(&db_dir.join("vramguide.key")), 0o600);
    assert_eq!(mode(&db_dir.join("q.db")), 0o600);
    assert!(!work.join("vramguide.key").exists());
    for d in [dir, work, db_dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// A Hub repo whose config.json carries an ESC sequence and a right-to-left override in
/// `model_type`, and one whose config lacks fields (the error names `model_type`): neither
/// character reaches the JSON, the page, the Discord embed or the terminal text.
#[tokio::test]
async fn hub_and_config_text_is_cleaned_before_any_surface() {
    use crate::fake_hub::{FakeHub, Repo, safetensors};
    const HOSTILE: &str = "\u{202E}llama\u{1b}[2J\u{1b}]0;owned\u{7}\u{2066}x";
    let hub = FakeHub::start().await;
    let config = |full: bool| {
        let mut c = serde_json::json!({
            "model_type": HOSTILE, "hidden_size": 256, "num_hidden_layers": 2,
            "num_attention_heads": 4, "vocab_size": 1000,
            "torch_dtype": "bfloat16",
        });
        if full {
            c["intermediate_size"] = serde_json::json!(512);
        }
        serde_json::to_vec(&c).unwrap()
    };
    let (weights, _) = safetensors(&[("model.embed_tokens.weight", "BF16", &[1000, 256])], 0);
    for (id, full) in [("evil/echo", true), ("evil/broken", false)] {
        let mut repo = Repo::default();
        repo.files.insert("config.json".into(), config(full));
        repo.files
            .insert("model.safetensors".into(), weights.clone());
        hub.add(id, repo);
    }
    let base = start_with(web::Config {
        hub: Some(vramguide::hub::Hub::for_endpoint(&hub.url, None).unwrap()),
        ..web::Config::default()
    })
    .await;
    for q in ["evil/echo+bf16", "evil/broken"] {
        let (_, json) = get(&format!("{base}/api/v1/ask?q={q}&lang=en")).await;
        let value: Value = serde_json::from_str(&json).unwrap();
        let mut all = Vec::new();
        strings(&value, &mut all);
        for s in &all {
            assert!(unsafe_chars(s).is_empty(), "{q}: {s:?}");
        }
        if q == "evil/broken" {
            assert!(
                json.contains("llama[2J"),
                "the error names model_type, cleaned: {json}"
            );
        }
        let (_, page) = get(&format!("{base}/ask?q={q}")).await;
        assert!(
            unsafe_chars(&page).is_empty(),
            "{q}: the page echoes {:?}",
            unsafe_chars(&page)
        );
    }
    // The same spec read from a user's file, rendered for the terminal and for Discord.
    let spec = vramguide::hub::spec_from_user_config("conf\u{202E}ig.json", &config(true)).unwrap();
    assert!(unsafe_chars(&spec.family).is_empty() && unsafe_chars(&spec.id).is_empty());
    let catalog = vramguide::catalog::Catalog::get();
    let q = vramguide::query::Query::default();
    let a = vramguide::answer::for_query_with(catalog, &q, Some(spec)).unwrap();
    let text = vramguide::render::text::answer(vramguide::i18n::Lang::En, catalog, &a);
    assert!(unsafe_chars(&text).is_empty(), "{text:?}");
    let err = vramguide::hub::spec_from_user_config("c\u{1b}[2J.json", &config(false)).unwrap_err();
    let said = vramguide::render::error::message(vramguide::i18n::Lang::En, catalog, &err);
    assert!(
        said.contains("llama") && unsafe_chars(&said).is_empty(),
        "{said:?}"
    );
}
