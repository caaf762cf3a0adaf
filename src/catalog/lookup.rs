//! Name resolution: ids, aliases, loose spellings and typos, with suggestions when unsure.
//!
//! Models resolve by structure rather than by string distance alone: a query is split into
//! name words ("llama", "distill"), a version ("3.1", "r1") and a size ("70b"). A query
//! without a version picks the newest model of that name and size ("llama 70b" is Llama 3.3
//! 70B) and says so through [`MatchKind::Newest`]. Typos are corrected word by word against
//! the catalog's own vocabulary, so "lamma" becomes "llama" but "70b" never becomes "7b".

use super::tokens::{is_version, size_b, tokenize};
use super::{GpuSpec, ModelSpec};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// Why a name resolved to what it did; the answer mentions anything but `Exact`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchKind {
    /// Id or alias, spelled loosely at most (case, separators).
    Exact,
    /// No version given: the newest of `candidates` models with that name and size.
    Newest { candidates: usize },
    /// Words were corrected ("lamma" -> "llama").
    Corrected { from: String },
    /// Only part of what was typed named a model: the answer is for the model that part
    /// names, and says so instead of passing it off as the one asked about.
    Assumed { from: String },
}

#[derive(Debug, Clone, PartialEq)]
pub struct ModelMatch<'a> {
    pub model: &'a ModelSpec,
    pub kind: MatchKind,
}

#[derive(Debug, Clone)]
pub struct GpuMatch<'a> {
    pub gpu: &'a GpuSpec,
    pub kind: MatchKind,
}

/// A name the catalog could not resolve, with the closest ids.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LookupError {
    #[error("unknown model '{input}'")]
    UnknownModel {
        input: String,
        suggestions: Vec<String>,
    },
    #[error("unknown GPU '{input}'")]
    UnknownGpu {
        input: String,
        suggestions: Vec<String>,
    },
}

/// Words that never identify a model ("instruct", "unsloth", "de").
pub(super) fn is_model_noise(word: &str) -> bool {
    matches!(
        word,
        "instruct"
            | "mistralai"
            | "google"
            | "qwenlm"
            | "deepseekai"
            | "unsloth"
            | "thebloke"
            | "bartowski"
            | "lmstudio"
            | "community"
            | "chat"
            | "it"
            | "hf"
            | "base"
            | "meta"
            | "microsoft"
            | "openai"
            | "tiiuae"
            | "bigscience"
            | "eleutherai"
            | "model"
            | "modelo"
            | "the"
            | "a"
            | "an"
            | "o"
            | "el"
            | "um"
            | "un"
            | "uma"
            | "una"
            | "gguf"
            | "awq"
            | "gptq"
            | "mlx"
            | "bnb"
            | "4bit"
            | "8bit"
            | "ai"
            | "de"
            | "do"
            | "da"
            | "del"
    )
}

/// Words that never identify a GPU ("nvidia", "de").
fn is_gpu_noise(word: &str) -> bool {
    matches!(
        word,
        "nvidia"
            | "geforce"
            | "tesla"
            | "quadro"
            | "amd"
            | "radeon"
            | "instinct"
            | "apple"
            | "mac"
            | "macbook"
            | "studio"
            | "mini"
            | "air"
            | "imac"
            | "de"
            | "da"
            | "do"
            | "del"
            | "com"
            | "con"
            | "with"
            | "gpu"
            | "gpus"
            | "card"
            | "placa"
            | "tarjeta"
            | "x"
            | "generation"
            | "graphics"
            | "the"
            | "a"
            | "uma"
            | "una"
            | "um"
            | "un"
    )
}

#[derive(Debug, Default, Clone)]
pub(super) struct ModelKeys {
    pub(super) tokens: HashSet<String>,
    /// Words of the id that are neither its version nor its size ("llama", "instruct").
    id_names: Vec<String>,
    pub(super) version: Option<String>,
    pub(super) size_b: f64,
    /// The place of the model's `release` among all releases (equal dates share one), so
    /// "the newest" compares two numbers instead of two date strings.
    release_rank: usize,
}

#[derive(Debug, Default)]
struct GpuKeys {
    tokens: HashSet<String>,
}

