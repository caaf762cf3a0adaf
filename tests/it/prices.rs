//! Setups people would really buy or rent: street and cloud prices in the catalog (each
//! positive, dated and sourced), "cheapest" by what the cards sell for now, cost per
//! million generated tokens for rented datacenter GPUs, why each pick is there, and the
//! machines cards go into (4 consumer cards a desktop, 8 GPUs a server node, vLLM's
//! tensor-parallel sizes that divide the attention heads, an MI250X as its two GCDs).

use vramguide::answer::{self, Answer};
use vramguide::catalog::{Catalog, Market, PriceBasis};
use vramguide::estimate::{self, Job, Mode, Precision};
use vramguide::i18n::Lang;
use vramguide::query::Query;
use vramguide::recommend::{self, Tag, Why};
use vramguide::runtime::Runtime;

fn ask(q: Query) -> Answer {
    answer::for_query(Catalog::get(), &q).expect("answer")
}

fn text(lang: Lang, a: &Answer) -> String {
    vramguide::render::text::answer(lang, Catalog::get(), a)
}

/// "2026-05" or "2026": a year from 2020 on, and a month when there is one.
fn dated(d: &str) -> bool {
    let (year, month) = d.split_once('-').map_or((d, None), |(y, m)| (y, Some(m)));
    let year_ok = year.len() == 4
        && year
            .parse::<u32>()
            .is_ok_and(|y| (2020..=2030).contains(&y));
    let month_ok =
        month.is_none_or(|m| m.len() == 2 && m.parse::<u32>().is_ok_and(|m| (1..=12).contains(&m)));
    year_ok && month_ok
}

#[test]
fn every_price_is_positive_dated_and_sourced() {
    let sources_md = include_str!("../../data/SOURCES.md");
    let prices = &sources_md[sources_md.find("## Prices").expect("a Prices section")..];
    let mut street = 0;
    let mut cloud = 0;
    for g in &Catalog::get().gpus {
        for (what, price, date) in [
            ("street", g.street_usd, &g.street_usd_date),
            ("cloud", g.cloud_usd_per_hour, &g.cloud_usd_per_hour_date),
        ] {
            match (price, date) {
                (None, None) => continue,
                (Some(p), Some(d)) => {
                    assert!(p > 0.0 && p.is_finite(), "{}: {what} price {p}", g.id);
                    assert!(dated(d), "{}: {what} date {d:?}", g.id);
                }
                _ => panic!("{}: {what} price and date come together", g.id),
            }
            assert!(!g.sources.is_empty(), "{}: a price needs a source", g.id);
            assert!(
                prices.contains(&g.id),
                "{}: not in SOURCES.md's price tables",
                g.id
            );
            if what == "street" {
                street += 1;
            } else {
                cloud += 1;
            }
        }
    }
    assert!(
        street >= 10 && cloud >= 20,
        "{street} street, {cloud} cloud prices"
    );
    // The checker itself refuses what it should.
    assert!(!dated("2026-13") && !dated("26-05") && !dated("soon") && dated("2026"));
}

#[test]
fn the_datacenter_cards_people_rent_have_a_cloud_price() {
    let c = Catalog::get();
    for id in [
        "t4",
        "l4",
        "a10g",
        "l40s",
        "a100-40gb-sxm",
        "a100-80gb-sxm",
        "a100-80gb-pcie",
        "h100-sxm",
        "h100-pcie",
        "h200-sxm",
        "b200",
        "mi300x",
    ] {
        let g = c.gpu(id).expect(id);
        assert!(g.cloud_usd_per_hour.is_some(), "{id}");
    }
    // Consumer cards people buy carry a street price.
    for id in [
        "rtx-3090",
        "rtx-4090",
        "rtx-5090",
        "rtx-4060-ti-16gb",
        "rtx-5060-ti-16gb",
    ] {
        assert!(c.gpu(id).expect(id).street_usd.is_some(), "{id}");
    }
}

