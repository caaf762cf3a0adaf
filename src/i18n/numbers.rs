//! Numbers as each locale writes them: "141,2 GiB" in pt-BR and es-ES, "141.2 GiB" in
//! English and Chinese, with the locale's digit grouping, and parameter counts in the unit
//! each language counts them in (billions, "millones", 亿).
//!
//! fluent-rs formats numbers without locale data (no ICU), so numbers are formatted here,
//! for our four locales only, and passed to Fluent as text.

use super::Lang;

/// (decimal mark, group separator). Spanish follows the RAE: a no-break space between
/// groups of three, never a point ("32 768").
fn separators(lang: Lang) -> (char, char) {
    match lang {
        Lang::Pt => (',', '.'),
        Lang::Es => (',', '\u{a0}'),
        Lang::En | Lang::Zh => ('.', ','),
    }
}

/// The digits of a number are gathered here, then written out at once: a sink's own
/// `push` costs more per character than this buffer's.
type Digits = arrayvec::ArrayString<64>;

/// Append a non-negative integer, grouped per locale.
fn push_grouped(out: &mut impl Sink, value: u64, lang: Lang) {
    let mut buf = Digits::new();
    group_into(&mut buf, value, lang);
    out.push_str(&buf);
}

/// Spanish (RAE) does not group four-digit numbers ("8192"); the others do ("8,192").
/// A u64 takes at most 20 digits and 6 separators of 2 bytes: it fits the buffer.
fn group_into(buf: &mut Digits, value: u64, lang: Lang) {
    let (_, sep) = separators(lang);
    let mut itoa = itoa::Buffer::new();
    let digits = itoa.format(value);
    if digits.len() <= 3 || (lang == Lang::Es && digits.len() == 4) {
        let _ = buf.try_push_str(digits);
        return;
    }
    // The leading group has one to three digits; every later group has three.
    let mut start = match digits.len() % 3 {
        0 => 3,
        n => n,
    };
    let _ = buf.try_push_str(&digits[..start]);
    while start < digits.len() {
        let _ = buf.try_push(sep);
        let _ = buf.try_push_str(digits.get(start..start + 3).unwrap_or_default());
        start += 3;
    }
}

/// `value` with `decimals` decimals, grouped and with the locale's decimal mark.
pub fn format_number(lang: Lang, value: f64, decimals: usize) -> String {
    let mut out = String::with_capacity(16);
    push_number(&mut out, lang, value, decimals);
    out
}

/// [`format_number`], appended to `out`.
///
/// Rounds through integers: `format!("{:.1}")` takes the exact (Dragon) path for many
/// values, which made number formatting the costliest part of an answer.
pub(super) fn push_number(out: &mut impl Sink, lang: Lang, value: f64, decimals: usize) {
    if !value.is_finite() {
        out.push('–');
        return;
    }
    let decimals = decimals.min(6);
    let scale = 10u64.pow(decimals as u32);
    let scaled = (value.abs() * scale as f64).round();
    if scaled >= 1e18 {
        out.push_str(&format!("{value:.0}"));
        return;
    }
    let scaled = scaled as u64;
    let (int_part, frac) = (scaled / scale, scaled % scale);
    let (mark, _) = separators(lang);
    // At most a sign, 26 bytes of grouped integer, a mark and 6 decimals: it fits.
    let mut buf = Digits::new();
    if value < 0.0 && scaled > 0 {
        let _ = buf.try_push('-');
    }
    group_into(&mut buf, int_part, lang);
    if decimals > 0 {
        let _ = buf.try_push(mark);
        let mut itoa = itoa::Buffer::new();
        let digits = itoa.format(frac);
        for _ in digits.len()..decimals {
            let _ = buf.try_push('0');
        }
        let _ = buf.try_push_str(digits);
    }
    out.push_str(&buf);
}

/// Where numbers are written: a `String`, or a [`Num`] on the stack.
pub(super) trait Sink {
    fn push_str(&mut self, s: &str);
    fn push(&mut self, c: char);
}

impl Sink for String {
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s);
    }
    fn push(&mut self, c: char) {
        String::push(self, c);
    }
}

/// A formatted number held on the stack: an answer passes about thirty numbers to its
/// messages, and a heap string for each was a good part of rendering's allocations.
/// Longer text (only numbers of 10^18 and more) moves to the heap.
pub struct Num {
    inline: arrayvec::ArrayString<48>,
    spill: Option<String>,
}

impl Num {
    pub(super) fn new() -> Num {
        Num {
            inline: arrayvec::ArrayString::new(),
            spill: None,
        }
    }

    /// [`format_number`] on the stack.
    pub fn number(lang: Lang, value: f64, decimals: usize) -> Num {
        let mut n = Num::new();
        push_number(&mut n, lang, value, decimals);
        n
    }

