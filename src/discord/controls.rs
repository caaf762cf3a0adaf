//! What-if controls under an answer: select menus for the weight format, the context length
//! and the runtime. Choosing one re-answers the same question with that one thing changed,
//! in place (the message is updated), through the core's one entry for structured queries.
//!
//! The question a control re-answers travels in its custom id, so a control keeps working
//! after a restart: `model/precision/context/runtime/gpu/count/mode/batch`, each value its
//! catalog id or contract index, empty when the question left it to the defaults, then
//! `/ram` (the host RAM bandwidth in tenths of GB/s) only when one was picked. A
//! question with more in it than that (an optimizer, a KV format, a model known only by its
//! size) or one whose id would pass Discord's 100 characters is kept in the bot's memory
//! instead, under a number (see `buttons::Memory`).

use crate::answer::Answer;
use crate::catalog::Catalog;
use crate::i18n::{Args, Lang, format_int, format_number, t, tr};
use crate::query::Query;
use crate::render::parts;
use crate::vocab::precision::ALL as PRECISIONS;
use crate::vocab::{Mode, Precision, Runtime};
use poise::serenity_prelude as serenity;

/// Discord's limits: options in one select menu, characters in a custom id, in an option's
/// label, value and description.
pub const OPTIONS_MAX: usize = 25;
pub const CUSTOM_ID_MAX: usize = 100;
const OPTION_TEXT_MAX: usize = 100;

/// The context lengths offered besides the asked one and the model's maximum.
const CONTEXTS: [u64; 4] = [4_096, 8_192, 32_768, 131_072];

/// The longest context a pick may ask for (as `/estimate` allows).
const CONTEXT_MAX: u64 = 10_000_000;

/// Modes in the order their index is written in a custom id.
const MODES: [Mode; 4] = [Mode::Inference, Mode::FullFinetune, Mode::Lora, Mode::Qlora];

/// Card counts the setup menu offers for the card asked about.
const COUNTS: [u32; 4] = [1, 2, 4, 8];

/// Common host memories the RAM bandwidth menu offers, as (peak GB/s in tenths, the
/// message naming the memory): channels x 8 bytes x MT/s, the JEDEC speed bins and the
/// platforms' channel counts cited in `data/SOURCES.md` ("Host RAM bandwidth presets").
/// The answers' own default, dual-channel DDR5-5600, is one of them.
pub const RAM_PRESETS: [(u32, &str); 5] = [
    (512, "controls-ram-ddr4-dual"),
    (896, "controls-ram-ddr5-dual"),
    (1664, "controls-ram-ddr5-quad"),
    (3072, "controls-ram-ddr5-8ch"),
    (4608, "controls-ram-ddr5-12ch"),
];

/// Which select menu was used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Control {
    Precision,
    Context,
    Runtime,
    /// The card and how many: `rtx-4090*2`.
    Setup,
    /// The host RAM bandwidth an offload lever's speed uses, in tenths of GB/s: `896`.
    Ram,
}

impl Control {
    pub const ALL: [Control; 5] = [
        Control::Precision,
        Control::Context,
        Control::Runtime,
        Control::Setup,
        Control::Ram,
    ];

    /// Its letter in a custom id.
    pub fn letter(self) -> &'static str {
        match self {
            Control::Precision => "p",
            Control::Context => "c",
            Control::Runtime => "r",
            Control::Setup => "s",
            Control::Ram => "m",
        }
    }

    /// Its name in the query log (`what-if precision=q4_k_m`).
    pub fn name(self) -> &'static str {
        self.into()
    }

    pub fn from_letter(letter: &str) -> Option<Control> {
        Control::ALL.into_iter().find(|c| c.letter() == letter)
    }
}

/// The part of a question the controls can carry in a custom id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhatIf {
    /// Catalog model id.
    pub model: String,
    pub precision: Option<Precision>,
    pub context: Option<u64>,
    pub runtime: Option<Runtime>,
    /// Catalog GPU id.
    pub gpu: Option<String>,
    pub count: Option<u64>,
    pub mode: Option<Mode>,
    pub batch: Option<u64>,
    /// Host RAM bandwidth in tenths of GB/s (whole numbers keep the id exact).
    pub ram_tenths: Option<u32>,
}

