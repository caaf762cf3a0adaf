//! The memory chart: one picture of an answer, the same on the web page (inline SVG) and in
//! link previews (the page's Open Graph image), and drawn smaller for Discord, where a phone
//! shows the PNG attached to the embed about 274 px wide ([`Layout::Discord`]).
//!
//! Each GPU setup the answer shows gets a row: the memory one of its GPUs needs, stacked part
//! by part (weights, KV cache, activations, overhead; gradients and optimizer states when
//! training), over a track as long as the memory the runtime can use on that card, with the
//! card's whole memory marked by a dashed line. Every row has its own scale, so a 24 GiB card
//! and an 80 GiB card both fill the width: the question a row answers is "how full is this
//! card", which a shared scale would hide for the small ones.
//!
//! The SVG is written by hand with presentation attributes only (the page's CSP forbids inline
//! styles) and every text escaped. The PNG renders that same SVG with resvg and the fonts
//! embedded in the binary (`assets/fonts`, cut by `data/gen/subset_fonts.py`), so it looks
//! the same on any machine and CJK labels never fall back to empty boxes.

use crate::answer::Answer;
use crate::catalog::{Catalog, GIB, GpuSpec};
use crate::estimate::{Estimate, Fit, Mode};
use crate::i18n::{Args, Lang, format_gib, format_int, t, tr};
use resvg::usvg;
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

/// Width of the page's picture in px: a phone shows it at about half size, so type is large.
pub const WIDTH: u32 = 800;
/// Most setup rows drawn on the page: the user's own and the first recommendations.
pub const MAX_ROWS: usize = 5;

const PAD: f64 = 24.0;
const BAR_H: f64 = 50.0;
/// Type sizes in px: a phone shows the 800 px picture at about 0.45, so a 32 px label reads
/// like a 14 px one.
const TITLE: f64 = 40.0;
const SUB: f64 = 28.0;
const LABEL: f64 = 32.0;
const VALUE: f64 = 26.0;
const LEGEND: f64 = 28.0;
const BOLD: &str = r#" font-weight="700""#;
const FONT: &str = "Noto Sans, Noto Sans CJK SC, sans-serif";
const INK: &str = "#1d232b";
const MUTED: &str = "#5b6572";
const TRACK: &str = "#dfe4ea";
const RESERVED: &str = "#f1f3f5";
const GREEN: &str = "#1a7f37";
const RED: &str = "#c62828";

/// Where a chart is shown, which sets its size and how much it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// The guide page and its link previews: [`WIDTH`] px, the model and job as a title,
    /// up to [`MAX_ROWS`] setups, each part's size written on it, the card's whole memory
    /// marked.
    Page,
    /// The picture under a Discord answer, drawn for a phone (see [`DISCORD_WIDTH`]): no
    /// title (the embed's says it), the user's setup and the first recommendations up to
    /// [`DISCORD_ROWS`], the need and the usable memory beside each bar, and a legend of the
    /// parts alone.
    Discord,
}

/// Width of the Discord picture in px. Discord shows an embed's image about 274 px wide on
/// a 390 px phone (the message column less the embed's border and padding), a scale of
/// 0.457: its smallest type, [`DISCORD_MIN_TYPE`], then reads at 12.8 px.
pub const DISCORD_WIDTH: u32 = 600;
/// The smallest type in the Discord picture, in its own px.
pub const DISCORD_MIN_TYPE: f64 = 28.0;
/// Setups drawn in the Discord picture: as many as the answer's first view lists.
pub const DISCORD_ROWS: usize = 3;

/// A layout's sizes in px. The page's are the chart's historical ones, unchanged.
struct Metrics {
    width: u32,
    pad: f64,
    bar_h: f64,
    max_rows: usize,
    /// The model's name and the job above the bars.
    title: bool,
    label: f64,
    legend: f64,
    heading: f64,
    /// From a row's top to its label's baseline.
    row_top: f64,
    /// From the bar's bottom to the next row's top.
    row_gap: f64,
    /// From one line of the legend to the next.
    legend_step: f64,
    /// The need and usable memory to the right of the bar (else on the label's line).
    usage_beside_bar: bool,
    /// Each part's size written on it, and the card's whole memory drawn.
    details: bool,
}

