//! Render the bot's embed for one question as an HTML page styled like Discord's dark theme,
//! for the README's screenshot (no Discord account needed):
//!
//! ```sh
//! cargo run --example discord_preview -- "dá pra rodar llama 3.1 70b em q4_k_m numa 4090?" > /tmp/embed.html
//! chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=520,1400 \
//!     --screenshot=docs/screenshot-discord.png /tmp/embed.html
//! ```

use vramguide::catalog::Catalog;
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
    let a = answer::build(catalog, req).expect("a valid job");
    let e = embed::answer(lang, catalog, &a, false).fitted();
    // The embed's image: the chart.png every answer carries.
    let chart = vramguide::render::chart::png(lang, catalog, &a).expect("the chart renders");
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
.footer {{ color:#b5bac1; font-size:12px; margin-top:10px; }} code {{ background:#1e1f22; padding:0 3px; border-radius:3px; }}
</style></head><body>
<div class=msg><div class=avatar></div><div><div class=user>you</div><div class=q>{question}</div></div></div>
<div class=msg><div class=avatar></div><div><div class=user>vramguide<span>APP</span></div>
<div class=embed><div class=title>{title}</div><div>{description}</div>{fields}<img class=chart alt="" src="data:image/png;base64,{chart}"><div class=footer>{footer}</div></div></div></div>
</body></html>"#,
        colour = e.colour,
        question = markdown(&question),
        title = markdown(&e.title),
        description = markdown(&e.description),
        footer = markdown(&e.footer),
        chart = base64(&chart),
    );
}
