//! Every value a request carries is bounded here before any work is done on it.
//!
//! The URL may hold up to 64 KiB and a header much more; matching a 60,000-character
//! "model" against the catalog took 275 ms where a real name takes about one. Names are
//! short, so anything longer than a name can be is refused (a 400) or, for the language,
//! ignored, and what is kept is cleaned (see [`crate::sanitize`]) before it is echoed or
//! logged.

use crate::sanitize;
use axum::extract::Query;
use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::{HeaderMap, Uri};

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
/// Longest question or description stored in the query log (the store cuts every row).
pub use crate::store::MAX_LOGGED_CHARS;

/// A language value short enough to look at, else nothing.
pub fn lang(value: Option<&str>) -> Option<&str> {
    value.filter(|v| v.len() <= MAX_LANG_CHARS)
}

/// The first languages of Accept-Language, cut at a comma within the first 256 bytes so
/// a huge header costs no more to negotiate than a normal one. Only those bytes are
/// looked at: what follows (a 400 KB tail, bytes that are not ASCII) never hides the
/// first tags. A first tag longer than the cut is no language and gives nothing.
pub fn accept_language(headers: &HeaderMap) -> Option<&str> {
    let bytes = headers.get(ACCEPT_LANGUAGE)?.as_bytes();
    let cut = if bytes.len() <= MAX_ACCEPT_LANGUAGE_BYTES {
        bytes.len()
    } else {
        let head = &bytes[..MAX_ACCEPT_LANGUAGE_BYTES];
        head.iter()
            .rposition(|&b| b == b',')
            .or_else(|| head.iter().position(|&b| matches!(b, b';' | b' ' | b'\t')))?
    };
    let kept = &bytes[..cut];
    // What `HeaderValue::to_str` accepts: visible ASCII, spaces and tabs.
    let visible = kept
        .iter()
        .all(|&b| b == b'\t' || (0x20..0x7f).contains(&b));
    std::str::from_utf8(kept).ok().filter(|_| visible)
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

/// Why a query string was refused before it was deserialized.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The value of this parameter is longer than [`MAX_VALUE_CHARS`].
    TooLong(String),
    /// Not a query string the parameters can be read from (a duplicate name...).
    Unreadable,
}

/// The parameters of a query string made only of names: every value (but `lang`,
/// ignored when too long) is checked against [`MAX_VALUE_CHARS`] and cleaned before the
/// struct sees it, whatever fields it has now or later.
pub fn names_query<T: serde::de::DeserializeOwned>(query: Option<&str>) -> Result<T, Refused> {
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.unwrap_or("").as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    if let Some((name, _)) = pairs.iter().find(|(k, v)| k != "lang" && too_long(v)) {
        let name = sanitize::clean(sanitize::truncate(name, MAX_LANG_CHARS));
        return Err(Refused::TooLong(name));
    }
    let cleaned = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs.iter().map(|(k, v)| (k.as_str(), sanitize::clean(v))))
        .finish();
    let uri: Uri = format!("/?{cleaned}")
        .parse()
        .map_err(|_| Refused::Unreadable)?;
    Query::<T>::try_from_uri(&uri)
        .map(|Query(params)| params)
        .map_err(|_| Refused::Unreadable)
}

/// True when a name is longer than any name can be.
pub fn too_long(value: &str) -> bool {
    longer_than(value, MAX_VALUE_CHARS)
}

/// True when `text` has more than `max` characters; looks at `max + 1` of them at most.
pub fn longer_than(text: &str, max: usize) -> bool {
    // Bytes first: most values are short ASCII and never need counting.
    text.len() > max && text.chars().nth(max).is_some()
}

/// Why a `?gpus=` list is refused before any name is looked up.
#[derive(Debug, PartialEq, Eq)]
pub enum GpuListError {
    /// No name at all.
    Missing,
    /// One name: a comparison needs two.
    OnlyOne,
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
    match names.len() {
        0 => return Err(GpuListError::Missing),
        1 => return Err(GpuListError::OnlyOne),
        _ => {}
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
    fn the_first_tags_of_a_huge_accept_language_are_read_whatever_follows() {
        let cases: [Vec<u8>; 3] = [
            [b"pt-BR;q=1.0 ".as_slice(), &[b' '; 400_000]].concat(),
            [b"pt-BR,".as_slice(), &[0xE9; 400_000]].concat(),
            [b"pt-BR".as_slice(), &[b'x'; 400_000]].concat(),
        ];
        let expected = [Some("pt-BR"), Some("pt-BR"), None];
        for (bytes, want) in cases.iter().zip(expected) {
            let mut h = HeaderMap::new();
            h.insert(ACCEPT_LANGUAGE, HeaderValue::from_bytes(bytes).unwrap());
            assert_eq!(accept_language(&h), want);
        }
    }

    #[test]
    fn gpu_lists_are_bounded() {
        assert_eq!(
            gpu_list(Some("rtx-4090, a6000")).unwrap(),
            vec!["rtx-4090", "a6000"]
        );
        assert_eq!(gpu_list(Some("rtx-4090")), Err(GpuListError::OnlyOne));
        assert_eq!(gpu_list(Some(" , ")), Err(GpuListError::Missing));
        let many = ["rtx-4090"; 9].join(",");
        assert_eq!(gpu_list(Some(&many)), Err(GpuListError::TooMany));
        let long = format!("rtx-4090,{}", "x".repeat(101));
        assert_eq!(gpu_list(Some(&long)), Err(GpuListError::TooLong));
        let huge = vec!["a"; 12_000].join(",");
        assert_eq!(gpu_list(Some(&huge)), Err(GpuListError::TooMany));
    }

    #[test]
    fn long_values_are_named_and_the_rest_cleaned() {
        #[derive(serde::Deserialize)]
        struct P {
            model: Option<String>,
        }
        let long = format!("model=llama&gpu={}", "g".repeat(MAX_VALUE_CHARS + 1));
        let refused = names_query::<P>(Some(&long)).err();
        assert_eq!(refused, Some(Refused::TooLong("gpu".to_string())));
        let p: P = names_query(Some("model=llama%1B%5B2J%E2%80%AE+8b")).unwrap();
        assert_eq!(p.model.as_deref(), Some("llama[2J 8b"));
        let twice = names_query::<P>(Some("model=a&model=b")).err();
        assert_eq!(twice, Some(Refused::Unreadable));
    }
}

/// The client's address, when the server recorded it (tests that call the router
/// directly have none): whose Hub budget a look-up spends. Never logged.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClientAddr(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _state: &S,
    ) -> Result<Self, Self::Rejection> {
        let addr = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|info| info.0.ip());
        Ok(ClientAddr(addr))
    }
}