impl Layout {
    fn metrics(self) -> Metrics {
        match self {
            Layout::Page => Metrics {
                width: WIDTH,
                pad: PAD,
                bar_h: BAR_H,
                max_rows: MAX_ROWS,
                title: true,
                label: LABEL,
                legend: LEGEND,
                heading: SUB,
                row_top: 36.0,
                row_gap: 26.0,
                legend_step: 44.0,
                usage_beside_bar: false,
                details: true,
            },
            Layout::Discord => Metrics {
                width: DISCORD_WIDTH,
                pad: 20.0,
                bar_h: 28.0,
                max_rows: DISCORD_ROWS,
                title: false,
                label: 30.0,
                legend: DISCORD_MIN_TYPE,
                heading: DISCORD_MIN_TYPE,
                row_top: 32.0,
                row_gap: 14.0,
                legend_step: 40.0,
                usage_beside_bar: true,
                details: false,
            },
        }
    }

    /// The picture's width in px.
    pub fn width(self) -> u32 {
        self.metrics().width
    }
}

/// The fonts the PNG is drawn with, cut to the characters the chart uses.
const FONTS: [&[u8]; 3] = [
    include_bytes!("../../assets/fonts/NotoSans-Regular.subset.ttf"),
    include_bytes!("../../assets/fonts/NotoSans-Bold.subset.ttf"),
    include_bytes!("../../assets/fonts/NotoSansCJKsc-Regular.subset.otf"),
];

/// Why there is no PNG. The SVG is ours, so these mean a bug, not bad input.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    #[error("the chart's SVG did not parse: {0}")]
    Svg(#[from] usvg::Error),
    #[error("no {0}x{1} pixmap")]
    Pixmap(u32, u32),
    #[error("PNG encoding failed: {0}")]
    Png(String),
}

/// One part of the memory, in the order the bar stacks them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Weights,
    KvCache,
    Activations,
    Gradients,
    Optimizer,
    Overhead,
}

impl Part {
    pub const ALL: [Part; 6] = [
        Part::Weights,
        Part::KvCache,
        Part::Activations,
        Part::Gradients,
        Part::Optimizer,
        Part::Overhead,
    ];

    /// The CSS class the page's older bar used (kept so styles and tests can find parts).
    pub fn class(self) -> &'static str {
        match self {
            Part::Weights => "weights",
            Part::KvCache => "kv",
            Part::Activations => "activations",
            Part::Gradients => "gradients",
            Part::Optimizer => "optimizer",
            Part::Overhead => "overhead",
        }
    }

    fn label_id(self) -> &'static str {
        match self {
            Part::Weights => "chart-part-weights",
            Part::KvCache => "chart-part-kv-cache",
            Part::Activations => "chart-part-activations",
            Part::Gradients => "chart-part-gradients",
            Part::Optimizer => "chart-part-optimizer",
            Part::Overhead => "chart-part-overhead",
        }
    }

    /// Fill, and the colour of a value written on it (dark on the light yellow).
    fn colours(self) -> (&'static str, &'static str) {
        match self {
            Part::Weights => ("#2458b3", "#ffffff"),
            Part::KvCache => ("#1f9e89", "#ffffff"),
            Part::Activations => ("#e0a100", INK),
            Part::Gradients => ("#c2410c", "#ffffff"),
            Part::Optimizer => ("#9d174d", "#ffffff"),
            Part::Overhead => ("#7c8591", "#ffffff"),
        }
    }

    /// Bytes of this part in a whole-job estimate.
    fn bytes(self, e: &Estimate) -> f64 {
        match self {
            Part::Weights => e.weights,
            Part::KvCache => e.kv_cache,
            Part::Activations => e.activations,
            Part::Gradients => e.gradients,
            Part::Optimizer => e.optimizer,
            Part::Overhead => e.overhead,
        }
    }
}

/// One setup's row: what one of its GPUs holds, part by part, in GiB.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub label: String,
    pub fits: bool,
    pub parts: Vec<(Part, f64)>,
    pub needed: f64,
    pub usable: f64,
    /// The card's whole memory (what the driver reports); 0 when no card.
    pub capacity: f64,
}

