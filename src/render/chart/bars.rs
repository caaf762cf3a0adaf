//! One setup's row (its mark, name, need against usable memory, and the stacked bar), and
//! the need alone when no setup holds the job.

use super::text::{esc, fit_text, text, text_width};
use super::{
    BOLD, GREEN, INK, MUTED, Metrics, Part, RED, RESERVED, Row, TRACK, VALUE, per_gpu_parts,
};
use crate::estimate::Estimate;
use crate::i18n::{Args, Lang, format_gib, t, tr};
use std::fmt::Write as _;

/// A round mark before a row's label: a tick when it fits, a cross when not.
fn verdict_mark(out: &mut String, x: f64, y: f64, fits: bool) {
    let (fill, path) = if fits {
        (GREEN, "M-7 0.5 L-2 6 L7.5 -5")
    } else {
        (RED, "M-6 -6 L6 6 M6 -6 L-6 6")
    };
    let _ = write!(
        out,
        r##"<g transform="translate({x:.1} {y:.1})"><circle r="15" fill="{fill}"/><path d="{path}" stroke="#ffffff" stroke-width="3.6" stroke-linecap="round" stroke-linejoin="round" fill="none"/></g>"##
    );
}

/// "21.0 / 22.4 GiB": what one GPU needs of what it can use.
pub(super) fn usage(lang: Lang, r: &Row) -> String {
    let args = Args::new()
        .s("needed", format_gib(lang, r.needed))
        .s("usable", format_gib(lang, r.usable));
    tr(lang, "chart-usage", Some(&args))
}

/// One setup: its mark, name and need against usable memory, then the bar. Returns the
/// next row's top. On the page the numbers go on the name's line (under the name when both
/// do not fit); in [`Layout::Discord`] they stand beside the bar, `usage_w` wide, so every
/// row has one line of text and the bars line up.
pub(super) fn draw_row(
    out: &mut String,
    lang: Lang,
    m: &Metrics,
    r: &Row,
    top: f64,
    inner: f64,
    usage_w: f64,
) -> f64 {
    let usage = usage(lang, r);
    let mut base = top + m.row_top;
    verdict_mark(out, m.pad + 15.0, base - 11.0, r.fits);
    let room = inner - 40.0;
    let label = fit_text(&r.label, m.label, true, room);
    text(out, m.pad + 40.0, base, m.label, INK, BOLD, &label);
    let colour = if r.fits { GREEN } else { RED };
    let end = r#" font-weight="700" text-anchor="end""#;
    let mut bar_w = inner;
    if m.usage_beside_bar {
        bar_w = inner - usage_w - 12.0;
        let y = base + 12.0 + m.bar_h / 2.0 + m.label * 0.36;
        text(out, m.pad + inner, y, m.label, colour, end, &usage);
        base -= 4.0;
    } else {
        let one_line =
            text_width(&r.label, m.label, true) + 24.0 + text_width(&usage, m.label, true) <= room;
        if !one_line {
            base += 42.0;
        }
        text(out, m.pad + inner, base, m.label, colour, end, &usage);
    }
    let bar_y = base + 16.0;
    let whole = if m.details {
        r.needed.max(r.capacity).max(r.usable)
    } else {
        r.needed.max(r.usable)
    };
    let scale = bar_w / whole.max(0.01);
    if m.details {
        let _ = write!(
            out,
            r#"<rect x="{}" y="{bar_y:.1}" width="{:.1}" height="{}" rx="6" fill="{RESERVED}"/>"#,
            m.pad,
            r.capacity * scale,
            m.bar_h,
        );
    }
    let _ = write!(
        out,
        r#"<rect class="track" x="{}" y="{bar_y:.1}" width="{:.1}" height="{}" rx="6" fill="{TRACK}"/>"#,
        m.pad,
        r.usable * scale,
        m.bar_h,
    );
    draw_parts(out, lang, m, &r.parts, bar_y, scale);
    if r.capacity > 0.0 && m.details {
        let x = m.pad + r.capacity * scale;
        let _ = write!(
            out,
            r#"<line class="capacity" x1="{x:.1}" x2="{x:.1}" y1="{:.1}" y2="{:.1}" stroke="{INK}" stroke-width="3" stroke-dasharray="6 4"/>"#,
            bar_y - 6.0,
            bar_y + m.bar_h + 6.0
        );
    }
    bar_y + m.bar_h + m.row_gap
}

/// The stacked parts from the bar's left edge; on the page a value is written on a part
/// wide enough.
fn draw_parts(
    out: &mut String,
    lang: Lang,
    m: &Metrics,
    parts: &[(Part, f64)],
    bar_y: f64,
    scale: f64,
) {
    let mut x = m.pad;
    for &(part, gib) in parts {
        let w = gib * scale;
        let (fill, on) = part.colours();
        let value = format_gib(lang, gib);
        let _ = write!(
            out,
            r#"<rect class="seg {}" x="{x:.1}" y="{bar_y:.1}" width="{w:.1}" height="{}" fill="{fill}"><title>{}: {} GiB</title></rect>"#,
            part.class(),
            m.bar_h,
            esc(&t(lang, part.label_id())),
            esc(&value),
        );
        if m.details && text_width(&value, VALUE, false) + 14.0 <= w {
            let middle = r#" text-anchor="middle""#;
            let y = bar_y + m.bar_h / 2.0 + VALUE * 0.36;
            text(out, x + w / 2.0, y, VALUE, on, middle, &value);
        }
        x += w;
    }
}

/// No setup at all (nothing in the catalog holds the job): the need alone, on one GPU.
pub(super) fn draw_need(
    out: &mut String,
    lang: Lang,
    m: &Metrics,
    e: &Estimate,
    top: f64,
    inner: f64,
) -> f64 {
    let needed = e.per_gpu_gib();
    let args = Args::new().s("needed", format_gib(lang, needed));
    let base = top + m.row_top;
    verdict_mark(out, m.pad + 15.0, base - 11.0, false);
    let line = fit_text(
        &tr(lang, "chart-needed", Some(&args)),
        m.label,
        true,
        inner - 40.0,
    );
    text(out, m.pad + 40.0, base, m.label, RED, BOLD, &line);
    let why = fit_text(
        &t(lang, "chart-nothing-fits"),
        m.heading,
        false,
        inner - 40.0,
    );
    text(out, m.pad + 40.0, base + 38.0, m.heading, MUTED, "", &why);
    let bar_y = base + 54.0;
    draw_parts(
        out,
        lang,
        m,
        &per_gpu_parts(e),
        bar_y,
        inner / needed.max(0.01),
    );
    bar_y + m.bar_h + m.row_gap
}
