//! The memory chart (`render::chart`): every label it can draw is in the embedded fonts, and
//! the longest answer's PNG in each language decodes, is the width a phone expects, and
//! stays small enough to attach to every Discord answer.

use resvg::tiny_skia::Pixmap;
use vramguide::answer::{self, Answer};
use vramguide::catalog::Catalog;
use vramguide::i18n::{FTL_FILES, Lang, format_gib, format_int};
use vramguide::render::chart;

/// Bytes one chart may take: it goes with every answer, to phones.
const MAX_PNG_BYTES: usize = 200 * 1024;
/// Tallest chart: the user's setup and four others, each name on its own line, and a
/// legend over three lines.
const MAX_HEIGHT: u32 = 1200;

/// Questions with the most to draw: many setups, training parts, long names, no fit at all.
const QUESTIONS: &[&str] = &[
    "llama 3.1 70b fp16 on 2x rtx 4090",
    "full fine-tune llama 3.1 70b on 8x h100 with adamw",
    "qlora llama 3.1 70b on an AMD Ryzen AI Max+ 395",
    "llama 3.1 405b fp32 32k context",
    "full fine-tune llama 3.1 405b fp32 batch 64",
    "deepseek v3 fp16 128k context batch 64",
    "dá pra rodar qwen 32b numa 3090?",
    "¿cabe mixtral 8x7b en dos 3090 en 4 bits?",
    "八张h200训练llama 3.1 70b全参数微调",
];

fn answers() -> Vec<Answer> {
    QUESTIONS
        .iter()
        .filter_map(|q| answer::for_text(Catalog::get(), q).result.ok())
        .collect()
}

#[test]
fn every_chart_label_is_in_the_embedded_fonts() {
    let mut text = String::new();
    let mut locales = 0;
    for (_, name, body) in FTL_FILES {
        if *name != "chart.ftl" {
            continue;
        }
        locales += 1;
        for line in body.lines().filter(|l| !l.starts_with('#')) {
            text.push_str(line);
        }
    }
    assert_eq!(locales, Lang::ALL.len(), "chart.ftl in every locale");
    for lang in Lang::ALL {
        for x in [0.25, 7.5, 21.5, 1234.5] {
            text.push_str(&format_gib(lang, x));
        }
        text.push_str(&format_int(lang, 131_072));
    }
    let catalog = Catalog::get();
    for m in &catalog.models {
        text.push_str(&m.display_name);
    }
    for g in &catalog.gpus {
        text.push_str(&g.display_name);
    }
    text.push('…');
    let mut missing: Vec<char> = text
        .chars()
        .filter(|c| !c.is_control() && !chart::font_has(*c))
        .collect();
    missing.sort_unstable();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "not in assets/fonts (run python3 data/gen/subset_fonts.py): {missing:?}"
    );
}

#[test]
fn the_longest_chart_in_each_language_decodes_and_stays_small() {
    let answers = answers();
    assert!(answers.len() >= 6, "the questions are answered");
    for lang in Lang::ALL {
        let longest = answers
            .iter()
            .max_by_key(|a| chart::svg(lang, Catalog::get(), a).len())
            .unwrap();
        for a in [longest, &answers[0]] {
            let png = chart::png(lang, Catalog::get(), a).expect("rendered");
            assert!(png.len() < MAX_PNG_BYTES, "{lang:?}: {} bytes", png.len());
            let pixmap = Pixmap::decode_png(&png).expect("a PNG that decodes");
            assert_eq!(pixmap.width(), chart::WIDTH, "{lang:?}");
            assert!(
                (300..=MAX_HEIGHT).contains(&pixmap.height()),
                "{lang:?}: {} px tall",
                pixmap.height()
            );
            // Drawn, not blank: the bars' blue is there.
            let blue = pixmap
                .pixels()
                .iter()
                .filter(|p| (p.red(), p.green(), p.blue()) == (0x24, 0x58, 0xb3))
                .count();
            assert!(blue > 500, "{lang:?}: {blue} weight pixels");
        }
    }
}