/// Precomputed lookup keys for every catalog entry.
#[derive(Debug, Default)]
pub(super) struct Index {
    model_exact: HashMap<String, usize>,
    /// An alias with no version ("ernie", "olmo 7b") -> the entry that lists it: the model
    /// its publisher means when no newer one of that name answers it.
    model_generic: HashMap<String, usize>,
    /// Lower-cased `hub_id` -> model: a repo id the catalog serves resolves exactly.
    hub_ids: HashMap<String, usize>,
    model_keys: Vec<ModelKeys>,
    /// Word -> the models whose keys hold it, in catalog order: a query's name words
    /// pick their models by intersecting these instead of testing every model.
    pub(super) models_by_word: HashMap<String, Vec<usize>>,
    pub(super) model_vocab: Vocab,
    /// Every model id and alias is ASCII, so a word with other letters names no model.
    ascii_model_names: bool,
    gpu_exact: HashMap<String, usize>,
    /// GPU id -> its place in the catalog: renderers look up every pick's card by id.
    gpu_ids: HashMap<String, usize>,
    gpu_keys: Vec<GpuKeys>,
    gpu_vocab: Vocab,
    /// Alias words with a digit that name a GPU ("4090", "a100", "mi300x").
    gpu_cores: HashSet<String>,
    /// The [`core_name`] of every model's id, aliases and display name: a Hub repo whose
    /// name is none of them is not a catalog model under another spelling.
    model_cores: HashSet<String>,
    /// Every `hub_id` has a slash, so a name without one needs no look-up there.
    hub_ids_have_slash: bool,
}

/// Words a repo name adds to a model's own name without changing its weights.
const SAME_WEIGHTS: &[&str] = &["instruct", "chat", "hf", "it", "base", "gguf"];

/// A name's words without those, run together ("Llama-3.1-8B-Instruct" -> "llama3.18b").
pub fn core_name(name: &str) -> String {
    tokenize(name)
        .into_iter()
        .filter(|t| !SAME_WEIGHTS.contains(&t.as_str()))
        .collect()
}

/// [`core_name`] of a model's name, its repo part when it has an organisation.
fn repo_core_name(name: &str) -> String {
    core_name(name.rsplit('/').next().unwrap_or(name))
}

/// The name words of the catalog's models or GPUs: a set to tell whether a word is one
/// (a hash instead of a dozen string comparisons), and the sorted list typos are matched
/// against.
#[derive(Debug, Default)]
pub(super) struct Vocab {
    words: HashSet<String>,
    sorted: Vec<String>,
}

impl Vocab {
    fn new(words: HashSet<String>) -> Vocab {
        let mut sorted: Vec<String> = words.iter().cloned().collect();
        sorted.sort();
        Vocab { words, sorted }
    }

    pub(super) fn contains(&self, word: &str) -> bool {
        self.words.contains(word)
    }
}

fn compact(tokens: &[String]) -> String {
    tokens.concat()
}

/// The tokens that are not noise. The noise lists are `matches!` patterns, which the
/// compiler turns into a search by length and bytes rather than one comparison per word.
pub(super) fn strip_noise(mut tokens: Vec<String>, noise: fn(&str) -> bool) -> Vec<String> {
    tokens.retain(|t| !noise(t));
    tokens
}

pub(super) fn is_name_word(t: &str) -> bool {
    t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic())
}

impl Index {
    /// The model whose `hub_id` is `repo`, whatever its case.
    pub(super) fn by_hub_id(&self, repo: &str) -> Option<usize> {
        if self.hub_ids_have_slash && !repo.contains('/') {
            return None;
        }
        self.hub_ids.get(&repo.trim().to_ascii_lowercase()).copied()
    }

