//! Flash attention named in a question: "-fa off", "without flash attention", "sem flash
//! attention", "sin flash attention", "不开flash attention" (off), "-fa on", "com flash
//! attention", "开启flash attention" (on). llama.cpp's `-fa auto` and words that say no
//! state leave the runtime's default.

use super::parse::{Work, re};
use regex::Regex;
use std::sync::LazyLock;

/// The words before "flash attention" that turn it off or on, and its spellings
/// ("flash attention", "flash-attn", "flashattention", "fa"). Chinese runs are spaced off
/// Latin words by the cleaner ("不开 flash attention").
static FLASH: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"(?:(?P<off>\bwithout|\bsem|\bsin|\bno|\bnot|不开|不用|没开|关闭|关掉|禁用)",
        r"|(?P<on>\bwith|\bcom|\bcon|\buse|\busing|\busar|开启|打开|启用|开)",
        r")\s+(?:a\s+|o\s+|la\s+|el\s+)?flash[\s_-]?att(?:n|ention)\b",
        r"|\bflash[\s_-]?att(?:n|ention)\s*[=:]?\s*(?P<after>on|off|auto|true|false|enabled|disabled|desligad[oa]|desactivad[oa]|ligad[oa]|activad[oa])\b",
        r"|(?:^|\s)--?(?:fa|flash-attn)\s*[=\s]\s*(?P<flag>on|off|auto|0|1)\b",
    ))
});

/// Whether the text asks flash attention on (Some(true)) or off (Some(false)); the words
/// are blanked so no later pattern reads "0" or "1" as a number. Most messages name
/// neither: the pattern runs only when "flash" or "-fa" appears (the clue pass found it).
pub(super) fn take(w: &mut Work) -> Option<bool> {
    if !w.clues.has(super::clues::Clue::Flash) {
        return None;
    }
    w.take(&FLASH, |c| {
        if c.name("off").is_some() {
            return Some(Some(false));
        }
        if c.name("on").is_some() {
            return Some(Some(true));
        }
        let value = c.name("after").or_else(|| c.name("flag"))?.as_str();
        Some(match value {
            "auto" => None,
            "off" | "false" | "0" | "disabled" => Some(false),
            v if v.starts_with("deslig") || v.starts_with("desact") => Some(false),
            _ => Some(true),
        })
    })
    .flatten()
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::query::parse;

    fn fa(text: &str) -> Option<bool> {
        parse(Catalog::get(), text).query.flash_attention
    }

    #[test]
    fn flash_attention_is_read_in_every_language() {
        let off = [
            "qwen3 32b q5_k_m on 2x3090 at 48k context -fa off",
            "qwen3 32b q5_k_m on 2x3090 48k context without flash attention",
            "qwen3 32b q5_k_m em 2x3090 com 48k de contexto sem flash attention",
            "qwen3 32b q5_k_m en 2x3090 con 48k de contexto sin flash attention",
            "2张3090 跑 qwen3 32b q5_k_m 48k上下文 不开flash attention",
            "llama-server -m qwen3-32b-q5_k_m.gguf -c 49152 --flash-attn off",
        ];
        for q in off {
            assert_eq!(fa(q), Some(false), "{q}");
        }
        let on = [
            "qwen3 32b q5_k_m on 2x3090 at 48k context -fa on",
            "qwen3 32b q5_k_m on 2x3090 48k with flash attention",
            "2张3090 跑 qwen3 32b 48k上下文 开启flash attention",
        ];
        for q in on {
            assert_eq!(fa(q), Some(true), "{q}");
        }
        assert_eq!(fa("qwen3 32b on 2x3090 at 48k context -fa auto"), None);
        assert_eq!(fa("qwen3 32b on 2x3090 at 48k context"), None);
        // The context is still read beside it.
        let q = parse(
            Catalog::get(),
            "qwen3 32b q5_k_m on 2x3090 48k context -fa off",
        )
        .query;
        assert_eq!(q.context, Some(48 * 1024));
        assert_eq!(q.gpu_count, Some(2));
    }
}
