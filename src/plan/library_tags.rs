//! Tags of runtimes' own model libraries (`data/ollama_tags.json`, each with its source):
//! `ollama run llama3.1:8b` pulls Ollama's own build of a model, which is what its users
//! type; a model or quant missing from the list is pulled from its GGUF repo on the Hub
//! instead (`ollama run hf.co/<repo>:<quant>`), never from a made-up tag.

use super::checkpoints::gguf_tag;
use crate::estimate::Precision;
use serde::Deserialize;
use std::sync::LazyLock;

/// One row of a library's tag list.
#[derive(Debug, Clone, Deserialize)]
pub struct LibraryTag {
    /// Catalog id of the model.
    pub model: String,
    /// The GGUF quant the tag holds (`Q4_K_M`, `MXFP4`, `F16`).
    pub quant: String,
    /// The tag as the tool takes it (`llama3.1:8b`).
    pub tag: String,
    /// The build `<name>:<size>` pulls (its library page's default), the quant its users get.
    #[serde(default)]
    pub default: bool,
    pub source: String,
}

/// Every known tag of the library named `library` (`ollama`).
pub fn all(library: &str) -> &'static [LibraryTag] {
    static OLLAMA: LazyLock<Vec<LibraryTag>> = LazyLock::new(|| {
        serde_json::from_str(include_str!("../../data/ollama_tags.json"))
            .expect("data/ollama_tags.json is checked by tests")
    });
    match library {
        "ollama" => &OLLAMA,
        _ => &[],
    }
}

/// The library's tag of `model` in `precision`, if it has one.
pub fn tag(library: &str, model: &str, precision: Precision) -> Option<&'static str> {
    let quant = gguf_tag(precision);
    all(library)
        .iter()
        .find(|t| t.model == model && t.quant == quant)
        .map(|t| t.tag.as_str())
}

/// The quant the library's default tag of `model` holds (Q4_K_M for most), if it has one.
pub fn default_precision(library: &str, model: &str) -> Option<Precision> {
    let row = all(library)
        .iter()
        .find(|t| t.model == model && t.default)?;
    <Precision as strum::VariantArray>::VARIANTS
        .iter()
        .copied()
        .find(|p| gguf_tag(*p) == row.quant)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn ollama_tags_name_catalog_models_with_sources() {
        let c = Catalog::get();
        for t in all("ollama") {
            assert!(
                c.model(&t.model).is_some(),
                "{} is not in the catalog",
                t.model
            );
            assert!(
                t.source.starts_with("https://ollama.com/library/"),
                "{}",
                t.tag
            );
            assert!(t.tag.contains(':'), "{}", t.tag);
        }
        assert_eq!(
            tag("ollama", "llama-3.1-8b", Precision::Q4KM),
            Some("llama3.1:8b")
        );
        assert_eq!(tag("ollama", "llama-3.1-8b", Precision::Q3KM), None);
        assert_eq!(tag("vllm", "llama-3.1-8b", Precision::Q4KM), None);
        assert_eq!(
            default_precision("ollama", "llama-3.1-8b"),
            Some(Precision::Q4KM)
        );
        assert_eq!(
            default_precision("ollama", "gpt-oss-20b"),
            Some(Precision::Mxfp4)
        );
        // Every default row's quant is a precision the estimator knows.
        for t in all("ollama").iter().filter(|t| t.default) {
            assert!(
                default_precision("ollama", &t.model).is_some(),
                "{}",
                t.quant
            );
        }
    }
}
