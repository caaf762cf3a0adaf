//! Ollama's own check before it loads a model (server/sched.go, llm/server.go): "model
//! requires more system memory (98.8 GiB) than is available (96.8 GiB)", which its clients
//! show as a 500 error. Its runner's GPU failures are llama.cpp's lines, read in
//! `llama_cpp.rs` with Ollama's settings as the fixes.

use super::figures::{gib, line_at, re};
use super::{Diagnosis, Engine, Figures, Fix, Kind};
use regex::Regex;
use std::sync::LazyLock;

static SYSTEM: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"requires more system memory \(([\d.]+) ?([KMG]i?B)\) than is available \(([\d.]+) ?([KMG]i?B)\)",
    )
});

pub(super) fn read(text: &str, _lower: &str) -> Option<Diagnosis> {
    let c = SYSTEM.captures(text)?;
    let required = gib(&c[1], &c[2].replace("B", "iB").replace("iiB", "iB"))?;
    let available = gib(&c[3], &c[4].replace("B", "iB").replace("iiB", "iB"))?;
    let f = Figures {
        system_required_gib: Some(required),
        system_available_gib: Some(available),
        ..Figures::default()
    };
    // A small gap closes with a shorter context or by freeing memory; a large one needs a
    // smaller model file.
    let short = required - available;
    let mut fixes = Vec::new();
    if short <= 0.25 * required {
        fixes.push(Fix::OllamaNumCtx(2048));
        fixes.push(Fix::FreeSystemMemory);
        fixes.push(Fix::SmallerQuant);
    } else {
        fixes.push(Fix::SmallerQuant);
        fixes.push(Fix::FreeSystemMemory);
    }
    Some(Diagnosis {
        engine: Engine::Ollama,
        kind: Kind::SystemMemory,
        training: false,
        figures: f,
        quote: line_at(text, c.get(0)?.start()).to_string(),
        fixes,
        model_in_log: None,
        words: String::new(),
    })
}