/// Each part on one GPU of a job split over `estimate.gpus`, in GiB, at the peak: in
/// training the smaller of gradients and activations is gone by the time the other peaks
/// (the estimate's `overlap`), so it is left out and the parts add up to `per_gpu`.
pub fn per_gpu_parts(e: &Estimate) -> Vec<(Part, f64)> {
    let n = f64::from(e.gpus.max(1));
    let smaller = if e.gradients <= e.activations {
        Part::Gradients
    } else {
        Part::Activations
    };
    Part::ALL
        .into_iter()
        .map(|p| {
            let bytes = p.bytes(e) - if p == smaller { e.overlap } else { 0.0 };
            (p, bytes.max(0.0) / n / GIB)
        })
        .filter(|(_, gib)| *gib > 0.0005)
        .collect()
}

fn row(catalog: &Catalog, gpu: &GpuSpec, fit: &Fit) -> Row {
    Row {
        label: crate::render::parts::setup_label(catalog, &gpu.id, fit.count),
        fits: fit.fits,
        parts: per_gpu_parts(&fit.estimate),
        needed: fit.per_gpu_gib,
        usable: fit.usable_gib,
        capacity: gpu.memory_gib(),
    }
}

/// The setups the answer shows, the user's own first, each once, at most [`MAX_ROWS`].
pub fn rows(catalog: &Catalog, a: &Answer) -> Vec<Row> {
    rows_upto(catalog, a, MAX_ROWS)
}

/// [`rows`], at most `max`.
fn rows_upto(catalog: &Catalog, a: &Answer, max: usize) -> Vec<Row> {
    let mut seen: Vec<(&str, u32)> = Vec::new();
    let mut out = Vec::new();
    let own = a.gpu.zip(a.fit.as_ref());
    let recommended = a
        .recommendations
        .setups
        .iter()
        .filter_map(|s| catalog.gpu(&s.fit.gpu).map(|g| (g, &s.fit)));
    for (gpu, fit) in own.into_iter().chain(recommended) {
        if out.len() == max || seen.contains(&(gpu.id.as_str(), fit.count)) {
            continue;
        }
        seen.push((gpu.id.as_str(), fit.count));
        out.push(row(catalog, gpu, fit));
    }
    out
}

/// XML-escape text for an element or a double-quoted attribute.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // XML 1.0 has no place for other control characters.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// About how wide `s` is at `size` px: CJK and full-width forms are square, Latin about
/// 0.58 em (bold 0.62). Used to cut labels and place the legend, so it errs wide.
fn text_width(s: &str, size: f64, bold: bool) -> f64 {
    let (latin, wide) = if bold { (0.64, 0.92) } else { (0.6, 0.88) };
    s.chars()
        .map(|c| match c {
            '\u{2e80}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}' => 1.0,
            'M' | 'W' | 'm' | 'w' | '×' => wide,
            ' ' | '.' | ',' | 'i' | 'l' | 'I' | 'j' | '·' => 0.3,
            _ => latin,
        })
        .sum::<f64>()
        * size
}

/// `s` cut with "…" to fit `width` px.
fn fit_text(s: &str, size: f64, bold: bool, width: f64) -> String {
    if text_width(s, size, bold) <= width {
        return s.to_string();
    }
    let mut out = String::new();
    for c in s.chars() {
        out.push(c);
        if text_width(&out, size, bold) + size * 0.6 > width {
            out.pop();
            break;
        }
    }
    out.trim_end().to_string() + "…"
}

fn mode_id(mode: Mode) -> &'static str {
    match mode {
        Mode::Inference => "chart-mode-inference",
        Mode::FullFinetune => "chart-mode-full-finetune",
        Mode::Lora => "chart-mode-lora",
        Mode::Qlora => "chart-mode-qlora",
    }
}

/// A text element; `attrs` are extra attributes written as given.
fn text(out: &mut String, x: f64, y: f64, size: f64, fill: &str, attrs: &str, body: &str) {
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" fill="{fill}"{attrs}>{}</text>"#,
        esc(body)
    );
}

