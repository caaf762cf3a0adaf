//! The what-if controls: menus and buttons that re-answer in place for the asker only, and
//! the RAM bandwidth menu of an offload answer.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_if_controls_re_answer_in_place_for_the_asker_only() {
    let bot = start_with(|_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };
    let pick = |custom_id: &str, value: &str, user: u64, locale: &str| {
        fixtures::select(fake.next_id(), custom_id, &[value], user, locale)
    };

    // 1. /estimate in pt-BR: 70B in fp16 on two 4090s does not fit. Under the answer: the
    //    buttons (make it fit, full breakdown) and the format, context and runtime menus.
    let options = json!([
        {"name": "model", "type": 3, "value": "llama 3.1 70b"},
        {"name": "precision", "type": 4, "value": precision_index("fp16")},
        {"name": "gpu", "type": 3, "value": "rtx 4090"},
        {"name": "gpus", "type": 4, "value": 2}
    ]);
    let asked = bot
        .interact(fixtures::slash(
            fake.next_id(),
            "estimate",
            options,
            USER,
            "pt-BR",
            admin,
        ))
        .await;
    assert_component_limits(&asked);
    let q = Query {
        model: Some("llama-3.1-70b".into()),
        precision: Some("fp16".parse().unwrap()),
        gpu: Some("rtx-4090".into()),
        gpu_count: Some(2),
        ..Query::default()
    };
    let fp16 = core_answer(&q);
    let precision = select_menu(&asked, "vg:p:");
    assert_eq!(
        chosen_option(&precision),
        "fp16",
        "the asked format is marked"
    );
    let first = precision["options"][0]["value"].as_str().unwrap();
    assert_eq!(first, fp16.model.native_precision.name(), "native first");
    assert!(precision.to_string().contains("\"q4_k_m\""), "{precision}");
    // The first view fits a phone: the buttons and the format menu, two rows.
    assert!(rows(&asked).len() <= 2, "{} rows", rows(&asked).len());
    assert!(
        !asked.body.to_string().contains("vg:c:"),
        "the context menu waits"
    );
    // The full breakdown brings the other menus: context, runtime, card and count.
    let breakdown_id = button_ids(&asked)
        .into_iter()
        .find(|i| i.starts_with("vg:b:"))
        .expect("a breakdown button");
    let full = bot
        .interact(fixtures::click(
            fake.next_id(),
            &breakdown_id,
            USER,
            "pt-BR",
        ))
        .await;
    assert_component_limits(&full);
    let context = select_menu(&full, "vg:c:");
    assert!(context.to_string().contains("\"131072\""), "{context}");
    let setup = select_menu(&full, "vg:s:");
    assert_eq!(chosen_option(&setup), "rtx-4090*2", "{setup}");
    let runtime = select_menu(&full, "vg:r:");
    assert!(
        runtime
            .to_string()
            .contains(&t(Lang::Pt, "runtime-transformers")),
        "{runtime}"
    );
    let ids = button_ids(&asked);
    let make_it_fit = ids
        .iter()
        .find(|i| i.starts_with("vg:f:"))
        .expect("a make-it-fit button: two 4090s are too small")
        .clone();
    let precision_id = precision["custom_id"].as_str().unwrap().to_string();

    // 2. Another member's choice: a short ephemeral note in their language, nothing else.
    let before = fake.requests().len();
    let r = bot
        .interact(pick(&precision_id, "q4_k_m", OTHER_USER, "es-ES"))
        .await;
    assert_eq!(
        r.body["type"],
        json!(4),
        "a new (ephemeral) message, not an update"
    );
    assert_ne!(flags(&r) & EPHEMERAL, 0, "only they see it");
    assert_eq!(
        embed(&r)["description"],
        json!(t(Lang::Es, "controls-not-yours"))
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let after: Vec<String> = fake.requests()[before..]
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert_eq!(after.len(), 1, "nothing but the note: {after:?}");

    // 3. The asker picks q4_k_m: the same message, updated, with the smaller total. The
    //    pick is one more question: exactly one more row.
    let rows_before = bot.logged_rows().await;
    assert_eq!(
        rows_before, 1,
        "the /estimate, and not the other member's pick"
    );
    let started = std::time::Instant::now();
    let r = bot
        .interact(pick(&precision_id, "q4_k_m", USER, "pt-BR"))
        .await;
    assert_eq!(
        bot.logged_rows().await,
        rows_before + 1,
        "one pick, one row"
    );
    println!(
        "what-if pick: dispatch to UPDATE_MESSAGE callback in {:?}",
        started.elapsed()
    );
    assert_eq!(
        bot.logged_rows().await,
        rows_before + 1,
        "one pick, one row"
    );
    assert_eq!(
        r.body["type"],
        json!(7),
        "UPDATE_MESSAGE: re-answered in place"
    );
    assert_component_limits(&r);
    // The update brings the new chart with it, so the picture shows the new numbers.
    crate::discord_chart::assert_chart(&r);
    let e = embed(&r);
    assert_embed_limits(e);
    assert_no_pings(&r.body);
    let q4 = Query {
        precision: Some("q4_k_m".parse().unwrap()),
        ..q.clone()
    };
    let a4 = core_answer(&q4);
    assert!(a4.estimate.total() < fp16.estimate.total() / 2.0);
    let text = embed_text(e);
    // The first view opens with the answer's verdict (its need per GPU on the card; no
    // total line repeats it): the new one, not the old.
    let verdict = |a| render::verdict::of_estimate(Lang::Pt, Catalog::get(), a);
    assert!(text.contains(&verdict(&a4)), "{text}");
    assert!(!text.contains(&verdict(&fp16)));
    assert!(text.contains(&format_gib(Lang::Pt, a4.estimate.per_gpu_gib())));
    assert_eq!(e["title"], json!(render::parts::title(Lang::Pt, &a4)));
    assert_eq!(chosen_option(&select_menu(&r, "vg:p:")), "q4_k_m");

    // 4. Then 32k of context, from the updated message's full view.
    let breakdown_id = button_ids(&r)
        .into_iter()
        .find(|i| i.starts_with("vg:b:"))
        .expect("a breakdown button");
    let r = bot
        .interact(fixtures::click(
            fake.next_id(),
            &breakdown_id,
            USER,
            "pt-BR",
        ))
        .await;
    let context_id = select_menu(&r, "vg:c:")["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let r = bot
        .interact(pick(&context_id, "32768", USER, "pt-BR"))
        .await;
    assert_eq!(r.body["type"], json!(7));
    let a32 = core_answer(&Query {
        context: Some(32_768),
        ..q4.clone()
    });
    let text = embed_text(embed(&r));
    assert!(
        text.contains(&render::parts::job_line(Lang::Pt, &a32)),
        "{text}"
    );
    assert!(text.contains("32.768"), "pt-formatted context: {text}");

    // 5. Make it fit (on the fp16 answer): the levers, in place.
    let r = bot
        .interact(fixtures::click(fake.next_id(), &make_it_fit, USER, "pt-BR"))
        .await;
    assert_eq!(r.body["type"], json!(7));
    let e = embed(&r);
    assert_embed_limits(e);
    let text = embed_text(e);
    assert!(
        text.contains(&t(Lang::Pt, "controls-levers-title")),
        "{text}"
    );
    let levers = render::plan::all_lever_lines(Lang::Pt, &fp16);
    assert!(!levers.is_empty());
    for l in &levers {
        assert!(text.contains(l.as_str()), "{l} missing from {text}");
    }

    // 6. The full breakdown: the parts, the rule of thumb in GiB and the assumptions.
    let breakdown = button_ids(&r)
        .into_iter()
        .find(|i| i.starts_with("vg:b:"))
        .expect("breakdown button kept");
    let r = bot
        .interact(fixtures::click(fake.next_id(), &breakdown, USER, "pt-BR"))
        .await;
    assert_eq!(r.body["type"], json!(7));
    let e = embed(&r);
    assert_embed_limits(e);
    let text = embed_text(e);
    assert!(text.contains(&t(Lang::Pt, "discord-more-title")), "{text}");
    assert!(
        text.contains(&render::parts::rule_line_gib(Lang::Pt, &fp16)),
        "{text}"
    );
    assert!(!text.contains(" GB"), "one unit, GiB: {text}");
    let assumed = t(Lang::Pt, "assumed-title");
    assert!(text.contains(assumed.trim_end_matches(':')), "{text}");

    // 7. A runtime pick names it the way people know it.
    let runtime_id = select_menu(&r, "vg:r:")["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let r = bot.interact(pick(&runtime_id, "vllm", USER, "pt-BR")).await;
    assert_eq!(r.body["type"], json!(7));
    assert!(embed_text(embed(&r)).contains("vLLM"));
    assert_eq!(chosen_option(&select_menu(&r, "vg:r:")), "vllm");

    // 8. A mention, in Portuguese, with no format: the answer leads with the one that fits,
    //    and carries the same controls.
    let content = format!("<@{APP_ID}> dá pra rodar qwen 32b numa 3090?");
    let msg = fixtures::guild_message(fake.next_id(), USER, &content, true);
    let r = bot
        .message(msg, WAIT)
        .await
        .expect("a reply to the mention");
    assert_component_limits(&r);
    let parsed = query::parse(Catalog::get(), "dá pra rodar qwen 32b numa 3090?");
    let a = core_answer(&parsed.query);
    // The embed opens with the answer's verdict, as the text and the JSON do.
    let lead = render::verdict::of_estimate(Lang::Pt, Catalog::get(), &a);
    assert!(lead.contains("Q4_K_M"), "{lead}");
    let e = embed(&r);
    assert_eq!(
        e["description"].as_str().and_then(|d| d.lines().next()),
        Some(lead.as_str())
    );
    let precision_id = select_menu(&r, "vg:p:")["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let best = a.best_fit.as_ref().unwrap().precision.name();
    let r = bot.interact(pick(&precision_id, best, USER, "pt-BR")).await;
    assert_eq!(r.body["type"], json!(7));
    // Now it fits: green, or amber when the fit sits inside the estimate's error band
    // ("tight, may not fit"); never the red of a setup that cannot run it.
    let colour = embed(&r)["color"].clone();
    assert!(
        colour == json!(0x2e_cc_71) || colour == json!(0xf1_c4_0f),
        "now it fits: {colour}"
    );

    // 9. Each of the asker's picks is a question in the query log; another member's is not.
    assert!(bot.store.log().flush(WAIT).await, "log committed");
    let Db::Sqlite(pool) = bot.store.db() else {
        panic!("the bot's test store is SQLite");
    };
    let picks: Vec<String> = sqlx::query_scalar(
        "SELECT question FROM query_log WHERE question LIKE 'what-if %' ORDER BY id",
    )
    .fetch_all(pool)
    .await
    .expect("query log readable");
    assert!(
        picks.contains(&"what-if precision=q4_k_m".to_string())
            && picks.contains(&format!("what-if precision={best}")),
        "{picks:?}"
    );
    // The asker's four picks (q4_k_m, 32k, vLLM, the best format); the other member's none.
    assert_eq!(picks.len(), 4, "{picks:?}");

    fake.assert_requests_follow_schema();
    bot.stop().await;
}

/// An offload answer's full view offers common RAM bandwidths instead of a CLI flag;
/// picking one re-answers in place with the levers, whose offload speed changes. No reply,
/// in any language, names `--ram-bandwidth`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ram_bandwidth_menu_changes_the_offload_speed_in_every_language() {
    let bot = start_with(|_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };
    let q = Query {
        model: Some("llama-3.1-70b".into()),
        precision: Some("fp16".parse().unwrap()),
        gpu: Some("rtx-4090".into()),
        // transformers' offload lever, named (a GeForce card is otherwise llama.cpp's).
        runtime: Some("transformers".parse().unwrap()),
        ..Query::default()
    };
    let speed = |a: &vramguide::answer::Answer| {
        vramguide::discord::controls::offload_speed(a).expect("an offload lever")
    };
    let default = core_answer(&q);
    let server = core_answer(&Query {
        ram_bandwidth_gbs: Some(307.2),
        ..q.clone()
    });
    assert!(speed(&server) > 2.0 * speed(&default), "3.4x the bandwidth");
    for (lang, locale) in [
        (Lang::En, "en-US"),
        (Lang::Pt, "pt-BR"),
        (Lang::Es, "es-ES"),
        (Lang::Zh, "zh-CN"),
    ] {
        let options = json!([
            {"name": "model", "type": 3, "value": "llama 3.1 70b"},
            {"name": "precision", "type": 4, "value": precision_index("fp16")},
            {"name": "gpu", "type": 3, "value": "rtx 4090"},
            {"name": "runtime", "type": 4, "value": 0}
        ]);
        let asked = bot
            .interact(fixtures::slash(
                fake.next_id(),
                "estimate",
                options,
                USER,
                locale,
                admin,
            ))
            .await;
        assert!(
            !asked.body.to_string().contains("--ram-bandwidth"),
            "{locale}"
        );
        let mut ram_id = None;
        for prefix in ["vg:b:", "vg:f:"] {
            let id = button_ids(&asked)
                .into_iter()
                .find(|i| i.starts_with(prefix))
                .expect("breakdown and make-it-fit buttons");
            let view = bot
                .interact(fixtures::click(fake.next_id(), &id, USER, locale))
                .await;
            assert_component_limits(&view);
            let body = view.body.to_string();
            assert!(
                !body.contains("--ram-bandwidth"),
                "{locale} {prefix}: {body}"
            );
            let menu = select_menu(&view, "vg:m:");
            assert_eq!(chosen_option(&menu), "896", "the default is marked");
            assert!(
                body.contains(&t(lang, "controls-ram-placeholder")),
                "{locale}"
            );
            ram_id = menu["custom_id"].as_str().map(str::to_string);
        }
        let ram_id = ram_id.unwrap();
        let r = bot
            .interact(fixtures::select(
                fake.next_id(),
                &ram_id,
                &["3072"],
                USER,
                locale,
            ))
            .await;
        assert_eq!(r.body["type"], json!(7), "{locale}: re-answered in place");
        assert_component_limits(&r);
        let body = r.body.to_string();
        assert!(!body.contains("--ram-bandwidth"), "{locale}: {body}");
        assert_eq!(chosen_option(&select_menu(&r, "vg:m:")), "3072");
        let text = embed_text(embed(&r));
        for line in render::plan::all_lever_lines(lang, &server) {
            assert!(text.contains(&line), "{locale}: {line} missing from {text}");
        }
        let before = render::plan::all_lever_lines(lang, &default);
        let offload_line = |lines: &[String]| {
            lines
                .iter()
                .find(|l| l.contains("llama.cpp"))
                .cloned()
                .unwrap_or_default()
        };
        assert!(
            !text.contains(&offload_line(&before)),
            "{locale}: the default speed is gone: {text}"
        );
    }
    fake.assert_requests_follow_schema();
    bot.stop().await;
}
