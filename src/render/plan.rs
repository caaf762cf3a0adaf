//! The plan in words: the best levers, the serving capacity and the launch command.

use super::parts::{Lines, Separator, gpu_count, separator};
use crate::answer::Answer;
use crate::catalog::GIB;
use crate::estimate::Precision;
use crate::estimate::{HostOffload, offload};
use crate::i18n::{
    Args, Lang, MsgId, Num, format_gib, format_int, format_number, label, tr, tr_into,
};
use crate::msg;
use crate::plan::levers::QualityCost;
use crate::plan::{Change, Lever, LeverKind};
use std::borrow::Cow;

/// Levers the text shows; JSON has them all.
const SHOWN: usize = 3;

/// "To make it fit on these GPUs:" and the best three levers, one per line. Offloading
/// and more cards are left to the fit lines, which already say them.
pub fn lever_lines(lang: Lang, a: &Answer) -> Vec<String> {
    let mut out = Vec::new();
    lever_lines_to(&mut out, lang, a);
    out
}

/// The title and the best `n` levers, without the line on the RAM speed offloading
/// assumed: a chat reply's fix.
pub fn first_lever_lines(lang: Lang, a: &Answer, n: usize) -> Vec<String> {
    let mut out = Vec::new();
    levers_to(&mut out, lang, a, n, false);
    out
}

/// [`lever_lines`], written to `out`.
pub fn lever_lines_to(out: &mut impl Lines, lang: Lang, a: &Answer) {
    levers_to(out, lang, a, SHOWN, true);
}

/// The title and the best `n` levers, then (`ram`) the RAM speed an offload assumed.
fn levers_to(out: &mut impl Lines, lang: Lang, a: &Answer, n: usize, ram: bool) {
    let shown: Vec<&Lever> = a
        .levers
        .iter()
        .filter(|l| l.kind != LeverKind::MoreGpus)
        .filter(|l| !(l.kind == LeverKind::Offload && a.offload.is_some()))
        .take(n)
        .collect();
    if shown.is_empty() {
        // Nothing fits, whatever is changed and however many of these cards (within one
        // rack): say so rather than stay silent.
        if a.levers.is_empty() && a.fit.as_ref().is_some_and(|f| !f.fits) && a.offload.is_none() {
            tr_into(out.line(), lang, msg!("answer-levers-none"), None);
        }
        return;
    }
    let asked = a.gpu_count.unwrap_or(1);
    // After a fit, the levers buy room; after a miss, they make it fit. "These GPUs"
    // only when there are several.
    let title = if a.fit.as_ref().is_some_and(|f| f.fits) {
        msg!("answer-levers-title-room")
    } else {
        msg!("answer-levers-title")
    };
    let args = Args::new().n(lang, "gpus_n", u64::from(asked));
    tr_into(out.line(), lang, title, Some(&args));
    for l in &shown {
        let line = out.line();
        line.push_str("- ");
        lever_line_into(line, lang, a, l, asked);
    }
    if let Some(l) = shown.iter().find(|l| ram && l.job.host_offload.is_some()) {
        out.line().push_str(&ram_assumed(lang, l));
    }
}

/// "weights in nf4 (…): 21.0 GiB per GPU": the change, then the memory per GPU it
/// leaves, which follows it in every language.
fn lever_line_into(out: &mut String, lang: Lang, a: &Answer, l: &Lever, asked: u32) {
    for (i, change) in l.changes().enumerate() {
        if i > 0 {
            out.push_str(" + ");
        }
        change_into(out, lang, a, l, change, asked);
    }
    out.push_str(&separator(lang, Separator::Colon));
    let per_gpu = Num::gib(lang, l.fit.per_gpu_gib);
    let args = Args::new().s("per_gpu", per_gpu.as_str());
    tr_into(out, lang, msg!("amount-per-gpu"), Some(&args));
}