#[test]
fn cheapest_for_llama_70b_at_4_bit_counts_street_prices() {
    let c = Catalog::get();
    let model = c.model("llama-3.1-70b").expect("catalog model");
    let job = Job::new(Mode::Inference, Precision::Q4KM);
    let r = recommend::setups(c, model, &job).expect("setups");
    let cheapest = r
        .setups
        .iter()
        .find(|s| s.tags.contains(&Tag::Cheapest))
        .expect("a cheapest pick");
    let gpu = c.gpu(&cheapest.fit.gpu).expect("catalog GPU");
    let buy = cheapest.buy.expect("a price");
    // By hand: about 40 GiB of Q4_K_M weights plus 2.5 GiB of KV cache need 48 GB of
    // cards; three RTX 4060 Ti 16GB at US$425 each (May 2026) are US$1,275, less than two
    // used RTX 3090s (US$1,700) or three 5060 Ti (US$1,350).
    assert_eq!(cheapest.fit.gpu, "rtx-4060-ti-16gb", "{:?}", r.setups);
    assert_eq!(cheapest.fit.count, 3);
    assert_eq!(buy.basis, PriceBasis::Street);
    assert_eq!(buy.usd, 1275.0);
    assert_eq!(buy.usd, gpu.street_usd.unwrap() * 3.0);
    assert_eq!(cheapest.why, Why::CheapestNow);
    // At launch prices (US$499 each) it would have been US$1,497.
    assert_eq!(cheapest.price_usd, Some(1497.0));
    let en = text(
        Lang::En,
        &ask(Query {
            model: Some("llama-3.1-70b".into()),
            precision: Some(Precision::Q4KM),
            ..Query::default()
        }),
    );
    assert!(en.contains("$1,275 now (2026-05)"), "{en}");
    println!("{en}");
    assert!(
        en.contains("the cheapest that fits, at today's prices"),
        "{en}"
    );
}

#[test]
fn a_card_without_a_street_price_is_counted_at_launch_and_says_so() {
    let c = Catalog::get();
    let a6000 = c.gpu("rtx-a6000").expect("catalog GPU");
    assert_eq!(a6000.street_usd, None);
    assert_eq!(a6000.buy_price(), Some((4650.0, PriceBasis::Launch)));
    // Every pick priced at launch says it, in every language.
    let a = ask(Query {
        model: Some("qwen2.5-32b".into()),
        precision: Some(Precision::Fp16),
        ..Query::default()
    });
    for s in &a.recommendations.setups {
        if s.buy.is_some_and(|b| b.basis == PriceBasis::Launch) {
            for (lang, words) in [
                (Lang::En, "at launch, no current price found"),
                (Lang::Pt, "no lançamento, sem preço atual"),
                (Lang::Es, "en el lanzamiento, no encontré"),
                (Lang::Zh, "首发价"),
            ] {
                let line = vramguide::render::parts::setup_line(lang, c, s);
                assert!(line.contains(words), "{line}");
            }
        }
    }
}

#[test]
fn every_pick_says_why_in_every_language() {
    let a = ask(Query {
        model: Some("llama-3.1-70b".into()),
        precision: Some(Precision::Fp16),
        ..Query::default()
    });
    assert!(!a.recommendations.setups.is_empty());
    let whys: Vec<Why> = a.recommendations.setups.iter().map(|s| s.why).collect();
    assert!(
        whys.contains(&Why::CheapestNow) && whys.contains(&Why::Datacenter),
        "{whys:?}"
    );
    for lang in Lang::ALL {
        for s in &a.recommendations.setups {
            let phrase = vramguide::render::parts::why_phrase(lang, s.why);
            let line = vramguide::render::parts::setup_line(lang, Catalog::get(), s);
            assert!(
                !phrase.is_empty() && line.contains(&phrase),
                "{lang:?}: {line}"
            );
        }
    }
    let json = vramguide::render::json::answer(Lang::Es, Catalog::get(), &a);
    let v = serde_json::to_value(&json).unwrap();
    let first = &v["recommendations"][0];
    assert!(
        first["why"].is_string() && first["why_text"].is_string(),
        "{first}"
    );
    // New fields come after the old ones (docs/CONTRACT.md: only add at the end).
    let raw = serde_json::to_string(&json.recommendations[0]).unwrap();
    let pos = |k: &str| {
        raw.find(&format!("\"{k}\":"))
            .unwrap_or_else(|| panic!("{k}"))
    };
    assert!(
        pos("tags") < pos("street_usd") && pos("street_usd") < pos("why"),
        "{raw}"
    );
}