/// A bandwidth in GB/s as whole tenths, when it is one (a menu's pick always is).
fn tenths(gbs: f64) -> Option<u32> {
    let t = (gbs * 10.0).round();
    ((t / 10.0 - gbs).abs() < 1e-9 && (1.0..=1e6).contains(&t)).then_some(t as u32)
}

impl WhatIf {
    /// The question, when it holds nothing but what a custom id carries.
    pub fn from_query(q: &Query) -> Option<WhatIf> {
        let only_carried = Query {
            model: q.model.clone(),
            precision: q.precision,
            context: q.context,
            runtime: q.runtime,
            gpu: q.gpu.clone(),
            gpu_count: q.gpu_count,
            mode: q.mode,
            batch: q.batch,
            ram_bandwidth_gbs: q.ram_bandwidth_gbs,
            ..Query::default()
        };
        if only_carried != *q {
            return None;
        }
        let ram_tenths = match q.ram_bandwidth_gbs {
            Some(gbs) => Some(tenths(gbs)?),
            None => None,
        };
        let model = q.model.clone()?;
        // '/' separates the values; catalog ids never hold one.
        if model.contains('/') || q.gpu.as_deref().is_some_and(|g| g.contains('/')) {
            return None;
        }
        Some(WhatIf {
            model,
            precision: q.precision,
            context: q.context,
            runtime: q.runtime,
            gpu: q.gpu.clone(),
            count: q.gpu_count,
            mode: q.mode,
            batch: q.batch,
            ram_tenths,
        })
    }

    pub fn to_query(&self) -> Query {
        Query {
            model: Some(self.model.clone()),
            precision: self.precision,
            context: self.context,
            runtime: self.runtime,
            gpu: self.gpu.clone(),
            gpu_count: self.count,
            mode: self.mode,
            batch: self.batch,
            ram_bandwidth_gbs: self.ram_tenths.map(|t| f64::from(t) / 10.0),
            ..Query::default()
        }
    }

    /// `llama-3.1-70b/2/8192//rtx-4090/2//`: indexes for the closed sets, ids for the rest;
    /// `/896` after it only when a RAM bandwidth was picked, so older ids read the same.
    pub fn encode(&self) -> String {
        fn opt<T: ToString>(v: Option<T>) -> String {
            v.map(|v| v.to_string()).unwrap_or_default()
        }
        let precision = self
            .precision
            .and_then(|p| PRECISIONS.iter().position(|(q, _)| *q == p));
        let runtime = self
            .runtime
            .and_then(|r| Runtime::ALL.iter().position(|x| *x == r));
        let mode = self.mode.and_then(|m| MODES.iter().position(|x| *x == m));
        let mut parts = vec![
            self.model.clone(),
            opt(precision),
            opt(self.context),
            opt(runtime),
            self.gpu.clone().unwrap_or_default(),
            opt(self.count),
            opt(mode),
            opt(self.batch),
        ];
        if let Some(t) = self.ram_tenths {
            parts.push(t.to_string());
        }
        parts.join("/")
    }