    pub(super) fn build(models: &[ModelSpec], gpus: &[GpuSpec]) -> Index {
        let mut index = Index::default();
        let mut vocab = HashSet::default();
        for (i, m) in models.iter().enumerate() {
            let keys = model_keys(m);
            index.model_exact.insert(compact(&tokenize(&m.id)), i);
            if let Some(repo) = &m.hub_id {
                index.hub_ids.entry(repo.to_ascii_lowercase()).or_insert(i);
            }
            let names = std::iter::once(&m.id)
                .chain(&m.aliases)
                .chain(std::iter::once(&m.display_name));
            index.model_cores.extend(names.map(|n| repo_core_name(n)));
            for alias in &m.aliases {
                let toks = strip_noise(tokenize(alias), is_model_noise);
                // An alias without any version ("llama 70b", "olmo 7b") is a family query,
                // not a name: the newest of that name and size answers it. One with a
                // version or date of its own ("mistral small 2501", "jamba mini 1.7") names
                // this entry as its publisher also calls it.
                let generic = keys.version.is_some() && !toks.iter().any(|t| is_version(t));
                let key = compact(&toks);
                if generic {
                    index.model_generic.entry(key).or_insert(i);
                } else {
                    index.model_exact.entry(key).or_insert(i);
                }
            }
            vocab.extend(keys.tokens.iter().filter(|t| is_name_word(t)).cloned());
            for t in &keys.tokens {
                index.models_by_word.entry(t.clone()).or_default().push(i);
            }
            index.model_keys.push(keys);
        }
        index.hub_ids_have_slash = index.hub_ids.keys().all(|k| k.contains('/'));
        let mut releases: Vec<&Option<String>> = models.iter().map(|m| &m.release).collect();
        releases.sort();
        releases.dedup();
        for (keys, m) in index.model_keys.iter_mut().zip(models) {
            keys.release_rank = releases.partition_point(|r| *r < &m.release);
        }
        index.ascii_model_names = models
            .iter()
            .all(|m| m.id.is_ascii() && m.aliases.iter().all(|a| a.is_ascii()));
        index.model_vocab = Vocab::new(vocab);

        let mut vocab = HashSet::default();
        for (i, g) in gpus.iter().enumerate() {
            index.gpu_ids.entry(g.id.clone()).or_insert(i);
            let mut tokens = HashSet::default();
            for name in std::iter::once(&g.id).chain(&g.aliases) {
                let toks = strip_noise(without_macbook_pro(tokenize(name)), is_gpu_noise);
                index.gpu_exact.entry(compact(&toks)).or_insert(i);
                tokens.extend(toks);
            }
            vocab.extend(tokens.iter().filter(|t| is_name_word(t)).cloned());
            index.gpu_cores.extend(
                tokens
                    .iter()
                    .filter(|t| t.chars().any(|c| c.is_ascii_digit()))
                    .filter(|t| memory_gb(t).is_none() && !t.starts_with("sxm"))
                    .cloned(),
            );
            index.gpu_keys.push(GpuKeys { tokens });
        }
        index.gpu_vocab = Vocab::new(vocab);
        index
    }
}

impl super::Catalog {
    /// The lookup keys of `m`: the ones worked out at load for a catalog entry (found by
    /// address: a hundred pointer compares against re-tokenizing every name of the entry,
    /// which cost about 16k instructions per question), else worked out now (a Hub model).
    pub(super) fn keys_of(&self, m: &ModelSpec) -> std::borrow::Cow<'_, ModelKeys> {
        match self.models.iter().position(|x| std::ptr::eq(x, m)) {
            Some(i) => std::borrow::Cow::Borrowed(&self.index.model_keys[i]),
            None => std::borrow::Cow::Owned(model_keys(m)),
        }
    }
}

pub(super) fn model_keys(m: &ModelSpec) -> ModelKeys {
    let id_tokens = tokenize(&m.id);
    let mut tokens: HashSet<String> = id_tokens.iter().cloned().collect();
    for alias in &m.aliases {
        tokens.extend(strip_noise(tokenize(alias), is_model_noise));
    }
    let version = id_tokens.iter().find(|t| is_version(t)).cloned();
    let size = id_tokens
        .iter()
        .chain(tokens.iter())
        .filter_map(|t| size_b(t))
        .next()
        .unwrap_or(m.params_total as f64 / 1e9);
    let id_names = id_tokens
        .iter()
        .filter(|t| !is_version(t) && size_b(t).is_none())
        .cloned()
        .collect();
    ModelKeys {
        tokens,
        id_names,
        version,
        size_b: size,
        // Set once every model's release is known.
        release_rank: 0,
    }
}

