//! Planning a server for N users: `--concurrency`, `--target-tokens-per-s` and the words
//! for them. "for 40 users", "para 40 usuários", "40个并发" are read as the batch by the
//! free-text parser (inference runs one sequence per user); a speed per user ("at 30
//! tok/s each") is read here.

use super::parse::Work;
use super::{Assumption, Query, Request};
use crate::error::Error;
use crate::estimate::at_load::MAX_USERS;
use crate::estimate::{Field, JobError, Mode, Runtime};
use regex::Regex;
use std::sync::LazyLock;

/// Above any reading speed and any engine's single stream: a typo, not a target.
const MAX_TARGET: f64 = 10_000.0;

/// "30 tok/s", "30 tokens/s", "30 t/s", "30 tokens por segundo", "30 tokens per second".
static TARGET: LazyLock<Regex> = LazyLock::new(|| {
    super::parse::re(
        r"\b(\d+(?:\.\d+)?)\s*(?:tokens?|toks?|t)\s*(?:/\s*s(?:eg)?\b|(?:por|per|a)\s+(?:segundo|second)\b)",
    )
});

/// The target speed per user the text names, blanked so no other pattern reads it. Most
/// messages name none: the pattern runs only when "/s" or "segund" or "second" appears.
#[inline]
pub(super) fn take_target(w: &mut Work) -> Option<f64> {
    let t = &w.text;
    if !(t.contains("/s") || t.contains("segund") || t.contains("second")) {
        return None;
    }
    let (value, start, end) = TARGET.captures_iter(&w.text).find_map(|c| {
        let v = c.get(1)?.as_str().parse::<f64>().ok()?;
        let m = c.get(0)?;
        Some((v, m.start(), m.end()))
    })?;
    w.blank_range(start, end);
    Some(value)
}

/// Put the load asked for on the request: `--concurrency N` (or, for inference, a batch
/// of N, which is N users at once) and the target speed. A concurrency sets the batch the
/// memory is sized for when none is given: N users hold N sequences.
pub(super) fn apply(q: &Query, req: &mut Request) -> Result<(), Error> {
    if let Some(n) = q.concurrency {
        if n == 0 {
            return Err(Error::Job(JobError::BatchZero));
        }
        if n > u64::from(MAX_USERS) {
            return Err(Error::Job(JobError::BatchTooLarge(n)));
        }
        req.job.load.concurrency = Some(n as u32);
        if q.batch.is_none() && req.job.mode == Mode::Inference {
            req.job.batch = n as u32;
        }
    } else if req.job.mode == Mode::Inference && req.job.batch > 1 {
        req.job.load.concurrency = Some(req.job.batch.min(MAX_USERS));
    }
    serve_with_a_server(q, req);
    if let Some(t) = q.target_tokens_per_s {
        if !(t > 0.0 && t <= MAX_TARGET) {
            return Err(Error::Job(JobError::NotANumber {
                what: Field::TargetTokensPerS,
                value: t.to_string(),
            }));
        }
        req.job.load.target_tokens_per_s = Some(t);
    }
    Ok(())
}

/// A question about users at once is about a server: with no runtime named, one that
/// would run under transformers (which serves one request at a time) is planned on vLLM
/// when vLLM loads its format, and the assumption says so.
fn serve_with_a_server(q: &Query, req: &mut Request) {
    let vllm = Runtime::Vllm.profile();
    if q.runtime.is_some()
        || req.job.load.concurrency.is_none()
        || req.job.runtime != Runtime::Transformers
        || !vllm.loads(req.job.precision)
    {
        return;
    }
    req.job.runtime = Runtime::Vllm;
    for a in &mut req.assumed {
        if let Assumption::Runtime { runtime, reason } = a {
            *runtime = Runtime::Vllm;
            *reason = crate::runtime::choice::RuntimeReason::Serving;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::query::{parse, resolve_parsed};

    fn load(text: &str) -> (Option<u32>, Option<f64>) {
        let p = parse(Catalog::get(), text);
        let r = resolve_parsed(Catalog::get(), &p).unwrap();
        (r.job.load.concurrency, r.job.load.target_tokens_per_s)
    }

    #[test]
    fn users_and_speeds_are_read_in_every_language() {
        assert_eq!(load("serve qwen3 32b to 40 users on 2 h100").0, Some(40));
        assert_eq!(load("qwen3 32b para 40 usuários em 2 h100").0, Some(40));
        assert_eq!(load("qwen3 32b para 40 usuarios en 2 h100").0, Some(40));
        assert_eq!(load("qwen3 32b 40个并发 2张h100").0, Some(40));
        assert_eq!(load("qwen3 32b 40个用户 2张h100").0, Some(40));
        assert_eq!(
            load("qwen3 32b for 40 users at 30 tok/s each on 2 h100"),
            (Some(40), Some(30.0))
        );
        assert_eq!(load("qwen3 32b on 2 h100"), (None, None));
    }
}