    /// The inverse of [`WhatIf::encode`]; None for anything it did not write.
    pub fn decode(s: &str) -> Option<WhatIf> {
        let parts: Vec<&str> = s.split('/').collect();
        let (carried, ram) = match parts[..] {
            [ref head @ .., ram] if parts.len() == 9 => (head, Some(ram)),
            _ => (&parts[..], None),
        };
        let [model, precision, context, runtime, gpu, count, mode, batch] = carried[..] else {
            return None;
        };
        fn opt<T>(s: &str, f: impl FnOnce(&str) -> Option<T>) -> Option<Option<T>> {
            if s.is_empty() {
                Some(None)
            } else {
                f(s).map(Some)
            }
        }
        let index = |s: &str| s.parse::<usize>().ok();
        if model.is_empty() {
            return None;
        }
        Some(WhatIf {
            model: model.to_string(),
            precision: opt(precision, |s| PRECISIONS.get(index(s)?).map(|(p, _)| *p))?,
            context: opt(context, |s| s.parse().ok())?,
            runtime: opt(runtime, |s| Runtime::ALL.get(index(s)?).copied())?,
            gpu: opt(gpu, |s| Some(s.to_string()))?,
            count: opt(count, |s| s.parse().ok())?,
            mode: opt(mode, |s| MODES.get(index(s)?).copied())?,
            batch: opt(batch, |s| s.parse().ok())?,
            ram_tenths: match ram {
                None => None,
                Some(s) => Some(s.parse().ok().filter(|t| *t > 0)?),
            },
        })
    }
}

/// The question an answer's controls re-ask: the user's own, with the model and GPU
/// pinned to what the answer resolved them to (a typo read as Llama stays Llama).
pub fn pinned(q: &Query, a: &Answer) -> Query {
    let mut q = q.clone();
    if Catalog::get().model(&a.model.id).is_some() && !a.model.synthetic {
        q.model = Some(a.model.id.clone());
        q.params_b = None;
        q.model_as_typed = None;
    }
    if let Some(gpu) = a.gpu {
        q.gpu = Some(gpu.id.clone());
    }
    q
}

/// Whether the controls can re-answer this answer: its model is the catalog's (a Hub
/// repo or an attached config.json would need fetching again).
pub fn offered(a: &Answer) -> bool {
    !a.model.synthetic && Catalog::get().model(&a.model.id).is_some()
}

/// The question with the chosen value applied; None for a value the menu never offered.
/// A format the named runtime cannot load drops the runtime (the format's own default
/// runs it), and a runtime that cannot load the named format drops the format.
pub fn apply(q: &Query, control: Control, value: &str) -> Option<Query> {
    let mut q = q.clone();
    match control {
        Control::Precision => {
            let p: Precision = value.parse().ok()?;
            q.precision = Some(p);
            if q.runtime.is_some_and(|r| !r.profile().loads(p)) {
                q.runtime = None;
            }
        }
        Control::Context => {
            let c: u64 = value.parse().ok()?;
            if c == 0 || c > CONTEXT_MAX {
                return None;
            }
            q.context = Some(c);
            q.prompt = None;
            q.generate = None;
        }
        Control::Runtime => {
            let r = Runtime::from_name(value)?;
            q.runtime = Some(r);
            if q.precision.is_some_and(|p| !r.profile().loads(p)) {
                q.precision = None;
            }
        }
        Control::Setup => {
            let (gpu, count) = value.split_once('*')?;
            let count: u32 = count.parse().ok()?;
            let gpu = Catalog::get().gpu(gpu)?;
            if !(1..=64).contains(&count) {
                return None;
            }
            q.gpu = Some(gpu.id.clone());
            q.gpu_count = Some(u64::from(count));
        }
        Control::Ram => {
            let t: u32 = value.parse().ok()?;
            if !RAM_PRESETS.iter().any(|(p, _)| *p == t) {
                return None;
            }
            q.ram_bandwidth_gbs = Some(f64::from(t) / 10.0);
        }
    }
    Some(q)
}

/// The offload speed an answer's offload lever gives, tokens/s.
pub fn offload_speed(a: &Answer) -> Option<f64> {
    a.levers
        .iter()
        .find(|l| l.job.host_offload.is_some())
        .and_then(|l| l.fit.tokens_per_s)
}

