//! The legend under the bars: a swatch per part drawn, then the track and the card's line.

use super::text::{text, text_width};
use super::{INK, Metrics, Part, TRACK};
use crate::i18n::{Lang, t};
use std::fmt::Write as _;

/// Swatches for the parts drawn, then the track and the capacity line; wraps lines.
pub(super) fn draw_legend(
    out: &mut String,
    lang: Lang,
    m: &Metrics,
    parts: &[Part],
    cards: bool,
    top: f64,
    w: f64,
) -> f64 {
    enum Key {
        Fill(&'static str),
        Dashed,
    }
    let mut keys: Vec<(Key, String)> = parts
        .iter()
        .map(|p| (Key::Fill(p.colours().0), t(lang, p.label_id())))
        .collect();
    if cards {
        keys.push((Key::Fill(TRACK), t(lang, "chart-usable")));
        keys.push((Key::Dashed, t(lang, "chart-capacity")));
    }
    let (mut x, mut y) = (m.pad, top + 28.0);
    for (key, label) in keys {
        let width = 38.0 + text_width(&label, m.legend, false);
        if x > m.pad && x + width > m.pad + w {
            x = m.pad;
            y += m.legend_step;
        }
        match key {
            Key::Fill(fill) => {
                let _ = write!(
                    out,
                    r#"<rect x="{x:.1}" y="{:.1}" width="28" height="28" rx="4" fill="{fill}"/>"#,
                    y - 23.0
                );
            }
            Key::Dashed => {
                let _ = write!(
                    out,
                    r#"<line x1="{0:.1}" x2="{0:.1}" y1="{1:.1}" y2="{2:.1}" stroke="{INK}" stroke-width="3" stroke-dasharray="6 4"/>"#,
                    x + 14.0,
                    y - 26.0,
                    y + 6.0
                );
            }
        }
        text(out, x + 36.0, y, m.legend, INK, "", &label);
        x += width + 24.0;
    }
    y + 8.0
}
