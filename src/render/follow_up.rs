//! The line a follow-up's answer opens with ("Same question, on 2 × RTX 3060 12GB:"), and
//! the answer to a follow-up with nothing before it. Messages live in `chat.ftl`.

use crate::catalog::Catalog;
use crate::i18n::{Args, Lang, format_int, t, tr};
use crate::query::Parsed;
use crate::query::follow_up::Change;

/// "Same question, on 2 × RTX 3060 12GB, in Q8_0:": what the follow-up changed, so the
/// asker sees what was kept. `parsed` is the question answered (for the card's name).
pub fn kept_line(lang: Lang, catalog: &Catalog, parsed: &Parsed, changes: &[Change]) -> String {
    let parts: Vec<String> = changes
        .iter()
        .map(|c| change(lang, catalog, parsed, c))
        .collect();
    let sep = if lang == Lang::Zh { "，" } else { ", " };
    let args = Args::new().s("changes", parts.join(sep));
    tr(lang, "chat-same-question", Some(&args))
}

fn change(lang: Lang, catalog: &Catalog, parsed: &Parsed, c: &Change) -> String {
    let card = |count: u64| -> String {
        let name = parsed
            .query
            .gpu
            .as_deref()
            .and_then(|g| catalog.resolve_gpu(g).ok())
            .map(|m| m.gpu.display_name.clone());
        let args = Args::new()
            .s("count", format_int(lang, count))
            .n(lang, "n", count);
        match name {
            Some(name) => tr(lang, "chat-change-cards", Some(&args.s("gpu", name))),
            None => tr(lang, "chat-change-gpus", Some(&args)),
        }
    };
    match c {
        Change::Gpu { count, .. } => card(count.unwrap_or(1)),
        Change::GpuCount { count } => card(*count),
        Change::Precision { precision } => {
            let args = Args::new().s("precision", precision.name().to_uppercase());
            tr(lang, "chat-change-precision", Some(&args))
        }
        Change::KvPrecision { kv_precision } => {
            let args = Args::new().s("precision", kv_precision.name().to_uppercase());
            tr(lang, "chat-change-kv-precision", Some(&args))
        }
        Change::Context { tokens } => {
            let args = Args::new().s("tokens", format_int(lang, *tokens));
            tr(lang, "chat-change-context", Some(&args))
        }
        Change::Batch { batch } => {
            let args = Args::new().s("batch", format_int(lang, *batch));
            tr(lang, "chat-change-batch", Some(&args))
        }
        Change::Runtime { runtime } => {
            let args = Args::new().s("runtime", super::parts::runtime_label(lang, *runtime));
            tr(lang, "chat-change-runtime", Some(&args))
        }
        Change::Mode { mode } => {
            let args = Args::new().s("mode", t(lang, &format!("mode-{}", mode.name())));
            tr(lang, "chat-change-mode", Some(&args))
        }
        Change::Model { .. } => {
            let name = parsed
                .model_match
                .as_ref()
                .map(|m| m.model.display_name.clone())
                .or_else(|| parsed.query.model.clone())
                .unwrap_or_default();
            tr(
                lang,
                "chat-change-model",
                Some(&Args::new().s("model", name)),
            )
        }
        Change::MaxContext => t(lang, "chat-change-max-context"),
    }
}

/// "Follow-up to what?" with an example of a question and its follow-up.
pub fn orphan(lang: Lang) -> String {
    t(lang, "chat-follow-up-to-what")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::follow_up::{Turn, follow};
    use crate::query::parse;

    #[test]
    fn the_kept_line_names_the_change_in_every_language() {
        let catalog = Catalog::get();
        let prev = parse(catalog, "llama 3.1 8b on a rtx 3060 12gb");
        let expected = [
            (
                Lang::En,
                "what about with 2 cards?",
                "Same question, on 2 × GeForce RTX 3060 12GB",
            ),
            (
                Lang::Pt,
                "e com 2 placas?",
                "Mesma pergunta, em 2 × GeForce RTX 3060 12GB",
            ),
            (
                Lang::Es,
                "y si uso 2 placas?",
                "Misma pregunta, en 2 × GeForce RTX 3060 12GB",
            ),
            (
                Lang::Zh,
                "那换成两张卡呢",
                "同样的问题，换成 2 × GeForce RTX 3060 12GB",
            ),
        ];
        for (lang, text, line) in expected {
            let Turn::FollowUp { parsed, changes } =
                follow(Some(&prev), parse(catalog, text), text)
            else {
                panic!("{text}: not a follow-up");
            };
            let said = kept_line(lang, catalog, &parsed, &changes);
            assert!(said.starts_with(line), "{lang:?}: {said}");
        }
    }

    #[test]
    fn every_language_asks_follow_up_to_what_with_an_example() {
        for lang in Lang::ALL {
            let text = orphan(lang);
            assert!(text.contains("4090"), "{lang:?}: {text}");
        }
    }
}
