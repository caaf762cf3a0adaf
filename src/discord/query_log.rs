//! Who asked on Discord, as the query log keeps it: by slash command, by message, or by a
//! what-if pick under an answer (a pick is a new question, so it is logged like one).

use super::Context;
use crate::ask::Who;
use crate::store::Source;
use poise::serenity_prelude as serenity;

/// The asker of a slash command, with their client locale.
pub fn of_command(ctx: Context<'_>) -> Who {
    Who {
        guild_id: ctx.guild_id().map(|g| g.get()),
        channel_id: Some(ctx.channel_id().get()),
        user_id: Some(ctx.author().id.get().to_string()),
        ..Who::on(Source::Discord)
    }
    .with_locale(ctx.locale())
}

/// The author of a message (messages carry no locale).
pub fn of_message(msg: &serenity::Message) -> Who {
    Who {
        guild_id: msg.guild_id.map(|g| g.get()),
        channel_id: Some(msg.channel_id.get()),
        user_id: Some(msg.author.id.get().to_string()),
        ..Who::on(Source::Discord)
    }
}

/// Who clicked a component, with their client locale.
pub fn of_click(click: &serenity::ComponentInteraction) -> Who {
    Who {
        guild_id: click.guild_id.map(|g| g.get()),
        channel_id: Some(click.channel_id.get()),
        user_id: Some(click.user.id.get().to_string()),
        ..Who::on(Source::Discord)
    }
    .with_locale(Some(&click.locale))
}
