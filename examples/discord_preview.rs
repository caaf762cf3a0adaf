//! Render the bot's answer for one question (its embed, chart and components) as an HTML
//! page styled like Discord's dark theme, for the README's screenshots (no Discord account
//! needed):
//!
//! ```sh
//! cargo run --example discord_preview -- "dá pra rodar llama 3.1 70b em q4_k_m numa 4090?" > /tmp/embed.html
//! chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=390,1100 \
//!     --screenshot=docs/screenshot-discord.png /tmp/embed.html
//! ```
//!
//! After the question, `precision=FORMAT`, `context=N`, `runtime=R` or `setup=GPU*N` apply
//! a menu pick, `full` shows the "full breakdown" view, `open=N` draws the menu in row N
//! (0 the first) open, as a tap shows it, and `scrolled` scrolls down to the menus:
//! `bench/screenshots.sh` takes the what-if sequence in `docs/discord-what-if-*.png` this way.

use vramguide::catalog::Catalog;
use vramguide::discord::controls::{self, Control};
use vramguide::i18n::Lang;
use vramguide::render::discord as embed;
use vramguide::{answer, query};

/// Escape, then turn Discord's `**bold**` and `` `code` `` into tags.
fn markdown(text: &str) -> String {
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let mut out = String::new();
    let (mut bold, mut code) = (false, false);
    let mut rest = escaped.as_str();
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("**") {
            out.push_str(if bold { "</b>" } else { "<b>" });
            bold = !bold;
            rest = &rest[2..];
        } else if c == '`' {
            out.push_str(if code { "</code>" } else { "<code>" });
            code = !code;
            rest = &rest[1..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out.replace('\n', "<br>")
}

/// Standard base64, for the chart's data: URL (the page must stand alone for the screenshot).
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn main() {
    let question = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "dá pra rodar llama 3.1 70b em q4_k_m numa 4090?".to_string());
    let catalog = Catalog::get();
    let parsed = query::parse(catalog, &question);
    let lang = parsed.language.unwrap_or(Lang::En);
    let req = query::resolve_parsed(catalog, &parsed).expect("an understood question");
    let mut a = answer::build(catalog, req).expect("a valid job");
    let mut q = controls::pinned(&parsed.query, &a);
    let mut full = false;
    let mut open = None;
    let mut scrolled = false;
    for arg in std::env::args().skip(2) {
        if arg == "full" {
            full = true;
            continue;
        }
        if arg == "scrolled" {
            scrolled = true;
            continue;
        }
        if let Some(n) = arg.strip_prefix("open=") {
            open = Some(n.parse().expect("open=N, N the menu's row from 0"));
            continue;
        }
        let (name, value) = arg.split_once('=').expect("NAME=VALUE or full");
        let control = Control::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .expect("precision, context, runtime or setup");
        q = controls::apply(&q, control, value).expect("a value the menu offers");
        a = answer::for_query(catalog, &q).expect("a valid job");
        q = controls::pinned(&q, &a);
    }
    let view = if full {
        embed::View::Full
    } else {
        embed::View::Compact
    };
    let e = embed::answer_view(lang, catalog, &a, view);
    let components = components(lang, &a, &q, full, open);
    // The embed's image: the chart.png every answer carries.
    let layout = vramguide::render::chart::Layout::Discord;
    let chart =
        vramguide::render::chart::png_in(lang, catalog, &a, layout).expect("the chart renders");
    let fields: String = e
        .fields
        .iter()
        .map(|(name, value)| {
            format!(
                "<div class=field><div class=name>{}</div><div>{}</div></div>",
                markdown(name),
                markdown(value)
            )
        })
        .collect();
    println!(
        r#"<!doctype html><html><head><meta charset=utf-8><style>
body {{ background:#313338; color:#dbdee1; font:15px/1.4 "Noto Sans","DejaVu Sans",sans-serif; margin:16px; }}
.msg {{ display:flex; gap:12px; }} .avatar {{ width:40px; height:40px; border-radius:50%; background:#5865f2; flex:none; }}
.user {{ color:#f2f3f5; font-weight:600; }} .user span {{ background:#5865f2; color:#fff; font-size:10px; padding:1px 4px; border-radius:3px; margin-left:4px; }}
.q {{ margin:2px 0 8px; }} .embed {{ background:#2b2d31; border-left:4px solid #{colour:06x}; border-radius:4px; padding:10px 14px; max-width:430px; }}
.title {{ color:#f2f3f5; font-weight:700; margin-bottom:6px; }} .field {{ margin-top:8px; }} .name {{ color:#f2f3f5; font-weight:700; }}
.chart {{ display:block; width:100%; margin-top:12px; border-radius:4px; }}
.footer {{ color:#b5bac1; font-size:12px; margin-top:10px; }}
.row {{ display:flex; flex-wrap:wrap; gap:8px; margin-top:8px; max-width:430px; }} .button {{ background:#4e5058; color:#fff; border-radius:3px; padding:6px 12px; font-size:14px; }}
.button.primary {{ background:#5865f2; }} .button.success {{ background:#248046; }}
.select {{ flex:1; background:#1e1f22; border:1px solid #1e1f22; border-radius:4px; padding:8px 10px; color:#dbdee1; }} .select span {{ float:right; color:#b5bac1; }} code {{ background:#1e1f22; padding:0 3px; border-radius:3px; }}
.menu {{ background:#2b2d31; border:1px solid #1e1f22; border-radius:4px; margin-top:4px; max-width:430px; }} .option {{ padding:3px 10px; }} .option.chosen {{ background:#404249; }} .option small {{ color:#b5bac1; font-size:13px; }}
</style></head><body>
<div class=msg><div class=avatar></div><div><div class=user>you</div><div class=q>{question}</div></div></div>
<div class=msg><div class=avatar></div><div><div class=user>vramguide<span>APP</span></div>
<div class=embed><div class=title>{title}</div><div>{description}</div>{fields}<img class=chart id=chart alt="" src="data:image/png;base64,{chart}"><div class=footer>{footer}</div></div>{components}</div></div>
{shift}</body></html>"#,
        colour = e.colour,
        question = markdown(&question),
        title = markdown(&e.title),
        description = markdown(&e.description),
        footer = markdown(&e.footer),
        components = components,
        chart = base64(&chart),
        shift = if scrolled { SCROLLED } else { "" },
    );
}

/// Moves the page up as a thumb scrolls it, the buttons 400 px from the top: the end of a
/// long full breakdown and the menus under it on one screen (a screenshot does not scroll).
/// Redone on resize: headless Chromium lays the page out wider before its screenshot.
const SCROLLED: &str = "<script>const scroll = () => { const b = document.body; \
     b.style.marginTop = '16px'; \
     const r = document.querySelector('.row').getBoundingClientRect().top; \
     b.style.marginTop = (16 + 400 - r) + 'px'; }; \
     addEventListener('load', scroll); addEventListener('resize', scroll);</script>";

/// The rows under the answer as Discord draws them: the buttons, then each select menu
/// showing its chosen option; the menu in row `open` (0 the first menu) drawn open.
fn components(
    lang: Lang,
    a: &answer::Answer,
    q: &vramguide::query::Query,
    full: bool,
    open: Option<usize>,
) -> String {
    use vramguide::i18n::t;
    let mut buttons = String::new();
    let mut button = |id: &str, class: &str| {
        buttons.push_str(&format!(
            "<div class='button {class}'>{}</div>",
            t(lang, id)
        ));
    };
    // As `discord::buttons::for_answer_in`: the guides' buttons in the full view only.
    if full && a.recommendations.nvlink_matters {
        button("button-explain-nvlink", "");
    } else if full && a.topics.contains(&vramguide::answer::Topic::MultiGpu) {
        button("button-explain-multi-gpu", "");
    }
    if full && a.topics.contains(&vramguide::answer::Topic::Quantization) {
        button("button-explain-quantization", "");
    }
    if embed::offers_levers(a) {
        button("controls-make-it-fit", "success");
    }
    button("button-breakdown", "primary");
    let mut out = format!("<div class=row>{buttons}</div>");
    for (n, row) in controls::rows(lang, a, q, full, |c| c.letter().to_string())
        .into_iter()
        .enumerate()
    {
        let v = serde_json::to_value(&row).expect("a row serializes");
        let select = &v["components"][0];
        let options = select["options"].as_array().cloned().unwrap_or_default();
        // Closed, a menu shows its chosen option's label alone, as Discord draws it.
        let chosen = options
            .iter()
            .find(|o| o["default"] == true)
            .or(options.first());
        let label = chosen.and_then(|o| o["label"].as_str()).unwrap_or_default();
        out.push_str(&format!(
            "<div class=row><div class=select>{} <span>▾</span></div></div>",
            markdown(label)
        ));
        if open == Some(n) {
            out.push_str(&open_menu(&options));
        }
    }
    out
}

/// A menu as it opens on a tap: every option, its label over its description.
fn open_menu(options: &[serde_json::Value]) -> String {
    let items: String = options
        .iter()
        .map(|o| {
            let label = o["label"].as_str().unwrap_or_default();
            let note = o["description"].as_str().unwrap_or_default();
            let class = if o["default"] == true { " chosen" } else { "" };
            format!(
                "<div class='option{class}'><div>{}</div><small>{}</small></div>",
                markdown(label),
                markdown(note)
            )
        })
        .collect();
    format!("<div class=menu>{items}</div>")
}
