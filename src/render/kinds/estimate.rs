//! An estimate (and a "max context on my GPU" answer): the breakdown, the fit, the setups.

use super::AnswerKind;
use crate::answer::Answer;
use crate::catalog::Catalog;
use crate::i18n::{Args, Lang, format_gib, t, tr};
use crate::mixed::Mixed;
use crate::render::discord::{self as embed, Embed};
use crate::render::kinds_json::{AskJson, rounded};
use crate::render::outcome::Length;

/// The answer, and how much of it the text says.
pub struct Estimate<'a>(pub &'a Answer, pub Length);

impl AnswerKind for Estimate<'_> {
    fn verdict_words(&self, lang: Lang, catalog: &Catalog) -> String {
        crate::render::verdict::estimate(lang, catalog, self.0)
    }

    fn body(&self, lang: Lang, catalog: &Catalog) -> String {
        let a = self.0;
        let mut out = match self.1 {
            Length::Chat => crate::render::text::chat(lang, catalog, a),
            Length::Full => crate::render::text::answer(lang, catalog, a),
        };
        if let Some(m) = &a.mixed {
            out.push_str("\n\n");
            out.push_str(&mixed_text(lang, catalog, m));
        }
        out
    }

    /// The first view already leads with the verdict.
    fn embed(&self, lang: Lang, catalog: &Catalog) -> Embed {
        embed::answer(lang, catalog, self.0, false)
    }

    fn json(&self, lang: Lang, catalog: &Catalog) -> AskJson {
        let mut json = crate::render::json::answer(lang, catalog, self.0);
        json.mixed = self
            .0
            .mixed
            .as_ref()
            .and_then(|m| serde_json::to_value(m).ok())
            .map(rounded);
        AskJson::Estimate(Box::new(json))
    }
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
