//! A config.json the user brings (a file, pasted on the web, attached on Discord), and the
//! web API and Discord looking a repo up.

use super::*;

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
