//! Echoed user text must never ping anyone: what the bot sends allows no mentions. (Its
//! Markdown is escaped where the reply is rendered, in [`crate::render::discord`].)

use poise::serenity_prelude as serenity;

/// Allowed mentions that allow nothing: no users, roles, @everyone, nor reply pings.
pub fn no_mentions() -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .empty_users()
        .empty_roles()
        .everyone(false)
        .replied_user(false)
}
