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
//!
//! Its parts: [`Part`] (what a bar stacks), `text` (escaped, measured and cut type), `bars`
//! (one setup's row), `legend`, and `raster` (the PNG and its fonts).

mod bars;
mod legend;
mod part;
mod raster;
mod scheme;
mod text;

pub use part::Part;
pub use raster::{ChartError, font_has, svg_to_png};
pub use scheme::{Scheme, in_scheme};

use crate::answer::Answer;
use crate::catalog::{Catalog, GIB, GpuSpec};
use crate::estimate::{Estimate, Fit, Mode};
use crate::i18n::{Args, Lang, format_int, t, tr};
use bars::{draw_need, draw_row, usage};
use legend::draw_legend;
use std::fmt::Write as _;
use text::{esc, fit_text, text, text_width};

/// Width of the page's picture in px: a phone shows it at about half size, so type is large.
pub const WIDTH: u32 = 800;
/// Most setup rows drawn on the page: the user's own and the first recommendations.
pub const MAX_ROWS: usize = 5;
/// The smallest type in the page's picture, in its own px. A phone shows the picture edge to
/// edge (`templates/style.css`): about 372 px wide on a 390 px phone, where this reads at
/// 14 px, and 342 px on a 360 px one (12.8 px). The page caps the picture at 480 px, where
/// the largest type, the 40 px title, stays at the page's own heading size (24 px).
pub const PAGE_MIN_TYPE: f64 = 30.0;

const PAD: f64 = 24.0;
const BAR_H: f64 = 50.0;
/// The page's type sizes in px (see [`PAGE_MIN_TYPE`]).
const TITLE: f64 = 40.0;
const SUB: f64 = PAGE_MIN_TYPE;
const LABEL: f64 = 32.0;
/// A part's size, written on it.
const VALUE: f64 = PAGE_MIN_TYPE;
const LEGEND: f64 = PAGE_MIN_TYPE;
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

/// A layout's sizes in px.
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
                legend_step: 46.0,
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

fn mode_id(mode: Mode) -> &'static str {
    match mode {
        Mode::Inference => "chart-mode-inference",
        Mode::FullFinetune => "chart-mode-full-finetune",
        Mode::Lora => "chart-mode-lora",
        Mode::Qlora => "chart-mode-qlora",
    }
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
        let title = fit_text(
            &crate::render::parts::model_title(lang, a),
            TITLE,
            true,
            inner,
        );
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
        Some(&Args::new().s("model", crate::render::parts::model_name(lang, a))),
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
        let mut spec = a.model.as_ref().clone();
        spec.display_name = "<script>x</script>&".into();
        a.model = crate::catalog::ModelRef::own(spec);
        let svg = svg(Lang::En, Catalog::get(), &a);
        assert!(!svg.contains("<script>") && svg.contains("&lt;script&gt;"));
        assert!(svg_to_png(&svg).is_ok());
    }
}
