//! Every value a request carries is bounded here before any work is done on it.
//!
//! The URL may hold up to 64 KiB and a header much more; matching a 60,000-character
//! "model" against the catalog took 275 ms where a real name takes about one. Names are
//! short, so anything longer than a name can be is refused (a 400) or, for the language,
//! ignored, and what is kept is cleaned (see [`crate::sanitize`]) before it is echoed or
//! logged.

use crate::query::Fields;
use crate::sanitize;
use axum::http::HeaderMap;
use axum::http::header::ACCEPT_LANGUAGE;

/// Longest model, GPU, precision... value: the longest catalog name or Hugging Face
/// repository id a user would paste is well under this.
pub const MAX_VALUE_CHARS: usize = 100;
/// The most GPUs one comparison shows (the page's table stops there too).
pub const MAX_COMPARE_GPUS: usize = 8;
/// Longest `?gpus=` list: eight names and their commas.
pub const MAX_GPU_LIST_CHARS: usize = MAX_COMPARE_GPUS * (MAX_VALUE_CHARS + 1);
/// Longest language tag looked at (`?lang=`, the cookie); BCP 47 tags in use are short.
pub const MAX_LANG_CHARS: usize = 35;
/// How much of Accept-Language is read: real browsers send well under 200 bytes.
pub const MAX_ACCEPT_LANGUAGE_BYTES: usize = 256;
/// Longest question or description stored in the query log.
pub const MAX_LOGGED_CHARS: usize = 500;

/// A language value short enough to look at, else nothing.
pub fn lang(value: Option<&str>) -> Option<&str> {
    value.filter(|v| v.len() <= MAX_LANG_CHARS)
}

/// The first languages of Accept-Language, cut at a comma within the first 256 bytes so
/// a huge header costs no more to negotiate than a normal one.
pub fn accept_language(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(ACCEPT_LANGUAGE)?.to_str().ok()?;
    if value.len() <= MAX_ACCEPT_LANGUAGE_BYTES {
        return Some(value);
    }
    // Header values that pass `to_str` are visible ASCII: any byte index is a boundary.
    let head = &value[..MAX_ACCEPT_LANGUAGE_BYTES];
    head.rfind(',').map(|cut| &head[..cut])
}

/// At most `max` bytes of `text`, cut on a character boundary.
pub fn truncate_bytes(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut cut = max;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    &text[..cut]
}

/// The name of the first estimate field longer than [`MAX_VALUE_CHARS`], if any.
pub fn too_long_field(f: &Fields) -> Option<&'static str> {
    let fields = [
        ("model", &f.model),
        ("params_b", &f.params_b),
        ("precision", &f.precision),
        ("kv_precision", &f.kv_precision),
        ("prompt", &f.prompt),
        ("generate", &f.generate),
        ("context", &f.context),
        ("batch", &f.batch),
        ("mode", &f.mode),
        ("runtime", &f.runtime),
        ("gpu", &f.gpu),
        ("gpus", &f.gpus),
        ("optimizer", &f.optimizer),
        ("gradient_checkpointing", &f.gradient_checkpointing),
        ("lora_rank", &f.lora_rank),
        ("lora_targets", &f.lora_targets),
    ];
    fields
        .into_iter()
        .find(|(_, v)| v.as_deref().is_some_and(too_long))
        .map(|(name, _)| name)
}

/// The same fields with every value cleaned: the core, the JSON error's `input` and the
/// log then all see text without control or invisible characters.
pub fn clean_fields(f: &Fields) -> Fields {
    let c = |v: &Option<String>| v.as_deref().map(sanitize::clean);
    Fields {
        model: c(&f.model),
        params_b: c(&f.params_b),
        precision: c(&f.precision),
        kv_precision: c(&f.kv_precision),
        prompt: c(&f.prompt),
        generate: c(&f.generate),
        context: c(&f.context),
        batch: c(&f.batch),
        mode: c(&f.mode),
        runtime: c(&f.runtime),
        gpu: c(&f.gpu),
        gpus: c(&f.gpus),
        optimizer: c(&f.optimizer),
        gradient_checkpointing: c(&f.gradient_checkpointing),
        lora_rank: c(&f.lora_rank),
        lora_targets: c(&f.lora_targets),
    }
}

/// True when a name is longer than any name can be.
pub fn too_long(value: &str) -> bool {
    // Bytes first: most values are short ASCII and never need counting.
    value.len() > MAX_VALUE_CHARS && value.chars().count() > MAX_VALUE_CHARS
}

/// Why a `?gpus=` list is refused before any name is looked up.
#[derive(Debug, PartialEq, Eq)]
pub enum GpuListError {
    /// Fewer than two names.
    Missing,
    /// More than [`MAX_COMPARE_GPUS`] names.
    TooMany,
    /// A name (or the whole list) longer than a name can be.
    TooLong,
}

/// The cleaned names of a `?gpus=a,b,c` list, bounded in count and length.
pub fn gpu_list(list: Option<&str>) -> Result<Vec<String>, GpuListError> {
    let list = list.unwrap_or_default();
    let pieces = list.split(',').filter(|n| !n.trim().is_empty()).count();
    if pieces > MAX_COMPARE_GPUS {
        return Err(GpuListError::TooMany);
    }
    // Four bytes a character at most: a longer list holds a name no name can be.
    if list.len() > MAX_GPU_LIST_CHARS * 4 {
        return Err(GpuListError::TooLong);
    }
    let names: Vec<String> = list
        .split(',')
        .map(|n| sanitize::clean(n).trim().to_string())
        .filter(|n| !n.is_empty())
        .collect();
    if names.iter().any(|n| too_long(n)) {
        return Err(GpuListError::TooLong);
    }
    if names.len() < 2 {
        return Err(GpuListError::Missing);
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn a_huge_accept_language_is_cut_at_a_comma() {
        let mut h = HeaderMap::new();
        let long = format!("pt-BR,{}", "x-y;q=0.1,".repeat(10_000));
        h.insert(ACCEPT_LANGUAGE, HeaderValue::from_str(&long).unwrap());
        let cut = accept_language(&h).unwrap();
        assert!(cut.len() <= MAX_ACCEPT_LANGUAGE_BYTES && cut.starts_with("pt-BR,"));
    }

    #[test]
    fn gpu_lists_are_bounded() {
        assert_eq!(
            gpu_list(Some("rtx-4090, a6000")).unwrap(),
            vec!["rtx-4090", "a6000"]
        );
        assert_eq!(gpu_list(Some("rtx-4090")), Err(GpuListError::Missing));
        let many = vec!["rtx-4090"; 9].join(",");
        assert_eq!(gpu_list(Some(&many)), Err(GpuListError::TooMany));
        let long = format!("rtx-4090,{}", "x".repeat(101));
        assert_eq!(gpu_list(Some(&long)), Err(GpuListError::TooLong));
        let huge = vec!["a"; 12_000].join(",");
        assert_eq!(gpu_list(Some(&huge)), Err(GpuListError::TooMany));
    }

    #[test]
    fn long_fields_are_named() {
        let f = Fields {
            gpu: Some("g".repeat(MAX_VALUE_CHARS + 1)),
            ..Fields::default()
        };
        assert_eq!(too_long_field(&f), Some("gpu"));
        assert_eq!(too_long_field(&Fields::default()), None);
    }
}
