//! One voice per language: the variants `locales/GLOSSARY.md` bans never appear in that
//! locale's Fluent files. The patterns are read from the glossary itself, so adding a row
//! there is enough to enforce it.

use regex::Regex;

const LOCALES: [&str; 4] = ["en-US", "pt-BR", "es-ES", "zh-CN"];

/// locale -> banned patterns, from the `## locale` tables of the glossary.
fn banned() -> Vec<(String, Vec<Regex>)> {
    let text = include_str!("../../locales/GLOSSARY.md");
    let mut out: Vec<(String, Vec<Regex>)> = Vec::new();
    let code = Regex::new(r"`([^`]+)`").expect("valid");
    for line in text.lines() {
        if let Some(locale) = line.strip_prefix("## ") {
            out.push((locale.trim().to_string(), Vec::new()));
        } else if line.starts_with("| ")
            && !line.starts_with("| Term")
            && let Some((_, patterns)) = out.last_mut()
        {
            for c in code.captures_iter(line) {
                let pattern = Regex::new(&c[1])
                    .unwrap_or_else(|e| panic!("GLOSSARY.md: bad pattern {}: {e}", &c[1]));
                patterns.push(pattern);
            }
        }
    }
    out
}

/// The prose of one .ftl line: message values and attributes, without ids, comments,
/// Fluent placeables or inline code.
fn prose(line: &str) -> Option<String> {
    static STRIP: std::sync::LazyLock<Regex> =
        std::sync::LazyLock::new(|| Regex::new(r"\{[^{}]*\}|`[^`]*`").expect("valid"));
    let trimmed = line.trim_start();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    let value = if line.starts_with(char::is_alphanumeric) || trimmed.starts_with('.') {
        line.split_once('=').map_or("", |(_, v)| v)
    } else {
        trimmed
    };
    Some(STRIP.replace_all(value.trim(), "").trim().to_string())
}

/// "file:line: pattern in text" for every banned variant found in `text`.
fn violations(file: &str, text: &str, patterns: &[Regex]) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some(value) = prose(line) else { continue };
        for p in patterns {
            if p.is_match(&value) {
                out.push(format!("{file}:{}: `{p}` in: {value}", n + 1));
            }
        }
    }
    out
}

#[test]
fn every_locale_has_its_table() {
    let tables = banned();
    for locale in LOCALES {
        let patterns = tables
            .iter()
            .find(|(l, _)| l == locale)
            .map(|(_, p)| p.len());
        assert!(
            patterns.is_some_and(|n| n >= 2),
            "GLOSSARY.md has no table of banned variants for {locale}"
        );
    }
}

#[test]
fn no_banned_variant_in_the_locales() {
    let mut found = Vec::new();
    for (locale, patterns) in banned() {
        for (path, text) in super::locales::ftl_files(&locale) {
            let name = format!(
                "{locale}/{}",
                path.file_name().unwrap_or_default().display()
            );
            found.extend(violations(&name, &text, &patterns));
        }
    }
    assert!(found.is_empty(), "banned variants:\n{}", found.join("\n"));
}

#[test]
fn the_check_catches_a_banned_variant() {
    let tables = banned();
    let (_, pt) = tables.iter().find(|(l, _)| l == "pt-BR").expect("pt-BR");
    let sample = "answer-rule = Regra de bolso: { $rule } GB\n# regra de bolso in a comment\n";
    assert_eq!(violations("sample", sample, pt).len(), 1);
    let (_, es) = tables.iter().find(|(l, _)| l == "es-ES").expect("es-ES");
    let code_only = "x = usa `--max-num-batched-tokens` y { $batch }\n";
    assert!(violations("sample", code_only, es).is_empty());
}

