//! Issue 33 items 2-3 and issue 34 items 3 and 6 for comparisons and guide questions, in
//! every language: a comparison opens with a verdict for the usual use (or by what each
//! setup runs) and a short table, the spec sheets only in the full answer; setups are
//! compared as setups; a yes/no or "why" question about a guide topic is answered first,
//! from the cards' data, then the guide's asked part, the whole guide behind `--full`.

use vramguide::answer::{Facet, Outcome, Topic, for_intent};
use vramguide::catalog::Catalog;
use vramguide::guide::paragraphs;
use vramguide::i18n::{Lang, format_number, t};
use vramguide::query::parse;
use vramguide::render::outcome::{self, Length};

fn outcome_of(text: &str) -> Outcome {
    let catalog = Catalog::get();
    match for_intent(catalog, &parse(catalog, text)) {
        Some(Ok(o)) => o,
        other => panic!("{text}: {other:?}"),
    }
}

fn chat(lang: Lang, o: &Outcome) -> String {
    outcome::text_with(lang, Catalog::get(), o, Length::Chat)
}

fn full(lang: Lang, o: &Outcome) -> String {
    outcome::text_with(lang, Catalog::get(), o, Length::Full)
}

fn verdict(lang: Lang, o: &Outcome) -> String {
    vramguide::render::verdict::of(lang, Catalog::get(), o)
}

/// The verdict opens the text, the embed and the JSON alike.
fn opens_everything(text: &str, lang: Lang, o: &Outcome) {
    let catalog = Catalog::get();
    let v = verdict(lang, o);
    assert!(!v.is_empty(), "{text}");
    assert_eq!(chat(lang, o).lines().next(), Some(v.as_str()), "{text}");
    assert_eq!(full(lang, o).lines().next(), Some(v.as_str()), "{text}");
    let e = outcome::embed(lang, catalog, o);
    assert!(
        e.description.starts_with(&format!("**{v}**")),
        "{text}: {}",
        e.description
    );
    let json = outcome::json(lang, catalog, o);
    assert_eq!(json["verdict"].as_str(), Some(v.as_str()), "{text}");
}

/// A percentage as the verdict writes it ("93").
fn pct(lang: Lang, x: f64) -> String {
    format_number(lang, (x * 100.0).round(), 0)
}

#[test]
fn two_cards_get_a_verdict_for_the_usual_use_and_a_short_table() {
    let catalog = Catalog::get();
    let (g4090, g3090) = (
        catalog.gpu("rtx-4090").unwrap(),
        catalog.gpu("rtx-3090").unwrap(),
    );
    // The figures the verdict must say, from data/gpus.json.
    let bandwidth = g3090.memory_bandwidth_gbs / g4090.memory_bandwidth_gbs;
    let price = g3090.buy_price().unwrap().0 / g4090.buy_price().unwrap().0;
    let prefill = g4090.fp16_tensor_tflops_dense_fp32acc.unwrap()
        / g3090.fp16_tensor_tflops_dense_fp32acc.unwrap();
    for (text, lang) in [
        ("4090 vs 3090", Lang::En),
        ("4090 ou 3090, qual vale mais a pena?", Lang::Pt),
        ("¿conviene la 4090 o la 3090?", Lang::Es),
        ("4090 还是 3090 好", Lang::Zh),
    ] {
        let o = outcome_of(text);
        opens_everything(text, lang, &o);
        let v = verdict(lang, &o);
        for figure in [
            pct(lang, bandwidth),
            pct(lang, price),
            format_number(lang, prefill, 1),
        ] {
            assert!(v.contains(&figure), "{text}: {figure} in {v}");
        }
        assert!(v.contains("FP8") && v.contains("24 GB"), "{text}: {v}");
        // Chat length: the verdict, the title, a line per card and the pointer; no sheet.
        let short = chat(lang, &o);
        assert!(short.lines().count() <= 8, "{text}:\n{short}");
        assert!(
            !short.contains(&t(lang, "compare-form")),
            "{text}:\n{short}"
        );
        assert!(short.contains("--full"), "{text}");
        let one_line = short
            .lines()
            .find(|l| l.starts_with("- ") && l.contains("GeForce RTX 3090"))
            .unwrap_or_default();
        assert!(
            one_line.contains("NVLink 3") && one_line.contains("936"),
            "{text}: {one_line}"
        );
        // The full answer keeps the sheets.
        assert!(full(lang, &o).contains(&t(lang, "compare-form")), "{text}");
    }
}

