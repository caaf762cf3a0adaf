//! Links in a message are never model names: a Hugging Face link names its repo
//! ("https://huggingface.co/Qwen/Qwen3-8B/tree/main" -> "Qwen/Qwen3-8B"), any other link
//! is dropped before the words are read ("http://…/tiny-llama/model.safetensors" is not
//! TinyLlama). Nothing is fetched from either.

use super::parse::re;
use regex::{Captures, Regex};
use std::borrow::Cow;
use std::sync::LazyLock;

static URL: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\b(?:https?://|www\.)[^\s<>]+"));
static HUB: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:https?://)?(?:www\.)?(?:huggingface\.co|hf\.co)/([A-Za-z0-9][\w.-]*/[A-Za-z0-9][\w.-]*)",
    )
});

/// `text` with each link replaced: a Hub link by its repo id, any other by spaces.
pub(super) fn without_links(text: &str) -> Cow<'_, str> {
    if !text.contains("://") && !text.contains("www.") {
        return Cow::Borrowed(text);
    }
    URL.replace_all(text, |c: &Captures| {
        let link = &c[0];
        match HUB.captures(link) {
            // Not the Hub's own pages ("huggingface.co/docs/...", "/spaces/...").
            Some(h)
                if !matches!(
                    h[1].split('/').next(),
                    Some("docs" | "spaces" | "datasets" | "blog" | "models")
                ) =>
            {
                format!(" {} ", h[1].trim_end_matches(['.', ',']))
            }
            _ => " ".repeat(link.len()),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::without_links;
    use crate::catalog::Catalog;
    use crate::query::parse;

    #[test]
    fn a_link_is_never_a_model_name() {
        let p = parse(
            Catalog::get(),
            "how much vram for http://example.com/tiny-llama/model.safetensors",
        );
        assert_eq!(p.query.model, None, "{:?}", p.query);
        assert_eq!(
            without_links("see https://huggingface.co/Qwen/Qwen3-8B/tree/main ok").trim(),
            "see  Qwen/Qwen3-8B  ok".trim()
        );
        let p = parse(
            Catalog::get(),
            "https://huggingface.co/Qwen/Qwen3-8B on a 4090",
        );
        assert_eq!(
            p.model_match.map(|m| m.model.id.clone()).as_deref(),
            Some("qwen3-8b")
        );
        assert_eq!(without_links("https://huggingface.co/docs/x").trim(), "");
    }
}
