//! Issue 37 item 4: every speed an answer shows comes from one model at one load. The
//! estimate's tokens/s, the serving plan's speed per user and each listed setup's speed
//! are the speed-at-load model at the same concurrency (the users asked for, else one),
//! so a setup never reads faster or slower than the plan for reasons the answer does not
//! say, and a card with offloaded layers is slower than enough of the same cards holding
//! it all.

use vramguide::answer::{self, Answer};
use vramguide::catalog::Catalog;
use vramguide::estimate::Fit;
use vramguide::estimate::at_load::LoadModel;
use vramguide::plan::levers::Change;
use vramguide::query::{self, parse};

fn answer(text: &str) -> Answer {
    let catalog = Catalog::get();
    let parsed = parse(catalog, text);
    let req = query::resolve(catalog, &parsed.query).unwrap_or_else(|e| panic!("{text}: {e}"));
    answer::build(catalog, req).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.01 * a.abs().max(b.abs()).max(1e-9)
}

/// Serving questions in four languages, dense and MoE, one to eight cards, and one-user
/// estimates: the estimate's speed, the plan's and every setup's agree.
#[test]
fn every_speed_in_an_answer_is_the_one_model_at_the_same_load() {
    let catalog = Catalog::get();
    let questions = [
        "serve qwen3 32b to 40 users on 2 h100",
        "servir qwen3 32b para 40 usuários em 2 h100",
        "servir qwen3 32b para 40 usuarios en 2 h100",
        "在2张h100上部署qwen3 32b，40个并发",
        "gpt-oss-120b for 64 users on an h200",
        "llama 3.3 70b fp8 for 16 users on 4 h100",
        "qwen3 30b a3b for 8 users on 2 rtx 4090 with vllm",
        "llama 3.1 8b on a 4090",
        "qwen3 30b a3b q4_k_m on a 3090 with llama.cpp",
        "mistral small 3.1 on an l40s",
    ];
    let mut checked_setups = 0;
    for q in questions {
        let a = answer(q);
        let model = a.model.as_ref();
        let users = a.job.batch;
        let load = LoadModel::new(model, &a.job);
        if let (Some(fit), Some(gpu)) = (&a.fit, a.gpu)
            && let Some(tps) = fit.tokens_per_s
        {
            let ours = load.at(gpu, fit.count, users).tokens_per_s_per_user;
            assert!(close(tps, ours), "{q}: estimate {tps} vs model {ours}");
            if let Some(at) = a.serving.as_ref().and_then(|s| s.at_load)
                && at.concurrency == users
            {
                assert!(
                    close(tps, at.tokens_per_s_per_user),
                    "{q}: estimate {tps} vs plan {}",
                    at.tokens_per_s_per_user
                );
            }
        }
        for s in &a.recommendations.setups {
            let Some(tps) = s.fit.tokens_per_s else {
                continue;
            };
            let gpu = catalog.gpu(&s.fit.gpu).unwrap();
            let ours = load.at(gpu, s.fit.count, users).tokens_per_s_per_user;
            println!(
                "{q:<48} {:>2} x {:<24} {tps:>7.1} tokens/s each at {users} users",
                s.fit.count, s.fit.gpu
            );
            assert!(
                close(tps, ours),
                "{q}: {} x {} shows {tps}, the model at {users} users gives {ours}",
                s.fit.count,
                s.fit.gpu
            );
            checked_setups += 1;
        }
    }
    assert!(checked_setups >= 15, "{checked_setups} setups checked");
}

/// One 3090 with layers in host RAM is slower than the 3090s that hold the model, on the
/// same runtime: the offloaded layers are read over the host's memory bus every token.
#[test]
fn offload_never_reads_faster_than_the_cards_that_hold_it() {
    let catalog = Catalog::get();
    for q in [
        "llama 3.3 70b q4_k_m on a 3090 with llama.cpp",
        "qwen3 32b q8_0 on a 3090 with llama.cpp",
        "llama 3.3 70b q4_k_m numa 3090 com llama.cpp",
    ] {
        let a = answer(q);
        // The offload the answer offers: its own line, or the lever that keeps the card.
        let lever = a
            .levers
            .iter()
            .find(|l| matches!(l.change, Change::Offload { .. }) && l.count == 1)
            .map(|l| &l.fit);
        let offload = a
            .offload
            .as_deref()
            .or(lever)
            .unwrap_or_else(|| panic!("{q}: an offload"));
        let slow = offload.tokens_per_s.unwrap();
        let gpu = catalog.gpu("rtx-3090").unwrap();
        let mut whole = a.job.clone();
        whole.host_offload = None;
        let model = a.model.as_ref();
        let count = (1..=8)
            .find(|&n| Fit::holds(model, &whole, gpu, n))
            .unwrap();
        let fast = Fit::check(model, &whole, gpu, count)
            .unwrap()
            .tokens_per_s
            .unwrap();
        println!("{q}: 1 x 3090 with offload {slow:.1} tokens/s, {count} x 3090 {fast:.1}");
        assert!(count > 1, "{q}");
        assert!(slow < fast, "{q}: offload {slow} vs {count} cards {fast}");
    }
}
