//! Any kind of answer ([`Outcome`]) as text, as a Discord embed and as the `ask` JSON, so
//! the CLI, the web API and the bot give the same answer to the same question.
//!
//! The JSON of `ask --json` and `/api/v1/ask` is one object per kind (`kinds_json`).

use super::discord::{self as embed, Embed};
use crate::answer::Outcome;
use crate::catalog::Catalog;
use crate::diagnose::Read;
use crate::i18n::{Args, Lang, format_gib, t, tr};
use crate::mixed::Mixed;
use serde_json::Value;

/// The answer as chat text: the verdict on the first line, then the answer.
pub fn text(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> String {
    let verdict = super::verdict::of(lang, catalog, outcome);
    super::verdict::open_with(&verdict, body(lang, catalog, outcome))
}

/// The answer under its verdict.
fn body(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> String {
    match outcome {
        Outcome::Estimate(a) => {
            let mut out = super::text::answer(lang, catalog, a);
            if let Some(m) = &a.mixed {
                out.push_str("\n\n");
                out.push_str(&mixed_text(lang, catalog, m));
            }
            out
        }
        Outcome::Compare(gpus) => super::compare::text(lang, catalog, gpus),
        Outcome::Explain(topic) => super::text::guide(lang, *topic),
        Outcome::Fit(list) => fit_text(lang, catalog, list),
        Outcome::Buy(p) => super::buy::text(lang, catalog, &p.shopping, &p.model),
        Outcome::Cards(a) => super::buy::cards_text(lang, a),
        Outcome::Diagnose(d) => super::diagnosis::text(lang, &d.read, d.estimate.as_ref()),
    }
}

fn fit_text(lang: Lang, catalog: &Catalog, list: &crate::answer::FitList) -> String {
    let setup = super::parts::setup_label(catalog, &list.gpu.id, list.count);
    let e = embed::fit(lang, &setup, list.precision.name(), &list.models);
    let mut out = format!("**{}**\n{}", e.title, e.description);
    for (name, value) in &e.fields {
        out.push_str(&format!("\n{name}: {value}"));
    }
    out
}

/// The answer as a Discord embed. An estimate's first view already leads with its
/// verdict; the other kinds say theirs at the top of the description.
pub fn embed(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> Embed {
    let verdict_first = |mut e: Embed| {
        let verdict = super::verdict::of(lang, catalog, outcome);
        e.description = if e.description.is_empty() {
            verdict
        } else {
            format!("**{verdict}**\n\n{}", e.description)
        };
        e
    };
    match outcome {
        Outcome::Estimate(a) => embed::answer(lang, catalog, a, false),
        Outcome::Compare(gpus) => verdict_first(embed::compare(lang, catalog, gpus)),
        Outcome::Explain(topic) => verdict_first(embed::guide(lang, *topic)),
        Outcome::Fit(list) => {
            let setup = super::parts::setup_label(catalog, &list.gpu.id, list.count);
            verdict_first(embed::fit(
                lang,
                &setup,
                list.precision.name(),
                &list.models,
            ))
        }
        Outcome::Buy(_) | Outcome::Cards(_) => {
            embed::notice(text(lang, catalog, outcome), embed::GREEN)
        }
        Outcome::Diagnose(d) => {
            let colour = match d.read {
                Read::Known(_) => embed::AMBER,
                Read::Unknown => embed::RED,
            };
            embed::notice(text(lang, catalog, outcome), colour)
        }
    }
}

/// The `ask` JSON of an answer: every kind is its typed object of [`super::kinds_json`],
/// with its `intent`, `verdict`, `language` and `text`.
pub fn json(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> Value {
    serde_json::to_value(super::kinds_json::of(lang, catalog, outcome)).unwrap_or_default()
}

/// A mixed setup: each card's share of the layers, or why the runtime refuses it.
fn mixed_text(lang: Lang, catalog: &Catalog, m: &Mixed) -> String {
    let name = |id: &str| {
        catalog
            .gpu(id)
            .map_or(id.to_string(), |g| g.display_name.clone())
    };
    let gib = |v: f64| format!("{} GiB", format_gib(lang, v));
    match m {
        Mixed::Layers {
            devices,
            fits,
            tensor_split,
        } => {
            let verdict = if *fits { "mixed-fits" } else { "mixed-no-fit" };
            let mut out = format!("**{}**", t(lang, verdict));
            for d in devices {
                let args = Args::new()
                    .s("gpu", name(&d.gpu))
                    .s("layers", d.layers.to_string())
                    .s("need", gib(d.need_gib))
                    .s("usable", gib(d.usable_gib));
                out.push_str(&format!("\n• {}", tr(lang, "mixed-device", Some(&args))));
            }
            if let Some(ts) = tensor_split {
                out.push_str(&format!("\n`{ts}`"));
            }
            out
        }
        Mixed::Refused {
            runtime,
            smallest,
            per_gpu_gib,
            smallest_usable_gib,
        } => {
            let args = Args::new()
                .s("runtime", *runtime)
                .s("need", gib(*per_gpu_gib))
                .s("gpu", name(smallest))
                .s("usable", gib(*smallest_usable_gib));
            tr(lang, "mixed-refused", Some(&args))
        }
    }
}