#[test]
fn setups_are_compared_as_setups_by_what_each_runs() {
    let catalog = Catalog::get();
    let g3090 = catalog.gpu("rtx-3090").unwrap();
    let pair_price = vramguide::i18n::format_usd(Lang::En, g3090.buy_price().unwrap().0 * 2.0, 0);
    for (text, lang) in [
        ("5090 vs 2x3090", Lang::En),
        ("5090 ou 2x3090", Lang::Pt),
        ("una 5090 o un par de 3090", Lang::Es),
        ("5090 对比 双卡3090", Lang::Zh),
    ] {
        let o = outcome_of(text);
        opens_everything(text, lang, &o);
        let v = verdict(lang, &o);
        // The pair first, with its 48 GB and the 70B it runs; the 5090's 32 GB after.
        assert!(v.starts_with("2 × GeForce RTX 3090"), "{text}: {v}");
        assert!(v.contains("48 GB") && v.contains("32 GB"), "{text}: {v}");
        assert!(v.contains("70B"), "{text}: {v}");
        // The table shows the pair, not one 3090.
        let short = chat(lang, &o);
        let pair = short
            .lines()
            .find(|l| l.starts_with("- ") && l.contains("2 × GeForce RTX 3090"))
            .unwrap_or_else(|| panic!("{text}: no pair line in\n{short}"));
        assert!(pair.contains("48 GB"), "{text}: {pair}");
        let json = outcome::json(lang, catalog, &o);
        let gpus = &json["compare"]["gpus"];
        assert_eq!(gpus[1]["count"], 2, "{text}");
        assert_eq!(
            gpus[1]["total_buy_price_usd"].as_f64(),
            Some(g3090.buy_price().unwrap().0 * 2.0),
            "{text}"
        );
        assert_eq!(gpus[1]["largest_q4_k_m"], "llama-3.3-70b", "{text}");
        assert_ne!(gpus[0]["largest_q4_k_m"], "llama-3.3-70b", "{text}");
        if lang == Lang::En {
            assert!(pair.contains(&pair_price), "{text}: {pair}");
        }
    }
}

/// A model named with the setups: the estimate on each (issue 34's brief; it was the spec
/// sheets led by the setup that runs it): no on the 5090, yes on the pair, the model and
/// its format named once, in the order asked.
#[test]
fn a_named_model_is_named_in_the_setups_verdict() {
    for (text, lang, no, yes) in [
        (
            "5090 or 2x 3090 for llama 3.3 70b in q4_k_m?",
            Lang::En,
            "No on RTX 5090",
            "; yes on 2 × RTX 3090",
        ),
        (
            "5090 ou 2x3090 pra rodar llama 3.3 70b em q4_k_m?",
            Lang::Pt,
            "Não com RTX 5090",
            "; com 2 × RTX 3090, sim",
        ),
        (
            "¿una 5090 o dos 3090 para llama 3.3 70b en q4_k_m?",
            Lang::Es,
            "No con RTX 5090",
            "; con 2 × RTX 3090, sí",
        ),
        (
            "5090 对比 双卡3090 跑 llama 3.3 70b q4_k_m",
            Lang::Zh,
            "用 RTX 5090 不行",
            "；用 2 × RTX 3090 可以",
        ),
    ] {
        let o = outcome_of(text);
        assert_eq!(o.intent(), vramguide::answer::Intent::Estimate, "{text}");
        let v = verdict(lang, &o);
        assert!(
            v.starts_with(no)
                && v.contains(yes)
                && v.contains("Llama 3.3 70B")
                && v.contains("Q4_K_M"),
            "{text}: {v}"
        );
    }
}