/// The chart of `a` as an SVG document in `lang`, [`WIDTH`] px wide: the page's.
pub fn svg(lang: Lang, catalog: &Catalog, a: &Answer) -> String {
    svg_in(lang, catalog, a, Layout::Page)
}

/// The chart of `a` as an SVG document in `lang`, drawn for `layout`.
pub fn svg_in(lang: Lang, catalog: &Catalog, a: &Answer, layout: Layout) -> String {
    let m = layout.metrics();
    let rows = rows_upto(catalog, a, m.max_rows);
    let inner = f64::from(m.width) - 2.0 * m.pad;
    let mut body = String::with_capacity(8 * 1024);
    let mut y = m.pad;
    if m.title {
        y += 38.0;
        let title = fit_text(&a.model.display_name, TITLE, true, inner);
        text(&mut body, m.pad, y, TITLE, INK, BOLD, &title);
        y += 44.0;
        let args = Args::new()
            .s("precision", a.job.precision.name())
            .s("mode", t(lang, mode_id(a.job.mode)))
            .s("context", format_int(lang, a.job.context()));
        let subtitle = fit_text(&tr(lang, "chart-subtitle", Some(&args)), SUB, false, inner);
        text(&mut body, m.pad, y, SUB, MUTED, "", &subtitle);
        y += 56.0;
        text(&mut body, m.pad, y, SUB, INK, "", &t(lang, "chart-heading"));
    } else {
        y += m.heading;
        let heading = fit_text(&t(lang, "chart-heading"), m.heading, false, inner);
        text(&mut body, m.pad, y, m.heading, INK, "", &heading);
    }
    y += 16.0;
    if rows.is_empty() {
        y = draw_need(&mut body, lang, &m, &a.estimate, y, inner);
    }
    let usage_w = rows
        .iter()
        .map(|r| text_width(&usage(lang, r), m.label, true))
        .fold(0.0, f64::max);
    for r in &rows {
        y = draw_row(&mut body, lang, &m, r, y, inner, usage_w);
    }
    let used: Vec<Part> = Part::ALL
        .into_iter()
        .filter(|p| {
            let drawn = |parts: &[(Part, f64)]| parts.iter().any(|(q, _)| q == p);
            rows.iter().any(|r| drawn(&r.parts))
                || (rows.is_empty() && drawn(&per_gpu_parts(&a.estimate)))
        })
        .collect();
    let cards = !rows.is_empty() && m.details;
    y = draw_legend(&mut body, lang, &m, &used, cards, y, inner);
    let height = (y + m.pad).ceil();
    let width = m.width;
    let alt = tr(
        lang,
        "chart-alt",
        Some(&Args::new().s("model", a.model.display_name.as_str())),
    );
    let mut out = String::with_capacity(body.len() + 512);
    let _ = write!(
        out,
        r##"<svg id="memory-bar" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{alt}" font-family="{FONT}"><title>{alt}</title><rect width="{width}" height="{height}" rx="16" fill="#ffffff"/>"##,
        alt = esc(&alt),
    );
    out.push_str(&body);
    out.push_str("</svg>");
    out
}

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
fn usage(lang: Lang, r: &Row) -> String {
    let args = Args::new()
        .s("needed", format_gib(lang, r.needed))
        .s("usable", format_gib(lang, r.usable));
    tr(lang, "chart-usage", Some(&args))
}

/// One setup: its mark, name and need against usable memory, then the bar. Returns the
/// next row's top. On the page the numbers go on the name's line (under the name when both
/// do not fit); in [`Layout::Discord`] they stand beside the bar, `usage_w` wide, so every
/// row has one line of text and the bars line up.
fn draw_row(
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
fn draw_need(out: &mut String, lang: Lang, m: &Metrics, e: &Estimate, top: f64, inner: f64) -> f64 {
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

/// Swatches for the parts drawn, then the track and the capacity line; wraps lines.
fn draw_legend(
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

/// The font database, built once: only the embedded fonts, never the system's.
fn fontdb() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        for font in FONTS {
            db.load_font_data(font.to_vec());
        }
        db.set_sans_serif_family("Noto Sans");
        Arc::new(db)
    })
    .clone()
}

