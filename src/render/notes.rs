//! What an answer assumed and what it notes, in words: the assumptions made for the
//! question (format, context, runtime, a Hub fallback), the model lines (exact weights,
//! a loose match) and one sentence per estimate note, with the error band.

use super::parts::{gpu_count, tower_size};
use crate::answer::{Answer, Assumption};
use crate::catalog::MatchKind;
use crate::estimate::{ErrorBand, Note, Sharding};
use crate::i18n::{Args, Lang, MsgId, format_gib, format_int, format_number, format_params, t, tr};
use crate::msg;
use crate::runtime::framework::Framework;

/// The Hub could not be asked: what the answer used instead.
fn hub_fallback_line(lang: Lang, a: &Answer, repo: &str, reason: crate::query::HubMiss) -> String {
    let why = match reason {
        crate::query::HubMiss::Offline => msg!("hub-why-offline"),
        crate::query::HubMiss::Unreachable => msg!("hub-why-unreachable"),
        crate::query::HubMiss::Slow => msg!("hub-why-slow"),
        crate::query::HubMiss::Busy => msg!("hub-why-busy"),
    };
    let id = if a.model.synthetic {
        msg!("hub-fallback-size")
    } else {
        msg!("hub-fallback-catalog")
    };
    tr(
        lang,
        id,
        Some(
            &Args::new()
                .s("repo", repo.replace('`', "'"))
                .s("why", t(lang, why))
                .s("model", crate::render::parts::model_name(lang, a)),
        ),
    )
}

/// Weights measured from the repo's own files, when the job runs in their format.
fn exact_weights_line(lang: Lang, a: &Answer) -> Option<String> {
    let file = a
        .model
        .weight_file
        .as_ref()
        .filter(|f| f.serves(a.job.precision))?;
    let id = if file.files.iter().any(|f| f.ends_with(".gguf")) {
        msg!("hub-exact-gguf")
    } else {
        msg!("hub-exact-safetensors")
    };
    Some(tr(
        lang,
        id,
        Some(
            &Args::new()
                .s(
                    "gib",
                    format_number(lang, file.bytes as f64 / crate::catalog::GIB, 2),
                )
                .s("tensors", format_int(lang, file.tensors))
                .s("quantized", format_int(lang, file.quantized_tensors))
                .s("files", format_int(lang, file.files.len() as u64))
                .s(
                    "method",
                    file.method
                        .clone()
                        .unwrap_or_else(|| file.precision.name().to_string()),
                ),
        ),
    ))
}

/// What the answer chose on the user's behalf, and how the model name was read.
pub fn assumption_lines(lang: Lang, a: &Answer) -> Vec<String> {
    let mut out: Vec<String> = a.assumed.iter().map(|x| assumed_line(lang, a, x)).collect();
    out.extend(weights_and_match_lines(lang, a));
    out
}

/// [`assumption_lines`] less the one [`sized_from_name_line`] already said first.
pub fn assumption_lines_after_first(lang: Lang, a: &Answer) -> Vec<String> {
    let said = said_first(a);
    let mut out: Vec<String> = a
        .assumed
        .iter()
        .filter(|x| !said.is_some_and(|s| std::ptr::eq(s, *x)))
        .map(|x| assumed_line(lang, a, x))
        .collect();
    out.extend(weights_and_match_lines(lang, a));
    out
}

/// The assumption an answer leads with: a repo the Hub could not be asked about (the
/// answer is for another model than the `org/name` typed), else a name sized from its size.
fn said_first(a: &Answer) -> Option<&Assumption> {
    let first = |pick: fn(&Assumption) -> bool| a.assumed.iter().find(|x| pick(x));
    first(|x| matches!(x, Assumption::HubFallback { .. }))
        .or_else(|| first(|x| matches!(x, Assumption::SizedFromName { .. })))
}

/// The assumptions about which model and which weights the answer is for (the Hub could
/// not be asked, the repo's own files, how the name was read): a reader must see these with
/// the answer, while the values chosen for them can wait behind a button.
pub fn model_lines(lang: Lang, a: &Answer) -> Vec<String> {
    let mut out: Vec<String> = a
        .assumed
        .iter()
        .filter(|x| {
            matches!(
                x,
                Assumption::HubFallback { .. } | Assumption::SizedFromName { .. }
            )
        })
        .map(|x| assumed_line(lang, a, x))
        .collect();
    out.extend(weights_and_match_lines(lang, a));
    out
}

/// Whether the assumed format is the 8-bit file a Mac owner downloads although the 16-bit
/// checkpoint fits (`answer::build` on a Mac; no best fit, which says its own reason).
fn mac_download(a: &Answer, precision: crate::estimate::Precision) -> bool {
    a.best_fit.is_none()
        && precision.nominal_bits() == 8.0
        && a.model.native_precision.bits_per_weight() > 8.5
        && a.gpu
            .is_some_and(|g| g.vendor == crate::catalog::Vendor::Apple)
}

