//! The JSON contract of `ask --json`, `estimate --json` and the web API (CONTRACT.md).

use super::{error, parts, text};
use crate::answer::Answer;
use crate::catalog::{Catalog, GIB};
use crate::error::Error;
use crate::i18n::Lang;
use serde_json::{Value, json};

/// Round for display in JSON: GiB to 0.01, speeds to 0.1.
fn r2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn r1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The answer object.
pub fn answer(lang: Lang, catalog: &Catalog, a: &Answer) -> Value {
    let e = &a.estimate;
    let gib = |b: f64| r2(b / GIB);
    let model_id = (!a.model.synthetic).then(|| a.model.id.clone());
    let fit = a.fit.as_ref().map(|f| {
        json!({
            "gpu": f.gpu, "count": f.count, "fits": f.fits,
            "per_gpu_gib": r2(f.per_gpu_gib), "usable_gib": r2(f.usable_gib),
            "headroom_gib": r2(f.headroom_gib),
            "tokens_per_s": f.tokens_per_s.map(r1),
            "prefill_tokens_per_s": f.prefill_tokens_per_s.map(r1),
            "interconnect": f.interconnect,
            "kv_capacity_tokens": f.kv_capacity_tokens,
            "max_concurrency": f.max_concurrency.map(r1),
            "needed_count": a.needed_count,
        })
    });
    let recommendations: Vec<Value> = a
        .recommendations
        .setups
        .iter()
        .map(|s| {
            json!({
                "gpu": s.fit.gpu, "count": s.fit.count, "fits": s.fit.fits,
                "per_gpu_gib": r2(s.fit.per_gpu_gib),
                "tokens_per_s": s.fit.tokens_per_s.map(r1),
                "price_usd": s.price_usd,
                "interconnect": s.fit.interconnect,
                "tags": s.tags,
            })
        })
        .collect();
    let mut notes = parts::assumption_lines(lang, a);
    notes.extend(parts::caveat_lines(lang, a));
    notes.extend(parts::advice_lines(lang, a));
    json!({
        "language": lang.code(),
        "understood": true,
        "query": {
            "model": model_id,
            "model_name": a.model.display_name,
            "params_b": r2(a.model.params_b()),
            "precision": a.job.precision.name(),
            "kv_precision": a.job.kv_precision.name(),
            "context": a.job.context(),
            "prompt": a.job.prompt,
            "generate": a.job.generate,
            "batch": a.job.batch,
            "mode": a.job.mode.name(),
            "gpu": a.gpu.map(|g| g.id.clone()),
            "gpu_count": a.gpu_count,
            "runtime": runtime_named(a),
            "profile": a.job.runtime.name(),
            "source": match a.model.origin {
                Some(origin) => origin.name(),
                None if a.model.synthetic => "size",
                None => "catalog",
            },
            "runtime_version": a.job.runtime.profile().version,
            "weight_bytes_exact": a.model.weight_file.as_ref()
                .filter(|f| f.serves(a.job.precision)).map(|f| f.bytes),
        },
        "estimate": {
            "total_gib": r2(e.total_gib()),
            "per_gpu_gib": r2(e.per_gpu_gib()),
            "gpus": e.gpus,
            "weights_gib": gib(e.weights),
            "kv_cache_gib": gib(e.kv_cache),
            "activations_gib": gib(e.activations),
            "overhead_gib": gib(e.overhead),
            "gradients_gib": gib(e.gradients),
            "optimizer_gib": gib(e.optimizer),
            "kv_bytes_per_token": e.kv_bytes_per_token.round() as u64,
            "trainable_params": e.trainable_params,
            "rule_of_thumb_gb": r1(e.rule_of_thumb_gb),
            "error_band_pct": e.error_band.map(|b| b.pct),
            "error_band_measured": e.error_band.map(|b| b.measured),
        },
        "fit": fit,
        "recommendations": recommendations,
        "advice": {
            "nvlink_matters": a.recommendations.nvlink_matters,
            "sxm_only": a.recommendations.sxm_only,
            "multi_node": a.recommendations.multi_node,
            "nothing_fits": a.recommendations.nothing_fits,
        },
        "levers": a.offload.as_ref().map(|o| vec![json!({
            "kind": "offload", "change": "cpu_offload",
            "per_gpu_gib": r2(o.per_gpu_gib), "fits": o.fits, "tokens_per_s": null,
        })]).unwrap_or_default(),
        "assumed": a.assumed,
        "topics": a.topics,
        "notes": notes,
        "text": text::answer(lang, catalog, a),
    })
}

/// `runtime` is null when the user named none (the default profile is in `profile`).
fn runtime_named(a: &Answer) -> Option<&'static str> {
    let assumed = a
        .assumed
        .iter()
        .any(|x| matches!(x, crate::answer::Assumption::Runtime { .. }));
    (!assumed).then(|| a.job.runtime.name())
}

/// The error object: `{"language", "understood": false, "error": {...}, "text"}`.
pub fn error(lang: Lang, catalog: &Catalog, err: &Error) -> Value {
    json!({
        "language": lang.code(),
        "understood": false,
        "error": {
            "kind": err.kind(),
            "input": err.input(),
            "suggestions": err.suggestions(),
        },
        "text": error::message(lang, catalog, err),
    })
}
