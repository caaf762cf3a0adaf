//! Names the catalog holds only in part ("gemma 4 31b" while it knows Gemma 3): whether a
//! catalog model agrees with every size, version and variant a name gives, and, when none
//! does, a model of the size in the name with the architecture of its closest family.
//!
//! A confident answer about another model is worse than none: "31b" is never answered as
//! 1B, "gemma 4" never as Gemma 3, "qwen3 vl" never as Qwen3. What is sized from the name
//! says so, and names the model whose shape it borrows.

use super::lookup::{
    correct, is_model_noise, is_name_word, model_keys, repo_name, same_size, strip_noise,
};
use super::synthetic::{format_size, scaled_like, synthetic_model};
use super::tokens::{is_version, size_b, tokenize};
use super::{Catalog, ModelSpec, Origin};

/// Words that make another model of the same family and size: "Qwen3-VL-30B-A3B" is not
/// Qwen3-30B-A3B, "Nemotron Super" is not "Nemotron Nano", "GLM-4.5-Air" is not GLM-4.5.
const VARIANT_WORDS: &[&str] = &[
    "vl",
    "coder",
    "super",
    "nano",
    "air",
    "mini",
    "small",
    "medium",
    "large",
    "flash",
    "pro",
    "max",
    "ultra",
    "omni",
    "math",
    "guard",
    "embed",
    "embedding",
    "reranker",
    "vision",
    "scout",
    "maverick",
    "next",
    "lite",
    "turbo",
    "tiny",
    "thinking",
    "audio",
    "devstral",
    "magistral",
    "codestral",
    "ministral",
];

/// A word that names a variant of a family ("vl", "coder", "super", "nano", "air").
pub fn is_variant_word(word: &str) -> bool {
    VARIANT_WORDS.contains(&word)
}

/// An active-parameter mark of a MoE name ("a3b", "a22b", "a1.5b"), in billions.
fn active_b(token: &str) -> Option<f64> {
    size_b(token.strip_prefix('a')?)
}

/// A model sized from its name: what stands in for it, and which model lent its shape.
#[derive(Debug, Clone)]
pub struct SizedName {
    /// The name as the answer writes it ("Gemma 4 31B").
    pub name: String,
    pub spec: ModelSpec,
    /// The display name of the model whose architecture was borrowed.
    pub like: String,
    /// Total parameters the name gives, in billions.
    pub params_b: f64,
    /// Sized as a mixture of experts (an active size in the name, or a MoE family).
    pub moe: bool,
}

/// The size a name's words give: a size token ("31b"), else a bare number after the
/// version ("qwen2.5 32").
fn size_in(tokens: &[String]) -> Option<f64> {
    tokens.iter().find_map(|t| size_b(t)).or_else(|| {
        let version = tokens.iter().position(|t| is_version(t))?;
        tokens[version + 1..]
            .iter()
            .filter(|t| !t.contains('.'))
            .find_map(|t| t.parse::<f64>().ok())
    })
}

impl Catalog {
    /// Whether `model` agrees with every size, version and variant `text` gives: a catalog
    /// entry found from part of a name stands for the whole name only then.
    pub fn agrees(&self, model: &ModelSpec, text: &str) -> bool {
        let mut tokens = strip_noise(tokenize(repo_name(text)), is_model_noise);
        let keys = self.keys_of(model);
        // "qwen 2 5 7b": the version typed with a space for its dot.
        if let Some(own) = &keys.version
            && let Some(at) = tokens.windows(2).position(|w| is_dotted(own, &w[0], &w[1]))
        {
            tokens.splice(at..at + 2, [own.clone()]);
        }
        let first_version = tokens.iter().position(|t| is_version(t));
        tokens.iter().enumerate().all(|(i, t)| {
            if keys.tokens.contains(t) {
                return true;
            }
            if let Some(s) = size_b(t) {
                return same_size(s, keys.size_b);
            }
            if let Some(a) = active_b(t) {
                return same_size(a * 1e9, model.params_active as f64);
            }
            if is_version(t) {
                if Some(i) == first_version {
                    return keys
                        .version
                        .as_ref()
                        .is_some_and(|own| own == t || own.strip_suffix(".0") == Some(t));
                }
                // After the version, a bare number is the size ("qwen2.5 32").
                return t
                    .parse::<f64>()
                    .is_ok_and(|n| !t.contains('.') && same_size(n, keys.size_b));
            }
            // A code of letters and digits ("m4", "k3", "h2") names a model of its own.
            let code =
                t.bytes().any(|b| b.is_ascii_digit()) && t.bytes().any(|b| b.is_ascii_alphabetic());
            !is_variant_word(t) && !code
        })
    }