/// The vocabulary word closest to `t`, when close enough: typos keep the first letter
/// and roughly the length, which also keeps this cheap on the reply path.
fn close_word<'v>(t: &str, vocab: &'v [String]) -> Option<&'v String> {
    if t.len() < 4 || !t.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let first = t.as_bytes()[0];
    vocab
        .iter()
        .filter(|v| v.len() >= 4 && v.as_bytes()[0] == first && v.len().abs_diff(t.len()) <= 2)
        .map(|v| (strsim::jaro_winkler(t, v), v))
        .filter(|(score, _)| *score >= 0.88)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, v)| v)
}

/// Replace words that are not in `vocab` by the closest one, when close enough.
///
/// In place: on the reply path most words are right and nothing is copied.
pub(super) fn correct(mut tokens: Vec<String>, vocab: &Vocab) -> (Vec<String>, bool) {
    let mut changed = false;
    for t in &mut tokens {
        if vocab.contains(t) || super::name::is_variant_word(t) {
            continue;
        }
        if let Some(v) = close_word(t, &vocab.sorted) {
            changed = true;
            t.clone_from(v);
        }
    }
    (tokens, changed)
}

/// The model part of a Hub id ("meta-llama/Llama-3.1-8B-Instruct" -> "Llama-3.1-8B-Instruct"):
/// the organisation names who uploaded it (unsloth, bartowski, a lab), never which model.
/// Only a single word with one slash is a Hub id; other text is left as typed.
pub(super) fn repo_name(input: &str) -> &str {
    let trimmed = input.trim();
    match trimmed.split_once('/') {
        Some((org, name))
            if !org.is_empty()
                && !name.is_empty()
                && !name.contains('/')
                && !trimmed.contains(char::is_whitespace) =>
        {
            name
        }
        _ => input,
    }
}

pub(super) fn same_size(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.02 * b.max(0.1)
}

impl Index {
    /// Whether some model's id, alias or display name has this [`core_name`].
    pub(super) fn has_core_name(&self, core: &str) -> bool {
        self.model_cores.contains(core)
    }

    /// Where the GPU with this exact id sits in the catalog's list, if any.
    pub(super) fn gpu_position(&self, id: &str) -> Option<usize> {
        self.gpu_ids.get(id).copied()
    }
}

