//! Errors and help, in the user's language: what was not understood and what works.

use crate::answer::Topic;
use crate::catalog::{Catalog, LookupError};
use crate::error::{Error, ModelSourceError, SourceErrorKind};
use crate::estimate::JobError;
use crate::i18n::{Args, Lang, t, tr};

/// The example a flag error ends with: the same job as `help-example-1`, as flags.
pub const FLAG_EXAMPLE: &str =
    "vramguide estimate --model llama-3.1-70b --precision fp16 --gpu rtx-4090 --gpus 2";

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

/// Which example an error ends with: a question (the bot, the web, `ask`), flags
/// (`estimate`, where a free-text example does not apply) or a request of the API
/// endpoint that refused the value ("/api/v1/compare?gpus=rtx-4090,rtx-3090").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Example {
    Question,
    Flags,
    Request(&'static str),
}

/// The known values closest to `input` ("q4km" -> q4_k_m, "nvlinks" -> nvlink), at most
/// three, nearest first; none when nothing is close.
pub fn closest<'a>(input: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let norm = |s: &str| {
        s.to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
    };
    let typed = norm(input);
    let mut scored: Vec<(f64, &str)> = known
        .into_iter()
        .map(|k| (strsim::normalized_damerau_levenshtein(&typed, &norm(k)), k))
        .filter(|(score, _)| *score >= 0.6)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().take(3).map(|(_, k)| k).collect()
}

/// The names a value of `err` could have meant, for the errors whose values are a closed
/// set (precision, topic, runtime, mode, optimizer, sharding).
fn value_suggestions(err: &Error, input: &str) -> Vec<&'static str> {
    use crate::estimate::{Field, precision};
    match err {
        Error::Precision(_) => closest(input, precision::ALL.iter().map(|(_, n)| *n)),
        Error::UnknownTopic(_) => closest(input, Topic::ALL.iter().map(|t| t.slug())),
        Error::Job(JobError::UnknownOption { what, value }) => match what {
            Field::Runtime => closest(value, crate::runtime::Runtime::ALL.iter().map(|r| r.name())),
            Field::Mode => closest(value, ["inference", "full-finetune", "lora", "qlora"]),
            Field::Optimizer => closest(value, ["adamw", "adamw-8bit", "paged-adamw-8bit", "sgd"]),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// A one-paragraph explanation of `err`, with suggestions and an example question.
pub fn message(lang: Lang, catalog: &Catalog, err: &Error) -> String {
    message_with(lang, catalog, err, Example::Question)
}

/// [`message`], ending with the kind of example that applies where it is read.
pub fn message_with(lang: Lang, catalog: &Catalog, err: &Error, example: Example) -> String {
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
        Error::OutOfRange(_) => tr(
            lang,
            "error-out-of-range",
            Some(&Args::new().s("input", input)),
        ),
        Error::NotUnderstood { unparsed } => return help(lang, unparsed),
        Error::Job(job) => job_message(lang, job),
        Error::ModelSource(e) => source_message(lang, e),
    };
    let mut out = vec![main];
    let typed = err.input().unwrap_or_default();
    let input_value = match err {
        Error::Job(JobError::UnknownOption { value, .. }) => value.as_str(),
        _ => typed.as_str(),
    };
    let mut names: Vec<String> = value_suggestions(err, input_value)
        .into_iter()
        .map(|v| format!("`{v}`"))
        .collect();
    names.extend(err.suggestions().iter().map(|id| {
        catalog
            .model(id)
            .map(|m| m.display_name.clone())
            .or_else(|| catalog.gpu(id).map(|g| g.display_name.clone()))
            .map_or_else(|| id.clone(), |name| format!("{name} (`{id}`)"))
    }));
    if !names.is_empty() {
        out.push(tr(
            lang,
            "error-suggestions",
            Some(&Args::new().s("list", names.join(", "))),
        ));
    }
    let example = match example {
        Example::Question => t(lang, "help-example-1"),
        Example::Flags => FLAG_EXAMPLE.to_string(),
        Example::Request(request) => request.to_string(),
    };
    out.push(tr(
        lang,
        "error-example",
        Some(&Args::new().s("example", format!("`{example}`"))),
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
    use super::closest;
    use crate::estimate::Field;

    #[test]
    fn near_misses_get_the_value_they_meant() {
        let precisions = crate::estimate::precision::ALL.iter().map(|(_, n)| *n);
        assert_eq!(closest("q4km", precisions).first(), Some(&"q4_k_m"));
        let topics = crate::answer::Topic::ALL.iter().map(|t| t.slug());
        assert_eq!(closest("nvlinks", topics).first(), Some(&"nvlink"));
        let runtimes = crate::runtime::Runtime::ALL.iter().map(|r| r.name());
        assert_eq!(closest("vlm", runtimes).first(), Some(&"vllm"));
        assert!(closest("banana", ["fp16", "bf16"]).is_empty());
    }
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