/// Whether the embedded fonts can draw `c` (tests check every label with it).
pub fn font_has(c: char) -> bool {
    use skrifa::MetadataProvider as _;
    FONTS
        .iter()
        .any(|data| skrifa::FontRef::new(data).is_ok_and(|font| font.charmap().map(c).is_some()))
}

/// Render an SVG (one of ours) to PNG bytes with the embedded fonts.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, ChartError> {
    let options = usvg::Options {
        fontdb: fontdb(),
        font_family: "Noto Sans".to_string(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or(ChartError::Pixmap(w, h))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    encode(pixmap).map_err(|e| ChartError::Png(e.to_string()))
}

/// PNG bytes of a pixmap. The chart is a few flat colours plus the anti-aliased edges of
/// its text (about 230 colours in all), so it is written as an indexed, 8-bit image when it
/// has at most 256: a quarter of the RGBA data, losslessly, which fdeflate's fast mode with
/// adaptive row filters packs in about 2 ms to about 46 KB. (RGBA through zlib took about
/// 20 ms for 54 KB, nine tenths of the whole render.) A picture with more colours falls back
/// to RGBA, same settings: larger, as quick.
fn encode(pixmap: resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let rgba = demultiplied(pixmap);
    let mut out = Vec::with_capacity(rgba.len() / 16);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Adaptive);
    let data = match indexed(&rgba) {
        Some(Indexed {
            palette,
            alpha,
            pixels,
        }) => {
            // The picture's bytes are not needed past here; the palette image is.
            drop(rgba);
            encoder.set_color(png::ColorType::Indexed);
            encoder.set_palette(palette);
            if alpha.iter().any(|&a| a != u8::MAX) {
                encoder.set_trns(alpha);
            }
            pixels
        }
        None => {
            encoder.set_color(png::ColorType::Rgba);
            rgba
        }
    };
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&data)?;
    writer.finish()?;
    Ok(out)
}