/// The RAM bandwidth menu: for an answer whose offload lever assumed the default
/// bandwidth, or one re-answered with a picked one. Each option says the offload speed
/// it would give; the current bandwidth is marked.
fn ram_menu(lang: Lang, a: &Answer, q: &Query, id: String) -> Option<serenity::CreateActionRow> {
    let speed = offload_speed(a)?;
    if !a.offload_assumes_ram() && q.ram_bandwidth_gbs.is_none() {
        return None;
    }
    let current = tenths(a.ram_gbs()).unwrap_or(0);
    let options = RAM_PRESETS
        .iter()
        .map(|&(tenth, memory)| {
            let args = Args::new()
                .s("memory", t(lang, memory))
                .s("bandwidth", format_number(lang, f64::from(tenth) / 10.0, 1));
            let label = tr(lang, "controls-ram-option", Some(&args));
            let speed = if tenth == current {
                Some(speed)
            } else {
                picked(q, Control::Ram, &tenth.to_string()).and_then(|b| offload_speed(&b))
            };
            let mut o = option(label, tenth.to_string(), tenth == current);
            if let Some(s) = speed {
                let digits = if s < 10.0 { 1 } else { 0 };
                let args = Args::new().s("speed", format_number(lang, s, digits));
                let note = tr(lang, "controls-ram-speed", Some(&args));
                o = o.description(crate::render::discord::clip(&note, OPTION_TEXT_MAX));
            }
            o
        })
        .collect();
    Some(menu(id, t(lang, "controls-ram-placeholder"), options))
}

/// The answer a pick would give, for its menu option to say whether it fits.
fn picked(q: &Query, control: Control, value: &str) -> Option<Answer> {
    crate::answer::for_query(Catalog::get(), &apply(q, control, value)?).ok()
}

/// "21.5 GiB per GPU · fits" / "… · does not fit": what an option would answer.
fn fit_note(lang: Lang, a: &Answer) -> Option<(String, bool)> {
    let fit = a.fit.as_ref()?;
    let args = Args::new().s("per_gpu", crate::i18n::format_gib(lang, fit.per_gpu_gib));
    let id = if fit.fits {
        "controls-option-fits"
    } else {
        "controls-option-no-fit"
    };
    Some((tr(lang, id, Some(&args)), fit.fits))
}

/// The setups offered: the card asked about in 1, 2, 4 and 8 (those a job can use), then
/// the answer's recommended setups, the current one marked.
pub fn setups(a: &Answer) -> Vec<(String, u32)> {
    let mut out: Vec<(String, u32)> = Vec::new();
    if let Some(g) = a.gpu {
        out.extend(COUNTS.iter().map(|&n| (g.id.clone(), n)));
        let asked = a.gpu_count.unwrap_or(1);
        out.push((g.id.clone(), asked));
    }
    out.extend(
        a.recommendations
            .setups
            .iter()
            .map(|s| (s.fit.gpu.clone(), s.fit.count)),
    );
    let mut seen = Vec::with_capacity(out.len());
    out.retain(|x| {
        let new = !seen.contains(x);
        seen.push(x.clone());
        new
    });
    out.sort_by_key(|(g, n)| (a.gpu.is_none_or(|asked| asked.id != *g), *n));
    out.truncate(OPTIONS_MAX);
    out
}

/// One select option, its texts cut to Discord's limits.
fn option(label: String, value: String, chosen: bool) -> serenity::CreateSelectMenuOption {
    serenity::CreateSelectMenuOption::new(
        crate::render::discord::clip(&label, OPTION_TEXT_MAX),
        crate::render::discord::clip(&value, OPTION_TEXT_MAX),
    )
    .default_selection(chosen)
}

/// The formats offered in the menu (see [`Answer::formats_offered`]).
pub fn precisions(a: &Answer) -> Vec<Precision> {
    a.formats_offered(OPTIONS_MAX)
}

/// The context lengths offered: 4k, 8k, 32k, 128k, the model's maximum and the asked one,
/// none past the maximum.
pub fn contexts(a: &Answer) -> Vec<u64> {
    let max = a.model.max_position_embeddings;
    let mut out: Vec<u64> = CONTEXTS
        .into_iter()
        .chain(max)
        .chain([a.job.context()])
        .filter(|c| max.is_none_or(|m| *c <= m) || *c == a.job.context())
        .collect();
    out.sort_unstable();
    out.dedup();
    out.truncate(OPTIONS_MAX);
    out
}

