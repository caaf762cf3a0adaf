//! The query-log statistics as text, shared by `vramguide stats` and the bot's `/stats`
//! so both say the same thing in the same words.

use crate::i18n::{Args, Lang, format_int, format_number, t, tr};
use crate::sanitize;
use crate::store::Stats;

/// A "top" list of the report: (name, count), largest first.
type Counts = [(String, u64)];
/// How a list's stored names are shown (sources and languages are translated).
type Name = fn(Lang, &str) -> String;

/// Longest question quoted in the "not understood" list; longer ones are cut.
const QUOTE_CHARS: usize = 80;

/// The whole report, one line per fact, lists indented.
pub fn text(lang: Lang, stats: &Stats) -> String {
    let mut out = vec![title(lang, stats)];
    if stats.total == 0 {
        out.push(t(lang, "stats-empty"));
        return out.join("\n");
    }
    out.push(totals(lang, stats));
    let lists: [(&str, &Counts, Name); 5] = [
        ("stats-sources", &stats.by_source, source_name),
        ("stats-models", &stats.top_models, plain),
        ("stats-precisions", &stats.top_precisions, plain),
        ("stats-gpus", &stats.top_gpus, plain),
        ("stats-languages", &stats.languages, language_name),
    ];
    for (heading, list, name) in lists {
        section(&mut out, lang, heading, &named(lang, list, name));
    }
    let unanswered: Vec<String> = stats
        .unanswered
        .iter()
        .map(|(q, n)| {
            let args = Args::new()
                .s("question", quote(q))
                .s("count", format_int(lang, *n));
            tr(lang, "stats-unanswered-item", Some(&args))
        })
        .collect();
    section(&mut out, lang, "stats-unanswered", &unanswered);
    out.join("\n")
}

pub fn title(lang: Lang, stats: &Stats) -> String {
    let args = Args::new().s("window", window_name(lang, stats));
    let mut title = tr(lang, "stats-title", Some(&args));
    if let Some(guild) = stats.guild_id {
        let args = Args::new().s("guild", guild.to_string());
        title = format!("{title} · {}", tr(lang, "stats-guild", Some(&args)));
    }
    title
}

/// "all time", "last 7 days", "last 24 hours": the report's window.
pub fn window_name(lang: Lang, stats: &Stats) -> String {
    match stats.since_secs {
        None => t(lang, "stats-window-all"),
        Some(s) if s >= 86_400 && s % 86_400 == 0 => window(lang, "stats-window-days", s / 86_400),
        Some(s) => window(lang, "stats-window-hours", s.div_ceil(3_600)),
    }
}

fn window(lang: Lang, id: &str, n: u64) -> String {
    let args = Args::new().n(lang, "count", n).s("n", format_int(lang, n));
    tr(lang, id, Some(&args))
}

pub fn totals(lang: Lang, stats: &Stats) -> String {
    let percent = 100.0 * stats.understood as f64 / stats.total.max(1) as f64;
    let args = Args::new()
        .s("total", format_int(lang, stats.total))
        .s("understood", format_int(lang, stats.understood))
        .s("percent", format_number(lang, percent, 1))
        .s("missed", format_int(lang, stats.not_understood()))
        .s("users", format_int(lang, stats.users));
    tr(lang, "stats-totals", Some(&args))
}

/// "name: count" items of one list.
fn named(lang: Lang, list: &[(String, u64)], name: fn(Lang, &str) -> String) -> Vec<String> {
    list.iter()
        .map(|(k, n)| {
            let args = Args::new()
                .s("name", name(lang, k))
                .s("count", format_int(lang, *n));
            tr(lang, "stats-item", Some(&args))
        })
        .collect()
}

fn section(out: &mut Vec<String>, lang: Lang, heading: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    out.push(String::new());
    out.push(t(lang, heading));
    out.extend(items.iter().map(|i| format!("  {i}")));
}

/// Stored names are shown with escape sequences and invisible characters spelled out:
/// the log holds what clients sent, and this text goes to a terminal or a chat.
pub fn plain(_: Lang, name: &str) -> String {
    sanitize::visible(name)
}

pub fn source_name(lang: Lang, source: &str) -> String {
    match source {
        "discord" | "web" | "cli" => t(lang, &format!("stats-source-{source}")),
        other => sanitize::visible(other),
    }
}

pub fn language_name(lang: Lang, code: &str) -> String {
    match Lang::from_code(code) {
        Some(l) => t(lang, &format!("stats-language-{}", l.code())),
        None => sanitize::visible(code),
    }
}

/// One line, at most `QUOTE_CHARS` characters: questions can be long or multi-line, and
/// hold anything a client sent (see [`plain`]).
pub fn quote(question: &str) -> String {
    let words: Vec<&str> = question.split_whitespace().collect();
    let flat = sanitize::visible(&words.join(" "));
    if flat.chars().count() <= QUOTE_CHARS {
        return flat;
    }
    let cut: String = flat.chars().take(QUOTE_CHARS - 1).collect();
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Stats {
        Stats {
            since_secs: Some(7 * 86_400),
            guild_id: Some(42),
            total: 1234,
            understood: 1200,
            users: 17,
            by_source: vec![("discord".into(), 1000), ("cli".into(), 234)],
            top_models: vec![("llama-3.1-70b".into(), 300)],
            top_precisions: vec![("fp16".into(), 200)],
            top_gpus: vec![("rtx-4090".into(), 100)],
            languages: vec![("pt".into(), 700), ("zh".into(), 534)],
            unanswered: vec![("what about\nthe thing".into(), 3)],
            per_day: vec![("2026-11-28".into(), 1234)],
        }
    }

    #[test]
    fn every_language_renders_without_raw_ids() {
        for lang in Lang::ALL {
            let text = text(lang, &sample());
            assert!(!text.contains("stats-"), "{lang:?}: {text}");
            assert!(text.contains("llama-3.1-70b"));
            assert!(text.contains("what about the thing"), "{text}");
            assert!(text.contains("42"));
            let empty = super::text(lang, &Stats::default());
            assert!(!empty.contains("stats-"), "{lang:?}: {empty}");
        }
        assert!(text(Lang::Pt, &sample()).contains("1.234"));
        assert!(text(Lang::En, &sample()).contains("1,234"));
    }

    #[test]
    fn escape_sequences_and_invisibles_are_spelled_out() {
        let mut stats = sample();
        stats.unanswered = vec![("\u{1b}[2Jhi\u{202E}there\u{200B}".into(), 1)];
        stats.top_models = vec![("\u{1b}[31mred".into(), 1)];
        let text = text(Lang::En, &stats);
        assert!(
            !text.chars().any(|c| c != '\n' && sanitize::is_unsafe(c)),
            "{text:?}"
        );
        assert!(text.contains("\\u{1b}[2Jhi\\u{202e}there"), "{text}");
    }
}
