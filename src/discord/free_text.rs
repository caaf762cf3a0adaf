//! Free-text questions: mentions and DMs always (their content arrives without the
//! privileged intent), and every message in channels a server opted in with `/listen`,
//! where messages that are clearly not sizing questions are left alone. Also routes
//! button clicks, which poise leaves to the event handler.

use super::lang::{self, Asker};
use super::rate_limit::Verdict;
use super::{Data, Error, buttons, sanitize};
use crate::answer::Outcome;
use crate::ask::Question;
use crate::catalog::Catalog;
use crate::i18n::{Args, Lang, tr};
use crate::render::discord as embed;
use poise::serenity_prelude as serenity;

pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let bot = framework.user_data;
    match event {
        serenity::FullEvent::Message { new_message } => {
            on_message(ctx, bot, framework.bot_id(), new_message).await
        }
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(click),
        } => {
            let Some(_guard) = bot.work.enter().await else {
                return Ok(());
            };
            buttons::on_click(ctx, bot, click).await
        }
        _ => Ok(()),
    }
}

/// The message text without mentions of the bot (`<@id>` and `<@!id>`).
pub fn strip_mentions(content: &str, me: serenity::UserId) -> String {
    content
        .replace(&format!("<@{me}>"), " ")
        .replace(&format!("<@!{me}>"), " ")
        .trim()
        .to_string()
}

async fn on_message(
    ctx: &serenity::Context,
    bot: &Data,
    me: serenity::UserId,
    msg: &serenity::Message,
) -> Result<(), Error> {
    if msg.author.bot {
        return Ok(());
    }
    let dm = msg.guild_id.is_none();
    let mentioned = msg.mentions.iter().any(|u| u.id == me);
    let listened = !dm
        && !mentioned
        && lang::lookup(
            "is_listened",
            bot.store.prefs().is_listened(msg.channel_id.get()),
        )
        .await;
    if !(dm || mentioned || listened) {
        return Ok(());
    }
    let mut text = strip_mentions(&msg.content, me);
    let attached = super::attachment::config_of(&msg.attachments);
    // A log too long for a message comes as a file: its text follows the message's.
    if attached.is_none()
        && let Some(file) = super::attachment::log_of(&msg.attachments)
    {
        let _ = msg.channel_id.broadcast_typing(&ctx.http).await;
        match super::attachment::read_log(file, bot.attachment_base.as_deref()).await {
            Ok(log) => {
                text.push('\n');
                text.push_str(&log);
            }
            Err(e) => tracing::info!("log attachment not read: {e}"),
        }
    }
    let mut question = Question::text(&text, Lang::En);
    if listened && !question.asks_something() && attached.is_none() {
        return Ok(());
    }
    let Some(_guard) = bot.work.enter().await else {
        return Ok(());
    };
    let asker = Asker {
        detected: question.language(),
        user: Some(msg.author.id.get()),
        locale: None,
        guild: msg.guild_id.map(|g| g.get()),
    };
    let lang = lang::pick(bot.store.prefs(), asker).await;
    question.fallback = lang;
    let reply = match bot.limiter.check(msg.author.id.get()) {
        Verdict::Allow => None,
        Verdict::Drop => return Ok(()),
        Verdict::Notify(wait) => {
            let args = Args::new().s("seconds", wait.as_secs().max(1).to_string());
            let text = tr(lang, "notice-rate-limited", Some(&args));
            Some(embed::notice(text, embed::AMBER))
        }
    };
    let mut chart = super::chart::Chart::default();
    let (e, rows) = match reply {
        Some(notice) => (notice, Vec::new()),
        None => {
            // A config to read or a Hub look-up takes seconds: typing shows meanwhile.
            if let Some(file) = attached {
                let _ = msg.channel_id.broadcast_typing(&ctx.http).await;
                let config = super::attachment::read_config(file, bot.attachment_base.as_deref());
                question = question.with_config(config.await);
            } else if question.may_take_seconds() {
                let _ = msg.channel_id.broadcast_typing(&ctx.http).await;
            }
            let reply = bot
                .service
                .ask(question, &super::query_log::of_message(msg))
                .await;
            let owner = msg.author.id.get();
            match &reply.outcome {
                Ok(Outcome::Estimate(a)) => {
                    chart = super::chart::Chart::of(lang, a).await;
                    let q = reply.query.clone().unwrap_or_default();
                    let rows = buttons::for_answer(bot, lang, a, &q, owner);
                    (embed::answer(lang, Catalog::get(), a, false), rows)
                }
                Ok(Outcome::Explain(topic)) => (
                    super::commands::embed_of(lang, &Outcome::Explain(*topic)),
                    buttons::for_topic(lang, *topic, owner),
                ),
                // A budget's cards: the choosing guide a click away.
                Ok(o @ Outcome::Cards(_)) => (
                    super::commands::embed_of(lang, o),
                    buttons::to_topic(lang, crate::answer::Topic::Choosing, owner),
                ),
                Ok(other) => (super::commands::embed_of(lang, other), Vec::new()),
                Err(err) => (embed::error(lang, err), Vec::new()),
            }
        }
    };
    let message = chart
        .message(serenity::CreateMessage::new(), e.to_serenity())
        .components(rows)
        .reference_message(msg)
        .allowed_mentions(sanitize::no_mentions());
    msg.channel_id.send_message(&ctx.http, message).await?;
    Ok(())
}