/// An offload on another runtime than the answer's: that the runtime, and with it the
/// memory a card offers, changed ("llama.cpp instead of transformers: 23.0 GiB usable per
/// GPU instead of 22.4 GiB").
fn runtime_changed_into(out: &mut String, lang: Lang, a: &Answer, l: &Lever) {
    if l.job.runtime == a.job.runtime {
        return;
    }
    let Some(asked) = a.fit.as_ref() else {
        return;
    };
    let args = Args::new()
        .s("runtime", l.job.runtime.profile().name)
        .s("asked", a.job.runtime.profile().name)
        .s("usable", format_gib(lang, l.fit.usable_gib))
        .s("asked_usable", format_gib(lang, asked.usable_gib));
    out.push_str(" (");
    tr_into(out, lang, msg!("lever-runtime-changed"), Some(&args));
    out.push(')');
}

/// The host RAM bandwidth an offload speed assumes, and how to give one's own.
fn ram_assumed(lang: Lang, l: &Lever) -> String {
    let gbs = offload::ram_gbs(&l.job);
    let id = if l.job.ram_bandwidth_gbs.is_some() {
        msg!("offload-ram-given")
    } else {
        msg!("offload-ram-assumed")
    };
    tr(
        lang,
        id,
        Some(&Args::new().s("bandwidth", format_number(lang, gbs, 1))),
    )
}

/// A decode speed with one decimal below 10 tokens/s, none above.
fn speed(lang: Lang, tokens_per_s: f64) -> Num {
    Num::number(lang, tokens_per_s, if tokens_per_s < 10.0 { 1 } else { 0 })
}

/// "with llama.cpp, 9 of 80 layers on the GPU (`-ngl 9`) and 122 GiB in CPU RAM: about
/// 0.4 tokens/s": the flag from the runtime's profile, the RAM from the estimate.
fn offload_change_into(out: &mut String, lang: Lang, a: &Answer, l: &Lever, offload: HostOffload) {
    let profile = l.job.runtime.profile();
    let (id, flag_name, key, n) = match offload {
        HostOffload::GpuLayers(n) => (
            msg!("lever-offload-layers"),
            profile.launch.and_then(|f| f.gpu_layers).map(|g| g.0),
            "gpu_layers",
            n,
        ),
        HostOffload::CpuMoe(k) => (
            msg!("lever-offload-experts"),
            profile.offload.and_then(|o| o.cpu_moe),
            "moe_layers",
            k,
        ),
    };
    // The flag as typed ("-ngl 26"): the number in plain digits, never grouped.
    let mut flag = String::from(flag_name.unwrap_or_default());
    flag.push(' ');
    flag.push_str(itoa::Buffer::new().format(n));
    let ram = Num::gib(
        lang,
        crate::estimate::host_ram_bytes(&a.model, &l.job) / GIB,
    );
    let tokens_per_s = l.fit.tokens_per_s.map(|s| speed(lang, s));
    let layers = Num::int(lang, u64::from(a.model.num_hidden_layers));
    let count = Num::int(lang, u64::from(n));
    // In Fluent's (alphabetical) order, so each lands at the end of the list (for
    // layers; "moe_layers" lands one place early).
    let mut args = Args::with_capacity(7)
        .s("flag", flag)
        .s(key, count.as_str());
    if matches!(offload, HostOffload::GpuLayers(_)) {
        args = args.n(lang, "gpus_n", u64::from(l.count));
    }
    let args = args
        .s("layers", layers.as_str())
        .s("ram", ram.as_str())
        .s(
            "runtime",
            super::parts::runtime_label(lang, profile.runtime),
        )
        .s("speed", tokens_per_s.as_ref().map_or("", Num::as_str));
    tr_into(out, lang, id, Some(&args));
}

/// "Longest context on RTX 4090: 40,960 tokens with llama.cpp", for "max context"
/// questions, led with.
pub fn max_context_line(lang: Lang, a: &Answer) -> Option<String> {
    if !a.max_context_asked {
        return None;
    }
    let Some(gpu) = a.gpu else {
        // No card named: the model's own limit, and what to ask next.
        let max = a.model.max_position_embeddings?;
        let args = Args::new()
            .s("model", crate::render::parts::model_name(lang, a))
            .s("tokens", format_int(lang, max));
        return Some(tr(lang, msg!("answer-max-context-no-gpu"), Some(&args)));
    };
    let count = a.gpu_count.unwrap_or(1);
    let mut setup = String::new();
    if count != 1 {
        setup.push_str(&format!("{count} × "));
    }
    setup.push_str(&gpu.display_name);
    let args = Args::new()
        .s("setup", setup)
        .s("runtime", super::parts::runtime_label(lang, a.job.runtime));
    Some(match a.max_context {
        Some(tokens) => {
            let id = if a.model.max_position_embeddings == Some(tokens) {
                msg!("answer-max-context-model")
            } else {
                msg!("answer-max-context")
            };
            tr(lang, id, Some(&args.s("tokens", format_int(lang, tokens))))
        }
        None => tr(lang, msg!("answer-max-context-none"), Some(&args)),
    })
}