    /// [`format_int`] on the stack.
    pub fn int(lang: Lang, value: u64) -> Num {
        let mut n = Num::new();
        push_grouped(&mut n, value, lang);
        n
    }

    /// [`format_gib`] on the stack.
    pub fn gib(lang: Lang, gib: f64) -> Num {
        Num::number(lang, gib, gib_decimals(gib))
    }

    /// The text written so far.
    pub fn as_str(&self) -> &str {
        self.spill.as_deref().unwrap_or(&self.inline)
    }
}

impl Sink for Num {
    fn push_str(&mut self, s: &str) {
        if let Some(spill) = &mut self.spill {
            spill.push_str(s);
        } else if self.inline.try_push_str(s).is_err() {
            let mut spill = self.inline.to_string();
            spill.push_str(s);
            self.spill = Some(spill);
        }
    }
    fn push(&mut self, c: char) {
        self.push_str(c.encode_utf8(&mut [0; 4]));
    }
}

/// An integer, grouped per locale.
pub fn format_int(lang: Lang, value: u64) -> String {
    let mut out = String::with_capacity(12);
    push_grouped(&mut out, value, lang);
    out
}

/// A parameter count given in billions, in the unit the locale's messages count in:
/// billions in English and Portuguese ("12.9", "12,9"), millions in Spanish, which has no
/// word for 10^9 ("12 900" millones), and 亿 (10^8) in Chinese ("129" 亿).
pub fn format_params(lang: Lang, billions: f64) -> String {
    let (value, decimals) = match lang {
        Lang::En | Lang::Pt => (billions, 1),
        Lang::Es => (billions * 1000.0, 0),
        Lang::Zh => (billions * 10.0, 0),
    };
    let decimals = if value.fract().abs() < 0.05 {
        0
    } else {
        decimals
    };
    format_number(lang, value, decimals)
}

/// GiB with one decimal (two below 10 GiB, so small models do not read as 0.5).
pub fn format_gib(lang: Lang, gib: f64) -> String {
    format_number(lang, gib, gib_decimals(gib))
}

fn gib_decimals(gib: f64) -> usize {
    if gib.abs() < 10.0 { 2 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_locale() {
        assert_eq!(format_number(Lang::Pt, 141.23, 1), "141,2");
        assert_eq!(format_number(Lang::Es, 141.23, 1), "141,2");
        assert_eq!(format_number(Lang::En, 141.23, 1), "141.2");
        assert_eq!(format_number(Lang::Zh, 141.23, 1), "141.2");
        assert_eq!(format_int(Lang::En, 327_680), "327,680");
        assert_eq!(format_int(Lang::Pt, 327_680), "327.680");
        assert_eq!(format_int(Lang::Es, 8192), "8192");
        assert_eq!(format_int(Lang::Es, 32_768), "32\u{a0}768");
        assert_eq!(format_params(Lang::Es, 12.9), "12\u{a0}900");
        assert_eq!(format_params(Lang::Zh, 12.9), "129");
        assert_eq!(format_params(Lang::En, 12.9), "12.9");
        assert_eq!(format_params(Lang::Pt, 70.0), "70");
        assert_eq!(format_number(Lang::En, 1234.5, 1), "1,234.5");
        assert_eq!(format_number(Lang::En, -46.6, 1), "-46.6");
        assert_eq!(format_number(Lang::En, -0.01, 1), "0.0");
        assert_eq!(format_number(Lang::En, f64::NAN, 1), "–");
        assert_eq!(format_int(Lang::En, 0), "0");
        assert_eq!(format_int(Lang::Pt, 12_345_678), "12.345.678");
        assert_eq!(format_int(Lang::Es, 1000), "1000");
        assert_eq!(format_int(Lang::Es, 100_000), "100\u{a0}000");
        assert_eq!(format_int(Lang::En, u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(format_number(Lang::En, 999.96, 1), "1,000.0");
        assert_eq!(format_number(Lang::Es, 8192.25, 1), "8192,3");
        assert_eq!(format_number(Lang::En, 0.05, 2), "0.05");
        assert_eq!(format_number(Lang::Zh, 3.0, 3), "3.000");
        assert_eq!(format_number(Lang::Pt, -1234.5, 1), "-1.234,5");
        assert_eq!(
            Num::number(Lang::Es, 32_768.25, 1).as_str(),
            "32\u{a0}768,3"
        );
        assert_eq!(Num::gib(Lang::Pt, 9.5).as_str(), "9,50");
        assert_eq!(Num::int(Lang::En, 327_680).as_str(), "327,680");
        assert_eq!(
            Num::number(Lang::En, 1e20, 0).as_str(),
            format_number(Lang::En, 1e20, 0)
        );
    }
}
