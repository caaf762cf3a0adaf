//! Hugging Face Hub repo ids ("org/name") in questions and options.
//!
//! An id the catalog does not know exactly is left for the adapter to look up on the Hub;
//! only text matching the Hub's id rules qualifies, so a URL or a path a user typed never
//! becomes a request.

use super::filler::FILLER;
use crate::catalog::{Catalog, MatchKind, ModelMatch, core_name};
use crate::vocab::{Precision, Runtime};

/// Words of our own vocabulary that people join with a slash in chat ("ram/vram",
/// "gpu/cpu", "tp/pp", "lora/qlora") besides the precisions, runtimes, GPUs and ordinary
/// words the parser knows already: such a pair is an "either/or", never an `org/name`.
const SLASH_TERMS: &[&str] = &[
    "ram",
    "vram",
    "cpu",
    "gpu",
    "tp",
    "pp",
    "dp",
    "ep",
    "sp",
    "hbm",
    "gddr",
    "sxm",
    "pcie",
    "nvlink",
    "kv",
    "moe",
    "dense",
    "lora",
    "qlora",
    "train",
    "training",
    "inference",
    "infer",
    "prefill",
    "decode",
    "memory",
    "mem",
    "speed",
    "price",
    "cost",
    "context",
    "ctx",
    "gguf",
    "exl2",
    "exl3",
    "mlx",
    "bnb",
    "fp4",
    "nvfp4",
    "4bit",
    "8bit",
    "tgi",
    "ollama",
    "lmstudio",
];

/// True when `s` is a well-formed Hub repo id with a letter in each part (so "1/2" or a
/// fraction is not one). The Hub's rules for `namespace/name`: letters, digits, `-`, `_`,
/// `.`; starts and ends with a letter or digit; at most 96 characters a part; no `--` or
/// `..`.
pub fn is_repo_id(s: &str) -> bool {
    let Some((org, name)) = s.split_once('/') else {
        return false;
    };
    is_id_part(org)
        && is_id_part(name)
        && !s.as_bytes().windows(2).any(|w| w == b"--" || w == b"..")
        && !s.ends_with(".git")
}

/// One side of a repo id: 1 to 96 of `A-Za-z0-9._-`, a letter or digit at each end, and a
/// letter somewhere.
fn is_id_part(part: &str) -> bool {
    let b = part.as_bytes();
    match (b.first(), b.last()) {
        (Some(first), Some(last)) => {
            b.len() <= 96
                && first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && b.iter().all(|&c| is_id_byte(c))
                && b.iter().any(u8::is_ascii_alphabetic)
        }
        _ => false,
    }
}

/// A byte a repo id may hold besides its one slash: `A-Za-z0-9._-`, looked up in a table
/// (the scans around each slash test every byte of the words beside it).
fn is_id_byte(b: u8) -> bool {
    ID_BYTES[usize::from(b)]
}

const ID_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'.' || c == b'_' || c == b'-';
        b += 1;
    }
    table
};

/// True when `name` is a repo id the catalog does not hold: the adapter should ask the
/// Hub. The catalog holds it when an entry's `hub_id` is that repo, or when its exact
/// match carries that very name (the repo part, less "Instruct", "GGUF"...: the base or
/// chat repo of the same weights, which a gated Hub would not even show); a fine-tune or
/// a quantized upload of a known model ("org/Llama-3.1-8B-Turbo",
/// "org/Qwen2.5-7B-Instruct-AWQ") has its own files.
pub fn needs_hub(catalog: &Catalog, name: &str) -> bool {
    is_repo_id(name) && repo_needs_hub(catalog, name)
}

/// [`needs_hub`] for a name already known to be a repo id.
fn repo_needs_hub(catalog: &Catalog, name: &str) -> bool {
    if catalog.by_hub_id(name).is_some() {
        return false;
    }
    let wanted = core_name(name.rsplit('/').next().unwrap_or(name));
    // No model is called that: a look-up could only find another model.
    if !catalog.has_core_name(&wanted) {
        return true;
    }
    let Some(m) = catalog
        .find_model(name)
        .filter(|m| m.kind == MatchKind::Exact)
    else {
        return true;
    };
    let model = m.model;
    // Another organisation's repo is its own files, whatever it is called.
    let org = name.split('/').next().unwrap_or_default();
    let same_org = model
        .hub_id
        .as_deref()
        .and_then(|h| h.split('/').next())
        .is_some_and(|o| o.eq_ignore_ascii_case(org));
    !same_org
        || !std::iter::once(&model.id)
            .chain(&model.aliases)
            .chain(std::iter::once(&model.display_name))
            .any(|n| core_name(n.rsplit('/').next().unwrap_or(n)) == wanted)
}

/// The first repo id in `text` that needs the Hub, as typed (ids keep their case).
pub fn find(catalog: &Catalog, text: &str) -> Option<String> {
    candidates(catalog, text).find(|id| repo_needs_hub(catalog, id))
}

/// The first repo id in `text` that is a catalog entry's `hub_id`, as typed, with that
/// entry: the exact name of a known model, so nothing else in the text is read as it.
pub fn find_known<'c>(catalog: &'c Catalog, text: &str) -> Option<(String, ModelMatch<'c>)> {
    candidates(catalog, text).find_map(|id| {
        let model = catalog.by_hub_id(&id)?;
        Some((
            id,
            ModelMatch {
                model,
                kind: MatchKind::Exact,
            },
        ))
    })
}