impl super::Catalog {
    /// Resolve a model name as a user would type it; unknown names get suggestions.
    pub fn resolve_model(&self, input: &str) -> Result<ModelMatch<'_>, LookupError> {
        self.find_model(input)
            .ok_or_else(|| LookupError::UnknownModel {
                input: input.trim().to_string(),
                suggestions: self
                    .model_suggestions(&strip_noise(tokenize(repo_name(input)), is_model_noise)),
            })
    }

    /// Resolve a model name, or None (no suggestions: the cheap path for the parser).
    pub fn find_model(&self, input: &str) -> Option<ModelMatch<'_>> {
        if let Some(i) = self.index.by_hub_id(input) {
            return Some(ModelMatch {
                model: &self.models[i],
                kind: MatchKind::Exact,
            });
        }
        let tokens = strip_noise(tokenize(repo_name(input)), is_model_noise);
        if tokens.is_empty() {
            return None;
        }
        if let Some(&i) = self.index.model_exact.get(&compact(&tokens)) {
            return Some(ModelMatch {
                model: &self.models[i],
                kind: MatchKind::Exact,
            });
        }
        let (fixed, corrected) = correct(tokens, &self.index.model_vocab);
        let found = if corrected {
            self.index
                .model_exact
                .get(&compact(&fixed))
                .map(|&i| (i, 1))
                .or_else(|| self.structured_model(&fixed))
        } else {
            self.structured_model(&fixed)
        };
        let (found, candidates) = found?;
        let i = if corrected {
            found
        } else {
            self.alias_owner_on_a_tie(&fixed, found)
        };
        let kind = if corrected {
            MatchKind::Corrected {
                from: input.trim().to_string(),
            }
        } else if candidates > 1 {
            MatchKind::Newest { candidates }
        } else {
            MatchKind::Exact
        };
        Some(ModelMatch {
            model: &self.models[i],
            kind,
        })
    }

    /// The entry that lists `tokens` as an alias without a version, when the structured pick
    /// is no newer than it ("ernie" is ERNIE 4.5 300B, not the 0.3B with fewer id words);
    /// a newer model of that name still wins ("olmo 7b" is Olmo 3 7B).
    fn alias_owner_on_a_tie(&self, tokens: &[String], pick: usize) -> usize {
        match self.index.model_generic.get(&compact(tokens)) {
            Some(&owner)
                if self.index.model_keys[owner].release_rank
                    >= self.index.model_keys[pick].release_rank =>
            {
                owner
            }
            _ => pick,
        }
    }

    /// Match name words, version and size; returns the pick and how many models qualified.
    fn structured_model(&self, tokens: &[String]) -> Option<(usize, usize)> {
        let version = tokens.iter().find(|t| is_version(t));
        // After a version, a bare number is the size: "qwen2.5 32" is Qwen2.5 32B.
        let size = tokens.iter().find_map(|t| size_b(t)).or_else(|| {
            tokens
                .iter()
                .skip_while(|t| Some(*t) != version)
                .skip(1)
                .find_map(|t| t.parse::<f64>().ok())
        });
        // A variant no model has ("qwen3 vl" while the catalog has no VL model) names
        // another model than any the catalog holds.
        if tokens
            .iter()
            .any(|t| super::name::is_variant_word(t) && !self.index.model_vocab.contains(t))
        {
            return None;
        }
        let names: Vec<&String> = tokens
            .iter()
            .filter(|t| size_b(t).is_none() && !is_version(t))
            .filter(|t| self.index.model_vocab.contains(t) || !is_name_word(t))
            .collect();
        if names.is_empty() && version.is_none_or(|v| !v.starts_with(['r', 'v'])) {
            return None;
        }
        // The models holding every name word: the intersection of their posting lists
        // (each sorted by model index), or every model when only a version was given.
        // One name word (the common case) reads its list in place.
        let candidates: std::borrow::Cow<[usize]> = match names.split_first() {
            Some((first, [])) => std::borrow::Cow::Borrowed(self.index.models_by_word.get(*first)?),
            Some((first, rest)) => {
                let mut list = self.index.models_by_word.get(*first)?.clone();
                for name in rest {
                    let other = self.index.models_by_word.get(*name)?;
                    list.retain(|i| other.binary_search(i).is_ok());
                }
                std::borrow::Cow::Owned(list)
            }
            None => std::borrow::Cow::Owned((0..self.index.model_keys.len()).collect()),
        };
        // The models with the fewest id words the query lacks, and the newest of them
        // (the last one on a tie, as `max_by` picks).
        let mut best: Option<(usize, usize, usize)> = None; // (extras, how many, newest)
        for &i in candidates.iter() {
            let keys = &self.index.model_keys[i];
            let size_ok = size.is_none_or(|s| same_size(s, keys.size_b));
            // The version must be the model's own ("llama3 8b 128k" is an alias of 3.1 8B,
            // but "3" is not its version).
            let version_ok = version.is_none_or(|v| match &keys.version {
                // "granite 4" names Granite 4.0.
                Some(own) => own == v || own.strip_suffix(".0") == Some(v.as_str()),
                // A release tag ("v0.1") on a model without versions is harmless; a
                // number ("gpt 17") is a version the catalog does not have.
                None => v.starts_with('v'),
            });
            if size_ok && version_ok {
                let extras = keys.id_names.iter().filter(|t| !tokens.contains(t)).count();
                best = Some(match best {
                    Some((fewest, n, newest)) if extras == fewest => {
                        let newer = keys.release_rank >= self.index.model_keys[newest].release_rank;
                        (fewest, n + 1, if newer { i } else { newest })
                    }
                    Some(kept) if extras > kept.0 => kept,
                    _ => (extras, 1, i),
                });
            }
        }
        best.map(|(_, n, newest)| (newest, n))
    }

    /// The closest model ids: structural matches with constraints relaxed, then spelling.
    fn model_suggestions(&self, tokens: &[String]) -> Vec<String> {
        let (fixed, _) = correct(tokens.to_vec(), &self.index.model_vocab);
        let without_version: Vec<String> =
            fixed.iter().filter(|t| !is_version(t)).cloned().collect();
        let without_size: Vec<String> = without_version
            .iter()
            .filter(|t| size_b(t).is_none())
            .cloned()
            .collect();
        let mut out: Vec<String> = Vec::new();
        for relaxed in [&without_version, &without_size] {
            if relaxed.is_empty() {
                continue;
            }
            let mut ids: Vec<&ModelSpec> = self
                .index
                .model_keys
                .iter()
                .enumerate()
                .filter(|(_, k)| relaxed.iter().all(|t| k.tokens.contains(t)))
                .map(|(i, _)| &self.models[i])
                .collect();
            ids.sort_by(|a, b| b.release.cmp(&a.release));
            for m in ids {
                if !out.contains(&m.id) {
                    out.push(m.id.clone());
                }
            }
        }
        if out.is_empty() {
            out = spelling_suggestions(
                &compact(&fixed),
                self.models.iter().map(|m| (&m.id, &m.aliases)),
            );
        }
        out.truncate(3);
        out
    }

    /// Whether a word of free text starts a model name: a family or name word of the
    /// catalog (typos allowed), an alias on its own ("r1", "8x7b"), or an id with an
    /// organisation ("meta-llama/llama-3.1-8b").
    pub fn is_model_word(&self, word: &str) -> bool {
        // Chinese words around a name ("能跑", "的") are settled without normalizing them.
        if self.index.ascii_model_names && !word.is_ascii() {
            return false;
        }
        // Most words of a question are plain words: settle them without allocating.
        if word.bytes().all(|b| b.is_ascii_lowercase()) {
            return self.index.model_vocab.contains(word)
                || self.index.model_exact.contains_key(word)
                || self.is_id_code(word)
                || close_word(word, &self.index.model_vocab.sorted).is_some();
        }
        let tokens = tokenize(word);
        if tokens.is_empty() {
            return false;
        }
        if self.index.model_exact.contains_key(&compact(&tokens)) {
            return true;
        }
        tokens.iter().any(|t| {
            self.index.model_vocab.contains(t)
                || self.is_id_code(t)
                || close_word(t, &self.index.model_vocab.sorted).is_some()
        })
    }

    /// Short codes inside model ids that are neither sizes nor versions ("h1" in
    /// Falcon-H1, "k2" in Kimi K2, "m2" in MiniMax-M2, "h" in Granite 4.0-H): they
    /// belong to a name though they are not plain words.
    fn is_id_code(&self, token: &str) -> bool {
        token.bytes().any(|b| b.is_ascii_alphabetic())
            && size_b(token).is_none()
            && !is_version(token)
            && self.index.models_by_word.contains_key(token)
    }

    /// Whether a word of free text names a GPU by itself ("4090", "a100", "h100s", "mi300x";
    /// also "6000" and "m3", which need "ada"/"max" after them).
    pub fn is_gpu_word(&self, word: &str) -> bool {
        // Every core word has a digit: most words of a question are settled without hashing.
        if !word.bytes().any(|b| b.is_ascii_digit()) {
            return false;
        }
        let stem = word.strip_suffix('s').unwrap_or(word);
        self.index.gpu_cores.contains(word) || self.index.gpu_cores.contains(stem)
    }

    /// Resolve a GPU name ("4090", "a100 40gb", "h100 pcie", "3060 de 12gb"); unknown
    /// names get suggestions.
    pub fn resolve_gpu(&self, input: &str) -> Result<GpuMatch<'_>, LookupError> {
        self.find_gpu(input).ok_or_else(|| {
            let tokens = strip_noise(tokenize(input), is_gpu_noise);
            let (fixed, _) = correct(tokens, &self.index.gpu_vocab);
            LookupError::UnknownGpu {
                input: input.trim().to_string(),
                suggestions: spelling_suggestions(
                    &compact(&fixed),
                    self.gpus.iter().map(|g| (&g.id, &g.aliases)),
                ),
            }
        })
    }

    /// Resolve a GPU name, or None (no suggestions: the cheap path for the parser).
    pub fn find_gpu(&self, input: &str) -> Option<GpuMatch<'_>> {
        let tokens = strip_noise(without_macbook_pro(tokenize(input)), is_gpu_noise);
        if tokens.is_empty() {
            return None;
        }
        if let Some(&i) = self.index.gpu_exact.get(&compact(&tokens)) {
            return Some(GpuMatch {
                gpu: &self.gpus[i],
                kind: MatchKind::Exact,
            });
        }
        let (fixed, corrected) = correct(tokens, &self.index.gpu_vocab);
        let gpu = self.structured_gpu(&fixed)?;
        let kind = if corrected {
            MatchKind::Corrected {
                from: input.trim().to_string(),
            }
        } else {
            MatchKind::Exact
        };
        Some(GpuMatch { gpu, kind })
    }

    /// The GPU whose name holds every word of `tokens`, at the memory size they give (a
    /// chip's configuration of that size: "m3 max 64gb").
    fn structured_gpu(&self, tokens: &[String]) -> Option<&GpuSpec> {
        let memory = tokens.iter().find_map(|t| memory_gb(t));
        let names: Vec<&String> = tokens.iter().filter(|t| memory_gb(t).is_none()).collect();
        if names.is_empty() {
            return None;
        }
        // A name given whole, then its size ("strix halo 64gb", "dgx spark 128gb").
        if let Some(gb) = memory {
            let whole: Vec<String> = names.iter().map(|n| n.to_string()).collect();
            if let Some(g) = self
                .index
                .gpu_exact
                .get(&compact(&whole))
                .and_then(|&i| self.sized(i, gb))
            {
                return Some(g);
            }
        }
        let (i, _) = self
            .index
            .gpu_keys
            .iter()
            .enumerate()
            .filter(|(i, k)| {
                names.iter().all(|n| k.tokens.contains(*n))
                    && memory.is_none_or(|gb| self.sized(*i, gb).is_some())
                    && !has_unnamed_variant(&self.gpus[*i].id, tokens)
            })
            .min_by_key(|(_, k)| k.tokens.len())?;
        match memory {
            Some(gb) => self.sized(i, gb),
            None => self.gpus.get(i),
        }
    }
}

