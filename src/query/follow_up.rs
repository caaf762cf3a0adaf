//! Follow-ups: a message that changes part of the last question ("e com 2 placas?", "and
//! in q8?", "y a 32k?", "换成5090呢", "what about vllm") is that question with the change.
//!
//! [`follow`] is pure: the previous question as it was read (its [`Parsed`], itself
//! perhaps a follow-up) and the new message's go in, and the question to answer comes out
//! with the list of what changed, so the answer can say what it kept. Where the previous
//! question comes from is the adapter's: Discord keeps one per user and channel, the web
//! page carries it in its follow-up form, `vramguide chat` keeps it for the session.

use super::clean::clean;
use super::intent::Intent;
use super::parse::Parsed;
use super::words::{self, Words};
use crate::estimate::{KvPrecision, Mode, Precision, Runtime};
use crate::vocab::Lang;
use serde::Serialize;

/// One thing a follow-up changed in the previous question.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// Another card (as typed), with its count when one was given.
    Gpu {
        gpu: String,
        count: Option<u64>,
    },
    /// As many cards of the same kind.
    GpuCount {
        count: u64,
    },
    Precision {
        precision: Precision,
    },
    KvPrecision {
        kv_precision: KvPrecision,
    },
    /// The context, in tokens.
    Context {
        tokens: u64,
    },
    Batch {
        batch: u64,
    },
    Runtime {
        runtime: Runtime,
    },
    Mode {
        mode: Mode,
    },
    /// Another model, by the name typed (or a bare size, "70b").
    Model {
        model: String,
    },
    /// The longest context the setup holds.
    MaxContext,
}

/// What to answer for a message, given the thread before it.
#[derive(Debug, Clone, PartialEq)]
pub enum Turn {
    /// A question of its own (or nothing before it to continue).
    Fresh(Box<Parsed>),
    /// The previous question with `changes`.
    FollowUp {
        parsed: Box<Parsed>,
        changes: Vec<Change>,
    },
    /// A follow-up ("and with 2 cards?") with no question before it to change, in the
    /// message's language when its words tell.
    Orphan { language: Option<Lang> },
}

impl Turn {
    /// The question to answer, when there is one.
    pub fn parsed(&self) -> Option<&Parsed> {
        match self {
            Turn::Fresh(p) => Some(p),
            Turn::FollowUp { parsed, .. } => Some(parsed),
            Turn::Orphan { .. } => None,
        }
    }
}

/// How strongly a message's words say it continues the last question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Cue {
    None,
    /// A bare conjunction opening the message ("and q8?", "e 2 placas?", "y a 32k?"): a
    /// follow-up only when the message names no model of its own.
    Weak,
    /// "what about", "e com", "y si", "换成", a closing "呢": the message continues the
    /// last question even when it names another model.
    Strong,
}

/// The question to answer for `new` (the parse of `text`) after `previous`.
pub fn follow(previous: Option<&Parsed>, new: Parsed, text: &str) -> Turn {
    let cue = cue_of(text);
    let own_kind = matches!(
        new.intent,
        Intent::Diagnose | Intent::Explain | Intent::Buy | Intent::Fit
    ) || (new.intent == Intent::Compare && new.gpus.len() >= 2);
    let changes = changes_of(&new);
    let Some(prev) = previous.filter(|p| continues(p)) else {
        // "and with 2 cards?" with nothing before it: say so, with an example.
        let orphan = cue > Cue::None && !new.query.has_subject() && !own_kind;
        let orphan = orphan && (!changes.is_empty() || new.unparsed.is_empty());
        return if orphan {
            Turn::Orphan {
                language: new.language,
            }
        } else {
            Turn::Fresh(Box::new(new))
        };
    };
    if own_kind || changes.is_empty() {
        return Turn::Fresh(Box::new(new));
    }
    let follows = if new.query.has_subject() {
        cue == Cue::Strong
    } else {
        cue > Cue::None || matches!(new.intent, Intent::Estimate | Intent::MaxContext)
            // One card named alone ("5090?"): the same question on it.
            || (new.intent == Intent::Compare && new.gpus.len() == 1)
    };
    if !follows {
        return Turn::Fresh(Box::new(new));
    }
    Turn::FollowUp {
        parsed: Box::new(merged(prev, new)),
        changes,
    }
}

/// Whether a question can be continued: an estimate (or its longest context) of a model.
fn continues(p: &Parsed) -> bool {
    matches!(p.intent, Intent::Estimate | Intent::MaxContext) && p.query.has_subject()
}

/// How strongly `text`'s words say it is a follow-up, in any of the four languages.
fn cue_of(text: &str) -> Cue {
    let cleaned = clean(text);
    let t = cleaned.trim();
    let mut best = Cue::None;
    for w in words::ALL {
        best = best.max(cue_in(w, t));
    }
    best
}

