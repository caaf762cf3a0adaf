//! The model a log names: a served path or repo id (`--model`, `--model-path`,
//! `model_id: "…"`, `model=…`), a GGUF file, llama.cpp's `general.name`, or `ollama run`.
//! Only names: a number inside a log (a token count, a pid) is never read as a size.

use super::figures::re;
use regex::Regex;
use std::sync::LazyLock;

/// Where logs print the model, most telling first.
static NAMED: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    [
        // llama.cpp's metadata dump: the model's own name.
        r"general\.name\s*(?:str)?\s*=\s*([^\n]{3,80})",
        // vLLM / SGLang / TGI arguments and configs.
        r#"(?:--model(?:-path|_path)?|--model-id)[= ]\s*['"]?([\w.\-/:]{3,120})"#,
        r#"(?:\bmodel_id|\bmodel_path|\bmodel_name(?:_or_path)?)\s*[=:]\s*['"]?([\w.\-/:]{3,120})"#,
        // "model='Qwen/…'" in an engine's config dump; "model: …" is too often prose.
        r#"\bmodel\s*=\s*['"]?([\w.\-/:]{3,120})"#,
        r"vllm serve\s+([\w.\-/]{3,120})",
        r#"from_pretrained\(\s*['"]([\w.\-/]{3,120})['"]"#,
        // A GGUF file anywhere in a path.
        r"([\w.\-]+\.gguf)\b",
        r"ollama (?:run|pull) ([\w.\-:/]{2,80})",
        r#"(?:^|\s)Model: ([\w.\-:/ ]{2,60})\n"#,
    ]
    .iter()
    .map(|p| re(p))
    .collect()
});

/// The model the log names, as printed, or None.
pub(super) fn find(text: &str) -> Option<String> {
    NAMED.iter().find_map(|re| {
        re.captures_iter(text)
            .filter_map(|c| c.get(1).map(|m| clean(m.as_str())))
            .find(|name| plausible(name))
    })
}

/// The last piece of a path, without a blob hash or a trailing slash.
fn clean(raw: &str) -> String {
    let raw = raw.trim().trim_end_matches(['/', '"', '\'', ',', ')']);
    // "/models/Qwen/Qwen3-8B" keeps "Qwen/Qwen3-8B"; a bare directory keeps its name.
    let parts: Vec<&str> = raw.split('/').filter(|p| !p.is_empty()).collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => (*one).to_string(),
        [.., org, name] if raw.starts_with('/') || raw.starts_with('.') => {
            if org.chars().next().is_some_and(char::is_uppercase) {
                format!("{org}/{name}")
            } else {
                (*name).to_string()
            }
        }
        [.., org, name] => format!("{org}/{name}"),
    }
}

/// A name, not a number, a hash, a flag value or a generic word.
fn plausible(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    name.len() >= 3
        && name.chars().any(|c| c.is_ascii_alphabetic())
        && !lower.starts_with("sha256")
        && !name.chars().all(|c| c.is_ascii_hexdigit() || c == '-')
        && ![
            "model",
            "models",
            "none",
            "null",
            "true",
            "false",
            "auto",
            "llama",
            "default",
            "config",
            "weights",
            "model.safetensors",
            "/model",
        ]
        .contains(&lower.as_str())
        && !lower.starts_with("model buffer")
        && !lower.starts_with("model type")
        && !lower.starts_with("model params")
        && !lower.starts_with("model size")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_not_numbers() {
        assert_eq!(
            find("vllm serve --model Qwen/Qwen3-Coder-480B-A35B-Instruct --max-model-len 70000")
                .as_deref(),
            Some("Qwen/Qwen3-Coder-480B-A35B-Instruct")
        );
        assert_eq!(
            find("llama_model_loader: - kv   2: general.name str = Llama 3.2 3B Instruct\n")
                .as_deref(),
            Some("Llama 3.2 3B Instruct")
        );
        assert_eq!(
            find("./llama-cli -m models/Llama-3.2-1B-Instruct-IQ3_M.gguf -c 131072").as_deref(),
            Some("Llama-3.2-1B-Instruct-IQ3_M.gguf")
        );
        assert_eq!(find("Tried to allocate 70000 tokens on GPU 0"), None);
        assert_eq!(
            find("llama_model_load: error loading model: unable to allocate CUDA0 buffer"),
            None
        );
        assert_eq!(
            find(
                "panic: unable to load model: /usr/share/ollama/.ollama/models/blobs/sha256-b74fcbabbb0836b765"
            ),
            None
        );
    }
}
