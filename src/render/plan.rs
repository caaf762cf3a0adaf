//! The plan in words: the best levers, the serving capacity and the launch command.

use super::parts::gpu_count;
use crate::answer::Answer;
use crate::i18n::{Args, Lang, format_gib, format_int, format_number, t, tr};
use crate::plan::levers::QualityCost;
use crate::plan::{Change, Lever, LeverKind};

/// Levers the text shows; JSON has them all.
const SHOWN: usize = 3;

/// "To make it fit on these GPUs:" and the best three levers, one per line. Offloading
/// and more cards are left to the fit lines, which already say them.
pub fn lever_lines(lang: Lang, a: &Answer) -> Vec<String> {
    let shown: Vec<&Lever> = a
        .levers
        .iter()
        .filter(|l| l.kind != LeverKind::MoreGpus)
        .filter(|l| !(l.kind == LeverKind::Offload && a.offload.is_some()))
        .take(SHOWN)
        .collect();
    if shown.is_empty() {
        return Vec::new();
    }
    let asked = a.gpu_count.unwrap_or(1);
    let mut out = vec![t(lang, "answer-levers-title")];
    for l in shown {
        let args = Args::new()
            .s("change", change(lang, l, asked))
            .s("per_gpu", format_gib(lang, l.fit.per_gpu_gib));
        out.push(format!("- {}", tr(lang, "lever-line", Some(&args))));
    }
    out
}

/// One lever's change in words.
fn change(lang: Lang, l: &Lever, asked: u32) -> String {
    let value = |v: String| Args::new().s("value", v);
    let quality = |p| t(lang, &format!("lever-quality-{}", QualityCost::of(p).id()));
    let (id, args) = match l.change {
        Change::Precision(p) if l.count != asked => (
            "lever-precision-gpus",
            Some(
                value(p.name().to_string())
                    .s("quality", quality(p))
                    .s("count", gpu_count(lang, l.count)),
            ),
        ),
        Change::Precision(p) => (
            "lever-precision",
            Some(value(p.name().to_string()).s("quality", quality(p))),
        ),
        Change::KvPrecision(k) => ("lever-kv-precision", Some(value(k.name().to_string()))),
        Change::Context(c) => ("lever-context", Some(value(format_int(lang, c)))),
        Change::CpuOffload => ("lever-offload", None),
        Change::GradientCheckpointing => ("lever-gradient-checkpointing", None),
        Change::Qlora => ("lever-qlora", None),
        Change::Optimizer(o) => (
            "lever-optimizer",
            Some(value(crate::plan::levers::optimizer_name(o).to_string())),
        ),
        Change::Sharding(_) => ("lever-zero", None),
        Change::Gpus(n) => (
            "lever-more-gpus",
            Some(Args::new().s("count", gpu_count(lang, n))),
        ),
    };
    tr(lang, id, args.as_ref())
}

/// "Serving capacity: ..." for a fitting vLLM or llama.cpp setup.
pub fn serving_line(lang: Lang, a: &Answer) -> Option<String> {
    let s = a.serving?;
    let args = Args::new()
        .s("pool", format_gib(lang, s.kv_pool_gib))
        .s("context", format_int(lang, s.max_context))
        .s("concurrency", format_int(lang, s.max_concurrency))
        .s("asked", format_int(lang, a.job.context()));
    Some(match s.tokens_per_s_total {
        Some(speed) => tr(
            lang,
            "answer-serving",
            Some(&args.s("speed", format_number(lang, speed, 0))),
        ),
        None => tr(lang, "answer-serving-none", Some(&args)),
    })
}

/// "To start it:" and the command as inline code.
pub fn launch_lines(lang: Lang, a: &Answer) -> Vec<String> {
    if a.launch.is_empty() {
        return Vec::new();
    }
    let mut out = vec![t(lang, "answer-launch-title")];
    out.extend(a.launch.iter().map(|l| format!("`{}`", l.command)));
    out
}

/// Levers, serving capacity and launch lines together, for surfaces that list lines under
/// the verdict (the Discord embed, the web page).
pub fn lines(lang: Lang, a: &Answer) -> Vec<String> {
    let mut out = lever_lines(lang, a);
    out.extend(serving_line(lang, a));
    out.extend(launch_lines(lang, a));
    out
}

/// Every lever, more cards included, one line each with the memory per GPU it leaves: what
/// the Discord "make it fit" button lists (the answer's own lines show the best three).
pub fn all_lever_lines(lang: Lang, a: &Answer) -> Vec<String> {
    let asked = a.gpu_count.unwrap_or(1);
    a.levers
        .iter()
        .map(|l| {
            let args = Args::new()
                .s("change", change(lang, l, asked))
                .s("per_gpu", format_gib(lang, l.fit.per_gpu_gib));
            format!("• {}", tr(lang, "lever-line", Some(&args)))
        })
        .collect()
}
