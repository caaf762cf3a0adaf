//! The memory chart on every answer: the PNG of `render::chart`, attached to the reply as
//! `chart.png` and shown as the embed's image (`attachment://chart.png`).
//!
//! One value, [`Chart`], carries the file to whichever builder sends the answer (a slash
//! command's reply, a message, an interaction update), so each call site changes by one line.
//! When rendering fails the answer goes out without a picture: the words say it all too.

use crate::answer::Answer;
use crate::catalog::Catalog;
use crate::chart_pool::{ChartPool, ChartPoolError};
use crate::i18n::Lang;
use crate::render::chart::Layout;
use poise::serenity_prelude as serenity;

/// The attachment's file name, which the embed refers to.
pub const FILE: &str = "chart.png";

/// The chart of one answer, ready to attach (or nothing, if it could not be drawn).
#[derive(Default)]
pub struct Chart(Option<serenity::CreateAttachment>);

impl Chart {
    /// The chart of `a` in `lang`, drawn for a phone ([`Layout::Discord`]), from the
    /// process's chart pool (shared with the guide server: a few drawn at once, a bounded
    /// queue, a cache of PNGs). When the pool is full the answer goes out without a picture
    /// rather than waiting or failing.
    pub async fn of(lang: Lang, a: &Answer) -> Chart {
        let svg = crate::render::chart::svg_in(lang, Catalog::get(), a, Layout::Discord);
        match ChartPool::shared().png_of_svg(svg).await {
            Ok(png) => Chart(Some(serenity::CreateAttachment::bytes(png.to_vec(), FILE))),
            Err(ChartPoolError::Busy(_)) => {
                tracing::debug!("chart pool busy: answer sent without its chart");
                Chart(None)
            }
            Err(e) => {
                tracing::error!(error = %e, "chart not rendered");
                Chart(None)
            }
        }
    }

    /// The embed, showing the chart when there is one.
    pub fn embed(&self, e: serenity::CreateEmbed) -> serenity::CreateEmbed {
        match self.0 {
            Some(_) => e.attachment(FILE),
            None => e,
        }
    }

    /// A slash command's reply with `e` and the chart.
    pub fn reply(self, r: poise::CreateReply, e: serenity::CreateEmbed) -> poise::CreateReply {
        let r = r.embed(self.embed(e));
        match self.0 {
            Some(file) => r.attachment(file),
            None => r,
        }
    }

    /// A channel message with `e` and the chart.
    pub fn message(
        self,
        m: serenity::CreateMessage,
        e: serenity::CreateEmbed,
    ) -> serenity::CreateMessage {
        let m = m.embed(self.embed(e));
        match self.0 {
            Some(file) => m.add_file(file),
            None => m,
        }
    }

    /// An interaction response (a new answer, or one updated in place) with `e` and the
    /// chart; an update replaces the message's old chart with this one.
    pub fn response(
        self,
        r: serenity::CreateInteractionResponseMessage,
        e: serenity::CreateEmbed,
    ) -> serenity::CreateInteractionResponseMessage {
        let r = r.embed(self.embed(e));
        match self.0 {
            Some(file) => r.files([file]),
            None => r,
        }
    }
}

/// [`Chart::reply`] for a public answer to a slash command: the embed, its chart and the
/// buttons under it, mentions off (what `commands::public` sends, plus the picture).
pub async fn public(
    ctx: super::Context<'_>,
    lang: Lang,
    a: &Answer,
    e: crate::render::discord::Embed,
    rows: Vec<serenity::CreateActionRow>,
) -> Result<(), super::Error> {
    let reply = poise::CreateReply::default()
        .components(rows)
        .allowed_mentions(super::sanitize::no_mentions());
    ctx.send(Chart::of(lang, a).await.reply(reply, e.to_serenity()))
        .await?;
    Ok(())
}