/// Every well-placed `org/name` in `text` (not part of a URL, path or address, nor two
/// words of our own vocabulary).
fn candidates<'a>(catalog: &'a Catalog, text: &'a str) -> impl Iterator<Item = String> + 'a {
    let bytes = text.as_bytes();
    (0..bytes.len())
        .filter(|&at| bytes[at] == b'/')
        .filter_map(move |slash| {
            let (start, end) = id_around(bytes, slash)?;
            if matches!(bytes.get(end), Some(b'/' | b':' | b'@')) {
                return None;
            }
            let id = text.get(start..end)?.trim_end_matches(['.', '-', '_']);
            (is_repo_id(id) && !is_word_pair(catalog, id)).then(|| id.to_string())
        })
}

/// True when both sides of `id` are words of our own vocabulary ("ram/vram", "fp16/bf16",
/// "vllm/sglang", "h100/h200"): a choice typed in chat, not a repo. A Hub repo has an
/// organisation that is none of these words and a name that is none of them either.
fn is_word_pair(catalog: &Catalog, id: &str) -> bool {
    id.split('/').all(|part| {
        let word = part.to_ascii_lowercase();
        SLASH_TERMS.contains(&word.as_str())
            || FILLER.contains(word.as_str())
            || word.parse::<Precision>().is_ok()
            || super::parse::gguf(&word).is_some()
            || Runtime::from_name(&word).is_some()
            || catalog.is_gpu_word(&word)
            || catalog.find_gpu(&word).is_some()
    })
}

/// The span of the `org/name` around the slash at `slash`: each side a letter or digit
/// followed by id bytes (`[A-Za-z0-9][A-Za-z0-9._-]*`), the whole not preceded by an id
/// byte, `/`, `:` or `@`. Each slash starts its own candidate, in text order, as a regex
/// scan for that shape would find them.
fn id_around(bytes: &[u8], slash: usize) -> Option<(usize, usize)> {
    let start = bytes[..slash]
        .iter()
        .rposition(|&b| !is_id_byte(b))
        .map_or(0, |i| i + 1);
    let after_ok = start == 0 || !matches!(bytes[start - 1], b'/' | b':' | b'@');
    let first_ok = start < slash && bytes[start].is_ascii_alphanumeric();
    let name = slash + 1;
    let name_ok = bytes.get(name).is_some_and(u8::is_ascii_alphanumeric);
    if !(after_ok && first_ok && name_ok) {
        return None;
    }
    let end = bytes[name..]
        .iter()
        .position(|&b| !is_id_byte(b))
        .map_or(bytes.len(), |n| name + n);
    Some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_hub_rules() {
        for ok in [
            "org/name",
            "moonshotai/Kimi-K2-Instruct",
            "unsloth/Qwen3-30B-A3B-GGUF",
            "a.b/c_d",
        ] {
            assert!(is_repo_id(ok), "{ok}");
        }
        for bad in [
            "1/2",
            "org/",
            "/name",
            "a--b/c",
            "a/b..c",
            "https://x/y",
            "org/name/extra",
            "-org/name",
            "org/name.git",
        ] {
            assert!(!is_repo_id(bad), "{bad}");
        }
    }

    #[test]
    fn urls_and_catalog_ids_are_not_looked_up() {
        let c = Catalog::get();
        assert_eq!(
            find(c, "someorg/Kimi-K2-Turbo fp8 on 8x h200").as_deref(),
            Some("someorg/Kimi-K2-Turbo")
        );
        // The catalog holds Kimi K2 under its Hub id.
        assert_eq!(find(c, "moonshotai/Kimi-K2-Instruct fp8 on 8x h200"), None);
        assert_eq!(find(c, "see https://huggingface.co/org/name please"), None);
        assert_eq!(find(c, "mail me@host/x"), None);
        assert_eq!(find(c, "llama 70b 1/2 precision"), None);
        // Two of our own words joined by a slash are a choice, not a repo.
        for pair in [
            "deepseek v3 q2_k with llama.cpp, how much ram/vram",
            "gpu/cpu split for llama 70b",
            "fp16/bf16 llama 8b",
            "tp/pp on 8x h100",
            "vllm/sglang for qwen3 32b",
            "h100/h200 for llama 70b",
            "RAM/VRAM needed",
            "lora/qlora llama 8b",
            "rtx3090/rtx4090 for llama 70b",
            "q4/q8 llama 8b",
            "gguf/exl2 qwen 7b",
            "vllm/tgi qwen 7b",
        ] {
            assert_eq!(find(c, pair), None, "{pair}");
        }
        // A real org with one of those words as its name part is still a repo.
        assert_eq!(find(c, "someorg/vram fp8").as_deref(), Some("someorg/vram"));
        // The catalog's own models stay offline; fine-tunes and quantized uploads do not.
        assert!(!needs_hub(c, "meta-llama/Llama-3.1-8B-Instruct"));
        assert!(!needs_hub(c, "Qwen/Qwen2.5-7B-Instruct"));
        assert!(needs_hub(c, "someorg/Llama-3.1-8B-Turbo"));
        assert!(needs_hub(c, "Qwen/Qwen2.5-7B-Instruct-AWQ"));
    }
}
