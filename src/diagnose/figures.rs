//! Numbers as engines print them: "1.96 GiB", "20.00 MiB", "8192.00 MiB", byte counts.

use regex::Regex;
use std::sync::LazyLock;

/// Sizes past this (1 PiB) are no card's or job's: a log that prints one is read without
/// it rather than echoed as "18,014,398,509,481,984.0 GiB".
const LARGEST_GIB: f64 = 1024.0 * 1024.0;

/// A size with its unit, in GiB; none past [`LARGEST_GIB`].
pub(super) fn gib(number: &str, unit: &str) -> Option<f64> {
    let n: f64 = number.replace(',', "").parse().ok()?;
    let scale = match unit.to_ascii_lowercase().as_str() {
        "gib" | "gb" | "g" => 1.0,
        "mib" | "mb" | "m" => 1.0 / 1024.0,
        "kib" | "kb" | "k" => 1.0 / (1024.0 * 1024.0),
        "bytes" | "b" | "" => 1.0 / 1_073_741_824.0,
        _ => return None,
    };
    let size = n * scale;
    (0.0..LARGEST_GIB).contains(&size).then_some(size)
}

/// The first capture of `re` in `text` as a number.
pub(super) fn number<T: std::str::FromStr>(re: &Regex, text: &str) -> Option<T> {
    re.captures(text)?
        .get(1)?
        .as_str()
        .replace(',', "")
        .parse()
        .ok()
}

/// The last capture of `re` in `text` as a number (a log repeats its settings; the last one
/// is the run that failed).
pub(super) fn last_number<T: std::str::FromStr>(re: &Regex, text: &str) -> Option<T> {
    re.captures_iter(text)
        .last()?
        .get(1)?
        .as_str()
        .replace(',', "")
        .parse()
        .ok()
}

/// The line of `text` around byte `at`.
pub(super) fn line_at(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    &text[start..end]
}

pub(super) fn re(pattern: &str) -> Regex {
    Regex::new(pattern).expect("log patterns are valid")
}

/// `gpu_memory_utilization=0.9`, `--gpu-memory-utilization 0.85`.
pub(super) static GPU_MEMORY_UTILIZATION: LazyLock<Regex> =
    LazyLock::new(|| re(r"gpu[_-]memory[_-]utilization['\x22]?\s*[=:]?\s*\(?([01](?:\.\d+)?)\b"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_units() {
        assert_eq!(gib("1.5", "GiB"), Some(1.5));
        assert_eq!(gib("512", "MiB"), Some(0.5));
        assert_eq!(gib("18446744073709551615", "MiB"), None);
        assert_eq!(gib("1e400", "GiB"), None);
        assert_eq!(gib("1073741824", "bytes"), Some(1.0));
        assert_eq!(gib("x", "GiB"), None);
        assert_eq!(gib("1", "parsecs"), None);
        assert_eq!(
            number::<f64>(&GPU_MEMORY_UTILIZATION, "--gpu-memory-utilization 0.85"),
            Some(0.85)
        );
    }
}
