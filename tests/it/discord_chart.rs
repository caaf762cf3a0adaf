//! The memory chart on Discord, end to end against the fake: every answer is sent as
//! multipart with `chart.png`, a PNG the embed shows through `attachment://chart.png`, and
//! the JSON beside it still follows Discord's OpenAPI schema.

use crate::discord_e2e::start_with;
use crate::fake_discord::fixtures::{self, ADMIN_PERMISSIONS, Place, USER};
use crate::fake_discord::{APP_ID, Recorded};
use resvg::tiny_skia::Pixmap;
use serde_json::{Value, json};
use std::time::Duration;
use vramguide::i18n::{Lang, t};
use vramguide::render::chart;

const WAIT: Duration = Duration::from_secs(15);

/// The embed of an interaction callback or of a message.
fn embed(r: &Recorded) -> &Value {
    match r.body.get("data") {
        Some(data) => &data["embeds"][0],
        None => &r.body["embeds"][0],
    }
}

/// The request carries exactly one chart.png, a PNG of the Discord chart's width, that the embed
/// shows and the payload lists as an attachment. Returns the PNG's height.
pub fn assert_chart(r: &Recorded) -> u32 {
    let e = embed(r);
    assert_eq!(
        e["image"]["url"],
        json!("attachment://chart.png"),
        "the embed shows the attachment: {e:#}"
    );
    let charts: Vec<_> = r
        .files
        .iter()
        .filter(|f| f.filename == "chart.png")
        .collect();
    assert_eq!(charts.len(), 1, "one chart.png in {} {}", r.method, r.path);
    let file = charts[0];
    assert!(file.field.starts_with("files["), "{}", file.field);
    assert_eq!(file.content_type.as_deref(), Some("image/png"));
    assert!(file.bytes.len() < 200 * 1024, "{} bytes", file.bytes.len());
    let png = Pixmap::decode_png(&file.bytes).expect("the attachment is a PNG");
    // Drawn for a phone, not the page's picture.
    assert_eq!(png.width(), chart::Layout::Discord.width());
    let payload = r.body.get("data").unwrap_or(&r.body);
    let listed = payload["attachments"].to_string();
    assert!(listed.contains("chart.png"), "attachments: {listed}");
    png.height()
}

fn precision_index(name: &str) -> usize {
    vramguide::estimate::precision::ALL
        .iter()
        .position(|(_, n)| *n == name)
        .expect("known precision")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_carry_their_chart_as_an_attached_png() {
    let bot = start_with(|_| {}).await;
    let fake = &bot.fake;
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };

    // /estimate in pt-BR: the chart goes with the public answer.
    let options = json!([
        {"name": "model", "type": 3, "value": "llama 3.1 70b"},
        {"name": "precision", "type": 4, "value": precision_index("fp16")},
        {"name": "gpu", "type": 3, "value": "rtx 4090"},
        {"name": "gpus", "type": 4, "value": 2}
    ]);
    let slash = fixtures::slash(fake.next_id(), "estimate", options, USER, "pt-BR", admin);
    let r = bot.interact(slash).await;
    assert_eq!(r.body["type"], json!(4), "a public answer");
    assert!(embed(&r)["footer"]["text"] == json!(t(Lang::Pt, "discord-footer")));
    assert_chart(&r);

    // The full breakdown, updated in place, keeps a chart (a fresh one, not a stale file).
    let breakdown = r.body["data"]["components"]
        .to_string()
        .split('"')
        .find(|s| s.starts_with("vg:b:"))
        .map(str::to_string)
        .expect("the breakdown button");
    let r = bot
        .interact(fixtures::click(fake.next_id(), &breakdown, USER, "pt-BR"))
        .await;
    assert_eq!(r.body["type"], json!(7), "updated in place");
    assert_chart(&r);

    // A mention answered in a channel message: the same.
    let content = format!("<@{APP_ID}> ¿cuánta memoria necesita llama 3.1 8b en fp16?");
    let msg = fixtures::guild_message(fake.next_id(), USER, &content, true);
    let r = bot
        .message(msg, WAIT)
        .await
        .expect("a reply to the mention");
    assert_chart(&r);

    // No answer, no chart: garbage gets its help without a file.
    let msg = fixtures::guild_message(fake.next_id(), USER, &format!("<@{APP_ID}> zzqq"), true);
    let r = bot.message(msg, WAIT).await.expect("help");
    assert!(r.files.is_empty() && embed(&r).get("image").is_none());

    fake.assert_requests_follow_schema();
    bot.stop().await;
}
