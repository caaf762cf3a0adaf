//! Errors and help, in the user's language: what was not understood and what works.

use crate::answer::Topic;
use crate::catalog::{Catalog, LookupError};
use crate::error::{Error, ModelSourceError, SourceErrorKind};
use crate::estimate::JobError;
use crate::i18n::{Args, Lang, t, tr};

/// The help shown when nothing usable was found: intro, three examples.
pub fn help(lang: Lang, unparsed: &[String]) -> String {
    let mut out = vec![t(lang, "help-not-understood")];
    if !unparsed.is_empty() {
        out.push(tr(
            lang,
            "help-unparsed",
            Some(&Args::new().s("words", quote_words(lang, unparsed))),
        ));
    }
    out.push(String::new());
    out.push(t(lang, "help-examples-title"));
    for id in ["help-example-1", "help-example-2", "help-example-3"] {
        out.push(format!("- `{}`", t(lang, id)));
    }
    out.join("\n")
}

fn quote_words(lang: Lang, words: &[String]) -> String {
    words
        .iter()
        .map(|w| format!("\"{w}\""))
        .collect::<Vec<_>>()
        .join(&super::parts::separator(
            lang,
            super::parts::Separator::List,
        ))
}

/// A one-paragraph explanation of `err`, with suggestions and an example that works.
pub fn message(lang: Lang, catalog: &Catalog, err: &Error) -> String {
    let input = err.input().unwrap_or_default();
    let main = match err {
        Error::Lookup(LookupError::UnknownModel { .. }) => tr(
            lang,
            "error-unknown-model",
            Some(&Args::new().s("input", input)),
        ),
        Error::Lookup(LookupError::UnknownGpu { .. }) => tr(
            lang,
            "error-unknown-gpu",
            Some(&Args::new().s("input", input)),
        ),
        Error::Precision(_) => tr(
            lang,
            "error-unknown-precision",
            Some(&Args::new().s("input", input)),
        ),
        Error::UnknownTopic(_) => {
            let topics: Vec<&str> = Topic::ALL.iter().map(|t| t.slug()).collect();
            tr(
                lang,
                "error-unknown-topic",
                Some(&Args::new().s("input", input).s("topics", topics.join(", "))),
            )
        }
        Error::NeedModel => t(lang, "error-need-model"),
        Error::NotUnderstood { unparsed } => return help(lang, unparsed),
        Error::Job(job) => job_message(lang, job),
        Error::ModelSource(e) => source_message(lang, e),
    };
    let mut out = vec![main];
    let names: Vec<String> = err
        .suggestions()
        .iter()
        .map(|id| {
            catalog
                .model(id)
                .map(|m| m.display_name.clone())
                .or_else(|| catalog.gpu(id).map(|g| g.display_name.clone()))
                .map_or_else(|| id.clone(), |name| format!("{name} (`{id}`)"))
        })
        .collect();
    if !names.is_empty() {
        out.push(tr(
            lang,
            "error-suggestions",
            Some(&Args::new().s("list", names.join(", "))),
        ));
    }
    out.push(tr(
        lang,
        "error-example",
        Some(&Args::new().s("example", format!("`{}`", t(lang, "help-example-1")))),
    ));
    out.join(" ")
}

/// A Hub repo or config.json that gave no model: what happened and what to do.
fn source_message(lang: Lang, e: &ModelSourceError) -> String {
    let id = match e.kind {
        SourceErrorKind::Unreachable if e.detail == "offline" => "hub-error-offline",
        SourceErrorKind::Unreachable => "hub-error-unreachable",
        SourceErrorKind::NotFound => "hub-error-not-found",
        SourceErrorKind::Gated => "hub-error-gated",
        SourceErrorKind::NoWeights => "hub-error-no-weights",
        SourceErrorKind::Malformed => "hub-error-malformed",
        SourceErrorKind::TooLarge => "hub-error-too-large",
        SourceErrorKind::InvalidConfig => "hub-error-invalid-config",
    };
    // Details come from files on the Hub or the user's own file (tensor names, header
    // text): cleaned of control and bidi characters, cut, and quoted as code. Every
    // ModelSourceError reaches a reader through here, whoever built it.
    let detail =
        crate::sanitize::clean(crate::sanitize::truncate(&e.detail, 300)).replace('`', "'");
    let repo = crate::sanitize::clean(crate::sanitize::truncate(&e.repo, 300)).replace('`', "'");
    tr(
        lang,
        id,
        Some(&Args::new().s("repo", repo).s("detail", detail)),
    )
}

fn job_message(lang: Lang, err: &JobError) -> String {
    match err {
        JobError::ContextZero | JobError::ContextTooLarge(_) => t(lang, "error-bad-context"),
        JobError::BatchZero | JobError::BatchTooLarge(_) => t(lang, "error-bad-batch"),
        JobError::GpuCount(_) => t(lang, "error-bad-gpu-count"),
        JobError::ParamsOutOfRange(_) => t(lang, "error-bad-params"),
        JobError::LoraRank(_) => t(lang, "error-bad-lora-rank"),
        JobError::MemoryShare(_) => t(lang, "error-bad-memory-share"),
        JobError::RamBandwidth(_) => t(lang, "error-bad-ram-bandwidth"),
        JobError::PrecisionNotTrainable { mode, precision } => tr(
            lang,
            "error-precision-not-trainable",
            Some(
                &Args::new()
                    .s("mode", super::parts::mode_name(lang, *mode))
                    .s("precision", precision.name()),
            ),
        ),
        JobError::NotANumber { what, value } => tr(
            lang,
            "error-not-a-number",
            Some(
                &Args::new()
                    .s("what", t(lang, &format!("field-{}", what.id())))
                    .s("value", value.clone()),
            ),
        ),
        JobError::UnknownOption { what, value } => tr(
            lang,
            "error-unknown-option",
            Some(
                &Args::new()
                    .s("what", t(lang, &format!("field-{}", what.id())))
                    .s("value", value.clone()),
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::estimate::Field;
    use crate::i18n::{Lang, has};

    #[test]
    fn every_field_has_a_name_in_every_locale() {
        for lang in [Lang::En, Lang::Pt, Lang::Es, Lang::Zh] {
            for f in Field::ALL {
                assert!(has(lang, &format!("field-{}", f.id())), "{lang:?} {f}");
            }
        }
    }
}
