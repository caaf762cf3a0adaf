//! Buttons under an answer: the obvious next step. Only the asker's clicks count.
//!
//! A button's custom id says what to do and whose it is: `vg:x:<owner>:<lang>:<topic>`
//! explains a topic, `vg:b:<owner>:<lang>:<key>` shows the full breakdown of an answer kept
//! in a small in-memory ring (custom ids hold 100 characters, too few for a whole query).

use super::embed;
use super::{Bot, sanitize};
use crate::answer::{Answer, Topic};
use crate::catalog::Catalog;
use crate::i18n::{Lang, t};
use crate::query::Query;
use poise::serenity_prelude as serenity;
use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Answers kept for the breakdown button; older ones say "expired".
const REMEMBERED: usize = 10_000;

#[derive(Default)]
pub struct Memory {
    next: AtomicU64,
    queries: Mutex<VecDeque<(u64, Query)>>,
}

impl Memory {
    fn remember(&self, q: &Query) -> u64 {
        let key = self.next.fetch_add(1, Ordering::Relaxed);
        let mut queries = self.queries.lock().expect("not poisoned");
        if queries.len() == REMEMBERED {
            queries.pop_front();
        }
        queries.push_back((key, q.clone()));
        key
    }

    fn recall(&self, key: u64) -> Option<Query> {
        let queries = self.queries.lock().expect("not poisoned");
        queries
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, q)| q.clone())
    }
}

/// What a click asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Explain(Topic),
    Breakdown(u64),
}

/// A parsed custom id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Click {
    pub owner: u64,
    pub lang: Lang,
    pub action: Action,
}

pub fn custom_id(owner: u64, lang: Lang, action: &Action) -> String {
    match action {
        Action::Explain(topic) => format!("vg:x:{owner}:{}:{}", lang.code(), topic.slug()),
        Action::Breakdown(key) => format!("vg:b:{owner}:{}:{key}", lang.code()),
    }
}

pub fn parse(id: &str) -> Option<Click> {
    let mut it = id.split(':');
    if it.next()? != "vg" {
        return None;
    }
    let kind = it.next()?;
    let owner = it.next()?.parse().ok()?;
    let lang = Lang::from_code(it.next()?)?;
    let arg = it.next()?;
    let action = match kind {
        "x" => Action::Explain(Topic::from_slug(arg)?),
        "b" => Action::Breakdown(arg.parse().ok()?),
        _ => return None,
    };
    Some(Click {
        owner,
        lang,
        action,
    })
}

/// The row of buttons under an answer: NVLink when multi-GPU is advised, quantization
/// when a quantized format is, and the full breakdown.
pub fn for_answer(
    bot: &Bot,
    lang: Lang,
    a: &Answer,
    q: &Query,
    owner: u64,
) -> Vec<serenity::CreateActionRow> {
    let mut buttons = Vec::new();
    let mut explain = |topic: Topic, label: &str| {
        let id = custom_id(owner, lang, &Action::Explain(topic));
        buttons.push(
            serenity::CreateButton::new(id)
                .label(t(lang, label))
                .style(serenity::ButtonStyle::Secondary),
        );
    };
    if a.recommendations.nvlink_matters {
        explain(Topic::Nvlink, "button-explain-nvlink");
    } else if a.topics.contains(&Topic::MultiGpu) {
        explain(Topic::MultiGpu, "button-explain-multi-gpu");
    }
    if a.topics.contains(&Topic::Quantization) {
        explain(Topic::Quantization, "button-explain-quantization");
    }
    let key = bot.buttons.remember(q);
    buttons.push(
        serenity::CreateButton::new(custom_id(owner, lang, &Action::Breakdown(key)))
            .label(t(lang, "button-breakdown"))
            .style(serenity::ButtonStyle::Primary),
    );
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

fn message(e: embed::Embed, ephemeral: bool) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new()
        .embed(e.to_serenity())
        .ephemeral(ephemeral)
        .allowed_mentions(sanitize::no_mentions())
}

/// Handle a click: someone else's button gets an ephemeral notice; the asker gets the
/// guide (a new public message) or the breakdown (the answer is edited in place).
pub async fn on_click(
    ctx: &serenity::Context,
    bot: &Bot,
    click: &serenity::ComponentInteraction,
) -> anyhow::Result<()> {
    let Some(parsed) = parse(&click.data.custom_id) else {
        return Ok(());
    };
    let lang = parsed.lang;
    let response = if click.user.id.get() != parsed.owner {
        let e = embed::notice(t(lang, "notice-not-yours"), embed::AMBER);
        serenity::CreateInteractionResponse::Message(message(e, true))
    } else {
        match parsed.action {
            Action::Explain(topic) => serenity::CreateInteractionResponse::Message(message(
                embed::guide(lang, topic),
                false,
            )),
            Action::Breakdown(key) => {
                match bot
                    .buttons
                    .recall(key)
                    .map(|q| crate::answer::for_query(Catalog::get(), &q))
                {
                    Some(Ok(a)) => {
                        let e = embed::answer(lang, Catalog::get(), &a, true);
                        serenity::CreateInteractionResponse::UpdateMessage(
                            super::chart::Chart::of(lang, &a)
                                .response(
                                    serenity::CreateInteractionResponseMessage::new(),
                                    e.to_serenity(),
                                )
                                .allowed_mentions(sanitize::no_mentions()),
                        )
                    }
                    _ => {
                        let e = embed::notice(t(lang, "notice-button-expired"), embed::AMBER);
                        serenity::CreateInteractionResponse::Message(message(e, true))
                    }
                }
            }
        }
    };
    click.create_response(&ctx.http, response).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip_and_fit() {
        for action in [
            Action::Explain(Topic::CudaVisibleDevices),
            Action::Breakdown(u64::MAX),
        ] {
            let id = custom_id(u64::MAX, Lang::Zh, &action);
            assert!(id.len() <= 100, "{id}");
            assert_eq!(parse(&id).map(|c| c.action), Some(action));
        }
        assert_eq!(parse("other:thing"), None);
    }
}