/// The message that names a quality cost: `lever-quality-<kebab-case name>`.
fn quality_id(q: QualityCost) -> &'static MsgId {
    match q {
        QualityCost::Negligible => msg!("lever-quality-negligible"),
        QualityCost::Small => msg!("lever-quality-small"),
        QualityCost::Moderate => msg!("lever-quality-moderate"),
        QualityCost::Noticeable => msg!("lever-quality-noticeable"),
    }
}

/// One change of a lever in words.
fn change_into(out: &mut String, lang: Lang, a: &Answer, l: &Lever, change: Change, asked: u32) {
    let value = |v: Cow<'static, str>| Args::new().s("value", v);
    let quality = |p| label(lang, quality_id(QualityCost::of(p)));
    let (id, args) = match change {
        Change::Precision(p) if l.count != asked => (
            msg!("lever-precision-gpus"),
            Some(
                value(p.name().into())
                    .s("quality", quality(p))
                    .s("count", gpu_count(lang, l.count)),
            ),
        ),
        Change::Precision(p) => (
            msg!("lever-precision"),
            Some(value(p.name().into()).s("quality", quality(p))),
        ),
        Change::KvPrecision(k) => (msg!("lever-kv-precision"), Some(value(k.name().into()))),
        Change::Context(c) => (
            msg!("lever-context"),
            Some(value(format_int(lang, c).into())),
        ),
        Change::Offload { offload, .. } => {
            offload_change_into(out, lang, a, l, offload);
            return runtime_changed_into(out, lang, a, l);
        }
        Change::CpuOffload => (msg!("lever-offload"), None),
        Change::GradientCheckpointing => (msg!("lever-gradient-checkpointing"), None),
        Change::Qlora => (msg!("lever-qlora"), None),
        Change::Optimizer(o) => (
            msg!("lever-optimizer"),
            Some(value(crate::plan::levers::optimizer_name(o).into())),
        ),
        Change::Sharding(s) => (
            msg!("lever-zero"),
            Some(Args::new().s("sharding", super::notes::sharding_label(s))),
        ),
        Change::Gpus(n) => (
            msg!("lever-more-gpus"),
            Some(Args::new().s("count", gpu_count(lang, n))),
        ),
        Change::MemoryShare(u) => (
            msg!("lever-memory-share"),
            Some(value(format!("{u}").into())),
        ),
        Change::FlashAttention if l.job.runtime == crate::estimate::Runtime::Ollama => {
            (msg!("lever-flash-attention-ollama"), None)
        }
        Change::FlashAttention => (msg!("lever-flash-attention"), None),
        Change::MmLimit(_) => (msg!("lever-mm-limit"), None),
    };
    tr_into(out, lang, id, args.as_ref());
}

/// "Serving capacity: ..." for a fitting vLLM or llama.cpp setup.
pub fn serving_line(lang: Lang, a: &Answer) -> Option<String> {
    let s = a.serving?;
    let args = Args::new()
        .s("pool", format_gib(lang, s.kv_pool_gib))
        .s("context", format_int(lang, s.max_context))
        .s("concurrency", format_int(lang, s.max_concurrency))
        .n(lang, "concurrency_n", s.max_concurrency)
        .s("asked", format_int(lang, a.job.context()));
    let mut line = match s.tokens_per_s_total {
        Some(speed) => tr(
            lang,
            msg!("answer-serving"),
            Some(&args.s("speed", format_number(lang, speed, 0))),
        ),
        None => tr(lang, msg!("answer-serving-none"), Some(&args)),
    };
    if let Some(load) = load_line(lang, a) {
        line.push('\n');
        line.push_str(&load);
    }
    Some(line)
}