#[test]
fn labels_are_in_the_reply_language_and_numbers_in_its_format() {
    let a = answer::for_text(Catalog::get(), "llama 3.1 70b fp16 on 2x rtx 4090")
        .result
        .unwrap();
    let pt = chart::svg(Lang::Pt, Catalog::get(), &a);
    assert!(
        pt.contains(">pesos<") && pt.contains(">memória utilizável<"),
        "{pt}"
    );
    let needed = a.fit.as_ref().unwrap().per_gpu_gib;
    assert!(pt.contains(&format!("{} / ", format_gib(Lang::Pt, needed))));
    assert!(format_gib(Lang::Pt, needed).contains(','));
    let zh = chart::svg(Lang::Zh, Catalog::get(), &a);
    assert!(zh.contains(">权重<") && zh.contains(">GPU 显存总量<"));
    assert!(zh.contains(r#"class="capacity""#) && zh.contains(r#"class="seg kv""#));
    // Nothing holds it: the need alone, said so, and no card drawn.
    let a = answer::for_text(
        Catalog::get(),
        "full fine-tune llama 3.1 405b fp32 batch 64",
    )
    .result
    .unwrap();
    assert!(a.recommendations.nothing_fits && a.fit.is_none());
    let es = chart::svg(Lang::Es, Catalog::get(), &a);
    assert!(
        es.contains(&vramguide::i18n::t(Lang::Es, "chart-nothing-fits")),
        "{es}"
    );
    assert!(!es.contains(r#"class="capacity""#) && es.contains(r#"class="seg weights""#));
}

/// Widths the page gives its chart (templates/style.css): edge to edge on a 360 px phone
/// (the narrowest common one; `web_browser` measures it in a browser), and its cap on a
/// desktop.
const PAGE_PHONE_PX: f64 = 342.0;
const PAGE_DESKTOP_PX: f64 = 480.0;

#[test]
fn the_page_chart_type_reads_on_a_phone_and_stays_modest_on_a_desktop() {
    let width = f64::from(chart::Layout::Page.width());
    for lang in Lang::ALL {
        for (q, a) in QUESTIONS.iter().zip(&answers()) {
            let svg = chart::svg(lang, Catalog::get(), a);
            let sizes: Vec<f64> = svg
                .split("font-size=\"")
                .skip(1)
                .map(|s| s.split('"').next().unwrap().parse().unwrap())
                .collect();
            assert!(!sizes.is_empty(), "{lang:?} {q}: no text");
            for px in sizes {
                // At least 12 px on the phone, at most the page's h1 (24 px) on a desktop.
                let (phone, desktop) = (px * PAGE_PHONE_PX / width, px * PAGE_DESKTOP_PX / width);
                assert!(
                    phone >= 12.0,
                    "{lang:?} {q}: {px} px type shows at {phone:.1} px"
                );
                assert!(
                    desktop <= 24.0,
                    "{lang:?} {q}: {px} px type shows at {desktop:.1} px"
                );
                assert!(px >= chart::PAGE_MIN_TYPE, "{lang:?} {q}: {px} px");
            }
        }
    }
}

/// Width Discord gives an embed's image on a 390 px phone (the embed's text column).
const DISCORD_SHOWN_PX: f64 = 274.0;

#[test]
fn the_discord_chart_is_short_and_its_type_reads_on_a_phone() {
    let layout = chart::Layout::Discord;
    let scale = DISCORD_SHOWN_PX / f64::from(layout.width());
    for lang in Lang::ALL {
        for (q, a) in QUESTIONS.iter().zip(&answers()) {
            let svg = chart::svg_in(lang, Catalog::get(), a, layout);
            // No text under 12 px once Discord scales the picture to the phone.
            for size in svg.split("font-size=\"").skip(1) {
                let px: f64 = size.split('"').next().unwrap().parse().unwrap();
                assert!(
                    px * scale >= 12.0,
                    "{lang:?}: {px} px type shows at {:.1} px",
                    px * scale
                );
            }
            // At most three setups, and at most 220 px tall on the phone (a training job's
            // legend takes three lines).
            let bars = svg.matches(r#"class="track""#).count();
            assert!(bars <= chart::DISCORD_ROWS, "{lang:?}: {bars} bars");
            let png = chart::png_in(lang, Catalog::get(), a, layout).expect("rendered");
            let pixmap = Pixmap::decode_png(&png).expect("a PNG that decodes");
            assert_eq!(pixmap.width(), layout.width());
            let shown = f64::from(pixmap.height()) * scale;
            assert!(
                shown <= 220.0,
                "{lang:?} {q}: {shown:.0} px tall on a phone"
            );
        }
    }
}