/// The pixmap's own bytes, turned from premultiplied to straight RGBA in place: copied
/// into a second buffer the size of the picture (2.9 MB), every chart allocated, touched
/// and freed that much more memory.
fn demultiplied(pixmap: resvg::tiny_skia::Pixmap) -> Vec<u8> {
    let mut data = pixmap.take();
    for p in data.chunks_exact_mut(4) {
        // Opaque pixels (most of a chart) are the same either way.
        if p[3] == u8::MAX {
            continue;
        }
        if let Some(c) = resvg::tiny_skia::PremultipliedColorU8::from_rgba(p[0], p[1], p[2], p[3]) {
            let c = c.demultiply();
            p.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
    }
    data
}

/// An image as a palette (RGB, with each entry's alpha apart) and one index per pixel.
struct Indexed {
    palette: Vec<u8>,
    alpha: Vec<u8>,
    pixels: Vec<u8>,
}

/// The image as [`Indexed`] when it has at most 256 colours; None otherwise.
fn indexed(rgba: &[u8]) -> Option<Indexed> {
    let mut index: rustc_hash::FxHashMap<[u8; 4], u8> = Default::default();
    let mut out = Indexed {
        palette: Vec::with_capacity(3 * 256),
        alpha: Vec::with_capacity(256),
        pixels: Vec::with_capacity(rgba.len() / 4),
    };
    // Runs of one colour are the rule (background, bars): look up only on a change.
    let mut last: Option<([u8; 4], u8)> = None;
    for p in rgba.chunks_exact(4) {
        let colour = [p[0], p[1], p[2], p[3]];
        let i = match last {
            Some((c, i)) if c == colour => i,
            _ => {
                let next = index.len();
                let i = match index.get(&colour) {
                    Some(&i) => i,
                    None => {
                        let i = u8::try_from(next).ok()?;
                        index.insert(colour, i);
                        out.palette.extend_from_slice(&colour[..3]);
                        out.alpha.push(colour[3]);
                        i
                    }
                };
                last = Some((colour, i));
                i
            }
        };
        out.pixels.push(i);
    }
    Some(out)
}

/// The chart of `a` as a PNG, [`WIDTH`] px wide: the page's.
pub fn png(lang: Lang, catalog: &Catalog, a: &Answer) -> Result<Vec<u8>, ChartError> {
    svg_to_png(&svg(lang, catalog, a))
}

/// The chart of `a` as a PNG drawn for `layout`.
pub fn png_in(
    lang: Lang,
    catalog: &Catalog,
    a: &Answer,
    layout: Layout,
) -> Result<Vec<u8>, ChartError> {
    svg_to_png(&svg_in(lang, catalog, a, layout))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer;

    /// Decode a PNG into RGBA bytes (indexed images expanded through their palette).
    fn decode(bytes: &[u8]) -> Vec<u8> {
        let mut d = png::Decoder::new(std::io::Cursor::new(bytes));
        d.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
        let mut r = d.read_info().expect("a PNG");
        let mut buf = vec![0; r.output_buffer_size().expect("size")];
        let info = r.next_frame(&mut buf).expect("a frame");
        buf.truncate(info.buffer_size());
        buf
    }

    #[test]
    fn the_png_is_lossless_indexed_or_not() {
        let pixmap = |colours: u32| {
            let mut p = resvg::tiny_skia::Pixmap::new(64, 64).unwrap();
            for (n, px) in p.pixels_mut().iter_mut().enumerate() {
                let c = (n as u32 * 7919) % colours;
                let a = if c.is_multiple_of(5) { 128 } else { 255 };
                *px = resvg::tiny_skia::ColorU8::from_rgba(c as u8, (c >> 8) as u8, 40, a)
                    .premultiply();
            }
            p
        };
        for colours in [3, 256, 300] {
            let p = pixmap(colours);
            let want: Vec<u8> = p
                .pixels()
                .iter()
                .flat_map(|c| {
                    let c = c.demultiply();
                    [c.red(), c.green(), c.blue(), c.alpha()]
                })
                .collect();
            let bytes = encode(p).unwrap();
            assert_eq!(decode(&bytes), want, "{colours} colours");
            assert_eq!(indexed(&want).is_some(), colours <= 256);
        }
    }

    fn answer(text: &str) -> Answer {
        answer::for_text(Catalog::get(), text)
            .result
            .expect("an answer")
    }

    #[test]
    fn parts_add_up_to_the_per_gpu_need() {
        for q in [
            "llama 3.1 70b fp16 on 2x h100",
            "full fine-tune llama 3.1 8b on 4x a100",
            "qlora llama 70b on a 4090",
        ] {
            let a = answer(q);
            for r in rows(Catalog::get(), &a) {
                let sum: f64 = r.parts.iter().map(|(_, g)| g).sum();
                assert!((sum - r.needed).abs() < 0.01, "{q}: {sum} vs {}", r.needed);
            }
        }
    }

    #[test]
    fn the_users_setup_comes_first_and_rows_are_capped() {
        let a = answer("llama 3.1 70b fp16 on 2x rtx 4090");
        let rows = rows(Catalog::get(), &a);
        assert!(rows[0].label.contains("4090") && !rows[0].fits, "{rows:?}");
        assert!(rows.len() > 1 && rows.len() <= MAX_ROWS);
        assert!(rows[1..].iter().all(|r| r.fits));
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(esc("a<b>&\"'\u{1b}"), "a&lt;b&gt;&amp;&quot;&#39; ");
        let mut a = answer("llama 3.1 8b fp16");
        a.model.to_mut().display_name = "<script>x</script>&".into();
        let svg = svg(Lang::En, Catalog::get(), &a);
        assert!(!svg.contains("<script>") && svg.contains("&lt;script&gt;"));
        assert!(svg_to_png(&svg).is_ok());
    }

    #[test]
    fn long_labels_are_cut() {
        let cut = fit_text(&"x".repeat(200), 27.0, true, 300.0);
        assert!(cut.ends_with('…') && text_width(&cut, 27.0, true) <= 300.0);
        assert_eq!(fit_text("short", 27.0, true, 300.0), "short");
    }
}