/// Words that make a different card of the same number ("4080" is not "4080 super", nor
/// the 4080 Laptop GPU).
const GPU_VARIANTS: &[&str] = &["ti", "super", "nvl", "xtx", "xt", "ultra", "max", "laptop"];

/// The GPU id carries a variant word the query did not say.
fn has_unnamed_variant(id: &str, query: &[String]) -> bool {
    tokenize(id)
        .iter()
        .any(|t| GPU_VARIANTS.contains(&t.as_str()) && !query.contains(t))
}

/// "macbook pro m4 max" names the M4 Max: the laptop's "pro" is not the chip's.
fn without_macbook_pro(mut tokens: Vec<String>) -> Vec<String> {
    if let Some(i) = tokens.iter().position(|t| t == "macbook")
        && tokens.get(i + 1).is_some_and(|t| t == "pro")
    {
        tokens.remove(i + 1);
    }
    tokens
}

/// "24gb" / "24g" -> 24.
fn memory_gb(token: &str) -> Option<f64> {
    let body = token
        .strip_suffix("gb")
        .or_else(|| token.strip_suffix('g'))?;
    body.parse().ok()
}

/// Ids whose id or aliases are spelled most like `query`.
fn spelling_suggestions<'a>(
    query: &str,
    entries: impl Iterator<Item = (&'a String, &'a Vec<String>)>,
) -> Vec<String> {
    if query.is_empty() {
        return Vec::new();
    }
    let mut scored: Vec<(f64, &String)> = entries
        .map(|(id, aliases)| {
            let best = std::iter::once(id)
                .chain(aliases)
                .map(|n| strsim::jaro_winkler(query, &compact(&tokenize(n))))
                .fold(0.0, f64::max);
            (best, id)
        })
        .filter(|(s, _)| *s > 0.6)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
        .into_iter()
        .take(3)
        .map(|(_, id)| id.clone())
        .collect()
}

#[cfg(test)]
#[path = "lookup_tests.rs"]
mod tests;
