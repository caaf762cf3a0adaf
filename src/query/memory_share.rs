//! vLLM's `--gpu-memory-utilization` named in a question: "--gpu-memory-utilization 0.95",
//! "gpu_memory_utilization=0.95", "gpu memory utilization of 0.95", "gpu-util 0.95",
//! "gpu-memory-utilization 95%". The answer sizes the job at that share and its launch line
//! keeps it (issue 37: a line that quietly said 0.9 for an asker at 0.95).

use super::parse::{Work, re};
use regex::Regex;
use std::sync::LazyLock;

/// The flag's spellings (with or without dashes, "mem"/"memory", "util"/"utilization"),
/// then the share as a fraction or a percent.
static SHARE: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"(?:^|\s)-{0,2}gpu[\s_-]?(?:mem(?:ory)?[\s_-]?)?util(?:ization|isation)?",
        r"\s*(?:[=:]|\bof\b|\bat\b|\bde\b|\bem\b|\ben\b)?\s*",
        // The cleaner has dropped "%": a whole number after the flag is a percent.
        r"(?:(?P<v>0?\.\d{1,3}|1\.0+)|(?P<pct>\d{2,3}))\b",
    ))
});

/// The share the text asks vLLM to take, blanked so no later pattern reads the figure; None
/// when the text names none or an impossible one (0, over 1). Runs only when "util"
/// appears (the clue pass found it).
pub(super) fn take(w: &mut Work) -> Option<f64> {
    if !w.clues.has(super::clues::Clue::Share) {
        return None;
    }
    w.take(&SHARE, |c| {
        let share = match (c.name("v"), c.name("pct")) {
            (Some(v), _) => v.as_str().parse::<f64>().ok()?,
            (None, Some(pct)) => pct.as_str().parse::<f64>().ok()? / 100.0,
            (None, None) => return None,
        };
        (share > 0.0 && share <= 1.0).then_some(share)
    })
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::query::parse;

    fn share(text: &str) -> Option<f64> {
        parse(Catalog::get(), text).query.memory_share
    }

    #[test]
    fn the_share_is_read_as_people_write_it() {
        for text in [
            "gpt-oss-120b on 1 h100 with vllm at gpu-memory-utilization 0.95",
            "gpt-oss-120b on 2 h100 vllm --gpu-memory-utilization 0.95",
            "gpt-oss-120b on 2 h100 vllm --gpu-memory-utilization=0.95",
            "gpt-oss-120b em 2 h100 com vllm e gpu_memory_utilization 0,95",
            "gpt-oss-120b en 2 h100 con vllm y gpu memory utilization de 0.95",
            "2张h100 用vllm跑 gpt-oss-120b gpu-memory-utilization 0.95",
            "gpt-oss-120b on 2 h100 vllm gpu util 95%",
        ] {
            assert_eq!(share(text), Some(0.95), "{text}");
        }
        assert_eq!(share("gpt-oss-120b on 2 h100 with vllm"), None);
        assert_eq!(share("gpt-oss-120b gpu-memory-utilization 1.5"), None);
        // The rest is still read beside it.
        let q = parse(
            Catalog::get(),
            "gpt-oss-120b on 2 h100 vllm --gpu-memory-utilization 0.95",
        )
        .query;
        assert_eq!(q.gpu_count, Some(2));
        assert_eq!(q.model.as_deref().map(|m| m.contains("120")), Some(true));
    }
}
