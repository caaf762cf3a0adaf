//! The chart as a PNG: the same SVG rendered with resvg and the fonts embedded in the
//! binary, then packed as an indexed image when it can be.

use resvg::usvg;
use std::sync::{Arc, OnceLock};

/// The fonts the PNG is drawn with, cut to the characters the chart uses.
const FONTS: [&[u8]; 3] = [
    include_bytes!("../../../assets/fonts/NotoSans-Regular.subset.ttf"),
    include_bytes!("../../../assets/fonts/NotoSans-Bold.subset.ttf"),
    include_bytes!("../../../assets/fonts/NotoSansCJKsc-Regular.subset.otf"),
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
