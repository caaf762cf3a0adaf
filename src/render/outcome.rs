//! Any kind of answer ([`Outcome`]) as text, as a Discord embed and as the `ask` JSON, so
//! the CLI, the web API and the bot give the same answer to the same question.
//!
//! The JSON of `ask --json` and `/api/v1/ask` names the `intent` and, per intent, its fields:
//! `compare` (the object `compare --json` prints), `topic`, `fit` (the `/fit` list),
//! `budget` with the setups it buys (with no model: `cards`, largest memory first, and the
//! choosing `topic`), `diagnosis` (engine, kind, the log's figures, fixes).
//! An estimate keeps the contract's answer object, with `intent` added.

use super::discord::{self as embed, Embed};
use crate::answer::{Outcome, Topic};
use crate::catalog::Catalog;
use crate::diagnose::Read;
use crate::i18n::{Args, Lang, format_gib, t, tr};
use crate::mixed::Mixed;
use crate::query::budget::Rates;
use serde_json::{Value, json};

/// The whole answer as text: the verdict on the first line, then the answer. A name the
/// catalog lacks, sized as the closest entry, says so before anything else.
pub fn text(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> String {
    text_with(lang, catalog, outcome, Length::Full)
}

/// How much of an estimate a text answer says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// The length of a chat message ([`super::text::CHAT`]): what the terminal prints.
    Chat,
    /// Every section (`--full`, the API's `text`).
    Full,
}

/// The answer as text of that length, its verdict on the first line.
pub fn text_with(lang: Lang, catalog: &Catalog, outcome: &Outcome, length: Length) -> String {
    let verdict = super::verdict::of(lang, catalog, outcome);
    let out = super::verdict::open_with(&verdict, body(lang, catalog, outcome, length));
    match sized_as_line(lang, outcome) {
        Some(first) => format!("{first}\n{out}"),
        None => out,
    }
}

/// "I don't know dolphin 3.0 llama 3.1 8b; sized as Llama 3.1 8B, the closest model I
/// know.": the first line of an answer whose model name the catalog lacks (a version, a
/// suffix or a fine-tune's name around a known model), so nobody reads it as that model's.
pub fn sized_as_line(lang: Lang, outcome: &Outcome) -> Option<String> {
    let Outcome::Estimate(a) = outcome else {
        return None;
    };
    let crate::catalog::MatchKind::Assumed { from } = &a.model_kind else {
        return None;
    };
    let args = Args::new()
        .s("input", from.clone())
        .s("model", super::parts::model_name(lang, a));
    Some(tr(lang, "match-sized-as-closest", Some(&args)))
}

/// The answer under its verdict.
fn body(lang: Lang, catalog: &Catalog, outcome: &Outcome, length: Length) -> String {
    match outcome {
        Outcome::Estimate(a) => {
            let mut out = match length {
                Length::Chat => super::text::chat(lang, catalog, a),
                Length::Full => super::text::answer(lang, catalog, a),
            };
            if let Some(m) = &a.mixed {
                out.push_str("\n\n");
                out.push_str(&mixed_text(lang, catalog, m));
            }
            out
        }
        Outcome::Compare(c) => {
            let mut out = super::compare::text(lang, catalog, &c.gpus);
            let setups = super::setups::text(lang, catalog, c);
            if !setups.is_empty() {
                out.push_str("\n\n");
                out.push_str(&setups);
            }
            out
        }
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
        Outcome::Estimate(a) => {
            let mut e = embed::answer(lang, catalog, a, false);
            if let Some(first) = sized_as_line(lang, outcome) {
                e.description = format!("{first}\n\n{}", e.description);
            }
            e
        }
        Outcome::Compare(c) => {
            let mut e = embed::compare(lang, catalog, &c.gpus);
            let setups = super::setups::text(lang, catalog, c);
            if !setups.is_empty() {
                e.description = format!("{}\n\n{setups}", e.description);
            }
            verdict_first(e)
        }
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

/// The `ask` JSON of an answer: every kind names its `intent` and its `verdict`.
pub fn json(lang: Lang, catalog: &Catalog, outcome: &Outcome) -> Value {
    let intent = outcome.intent().name();
    if let Outcome::Estimate(a) = outcome {
        let mut v = serde_json::to_value(super::json::answer(lang, catalog, a)).unwrap_or_default();
        if let (Value::Object(map), Some(m)) = (&mut v, &a.mixed) {
            map.insert("mixed".into(), serde_json::to_value(m).unwrap_or_default());
        }
        return v;
    }
    let mut v = json!({
        "language": lang.code(),
        "understood": true,
        "intent": intent,
        "verdict": super::verdict::of(lang, catalog, outcome),
    });
    let extra = match outcome {
        Outcome::Estimate(_) => Value::Null,
        Outcome::Compare(c) => json!({ "compare": super::setups::json(lang, catalog, c) }),
        Outcome::Explain(topic) => topic_fields(lang, *topic),
        Outcome::Fit(list) => json!({ "fit": super::json::fit_list(lang, list) }),
        Outcome::Buy(p) => {
            let s = &p.shopping;
            let setup = |x: &crate::buy::Priced| {
                json!({
                    "gpu": x.gpu.id, "count": x.fit.count, "price_usd": x.usd,
                    "price_basis": x.basis, "per_gpu_gib": x.fit.per_gpu_gib,
                    "tokens_per_s": x.fit.tokens_per_s,
                })
            };
            json!({
                "budget": { "amount": s.budget.amount, "currency": s.budget.currency.code(),
                            "usd": s.budget.usd, "rate_date": Rates::get().date },
                "model": p.model,
                "setups": s.within.iter().map(setup).collect::<Vec<_>>(),
                "cheapest": s.cheapest.as_ref().map(setup),
            })
        }
        Outcome::Cards(a) => {
            let card = |c: &crate::buy::Card| {
                json!({
                    "gpu": c.gpu.id, "memory_gb": c.gpu.memory_gb, "price_usd": c.usd,
                    "price_basis": c.basis,
                })
            };
            json!({
                "budget": { "amount": a.budget.amount, "currency": a.budget.currency.code(),
                            "usd": a.budget.usd, "rate_date": Rates::get().date },
                "cards": a.within.iter().map(card).collect::<Vec<_>>(),
                "cheapest": a.cheapest.as_ref().map(card),
                "topic": Topic::Choosing.slug(),
            })
        }
        Outcome::Diagnose(d) => match &d.read {
            Read::Known(diag) => {
                let mut fields = serde_json::to_value(diag.as_ref()).unwrap_or_default();
                if let Value::Object(map) = &mut fields {
                    let fixes: Vec<Value> = diag
                        .fixes
                        .iter()
                        .map(|f| json!({ "id": f.id(), "command": f.command() }))
                        .collect();
                    map.insert("fixes".into(), fixes.into());
                }
                let ours = d
                    .estimate
                    .as_ref()
                    .map(|a| serde_json::to_value(super::json::answer(lang, catalog, a)));
                json!({ "diagnosis": fields, "estimate": ours.and_then(Result::ok) })
            }
            Read::Unknown => json!({ "diagnosis": null, "understood": false }),
        },
    };
    if let (Value::Object(map), Value::Object(more)) = (&mut v, extra) {
        map.extend(more);
        map.insert("text".into(), text(lang, catalog, outcome).into());
    }
    v
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

fn topic_fields(lang: Lang, topic: Topic) -> Value {
    let slug = topic.slug();
    json!({
        "topic": slug,
        "title": t(lang, &format!("guide-{slug}-title")),
        "summary": t(lang, &format!("guide-{slug}-summary")),
    })
}