/// Which guide question each message is, and the cards it names.
fn explained(text: &str) -> vramguide::answer::Explained {
    match outcome_of(text) {
        Outcome::Explain(e) => e,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn does_a_card_have_nvlink_is_answered_first_from_the_data() {
    for (text, lang) in [
        ("does the 4090 support nvlink?", Lang::En),
        ("a 4090 suporta nvlink?", Lang::Pt),
        ("¿la 4090 soporta nvlink?", Lang::Es),
        ("4090 支持nvlink吗", Lang::Zh),
    ] {
        let e = explained(text);
        assert_eq!(
            (e.topic, e.facet, e.gpus.len()),
            (Topic::Nvlink, Some(Facet::Has), 1),
            "{text}"
        );
        let o = Outcome::Explain(e);
        opens_everything(text, lang, &o);
        let v = verdict(lang, &o);
        assert!(v.starts_with(&t(lang, "direct-no")), "{text}: {v}");
        assert!(
            v.contains("GeForce RTX 4090") && v.contains("3090"),
            "{text}: {v}"
        );
        // The asked part of the guide (which cards have it), not the whole guide.
        let body = t(lang, "guide-nvlink-body");
        let parts = paragraphs(&body);
        let short = chat(lang, &o);
        assert!(short.contains(parts[4]), "{text}:\n{short}");
        assert!(
            !short.contains(parts[0]) && !short.contains(parts[5]),
            "{text}"
        );
        let whole = full(lang, &o);
        assert!(parts.iter().all(|p| whole.contains(p)), "{text}");
    }
}

#[test]
fn a_card_that_has_nvlink_gets_a_yes_with_its_bridge() {
    let catalog = Catalog::get();
    let link = catalog.gpu("rtx-3090").unwrap().nvlink.clone().unwrap();
    for (text, lang) in [
        ("does the 3090 support nvlink?", Lang::En),
        ("a 3090 tem nvlink?", Lang::Pt),
        ("¿la 3090 tiene nvlink?", Lang::Es),
        ("3090 支持nvlink吗", Lang::Zh),
    ] {
        let v = verdict(lang, &outcome_of(text));
        let bandwidth = format_number(lang, link.bandwidth_gbs_total.unwrap(), 1);
        assert!(
            v.starts_with(&t(lang, "direct-yes")) && v.contains(&bandwidth),
            "{text}: {v}"
        );
    }
}

#[test]
fn why_a_card_lost_nvlink_is_answered_with_the_reason() {
    for (text, lang, names) in [
        ("why did the 4090 lose NVLink", Lang::En, "Jensen Huang"),
        ("por que a 4090 perdeu o nvlink?", Lang::Pt, "Jensen Huang"),
        (
            "¿por qué la 4090 perdió el nvlink?",
            Lang::Es,
            "Jensen Huang",
        ),
        ("4090为什么砍掉了nvlink", Lang::Zh, "黄仁勋"),
    ] {
        let e = explained(text);
        assert_eq!(
            (e.topic, e.facet),
            (Topic::Nvlink, Some(Facet::Why)),
            "{text}"
        );
        let o = Outcome::Explain(e);
        opens_everything(text, lang, &o);
        let v = verdict(lang, &o);
        assert!(v.contains(names) && v.contains("2022"), "{text}: {v}");
        assert!(!v.starts_with(&t(lang, "direct-no")), "{text}: {v}");
        // Opened at the part that says which cards have it.
        let body = t(lang, "guide-nvlink-body");
        assert!(chat(lang, &o).contains(paragraphs(&body)[4]), "{text}");
    }
}

#[test]
fn one_card_has_it_another_lost_it_in_one_answer() {
    for (text, lang) in [
        (
            "does the 3090 support nvlink and why did the 4090 lose it",
            Lang::En,
        ),
        ("a 3090 suporta nvlink? por que a 4090 perdeu?", Lang::Pt),
        (
            "¿la 3090 soporta nvlink? ¿por qué la 4090 lo perdió?",
            Lang::Es,
        ),
        ("3090 支持nvlink吗 4090为什么砍掉了", Lang::Zh),
    ] {
        let e = explained(text);
        assert_eq!(e.gpus.len(), 2, "{text}");
        let v = verdict(lang, &Outcome::Explain(e));
        assert!(v.starts_with(&t(lang, "direct-yes")), "{text}: {v}");
        assert!(
            v.contains("GeForce RTX 4090") && v.contains("2022"),
            "{text}: {v}"
        );
    }
}

#[test]
fn why_sxm_boxes_cost_so_much_is_answered_from_the_cards() {
    let catalog = Catalog::get();
    let (sxm, pcie) = (
        catalog.gpu("h100-sxm").unwrap(),
        catalog.gpu("h100-pcie").unwrap(),
    );
    for (text, lang) in [
        ("whats SXM and why do H100 SXM boxes cost so much", Lang::En),
        (
            "o que é SXM e por que os servidores H100 SXM são tão caros?",
            Lang::Pt,
        ),
        (
            "¿qué es SXM y por qué los servidores H100 SXM son tan caros?",
            Lang::Es,
        ),
        ("SXM是什么，为什么H100 SXM服务器这么贵", Lang::Zh),
    ] {
        let e = explained(text);
        assert_eq!(
            (e.topic, e.facet),
            (Topic::Sxm, Some(Facet::Cost)),
            "{text}"
        );
        let o = Outcome::Explain(e);
        opens_everything(text, lang, &o);
        let v = verdict(lang, &o);
        for figure in [
            format_number(lang, sxm.tdp_w.unwrap(), 0),
            format_number(lang, pcie.tdp_w.unwrap(), 0),
            format_number(lang, sxm.memory_bandwidth_gbs, 0),
            format_number(lang, sxm.buy_price().unwrap().0 * 8.0, 0),
        ] {
            assert!(v.contains(&figure), "{text}: {figure} in {v}");
        }
    }
}

#[test]
fn a_plain_topic_keeps_its_summary_and_opens_at_the_start() {
    for lang in Lang::ALL {
        let o = Outcome::Explain(vramguide::answer::Explained::topic(Topic::KvCache));
        assert_eq!(verdict(lang, &o), t(lang, "guide-kv-cache-summary"));
        let body = t(lang, "guide-kv-cache-body");
        let parts = paragraphs(&body);
        let short = chat(lang, &o);
        assert!(
            short.contains(parts[0]) && !short.contains(parts[1]),
            "{lang:?}"
        );
    }
}

/// The facts open the guide at a paragraph counted the same in every language.
#[test]
fn every_guide_has_the_same_paragraphs_in_every_language() {
    for &topic in Topic::ALL {
        let id = format!("guide-{}-body", topic.slug());
        let counts: Vec<usize> = Lang::ALL
            .iter()
            .map(|&l| paragraphs(&t(l, &id)).len())
            .collect();
        assert!(counts.iter().all(|&c| c == counts[0]), "{id}: {counts:?}");
    }
    for fact in vramguide::guide::FACTS {
        let n = paragraphs(&t(Lang::En, &format!("guide-{}-body", fact.topic.slug()))).len();
        assert!(fact.parts.iter().all(|&p| p < n), "{fact:?}");
    }
}