fn menu(
    id: String,
    placeholder: String,
    options: Vec<serenity::CreateSelectMenuOption>,
) -> serenity::CreateActionRow {
    serenity::CreateActionRow::SelectMenu(
        serenity::CreateSelectMenu::new(id, serenity::CreateSelectMenuKind::String { options })
            .placeholder(crate::render::discord::clip(&placeholder, 150)),
    )
}

/// The select menus, one per action row (Discord wants a select menu alone in its row).
/// The first view has one, the format (each option says whether it fits the named cards),
/// or the context when there is no format to choose; the full view adds the context, the
/// runtime for inference (training runs under PyTorch) and the card and count; when an
/// offload lever's speed assumed the host RAM bandwidth, a menu of common bandwidths in
/// the format menu's place.
/// `q` is the question the menus re-ask; `id` gives each menu's custom id.
pub fn rows(
    lang: Lang,
    a: &Answer,
    q: &Query,
    full: bool,
    id: impl Fn(Control) -> String,
) -> Vec<serenity::CreateActionRow> {
    let native = a.model.native_precision;
    let precision_options: Vec<_> = precisions(a)
        .into_iter()
        .map(|p| {
            let name = if p == native {
                tr(
                    lang,
                    "controls-option-native",
                    Some(&Args::new().s("precision", p.name())),
                )
            } else {
                p.name().to_string()
            };
            let bits = Args::new().s("bits", format_number(lang, p.bits_per_weight(), 1));
            let mut description = tr(lang, "controls-option-bits", Some(&bits));
            let mut label = name.clone();
            let current = (p == a.job.precision).then_some(a);
            let other = || picked(q, Control::Precision, p.name());
            if let Some((note, fits)) = current
                .and_then(|a| fit_note(lang, a))
                .or_else(|| other().and_then(|b| fit_note(lang, &b)))
            {
                description.push_str(" · ");
                description.push_str(&note);
                label = format!("{} {name}", if fits { "✅" } else { "❌" });
            }
            option(label, p.name().to_string(), p == a.job.precision)
                .description(crate::render::discord::clip(&description, OPTION_TEXT_MAX))
        })
        .collect();
    let max = a.model.max_position_embeddings;
    let context_options = contexts(a)
        .into_iter()
        .map(|c| {
            let id = if Some(c) == max {
                "controls-context-max"
            } else {
                "controls-context-option"
            };
            let label = tr(
                lang,
                id,
                Some(&Args::new().s("tokens", format_int(lang, c))),
            );
            option(label, c.to_string(), c == a.job.context())
        })
        .collect();
    let mut out = Vec::with_capacity(4);
    // Discord allows five rows, the buttons one of them: in the full view the RAM menu
    // takes the format menu's place (the first view has it, and the levers above list the
    // formats that fit).
    let ram = if full {
        ram_menu(lang, a, q, id(Control::Ram))
    } else {
        None
    };
    // A menu with one format to choose offers no choice (a full fine-tune in bf16).
    if let Some(ram) = ram {
        out.push(ram);
    } else if precision_options.len() > 1 {
        out.push(menu(
            id(Control::Precision),
            t(lang, "controls-precision-placeholder"),
            precision_options,
        ));
    }
    if full || out.is_empty() {
        out.push(menu(
            id(Control::Context),
            t(lang, "controls-context-placeholder"),
            context_options,
        ));
    }
    if !full {
        return out;
    }
    if !a.job.mode.is_training() {
        let runtime_options = Runtime::ALL
            .iter()
            .copied()
            .map(|r| {
                option(
                    parts::runtime_label(lang, r).into_owned(),
                    r.name().to_string(),
                    r == a.job.runtime,
                )
            })
            .collect();
        out.push(menu(
            id(Control::Runtime),
            t(lang, "controls-runtime-placeholder"),
            runtime_options,
        ));
    }
    let current = (a.gpu.map(|g| g.id.clone()), a.gpu_count.unwrap_or(1));
    let setup_options: Vec<_> = setups(a)
        .into_iter()
        .filter_map(|(gpu, n)| {
            let label = parts::setup_label(Catalog::get(), &gpu, n);
            let value = format!("{gpu}*{n}");
            let chosen = current == (Some(gpu), n);
            let b = if chosen {
                None
            } else {
                picked(q, Control::Setup, &value)
            };
            let (note, fits) = fit_note(lang, b.as_ref().unwrap_or(a))?;
            let label = format!("{} {label}", if fits { "✅" } else { "❌" });
            Some(
                option(label, value, chosen)
                    .description(crate::render::discord::clip(&note, OPTION_TEXT_MAX)),
            )
        })
        .collect();
    if !setup_options.is_empty() {
        out.push(menu(
            id(Control::Setup),
            t(lang, "controls-setup-placeholder"),
            setup_options,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::for_query;

    fn answer(q: &Query) -> Answer {
        for_query(Catalog::get(), q).expect("answers")
    }

    #[test]
    fn what_if_round_trips_through_its_encoding() {
        let w = WhatIf {
            model: "llama-3.1-70b".into(),
            precision: Some(Precision::Q4KM),
            context: Some(32_768),
            runtime: Some(Runtime::LlamaCpp),
            gpu: Some("rtx-4090".into()),
            count: Some(2),
            mode: Some(Mode::Qlora),
            batch: Some(4),
            ram_tenths: Some(896),
        };
        assert_eq!(WhatIf::decode(&w.encode()), Some(w.clone()));
        let old = WhatIf {
            ram_tenths: None,
            ..w.clone()
        };
        assert_eq!(old.encode().split('/').count(), 8, "older ids unchanged");
        assert_eq!(WhatIf::decode(&old.encode()), Some(old));
        let q = w.to_query();
        assert_eq!(q.ram_bandwidth_gbs, Some(89.6));
        assert_eq!(WhatIf::from_query(&q), Some(w.clone()));
        let bare = WhatIf::from_query(&Query {
            model: Some("qwen2.5-32b".into()),
            ..Query::default()
        })
        .expect("a model alone is carried");
        assert_eq!(bare.encode(), "qwen2.5-32b///////");
        assert_eq!(WhatIf::decode(&bare.encode()), Some(bare));
        for bad in [
            "",
            "x",
            "m/99/////",
            "/1//////",
            "m/1/x//////",
            "m////////0",
            "m////////x",
            "m/////////1",
        ] {
            assert_eq!(WhatIf::decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn questions_with_more_than_an_id_holds_are_not_carried() {
        let q = Query {
            model: Some("llama-3.1-8b".into()),
            optimizer: Some(crate::estimate::Optimizer::Sgd),
            ..Query::default()
        };
        assert_eq!(WhatIf::from_query(&q), None);
        let q = Query {
            params_b: Some(7.0),
            ..Query::default()
        };
        assert_eq!(WhatIf::from_query(&q), None);
    }

    #[test]
    fn menus_offer_native_first_within_discords_limits() {
        let q = Query {
            model: Some("llama 3.1 70b".into()),
            gpu: Some("rtx 4090".into()),
            gpu_count: Some(2),
            ..Query::default()
        };
        let a = answer(&q);
        let p = precisions(&a);
        assert_eq!(p[0], a.model.native_precision);
        assert!(
            p.len() <= OPTIONS_MAX && p.contains(&Precision::Q4KM),
            "{p:?}"
        );
        let c = contexts(&a);
        assert!(c.contains(&4_096) && c.contains(&131_072) && c.contains(&a.job.context()));
        let first = rows(Lang::Zh, &a, &q, false, |c| {
            format!("vg:{}:1:zh:x", c.letter())
        });
        assert_eq!(first.len(), 1, "one menu on the first view");
        let rows = rows(Lang::Zh, &a, &q, true, |c| {
            format!("vg:{}:1:zh:x", c.letter())
        });
        assert_eq!(rows.len(), 4);
        for row in rows {
            let v = serde_json::to_value(&row).expect("serializes");
            let select = &v["components"][0];
            assert_eq!(v["components"].as_array().map(Vec::len), Some(1), "alone");
            let options = select["options"].as_array().expect("options");
            assert!(!options.is_empty() && options.len() <= OPTIONS_MAX);
            assert_eq!(
                options.iter().filter(|o| o["default"] == true).count(),
                1,
                "the current value is marked: {select}"
            );
        }
    }

    #[test]
    fn every_catalog_model_gets_valid_menus_in_every_language() {
        let catalog = Catalog::get();
        for model in &catalog.models {
            let q = Query {
                model: Some(model.id.clone()),
                gpu: Some("rtx-4090".into()),
                ..Query::default()
            };
            let Ok(a) = for_query(catalog, &q) else {
                continue;
            };
            assert!(offered(&a), "{}", model.id);
            for lang in Lang::ALL {
                for row in rows(lang, &a, &q, true, |c| format!("vg:{}:1:en:x", c.letter())) {
                    let v = serde_json::to_value(&row).expect("serializes");
                    let options = v["components"][0]["options"].as_array().cloned();
                    let options = options.expect("options");
                    assert!((1..=OPTIONS_MAX).contains(&options.len()), "{}", model.id);
                    for o in options {
                        for key in ["label", "value", "description"] {
                            let n = o[key].as_str().map_or(0, |s| s.chars().count());
                            assert!(n <= OPTION_TEXT_MAX, "{} {key}: {o}", model.id);
                        }
                        assert!(!o["label"].as_str().unwrap_or("").is_empty());
                    }
                }
            }
        }
    }

    #[test]
    fn no_fp8_on_a_card_the_runtime_cannot_run_it_on() {
        let on = |gpu: &str| {
            precisions(&answer(&Query {
                model: Some("qwen2.5-14b".into()),
                gpu: Some(gpu.into()),
                ..Query::default()
            }))
        };
        assert!(!on("rtx-3090").contains(&Precision::Fp8));
        assert!(on("rtx-4090").contains(&Precision::Fp8));
    }

    #[test]
    fn training_offers_only_formats_it_can_train() {
        let q = Query {
            model: Some("llama-3.1-8b".into()),
            mode: Some(Mode::FullFinetune),
            ..Query::default()
        };
        let a = answer(&q);
        let p = precisions(&a);
        assert!(
            !p.is_empty() && p.iter().all(|p| !p.is_quantized()),
            "{p:?}"
        );
        let q = Query {
            mode: Some(Mode::Qlora),
            ..q
        };
        assert!(precisions(&answer(&q)).contains(&Precision::Nf4));
    }

    #[test]
    fn a_pick_changes_one_thing_and_keeps_runtime_and_format_compatible() {
        let q = Query {
            model: Some("llama-3.1-8b".into()),
            runtime: Some(Runtime::Vllm),
            ..Query::default()
        };
        let picked = apply(&q, Control::Precision, "q4_k_m").expect("a known format");
        assert_eq!(picked.precision, Some(Precision::Q4KM));
        assert_eq!(picked.runtime, None, "vLLM does not load GGUF");
        let back = apply(&picked, Control::Runtime, "vllm").expect("a known runtime");
        assert_eq!((back.runtime, back.precision), (Some(Runtime::Vllm), None));
        assert_eq!(
            apply(&q, Control::Context, "32768").and_then(|q| q.context),
            Some(32_768)
        );
        assert_eq!(apply(&q, Control::Context, "0"), None);
        assert_eq!(
            apply(&q, Control::Ram, "3072").and_then(|q| q.ram_bandwidth_gbs),
            Some(307.2)
        );
        assert_eq!(apply(&q, Control::Ram, "5"), None, "only the menu's values");
        assert_eq!(apply(&q, Control::Ram, "-896"), None);
        assert_eq!(apply(&q, Control::Precision, "fp5"), None);
    }
}