#[test]
fn cost_per_million_tokens_on_one_h100_by_hand() {
    let c = Catalog::get();
    let model = c.model("llama-3.1-8b").expect("catalog model");
    let gpu = c.gpu("h100-sxm").expect("catalog GPU");
    let mut job = Job::new(Mode::Inference, Precision::Fp16);
    job.runtime = Runtime::Vllm;
    let fit = estimate::Fit::check(model, &job, gpu, 1).expect("fit");
    let tps = fit.tokens_per_s.expect("a decode estimate");
    // RunPod Secure Cloud, Sept 2026: US$3.49 an hour for one H100 SXM.
    assert_eq!(gpu.cloud_usd_per_hour, Some(3.49));
    // Priced at the serving throughput of the requests the KV pool holds, not at one
    // stream: single-stream speed priced a served GPU 10-50x too high.
    let serving = vramguide::plan::serving::capacity(model, &job, gpu, 1, &fit).expect("serves");
    let total = serving.tokens_per_s_total.expect("a throughput");
    let by_hand = 3.49 / (total * 3600.0) * 1e6;
    let (got, at) = recommend::usd_per_million_tokens(model, gpu, 1, &fit, &job).expect("rented");
    assert!((got - by_hand).abs() < 1e-9, "{got} vs {by_hand}");
    assert_eq!(at.concurrency, serving.streams());
    assert_eq!(at.context, job.context());
    println!(
        "Llama 3.1 8B fp16, vLLM, 1 × H100 SXM: {tps:.1} tokens/s alone, {total:.0} at {} \
         requests, US${got:.3} per million",
        at.concurrency
    );
    // About 150 tokens/s for 16 GB of weights at 3.35 TB/s for one request at a time.
    assert!((100.0..220.0).contains(&tps), "{tps}");
    // Dozens of requests of 8,192 tokens fit in the pool: the price falls by more than 10x
    // from the single-stream US$6-7.
    assert!(at.concurrency >= 32, "{at:?}");
    let single = 3.49 / (tps * 3600.0) * 1e6;
    assert!(got < single / 10.0, "{got} vs {single}");
    // The speed-at-load model (issue 37) also spends each step on the others' prompts
    // (7,168 of every 8,192 tokens here are prompt), so the price sits above the
    // decode-only US$0.3-0.6.
    assert!((0.02..1.0).contains(&got), "{got}");
    // Consumer cards are bought, not priced per token.
    let rtx = c.gpu("rtx-4090").expect("catalog GPU");
    let fit3 = estimate::Fit::check(model, &job, rtx, 1).expect("fit");
    assert_eq!(
        recommend::usd_per_million_tokens(model, rtx, 1, &fit3, &job),
        None
    );
    // A setup that does not serve (transformers has no server) is not priced per token.
    job.runtime = Runtime::Transformers;
    let fit4 = estimate::Fit::check(model, &job, gpu, 1).expect("fit");
    assert_eq!(
        recommend::usd_per_million_tokens(model, gpu, 1, &fit4, &job),
        None
    );
}

#[test]
fn rented_datacenter_picks_carry_their_cost_per_token() {
    let a = ask(Query {
        model: Some("llama-3.1-70b".into()),
        precision: Some(Precision::Fp16),
        runtime: Some(Runtime::Vllm),
        ..Query::default()
    });
    let dc: Vec<_> = a
        .recommendations
        .setups
        .iter()
        .filter(|s| Catalog::get().gpu(&s.fit.gpu).unwrap().market == Market::Datacenter)
        .collect();
    assert!(!dc.is_empty());
    for s in dc {
        let g = Catalog::get().gpu(&s.fit.gpu).unwrap();
        // Priced where rented and serving at least one request, and then at a stated load.
        let serves = s.fit.max_concurrency.is_some_and(|c| c >= 1.0);
        assert_eq!(
            s.usd_per_million_tokens.is_some(),
            g.cloud_usd_per_hour.is_some() && serves
        );
        assert_eq!(
            s.usd_per_million_tokens.is_some(),
            s.per_million_at.is_some()
        );
    }
    let en = text(Lang::En, &a);
    assert!(
        en.contains("/h to rent (")
            && en.contains("per million generated tokens at ")
            && en.contains(" concurrent requests of "),
        "{en}"
    );
}

#[test]
fn llama_405b_fp16_on_4090s_needs_several_machines() {
    let a = ask(Query {
        model: Some("llama-3.1-405b".into()),
        precision: Some(Precision::Fp16),
        gpu: Some("rtx-4090".into()),
        ..Query::default()
    });
    let n = a.needed_count.expect("a count that would do");
    let machines = estimate::machines(a.gpu.unwrap(), n);
    assert!(
        n > 4 && machines == n.div_ceil(4),
        "{n} cards, {machines} machines"
    );
    for (lang, words) in [
        (Lang::En, "a desktop board takes at most 4 consumer cards"),
        (Lang::Pt, "comporta no máximo 4 placas de consumo"),
        (Lang::Es, "admite como mucho 4 tarjetas de consumo"),
        (Lang::Zh, "最多装 4 张消费级显卡"),
    ] {
        let t = text(lang, &a);
        assert!(t.contains(words), "{t}");
    }
    assert!(text(Lang::En, &a).contains(&format!("{machines} machines")));
    // A server card past 8 says nodes.
    let b = ask(Query {
        model: Some("llama-3.1-405b".into()),
        precision: Some(Precision::Fp16),
        gpu: Some("h100-sxm".into()),
        gpu_count: Some(16),
        ..Query::default()
    });
    assert!(text(Lang::En, &b).contains("(8 GPUs per node): that is 2 nodes"));
    // Four 4090s are one machine: nothing said.
    let c = ask(Query {
        model: Some("llama-3.1-8b".into()),
        gpu: Some("rtx-4090".into()),
        gpu_count: Some(4),
        ..Query::default()
    });
    assert!(!text(Lang::En, &c).contains("desktop board"));
}