fn assumed_line(lang: Lang, a: &Answer, x: &Assumption) -> String {
    match x {
        Assumption::Precision { precision, native } => {
            let args = Args::new().s("precision", precision.name());
            if !*native && mac_download(a, *precision) {
                let args = args.s("native", a.model.native_precision.name().to_uppercase());
                return tr(lang, msg!("assumed-precision-mac"), Some(&args));
            }
            tr(
                lang,
                if *native {
                    msg!("assumed-precision-native")
                } else {
                    msg!("assumed-precision")
                },
                Some(&args),
            )
        }
        // "On" says whose recipes turn it on: the method being sized, not always QLoRA's.
        Assumption::Checkpointing { on: true } => tr(
            lang,
            msg!("assumed-checkpointing-on"),
            Some(&Args::new().s("method", super::parts::mode_name(lang, a.job.mode))),
        ),
        Assumption::Checkpointing { on: false } => t(lang, msg!("assumed-checkpointing-off")),
        Assumption::Sharding { sharding } => tr(
            lang,
            msg!("assumed-sharding"),
            Some(&Args::new().s("sharding", sharding_label(*sharding))),
        ),
        Assumption::Context { tokens } => tr(
            lang,
            msg!("assumed-context"),
            Some(&Args::new().s("tokens", format_int(lang, *tokens))),
        ),
        Assumption::Runtime { runtime, reason } => match reason.message() {
            None => tr(
                lang,
                msg!("assumed-runtime"),
                Some(&Args::new().s("runtime", runtime.profile().version)),
            ),
            Some(why) => tr(
                lang,
                msg!("assumed-runtime-why"),
                Some(
                    &Args::new()
                        .s("runtime", runtime.profile().version)
                        .s("why", t(lang, why))
                        .s(
                            "other",
                            super::parts::runtime_label(lang, reason.alternative(*runtime)),
                        ),
                ),
            ),
        },
        Assumption::HubFallback { repo, reason } => hub_fallback_line(lang, a, repo, *reason),
        Assumption::KvNeedsFlashAttention { asked } => tr(
            lang,
            msg!("assumed-kv-needs-flash-attention"),
            Some(
                &Args::new()
                    .s("kv", asked.name())
                    .s("runtime", super::parts::runtime_label(lang, a.job.runtime)),
            ),
        ),
        Assumption::CardByMemory { memory_gb, gpu } => tr(
            lang,
            "chat-card-by-memory",
            Some(
                &Args::new()
                    .s("memory", format_int(lang, u64::from(*memory_gb)))
                    .s("gpu", gpu.clone()),
            ),
        ),
        Assumption::SizedFromName {
            name,
            params_b,
            moe,
            like,
        } => tr(
            lang,
            msg!("match-sized-from-name"),
            Some(
                &Args::new()
                    .s("name", name.replace('`', "'"))
                    .s("params", format_params(lang, *params_b))
                    .s("kind", if *moe { "moe" } else { "dense" })
                    .s("like", like.as_str()),
            ),
        ),
    }
}

/// The line that says the model is not known and was sized from its name: the answer
/// leads with it, before any figure.
///
/// A repo the Hub could not be asked about comes first of all: the answer is for another
/// model than the `org/name` typed (the closest catalog model, or a shape from the size in
/// its name), and that is said before any figure, not among the assumptions at the end.
pub fn sized_from_name_line(lang: Lang, a: &Answer) -> Option<String> {
    let said = said_first(a)?;
    let line = assumed_line(lang, a, said);
    if !matches!(said, Assumption::HubFallback { .. }) {
        return Some(line);
    }
    // Written to sit inside the assumptions list ("as consultas ao Hub…"): here it opens
    // the answer, so it opens with a capital.
    let mut chars = line.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
}

/// Where the weights figure comes from, when the repo's own files gave it, and how the
/// model name was read.
/// Weights taken from a listed GGUF file's size (data/checkpoints.json), when the Hub's
/// header was not read. A note, not an assumption: the first view stays its length.
pub fn listed_file_line(lang: Lang, a: &Answer) -> Option<String> {
    if a.model
        .weight_file
        .as_ref()
        .is_some_and(|f| f.serves(a.job.precision))
    {
        return None;
    }
    let file = crate::catalog::checkpoints::gguf_file(&a.model.id, a.job.precision)?;
    Some(tr(
        lang,
        msg!("checkpoint-file-weights"),
        Some(
            &Args::new()
                .s(
                    "gib",
                    format_number(lang, file.bytes as f64 / crate::catalog::GIB, 2),
                )
                .s("repo", file.repo)
                .s("tag", file.tag),
        ),
    ))
}

