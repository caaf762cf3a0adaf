//! Answers to slash commands, mentions, DMs and buttons: language, numbers, Discord's
//! limits, allowed mentions and ephemeral flags.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_slash_commands_mentions_dms_and_buttons() {
    let bot = start_with(|_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };

    // The gateway got a proper IDENTIFY: token, and no privileged intent by default.
    let identify = &fake.identifies()[0];
    assert!(identify["token"].as_str().unwrap().ends_with(TOKEN));
    let intents = identify["intents"].as_u64().expect("intents");
    assert_eq!(
        intents & (1 << 15),
        0,
        "MESSAGE_CONTENT must not be requested by default"
    );
    assert_ne!(intents & (1 << 9), 0, "GUILD_MESSAGES");
    assert_ne!(intents & (1 << 12), 0, "DIRECT_MESSAGES");

    // Registration: global, all commands, localized.
    let put = fake.wait_for(WAIT, |r| r.method == "PUT").await;
    assert_eq!(put.path, format!("/api/v10/applications/{APP_ID}/commands"));
    let names: Vec<&str> = put
        .body
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    for n in [
        "estimate",
        "compare",
        "explain",
        "fit",
        "language",
        "stats",
        "forget-me",
        "listen",
    ] {
        assert!(names.contains(&n), "{n} missing from {names:?}");
    }

    // 1. /estimate in pt-BR: public embed, Portuguese texts, pt-formatted numbers, buttons.
    let id = fake.next_id();
    let options = json!([
        {"name": "model", "type": 3, "value": "llama 3.1 70b"},
        {"name": "precision", "type": 4, "value": precision_index("fp16")},
        {"name": "gpu", "type": 3, "value": "rtx 4090"},
        {"name": "gpus", "type": 4, "value": 2}
    ]);
    let r = bot
        .interact(fixtures::slash(
            id, "estimate", options, USER, "pt-BR", admin,
        ))
        .await;
    assert_eq!(r.body["type"], json!(4), "channel message response");
    assert_eq!(flags(&r) & EPHEMERAL, 0, "answers are public");
    let e = embed(&r);
    assert_embed_limits(e);
    assert_no_pings(&r.body);
    let text = embed_text(e);
    assert!(text.contains("Llama 3.1 70B"), "{text}");
    assert_eq!(e["footer"]["text"], json!(t(Lang::Pt, "discord-footer")));
    let q = Query {
        model: Some("llama 3.1 70b".into()),
        precision: Some("fp16".parse().unwrap()),
        gpu: Some("rtx 4090".into()),
        gpu_count: Some(2),
        ..Query::default()
    };
    let total = expected_total(&q, Lang::Pt);
    assert!(total.contains(','), "pt uses a decimal comma: {total}");
    assert!(text.contains(&total), "total {total} missing from {text}");
    let a = core_answer(&q);
    assert_eq!(
        e["title"],
        json!(render::parts::title(Lang::Pt, &a)),
        "Portuguese title"
    );
    // The first view gives the peak in all; its share per GPU is in the verdict above it.
    let peak = vramguide::i18n::tr(
        Lang::Pt,
        "answer-total",
        Some(&vramguide::i18n::Args::new().s("total", total.clone())),
    );
    assert!(
        text.contains(&peak),
        "Portuguese total line {peak} in {text}"
    );
    assert_eq!(
        e["color"],
        json!(0xe7_4c_3c),
        "two 4090s cannot hold 70B fp16: red"
    );
    let ids = button_ids(&r);
    assert!(
        ids.iter().any(|i| i.starts_with("vg:b:")),
        "breakdown button: {ids:?}"
    );
    let labels = r.body["data"]["components"][0]["components"].to_string();
    assert!(
        labels.contains(&t(Lang::Pt, "button-breakdown")),
        "{labels}"
    );
    let logged = bot.logged_models().await;
    assert_eq!(
        logged.last().map(|m| m.as_deref()),
        Some(Some("llama-3.1-70b"))
    );

    // 2. Buttons: someone else's click is refused (ephemeral); the asker's works.
    let breakdown = ids.iter().find(|i| i.starts_with("vg:b:")).unwrap().clone();
    let r2 = bot
        .interact(fixtures::click(
            fake.next_id(),
            &breakdown,
            OTHER_USER,
            "en-US",
        ))
        .await;
    assert_eq!(r2.body["type"], json!(4));
    assert_ne!(flags(&r2) & EPHEMERAL, 0, "refusal is ephemeral");
    // In the clicker's own language (their Discord locale), not the answer's.
    assert_eq!(
        embed(&r2)["description"],
        json!(t(Lang::En, "notice-not-yours"))
    );
    let r3 = bot
        .interact(fixtures::click(fake.next_id(), &breakdown, USER, "pt-BR"))
        .await;
    assert_eq!(r3.body["type"], json!(7), "the answer is updated in place");
    let e3 = embed(&r3);
    assert_embed_limits(e3);
    assert!(embed_text(e3).contains(&t(Lang::Pt, "discord-breakdown-title")));
    if let Some(explain) = ids.iter().find(|i| i.starts_with("vg:x:")) {
        let r4 = bot
            .interact(fixtures::click(fake.next_id(), explain, USER, "pt-BR"))
            .await;
        assert_eq!(r4.body["type"], json!(4));
        assert_embed_limits(embed(&r4));
    }

    // 3. Autocomplete: at most 25, best first, on a misspelled partial.
    let opts = json!([{"name": "model", "type": 3, "value": "lamma 3.1 70"}]);
    let r = bot
        .interact(fixtures::autocomplete(
            fake.next_id(),
            "estimate",
            opts,
            "model",
            USER,
            "en-US",
        ))
        .await;
    assert_eq!(r.body["type"], json!(8));
    let choices = r.body["data"]["choices"].as_array().expect("choices");
    assert!(!choices.is_empty() && choices.len() <= 25);
    assert_eq!(choices[0]["value"], json!("llama-3.1-70b"), "{choices:?}");

    // 4. /compare: the verdict, one short line per GPU (memory, price...), English; the
    // spec sheets (one field per GPU) behind the "Full specs" button.
    let opts = json!([
        {"name": "gpu_a", "type": 3, "value": "rtx 4090"},
        {"name": "gpu_b", "type": 3, "value": "a100 80gb"}
    ]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "compare",
            opts,
            USER,
            "en-US",
            admin,
        ))
        .await;
    let e = embed(&r);
    assert_embed_limits(e);
    let description = e["description"].as_str().expect("description");
    let line = description
        .lines()
        .find(|l| l.starts_with("• ") && l.contains("4090"))
        .unwrap_or_else(|| panic!("a line for the 4090 in {description}"));
    assert!(line.contains("24 GB"), "{line}");
    assert!(
        description.lines().any(|l| l.contains("A100")),
        "{description}"
    );
    let specs = r.body["data"]["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(specs.starts_with("vg:s:"), "{}", r.body);
    assert_eq!(flags(&r) & EPHEMERAL, 0);

    // 5. /explain in zh-CN.
    let topic = Topic::ALL.iter().position(|t| *t == Topic::Nvlink).unwrap();
    let opts = json!([{"name": "topic", "type": 4, "value": topic}]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "explain",
            opts,
            USER,
            "zh-CN",
            Place::Dm,
        ))
        .await;
    let e = embed(&r);
    assert_embed_limits(e);
    assert_eq!(e["title"], json!(t(Lang::Zh, "guide-nvlink-title")));

    // 5b. /fit: deferred, then the models that fit on two 4090s, largest first.
    let opts = json!([{"name": "gpu", "type": 3, "value": "4090"}, {"name": "count", "type": 4, "value": 2}]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "fit",
            opts,
            USER,
            "en-US",
            admin,
        ))
        .await;
    assert_eq!(
        r.body["type"],
        json!(5),
        "deferred while models are checked"
    );
    let follow = fake
        .wait_for(WAIT, |f| {
            f.method == "POST" && f.path.contains("/webhooks/")
        })
        .await;
    let e = embed(&follow);
    assert_embed_limits(e);
    assert!(
        e["title"]
            .as_str()
            .unwrap()
            .contains("2 × GeForce RTX 4090")
            || e["title"].as_str().unwrap().contains("4090"),
        "{e}"
    );
    assert!(e["description"].as_str().unwrap().contains("tokens"), "{e}");
    assert_eq!(
        follow.body["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
        0,
        "public"
    );

    // 6. Errors are ephemeral and localized; echoed text is escaped and pings nobody.
    let opts = json!([
        {"name": "model", "type": 3, "value": "**zzqqxx** @everyone"},
        {"name": "precision", "type": 4, "value": 0}
    ]);
    let r = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "estimate",
            opts,
            USER,
            "es-ES",
            admin,
        ))
        .await;
    assert_ne!(flags(&r) & EPHEMERAL, 0, "errors are ephemeral");
    assert_no_pings(&r.body);
    let d = embed(&r)["description"].as_str().unwrap().to_string();
    assert!(d.contains("\\*\\*zzqqxx\\*\\*"), "markdown escaped: {d}");
    assert!(!d.contains("@everyone"), "mention defused: {d}");

    // 7. A mention in Spanish: a reply in Spanish, referencing the message, no pings.
    let content = format!("<@{APP_ID}> ¿cuánta memoria necesita llama 3.1 8b en fp16?");
    let msg = fixtures::guild_message(fake.next_id(), USER, &content, true);
    let r = bot
        .message(msg, WAIT)
        .await
        .expect("a reply to the mention");
    assert_no_pings(&r.body);
    assert_eq!(r.body["allowed_mentions"]["replied_user"], json!(false));
    let e = embed(&r);
    assert_embed_limits(e);
    assert_eq!(e["footer"]["text"], json!(t(Lang::Es, "discord-footer")));
    assert!(embed_text(e).contains("8B"), "{}", embed_text(e));
    let parsed = query::parse(
        Catalog::get(),
        "¿cuánta memoria necesita llama 3.1 8b en fp16?",
    );
    assert_eq!(parsed.language, Some(Lang::Es));
    let a = core_answer(&parsed.query);
    assert_eq!(
        e["title"],
        json!(render::parts::title(Lang::Es, &a)),
        "Spanish title"
    );
    assert!(embed_text(e).contains(&render::parts::total_line(Lang::Es, &a)));

    // 8. A DM in Chinese.
    let msg = fixtures::dm_message(fake.next_id(), USER, "qwen2.5 7b 需要多少显存？");
    let r = bot.message(msg, WAIT).await.expect("a reply to the DM");
    let e = embed(&r);
    assert_eq!(e["footer"]["text"], json!(t(Lang::Zh, "discord-footer")));
    let parsed = query::parse(Catalog::get(), "qwen2.5 7b 需要多少显存？");
    assert_eq!(
        e["title"],
        json!(render::parts::title(Lang::Zh, &core_answer(&parsed.query)))
    );
    assert_no_pings(&r.body);

    // 9. Garbage that mentions the bot: localized help with examples.
    let content = format!("<@{APP_ID}> hello there, nice weather");
    let msg = fixtures::guild_message(fake.next_id(), USER, &content, true);
    let r = bot.message(msg, WAIT).await.expect("help for garbage");
    let d = embed(&r)["description"].as_str().unwrap().to_string();
    assert!(d.contains(&t(Lang::En, "help-example-1")), "{d}");

    // 10. A message that neither mentions the bot nor is in a listened channel: ignored.
    let msg = fixtures::guild_message(fake.next_id(), USER, "llama 70b fp16", false);
    assert!(bot.message(msg, Duration::from_millis(500)).await.is_none());

    // Every request body the bot sent obeys Discord's OpenAPI schema.
    fake.assert_requests_follow_schema();
    bot.stop().await;
}