    /// A model of the size `input` names, shaped like the closest model of its family (the
    /// same MoE-ness, the nearest size, the newest on a tie), or like a typical dense
    /// decoder when no family word is known. None when the name gives no size.
    pub fn sized_from_name(&self, input: &str) -> Option<SizedName> {
        let raw = strip_noise(tokenize(repo_name(input)), is_model_noise);
        let total = size_in(&raw).filter(|b| b.is_finite() && *b > 0.0 && *b <= 100_000.0)?;
        let active = raw
            .iter()
            .find_map(|t| active_b(t))
            .filter(|a| *a > 0.0 && *a <= total);
        let (tokens, _) = correct(raw.clone(), &self.index.model_vocab);
        let family = tokens
            .iter()
            .find(|t| is_name_word(t) && self.index.model_vocab.contains(t));
        let reference = family
            .and_then(|word| self.index.models_by_word.get(word))
            .and_then(|list| {
                list.iter()
                    .map(|&i| &self.models[i])
                    .filter(|m| !m.synthetic && m.num_hidden_layers > 0)
                    .min_by(|a, b| {
                        let score = |m: &ModelSpec| reference_distance(m, &tokens, total, active);
                        score(a)
                            .total_cmp(&score(b))
                            .then_with(|| b.release.cmp(&a.release))
                    })
            });
        let spec = match reference {
            Some(r) => scaled_like(r, total, active),
            None => synthetic_model(self, total),
        };
        let like = match reference {
            Some(r) => r.display_name.clone(),
            None => spec
                .shape_of
                .as_deref()
                .and_then(|id| self.model(id))
                .map_or_else(String::new, |m| m.display_name.clone()),
        };
        let name = display_name(repo_name(input));
        let moe = spec.moe.is_some();
        Some(SizedName {
            spec: ModelSpec {
                id: format!("name-{}", format_size(total)),
                display_name: name.clone(),
                origin: Some(Origin::Name),
                ..spec
            },
            name,
            like,
            params_b: total,
            moe,
        })
    }
}

/// How far a family's model is from the name: its size (log ratio), a MoE named by an
/// active size against a dense model (a different kind of model), and each variant word
/// or version of the name it lacks ("qwen3 vl 235b" is closer to Qwen3 235B than to
/// Qwen2.5-VL 72B, but VL breaks a tie).
fn reference_distance(m: &ModelSpec, tokens: &[String], total: f64, active: Option<f64>) -> f64 {
    let keys = model_keys(m);
    let kind = if active.is_some() && m.moe.is_none() {
        10.0
    } else {
        0.0
    };
    let missing = tokens
        .iter()
        .filter(|t| (is_variant_word(t) || is_version(t)) && !keys.tokens.contains(*t))
        .count();
    kind + (m.params_b() / total).ln().abs() + 0.3 * missing as f64
}

/// A name as a title, word by word as typed: "gemma 4 31b" -> "Gemma 4 31B",
/// "qwen3-vl-235b" -> "Qwen3 VL 235B".
fn display_name(input: &str) -> String {
    let words: Vec<String> = input
        .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
        .filter(|w| !w.is_empty())
        .take(12)
        .map(|w| {
            let lower = w.to_lowercase();
            if size_b(&lower).is_some()
                || active_b(&lower).is_some()
                || (w.len() <= 2 && w.chars().all(|c| c.is_ascii_alphabetic()))
            {
                w.to_uppercase()
            } else {
                let mut c = w.chars();
                c.next()
                    .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
            }
        })
        .collect();
    words.join(" ")
}

/// Whether `version` is `major` and `minor` joined by a dot ("2.5" from "2" and "5"),
/// without building the joined string: the parse asks it of every pair of words typed.
fn is_dotted(version: &str, major: &str, minor: &str) -> bool {
    version.len() == major.len() + 1 + minor.len()
        && version.starts_with(major)
        && version.ends_with(minor)
        && version.as_bytes()[major.len()] == b'.'
}

#[cfg(test)]
mod tests {
    use super::is_dotted;

    #[test]
    fn a_version_is_its_two_words_joined_by_a_dot() {
        assert!(is_dotted("2.5", "2", "5"));
        assert!(is_dotted("3.1", "3", "1"));
        assert!(!is_dotted("2.5", "2", "6"));
        assert!(!is_dotted("2.5", "25", ""));
        assert!(!is_dotted("2-5", "2", "5"));
        assert!(!is_dotted("12.5", "2", "5"));
    }
}