fn weights_and_match_lines(lang: Lang, a: &Answer) -> Vec<String> {
    let mut out: Vec<String> = exact_weights_line(lang, a).into_iter().collect();
    match &a.model_kind {
        MatchKind::Exact => {}
        MatchKind::Newest { candidates } => out.push(tr(
            lang,
            msg!("match-newest"),
            Some(
                &Args::new()
                    .s("model", crate::render::parts::model_name(lang, a))
                    .s("count", format_int(lang, *candidates as u64)),
            ),
        )),
        MatchKind::Assumed { from } => out.push(tr(
            lang,
            msg!("match-assumed"),
            Some(
                &Args::new()
                    .s("input", from.clone())
                    .s("model", crate::render::parts::model_name(lang, a)),
            ),
        )),
        MatchKind::Corrected { from } => out.push(tr(
            lang,
            msg!("match-corrected"),
            Some(
                &Args::new()
                    .s("input", from.clone())
                    .s("model", crate::render::parts::model_name(lang, a)),
            ),
        )),
    }
    out
}

/// One sentence per note of the estimate.
pub fn note_lines(lang: Lang, a: &Answer) -> Vec<String> {
    a.estimate.notes.iter().map(|n| note(lang, n)).collect()
}

pub fn note(lang: Lang, n: &Note) -> String {
    match n {
        Note::SyntheticArchitecture {
            params_b,
            reference,
        } => tr(
            lang,
            msg!("note-synthetic"),
            Some(
                &Args::new()
                    .s("params", format_params(lang, *params_b))
                    .s("reference", reference.clone()),
            ),
        ),
        Note::MoeAllExperts { active_b } => tr(
            lang,
            msg!("note-moe"),
            Some(&Args::new().s("active", format_params(lang, *active_b))),
        ),
        Note::ConfigDisagrees { config_b, header_b } => tr(
            lang,
            msg!("note-config-disagrees"),
            Some(
                &Args::new()
                    .s("config", format_params(lang, *config_b))
                    .s("header", format_params(lang, *header_b)),
            ),
        ),
        Note::MlaCache { bytes_per_token } => tr(
            lang,
            msg!("note-mla"),
            Some(&Args::new().s("bytes", format_int(lang, *bytes_per_token))),
        ),
        Note::SlidingWindow { window } => tr(
            lang,
            msg!("note-sliding-window"),
            Some(&Args::new().s("window", format_int(lang, u64::from(*window)))),
        ),
        Note::HybridState {
            attention_layers,
            layers,
            state_bytes,
        } => tr(
            lang,
            msg!("note-hybrid-state"),
            Some(
                &Args::new()
                    .s("attention", format_int(lang, u64::from(*attention_layers)))
                    .s("layers", format_int(lang, u64::from(*layers)))
                    .s("state", format_int(lang, state_bytes.div_ceil(1 << 20))),
            ),
        ),
        Note::VisionTower {
            params_b,
            tokens_per_image,
        } => match tokens_per_image {
            Some(tokens) => tr(
                lang,
                msg!("note-vision-tower-tokens"),
                Some(
                    &Args::new()
                        .s("size", tower_size(lang, *params_b))
                        .s("tokens", format_int(lang, u64::from(*tokens))),
                ),
            ),
            None => tr(
                lang,
                msg!("note-vision-tower"),
                Some(&Args::new().s("size", tower_size(lang, *params_b))),
            ),
        },
        Note::ContextBeyondModel { max } => tr(
            lang,
            msg!("note-context-beyond"),
            Some(&Args::new().s("max", format_int(lang, *max))),
        ),
        Note::EmbeddingsStay16Bit { precision } => tr(
            lang,
            msg!("note-embeddings-16bit"),
            Some(&Args::new().s("precision", precision.name())),
        ),
        Note::ExpertsOnly { precision } => tr(
            lang,
            msg!("note-experts-only"),
            Some(&Args::new().s("precision", precision.name())),
        ),
        Note::PoolPreallocates {
            utilization,
            version,
        } => tr(
            lang,
            msg!("note-vllm"),
            Some(
                &Args::new()
                    .s("util", format_number(lang, utilization * 100.0, 0))
                    .s("version", *version),
            ),
        ),
        Note::Sharded {
            sharding,
            gpus,
            cpu_offload,
        } => {
            let mut line = tr(
                lang,
                msg!("note-sharded"),
                Some(
                    &Args::new()
                        .s("gpus", gpu_count(lang, *gpus))
                        .s("sharding", sharding_label(*sharding))
                        .s("what", t(lang, sharding_what(*sharding))),
                ),
            );
            if *cpu_offload {
                line.push(' ');
                line.push_str(&t(lang, msg!("note-sharded-offload")));
            }
            line
        }
        Note::CpuOffload => t(lang, msg!("note-cpu-offload")),
        Note::AllStatesOffloaded { sharding } => tr(
            lang,
            msg!("note-all-offload"),
            Some(&Args::new().s("sharding", sharding_label(*sharding))),
        ),
        Note::CachedReading { low_gib, high_gib } => tr(
            lang,
            msg!("note-cached-reading"),
            Some(
                &Args::new()
                    .s("low", format_gib(lang, *low_gib))
                    .s("high", format_gib(lang, *high_gib)),
            ),
        ),
        Note::HostStates { gib } => tr(
            lang,
            msg!("note-host-states"),
            Some(&Args::new().s("gib", format_gib(lang, *gib))),
        ),
        Note::OptimizerPagedOut { gib } => tr(
            lang,
            msg!("note-paged-out"),
            Some(&Args::new().s("gib", format_gib(lang, *gib))),
        ),
        Note::Fp8WeightOnly => t(lang, msg!("note-fp8-weight-only")),
        Note::FlashAttentionOff { scores_gib, ollama } => tr(
            lang,
            if *ollama {
                msg!("note-flash-attention-off-ollama")
            } else {
                msg!("note-flash-attention-off")
            },
            Some(&Args::new().s("gib", format_gib(lang, *scores_gib))),
        ),
        Note::EncoderProfile { gib, tokens } => tr(
            lang,
            msg!("note-encoder-profile"),
            Some(
                &Args::new()
                    .s("gib", format_gib(lang, *gib))
                    .s("tokens", format_int(lang, *tokens)),
            ),
        ),
        Note::StartupShortfall {
            after_gib,
            left_gib,
            utilization,
            lower,
        } => tr(
            lang,
            msg!("note-startup-shortfall"),
            Some(
                &Args::new()
                    .s("after", format_gib(lang, *after_gib))
                    .s("left", format_gib(lang, *left_gib))
                    .s("util", format_number(lang, *utilization, 2))
                    .s("lower", format_number(lang, *lower, 2)),
            ),
        ),
        Note::MacWiredLimit {
            gpu_gib,
            memory_gb,
            wired_limit_mb,
        } => tr(
            lang,
            msg!("note-mac-wired-limit"),
            Some(
                &Args::new()
                    .s("usable", format_gib(lang, *gpu_gib))
                    .s("memory", format_gib(lang, *memory_gb))
                    .s("raised", format_gib(lang, *wired_limit_mb as f64 / 1024.0))
                    .s(
                        "command",
                        format!("sudo sysctl iogpu.wired_limit_mb={wired_limit_mb}"),
                    ),
            ),
        ),
        Note::GradientCheckpointing => t(lang, msg!("note-checkpointing")),
        Note::Framework { framework } => t(
            lang,
            match framework {
                Framework::Hf => msg!("note-framework-hf"),
                Framework::Unsloth => msg!("note-framework-unsloth"),
                Framework::Axolotl => msg!("note-framework-axolotl"),
                Framework::LlamaFactory => msg!("note-framework-llama-factory"),
                Framework::Torchtune => msg!("note-framework-torchtune"),
            },
        ),
        Note::BackwardOverlap => t(lang, msg!("note-backward-overlap")),
        Note::RuntimeMismatch { runtime, precision } => tr(
            lang,
            msg!("note-runtime-mismatch"),
            Some(
                &Args::new()
                    .s("runtime", super::parts::runtime_label(lang, *runtime))
                    .s("precision", precision.name()),
            ),
        ),
    }
}

/// "Accuracy: ±5% (from measurements of this runtime and format)."
pub fn error_band_line(lang: Lang, band: ErrorBand) -> String {
    let basis = if band.measured {
        msg!("error-band-measured")
    } else {
        msg!("error-band-unmeasured")
    };
    tr(
        lang,
        msg!("answer-error-band"),
        Some(
            &Args::new()
                .s("pct", format_number(lang, band.pct, 0))
                .s("basis", t(lang, basis)),
        ),
    )
}

/// How people write a sharding stage: the same in every language.
pub(super) fn sharding_label(s: Sharding) -> &'static str {
    match s {
        Sharding::Ddp => "DDP",
        Sharding::Zero1 => "ZeRO-1",
        Sharding::Zero2 => "ZeRO-2",
        Sharding::Zero3 => "ZeRO-3",
        Sharding::Fsdp => "FSDP",
    }
}

fn sharding_what(s: Sharding) -> &'static MsgId {
    match s {
        Sharding::Ddp => msg!("sharded-ddp"),
        Sharding::Zero1 => msg!("sharded-zero1"),
        Sharding::Zero2 => msg!("sharded-zero2"),
        Sharding::Zero3 | Sharding::Fsdp => msg!("sharded-zero3"),
    }
}