fn cue_in(w: &dyn Words, t: &str) -> Cue {
    let ends = w
        .follow_up_endings()
        .iter()
        .any(|e| t.trim_end_matches(['?', '.', '!', ' ']).ends_with(e));
    if ends || w.follow_up_anywhere().iter().any(|c| holds(t, c)) {
        return Cue::Strong;
    }
    match w.follow_up_openers().iter().find(|o| opens(t, o)) {
        Some(o) if o.contains(' ') || !o.is_ascii() => Cue::Strong,
        Some(_) => Cue::Weak,
        None => Cue::None,
    }
}

/// `t` starts with `word` as a whole word (Chinese: as a run's start).
fn opens(t: &str, word: &str) -> bool {
    t.strip_prefix(word).is_some_and(|rest| {
        !word.is_ascii() || rest.is_empty() || rest.starts_with(|c: char| !c.is_alphanumeric())
    })
}

/// `t` holds `word` as a whole word (Chinese: anywhere).
fn holds(t: &str, word: &str) -> bool {
    if !word.is_ascii() {
        return t.contains(word);
    }
    t.match_indices(word).any(|(at, _)| {
        let before = t[..at].chars().next_back();
        let after = t[at + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// What `new` says, as changes to whatever question came before.
fn changes_of(new: &Parsed) -> Vec<Change> {
    let q = &new.query;
    let mut out = Vec::new();
    match (&q.model, q.params_b) {
        (Some(m), _) => out.push(Change::Model {
            model: q.model_as_typed.clone().unwrap_or_else(|| m.clone()),
        }),
        (None, Some(b)) => out.push(Change::Model {
            model: format!("{b}B"),
        }),
        (None, None) => {}
    }
    match (&q.gpu, q.gpu_count) {
        (Some(gpu), count) => out.push(Change::Gpu {
            gpu: gpu.clone(),
            count,
        }),
        (None, Some(count)) => out.push(Change::GpuCount { count }),
        (None, None) => {}
    }
    if let Some(precision) = q.precision {
        out.push(Change::Precision { precision });
    }
    if let Some(kv_precision) = q.kv_precision {
        out.push(Change::KvPrecision { kv_precision });
    }
    let context = q.context.or_else(|| match (q.prompt, q.generate) {
        (Some(p), g) => Some(p + g.unwrap_or(0)),
        (None, g) => g,
    });
    if let Some(tokens) = context {
        out.push(Change::Context { tokens });
    }
    if let Some(batch) = q.batch {
        out.push(Change::Batch { batch });
    }
    if let Some(runtime) = q.runtime {
        out.push(Change::Runtime { runtime });
    }
    if let Some(mode) = q.mode {
        out.push(Change::Mode { mode });
    }
    if q.max_context {
        out.push(Change::MaxContext);
    }
    out
}

/// The previous question with what `new` says laid over it.
fn merged(prev: &Parsed, new: Parsed) -> Parsed {
    let mut out = prev.clone();
    let (q, n) = (&mut out.query, new.query);
    if n.has_subject() {
        q.model = n.model;
        q.params_b = n.params_b;
        q.model_as_typed = n.model_as_typed;
        out.model_match = new.model_match;
        out.hub_id = new.hub_id;
    }
    if n.gpu.is_some() {
        // Another card: as many as the message says (one when it says none).
        q.gpu = n.gpu;
        q.gpu_count = n.gpu_count;
        out.gpus = new.gpus;
        out.unknown_gpu = new.unknown_gpu;
    } else if let Some(count) = n.gpu_count {
        q.gpu_count = Some(count);
        if let [(_, c)] = out.gpus.as_mut_slice() {
            *c = Some(count);
        }
    }
    if n.context.is_some() || n.prompt.is_some() || n.generate.is_some() {
        q.context = n.context;
        q.prompt = n.prompt;
        q.generate = n.generate;
    }
    macro_rules! laid_over {
        ($($field:ident),*) => {$(
            if n.$field.is_some() {
                q.$field = n.$field;
            }
        )*};
    }
    laid_over!(
        precision,
        kv_precision,
        batch,
        runtime,
        mode,
        framework,
        optimizer,
        lora_rank,
        sharding,
        cpu_offload
    );
    q.max_context |= n.max_context;
    if q.max_context {
        out.intent = Intent::MaxContext;
    }
    // The reply speaks the language of the message, else the thread's.
    out.language = new.language.or(prev.language);
    out.unparsed = new.unparsed;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::query::parse;

    fn after(first: &str, second: &str) -> Turn {
        let catalog = Catalog::get();
        let prev = parse(catalog, first);
        follow(Some(&prev), parse(catalog, second), second)
    }

    fn model_id(p: &Parsed) -> Option<&str> {
        p.model_match.as_ref().map(|m| m.model.id.as_str())
    }

    fn followed(first: &str, second: &str) -> (Parsed, Vec<Change>) {
        match after(first, second) {
            Turn::FollowUp { parsed, changes } => (*parsed, changes),
            other => panic!("{second:?} after {first:?}: {other:?}"),
        }
    }

    #[test]
    fn the_four_follow_ups_of_the_issue_keep_the_question_on_two_cards() {
        let cases = [
            (
                "llama 3.1 8b em fp16 numa rtx 3060 12gb",
                "e com 2 placas?",
                Lang::Pt,
            ),
            (
                "llama 3.1 8b en fp16 en una rtx 3060 12gb",
                "y si uso 2 placas?",
                Lang::Es,
            ),
            (
                "llama 3.1 8b fp16 用一张3060 12gb能跑吗",
                "那换成两张卡呢",
                Lang::Zh,
            ),
            (
                "llama 3.1 8b fp16 on a rtx 3060 12gb",
                "what about with 2 cards?",
                Lang::En,
            ),
        ];
        for (first, second, lang) in cases {
            let (p, changes) = followed(first, second);
            assert_eq!(changes, vec![Change::GpuCount { count: 2 }], "{second}");
            assert_eq!(model_id(&p), Some("llama-3.1-8b"), "{second}");
            assert_eq!(p.query.precision, Some(Precision::Fp16), "{second}");
            assert_eq!(p.query.gpu_count, Some(2), "{second}");
            assert!(p.query.gpu.as_deref().is_some_and(|g| g.contains("3060")));
            assert_eq!(p.language, Some(lang), "{second}");
            assert_eq!(p.intent, Intent::Estimate);
        }
    }

    #[test]
    fn each_kind_of_change_is_laid_over_the_previous_question() {
        let first = "qwen3 14b on a 4090";
        let (p, c) = followed(first, "and in q8?");
        assert_eq!(
            c,
            vec![Change::Precision {
                precision: Precision::Q8_0
            }]
        );
        assert_eq!(p.query.gpu.as_deref(), Some("4090"));
        let (p, c) = followed(first, "y a 32k?");
        assert_eq!(c, vec![Change::Context { tokens: 32_768 }]);
        assert_eq!(p.language, Some(Lang::Es));
        let (p, c) = followed(first, "换成5090呢");
        assert!(matches!(&c[..], [Change::Gpu { gpu, count: None }] if gpu == "5090"));
        assert_eq!(p.query.gpu.as_deref(), Some("5090"));
        assert_eq!(model_id(&p), Some("qwen3-14b"));
        let (p, c) = followed(first, "what about vllm");
        assert_eq!(
            c,
            vec![Change::Runtime {
                runtime: Runtime::Vllm
            }]
        );
        assert_eq!(p.query.runtime, Some(Runtime::Vllm));
        let (p, _) = followed(first, "what about llama 3.1 70b?");
        assert_eq!(model_id(&p), Some("llama-3.1-70b"));
        assert_eq!(p.query.gpu.as_deref(), Some("4090"), "the card is kept");
        let (p, _) = followed(first, "and for qlora?");
        assert_eq!(p.query.mode, Some(Mode::Qlora));
    }

    #[test]
    fn follow_ups_chain() {
        let catalog = Catalog::get();
        let first = parse(catalog, "llama 3.1 8b on a rtx 3060 12gb");
        let second = "and with 2 cards?";
        let Turn::FollowUp { parsed, .. } = follow(Some(&first), parse(catalog, second), second)
        else {
            panic!("not a follow-up")
        };
        let third = "and in q4?";
        let Turn::FollowUp { parsed, .. } = follow(Some(&parsed), parse(catalog, third), third)
        else {
            panic!("not a follow-up")
        };
        assert_eq!(parsed.query.gpu_count, Some(2));
        assert!(parsed.query.precision.is_some());
    }

    #[test]
    fn a_question_of_its_own_is_not_a_follow_up() {
        for second in [
            "llama 3.1 70b on a 4090",
            "e ai, quanto de vram pro qwen3 32b?",
            "o que é nvlink?",
            "4090 vs 3090",
            "thanks!",
            "what can i run on a 3090",
        ] {
            assert!(
                matches!(after("qwen3 14b on a 4090", second), Turn::Fresh(_)),
                "{second}"
            );
        }
    }

    #[test]
    fn a_follow_up_with_nothing_before_it_is_an_orphan_in_its_language() {
        let catalog = Catalog::get();
        for (text, lang) in [
            ("what about with 2 cards?", Lang::En),
            ("e com 2 placas?", Lang::Pt),
            ("y si uso 2 placas?", Lang::Es),
            ("那换成两张卡呢", Lang::Zh),
        ] {
            let turn = follow(None, parse(catalog, text), text);
            assert_eq!(
                turn,
                Turn::Orphan {
                    language: Some(lang)
                },
                "{text}"
            );
        }
        // A question of its own with nothing before it is just that.
        let text = "llama 3.1 8b on a 4090";
        assert!(matches!(
            follow(None, parse(catalog, text), text),
            Turn::Fresh(_)
        ));
    }

    #[test]
    fn a_comparison_or_a_guide_is_not_continued() {
        let catalog = Catalog::get();
        let prev = parse(catalog, "4090 vs 3090");
        let text = "and with 2 cards?";
        assert!(matches!(
            follow(Some(&prev), parse(catalog, text), text),
            Turn::Orphan { .. }
        ));
    }
}