#[test]
fn vllm_is_not_offered_a_tensor_parallel_size_that_does_not_divide_40_heads() {
    let c = Catalog::get();
    let model = c.model("qwen2.5-14b").expect("catalog model");
    assert_eq!(
        (model.num_attention_heads, model.num_key_value_heads),
        (40, 8)
    );
    for (n, ok) in [
        (1, true),
        (2, true),
        (3, false),
        (4, true),
        (8, true),
        (16, false),
    ] {
        assert_eq!(estimate::tensor_parallel_ok(model, n), ok, "TP={n}");
    }
    let mut job = Job::new(Mode::Inference, Precision::Fp16);
    job.runtime = Runtime::Vllm;
    let rtx = c.gpu("rtx-4090").unwrap();
    let h100 = c.gpu("h100-sxm").unwrap();
    assert!(!estimate::offered(model, &job, rtx, 3));
    assert!(estimate::offered(model, &job, rtx, 4));
    // 16 H100s are two nodes: tensor parallel 8 inside each, two pipeline stages.
    let l = estimate::layout(model, &job, h100, 16).unwrap();
    assert_eq!((l.tensor, l.pipeline), (8, 2));
    // transformers and llama.cpp split by layers: any count.
    let hf = Job::new(Mode::Inference, Precision::Fp16);
    assert!(
        estimate::layout(model, &hf, rtx, 3).is_none() && estimate::offered(model, &hf, rtx, 3)
    );
    // Every vLLM setup recommended for it has a tensor-parallel size that divides 40.
    for id in ["qwen2.5-14b", "qwen2.5-32b", "llama-3.1-70b"] {
        let m = c.model(id).unwrap();
        let r = recommend::setups(c, m, &job).unwrap();
        for s in &r.setups {
            let l = s.layout.expect("vLLM lays out its GPUs");
            assert!(estimate::tensor_parallel_ok(m, l.tensor), "{id}: {s:?}");
            assert!(l.tensor != 3 && l.tensor != 16, "{id}: {l:?}");
        }
    }
    // Asked for 3 cards, the answer says why not and what runs instead.
    let a = ask(Query {
        model: Some("qwen2.5-14b".into()),
        gpu: Some("rtx-4090".into()),
        gpu_count: Some(3),
        runtime: Some(Runtime::Vllm),
        ..Query::default()
    });
    let en = text(Lang::En, &a);
    assert!(
        en.contains("vLLM cannot split 40 attention heads evenly over 3 GPUs"),
        "{en}"
    );
    assert!(
        en.contains("3 pipeline stages of 1") && en.contains("4 cards split evenly"),
        "{en}"
    );
    for lang in [Lang::Pt, Lang::Es, Lang::Zh] {
        assert!(
            text(lang, &a).contains("--pipeline-parallel-size"),
            "{lang:?}"
        );
    }
}

#[test]
fn an_mi250x_counts_as_the_two_gpus_rocm_sees() {
    let c = Catalog::get();
    let g = c.gpu("mi250x").unwrap();
    assert_eq!((g.memory_gb, g.devices_per_card()), (64.0, 2));
    let two = ask(Query {
        model: Some("llama-3.1-70b".into()),
        precision: Some(Precision::Fp16),
        gpu: Some("mi250x".into()),
        gpu_count: Some(2),
        ..Query::default()
    });
    assert_eq!(two.gpu_count, Some(4));
    // 141 GB of weights over 4 × 64 GB devices fits; over one package's 2 it would not.
    assert!(two.fit.as_ref().unwrap().fits);
    let one = ask(Query {
        model: Some("llama-3.1-8b".into()),
        gpu: Some("mi250x".into()),
        ..Query::default()
    });
    assert_eq!(one.gpu_count, Some(2));
}