/// "At 40 users at once: 31 tokens/s each, first token in 0.4 s, 620 tokens/s per GPU,
/// $1.20 per million tokens; 64 users get 20 tokens/s each." The planning answer.
pub fn load_line(lang: Lang, a: &Answer) -> Option<String> {
    let s = a.serving?;
    let l = s.at_load?;
    let args = Args::new()
        .s("users", format_int(lang, u64::from(l.concurrency)))
        .n(lang, "users_n", u64::from(l.concurrency))
        .s("speed", format_number(lang, l.tokens_per_s_per_user, 0))
        .s("ttft", format_number(lang, l.ttft_ms / 1000.0, 1))
        .s("per_gpu", format_number(lang, l.tokens_per_s_per_gpu, 0))
        .s("target", format_number(lang, s.target_tokens_per_s, 0))
        .s("at_target", format_int(lang, s.users_at_target))
        .n(lang, "at_target_n", s.users_at_target);
    // Chinese sentences end in a full-width stop and run on without a space.
    let gap = if lang == Lang::Zh { "" } else { " " };
    let mut line = tr(lang, msg!("speed-at-load"), Some(&args));
    if let Some(usd) = l.usd_per_million_tokens {
        let args = Args::new().s("usd", format_number(lang, usd, 2));
        line.push_str(gap);
        line.push_str(&tr(lang, msg!("speed-at-load-price"), Some(&args)));
    }
    let asked = u64::from(l.concurrency);
    let id = if asked > s.max_concurrency {
        msg!("speed-at-load-over-memory")
    } else {
        msg!("speed-users-at-target")
    };
    let args =
        args.s("max", format_int(lang, s.max_concurrency))
            .n(lang, "max_n", s.max_concurrency);
    line.push_str(gap);
    line.push_str(&tr(lang, id, Some(&args)));
    Some(line)
}

/// Where no checkpoint in the planned format is known, the line that says which to look
/// for instead of a launch command.
pub fn launch_missing_line(lang: Lang, a: &Answer) -> Option<String> {
    let m = a.launch_missing.filter(|_| a.launch.is_empty())?;
    // A bare size ("70b") is a shape, not a model: there is no repo to look for by its id.
    if a.model.synthetic && a.model.hub_id.is_none() {
        let args = Args::new().s("runtime", super::parts::runtime_label(lang, m.runtime));
        return Some(tr(lang, msg!("answer-launch-generic"), Some(&args)));
    }
    let repo = a.model.hub_id.as_deref().unwrap_or(&a.model.id);
    let name = repo.rsplit('/').next().unwrap_or(repo);
    // MLX repos are found by the mlx-community name and bit width ("Qwen3-30B-A3B 4bit").
    let search = match m.precision {
        Precision::Mlx4 => format!("mlx-community {name} 4bit"),
        Precision::Mlx8 => format!("mlx-community {name} 8bit"),
        _ if m.runtime.profile().launch.is_some_and(|f| f.gguf_file) => format!("{name} GGUF"),
        p => format!("{name} {}", p.name().to_ascii_uppercase()),
    };
    let args = Args::new()
        .s("precision", m.precision.name())
        .s("search", search)
        .s("runtime", super::parts::runtime_label(lang, m.runtime));
    Some(tr(lang, msg!("answer-launch-missing"), Some(&args)))
}

/// Every lever, more cards included, one line each with the memory per GPU it leaves: what
/// the Discord "make it fit" button lists (the answer's own lines show the best three).
pub fn all_lever_lines(lang: Lang, a: &Answer) -> Vec<String> {
    let asked = a.gpu_count.unwrap_or(1);
    a.levers
        .iter()
        .map(|l| {
            let mut line = String::new();
            lever_line_into(&mut line, lang, a, l, asked);
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::t;
    use strum::VariantArray;

    #[test]
    fn every_quality_cost_names_its_own_message() {
        for lang in Lang::ALL {
            for &q in QualityCost::VARIANTS {
                let by_name = format!("lever-quality-{}", <&str>::from(q));
                assert_eq!(label(lang, quality_id(q)), t(lang, &by_name));
                assert_ne!(t(lang, &by_name), by_name, "{by_name} missing in {lang:?}");
            }
        }
    }
}
