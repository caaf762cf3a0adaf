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
use crate::chat::Turned;
use crate::i18n::{Args, Lang, tr};
use crate::query::Parsed;
use crate::query::follow_up::Change;
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

/// Whose thread a message continues: an asker's in a channel, or the question of one of
/// the bot's answers (a reply to it, by anyone).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ThreadKey {
    Asker { user: u64, channel: u64 },
    Answer(u64),
}

/// The thread `msg` continues: the answer it replies to when it replies to one of ours,
/// else its author's in its channel.
fn thread_of(msg: &serenity::Message, me: serenity::UserId) -> ThreadKey {
    let replied = msg
        .referenced_message
        .as_deref()
        .filter(|m| m.author.id == me)
        .map(|m| m.id.get());
    match replied {
        Some(answer) => ThreadKey::Answer(answer),
        None => ThreadKey::Asker {
            user: msg.author.id.get(),
            channel: msg.channel_id.get(),
        },
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
    let key = thread_of(msg, me);
    let now = std::time::Instant::now();
    let previous = bot
        .threads
        .lock()
        .ok()
        .and_then(|t| t.get(&key, now).cloned());
    let (mut question, changes, asked) = match crate::chat::turn(&text, previous.as_ref(), Lang::En)
    {
        Turned::Ask {
            question,
            changes,
            parsed,
        } => (question, changes, Some(parsed)),
        // A follow-up with nothing before it, in a channel only listened to: not for us.
        Turned::Orphan { .. } if listened => return Ok(()),
        Turned::Orphan { lang } => (Question::text(&text, lang), Vec::new(), None),
    };
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
    let kept = asked.as_ref().and_then(|a| kept_line(lang, a, &changes));
    let answered = reply.is_none();
    let mut chart = super::chart::Chart::default();
    let (e, rows) = match reply {
        Some(notice) => (notice, Vec::new()),
        // A follow-up with nothing before it: what it follows, with an example.
        // Logged like any question not understood.
        None if asked.is_none() => {
            let who = super::query_log::of_message(msg);
            bot.service.ask(question, &who).await;
            let text = crate::render::follow_up::orphan(lang);
            (embed::notice(text, embed::AMBER), Vec::new())
        }
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
                Ok(o @ Outcome::Explain(e)) => (
                    super::commands::embed_of(lang, o),
                    buttons::for_asked(lang, e.topic, owner),
                ),
                // A budget's cards: the choosing guide a click away.
                Ok(o @ Outcome::Cards(_)) => (
                    super::commands::embed_of(lang, o),
                    buttons::to_topic(lang, crate::answer::Topic::Choosing, owner),
                ),
                Ok(o @ Outcome::Compare(c)) => (
                    super::commands::embed_of(lang, o),
                    buttons::for_compare(lang, c, owner),
                ),
                Ok(other) => (super::commands::embed_of(lang, other), Vec::new()),
                Err(err) => (embed::error(lang, err), Vec::new()),
            }
        }
    };
    let mut message = chart
        .message(serenity::CreateMessage::new(), e.to_serenity())
        .components(rows)
        .reference_message(msg)
        .allowed_mentions(sanitize::no_mentions());
    if let Some(line) = kept {
        message = message.content(line);
    }
    let asked = asked.filter(|_| answered);
    if let Some(asked) = &asked {
        remember(bot, key, msg, asked.as_ref(), now);
    }
    let sent = msg.channel_id.send_message(&ctx.http, message).await;
    if let Err(e) = &sent {
        tracing::warn!("answer not sent: {e}");
    }
    // The answer's question, for a reply to it.
    if let (sent, Some(asked)) = (sent?, asked)
        && let Ok(mut threads) = bot.threads.lock()
    {
        threads.put(ThreadKey::Answer(sent.id.get()), asked, now);
    }
    Ok(())
}

/// The line a follow-up's answer opens with, in the reply's language.
fn kept_line(lang: Lang, asked: &Parsed, changes: &[Change]) -> Option<String> {
    (!changes.is_empty())
        .then(|| crate::render::follow_up::kept_line(lang, Catalog::get(), asked, changes))
}

/// Keep the question answered as the asker's last in this channel (and the replied-to
/// answer's, so a second reply to it continues from there).
fn remember(
    bot: &Data,
    key: ThreadKey,
    msg: &serenity::Message,
    asked: &Parsed,
    now: std::time::Instant,
) {
    let Ok(mut threads) = bot.threads.lock() else {
        return;
    };
    let asker = ThreadKey::Asker {
        user: msg.author.id.get(),
        channel: msg.channel_id.get(),
    };
    if key != asker {
        threads.put(key, Box::new(asked.clone()), now);
    }
    threads.put(asker, Box::new(asked.clone()), now);
}