/// A rendered Chinese answer joins its parts with full-width punctuation; the same answer
/// in English keeps "; ". The question leaves precision, context and runtime unsaid, so the
/// assumptions line has three clauses, and names no GPU, so the setups carry labels.
#[test]
fn chinese_answers_use_full_width_separators() {
    use vramguide::answer;
    use vramguide::catalog::Catalog;
    use vramguide::i18n::Lang;
    use vramguide::render;

    let catalog = Catalog::get();
    let reply = answer::for_text(catalog, "qwen2.5 72b 需要多少显存");
    let a = reply.result.expect("an answer");
    let zh = render::text::answer(Lang::Zh, catalog, &a);
    let han_then_ascii = Regex::new(r"\p{Han}\s*[(;,:]|[;,:)]\s*\p{Han}").expect("valid");
    let bad: Vec<&str> = zh.lines().filter(|l| han_then_ascii.is_match(l)).collect();
    assert!(
        bad.is_empty(),
        "half-width punctuation in Chinese:\n{}",
        bad.join("\n")
    );
    assert!(zh.contains('；'), "assumptions joined by ；:\n{zh}");
    let en = render::text::answer(Lang::En, catalog, &a);
    assert!(en.contains("; "), "assumptions joined by '; ':\n{en}");
}

/// Deepest nesting of round brackets (half- or full-width) in a line.
/// How deep brackets nest in a line's prose; code spans (a launch line's Python call) are
/// not prose and are skipped.
fn paren_depth(line: &str) -> usize {
    let (mut depth, mut max, mut code) = (0usize, 0usize, false);
    for c in line.chars() {
        if c == '`' {
            code = !code;
        }
        if code {
            continue;
        }
        match c {
            '(' | '（' => {
                depth += 1;
                max = max.max(depth);
            }
            ')' | '）' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Rendered answers in every language: no brackets inside brackets (a setup's reasons once
/// held "(the cheapest that fits, at launch prices (no current price found), ...)"),
/// runtimes by their names ("vLLM", not "vllm"), and a lever list after a ✅ that does not
/// say "to make it fit".
#[test]
fn rendered_answers_read_cleanly_in_every_language() {
    use vramguide::answer;
    use vramguide::catalog::Catalog;
    use vramguide::i18n::Lang;
    use vramguide::render;

    let catalog = Catalog::get();
    let questions = [
        "llama 3.1 8b",
        "qwen2.5 72b",
        "llama 3.1 70b on one rtx 4090",
        "llama 3.1 405b",
        "mixtral 8x7b q4_k_m",
        "longest context for llama 3.1 8b on rtx 4090 with vllm",
        "llama 3.1 8b on rtx 4090 with vllm at 120000 tokens",
        "qwen2.5 32b q4_k_m on rtx 4090 at 32000 tokens",
        "fine-tune llama 3.1 8b with lora on rtx 3060",
    ];
    let mut bad = Vec::new();
    for q in questions {
        let reply = answer::for_text(catalog, q);
        let Ok(a) = reply.result else { continue };
        for lang in [Lang::En, Lang::Pt, Lang::Es, Lang::Zh] {
            let text = render::text::answer(lang, catalog, &a);
            bad.extend(
                text.lines()
                    .filter(|l| paren_depth(l) > 1)
                    .map(|l| format!("{q} [{lang:?}] nested: {l}")),
            );
            if text.contains("with vllm") || text.contains("com vllm") {
                bad.push(format!("{q} [{lang:?}] runtime id in prose:\n{text}"));
            }
            // "about 1 sequences" / "1 requisições": counts take their plural form.
            static ONE_PLURAL: std::sync::LazyLock<Regex> = std::sync::LazyLock::new(|| {
                Regex::new(
                    r"\b1 (sequences|requests|sequências|requisições|secuencias|peticiones)\b",
                )
                .expect("valid")
            });
            if let Some(m) = ONE_PLURAL.find(&text) {
                bad.push(format!("{q} [{lang:?}] plural after one: {}", m.as_str()));
            }
            let fits = a.fit.as_ref().is_some_and(|f| f.fits);
            if lang == Lang::En && fits && text.contains("To make it fit") {
                bad.push(format!(
                    "{q}: levers after a fit say 'to make it fit':\n{text}"
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
