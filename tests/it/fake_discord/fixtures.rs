//! Gateway and REST payloads shaped like Discord's, complete enough for serenity 0.12 to
//! deserialize (a dispatch it cannot read becomes `Event::Unknown` and a test would only
//! time out, so `discord_commands.rs` deserializes every fixture here).

use super::APP_ID;
use serde_json::{Value, json};

pub const GUILD: u64 = 930_000_000_000_000_001;
pub const CHANNEL: u64 = 930_000_000_000_000_002;
pub const DM_CHANNEL: u64 = 930_000_000_000_000_003;
pub const USER: u64 = 930_000_000_000_000_010;
pub const OTHER_USER: u64 = 930_000_000_000_000_011;
/// Manage Server (1 << 5) | Manage Channels (1 << 4) | the usual text permissions.
pub const ADMIN_PERMISSIONS: &str = "2147483696";
pub const MEMBER_PERMISSIONS: &str = "2147483648";
const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";

pub fn bot_user() -> Value {
    json!({
        "id": APP_ID.to_string(), "username": "vramguide", "discriminator": "0",
        "global_name": null, "avatar": null, "bot": true, "verified": true,
        "mfa_enabled": false, "flags": 0, "public_flags": 0
    })
}

pub fn user(id: u64) -> Value {
    json!({
        "id": id.to_string(), "username": format!("user{}", id % 1000), "discriminator": "0",
        "global_name": null, "avatar": null, "public_flags": 0
    })
}

pub fn ready(ws_url: &str, shard: Value) -> Value {
    json!({
        "v": 10,
        "user": bot_user(),
        "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
        "session_id": "fake-session",
        "resume_gateway_url": ws_url,
        "shard": if shard.is_null() { json!([0, 1]) } else { shard },
        "application": {"id": APP_ID.to_string(), "flags": 0},
        "private_channels": [], "relationships": [], "presences": [],
        "guild_join_requests": [], "geo_ordered_rtc_regions": [], "user_settings": {}
    })
}

fn member(user_id: u64, permissions: &str) -> Value {
    json!({
        "user": user(user_id), "roles": [], "joined_at": TIMESTAMP, "deaf": false,
        "mute": false, "flags": 0, "pending": false, "permissions": permissions,
        "nick": null, "avatar": null, "premium_since": null,
        "communication_disabled_until": null
    })
}

/// Where an interaction happens: a guild channel (with the member's permissions) or a DM.
#[derive(Debug, Clone, Copy)]
pub enum Place {
    Guild { permissions: &'static str },
    Dm,
}

fn base_interaction(
    id: u64,
    kind: u8,
    user_id: u64,
    locale: &str,
    place: Place,
    data: Value,
) -> Value {
    let mut v = json!({
        "id": id.to_string(),
        "application_id": APP_ID.to_string(),
        "type": kind,
        "data": data,
        "token": format!("tok-{id}"),
        "version": 1,
        "app_permissions": "2147483647",
        "locale": locale,
        "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD.to_string()},
        "attachment_size_limit": 26_214_400
    });
    match place {
        Place::Guild { permissions } => {
            v["guild_id"] = json!(GUILD.to_string());
            v["guild_locale"] = json!("en-US");
            v["channel_id"] = json!(CHANNEL.to_string());
            v["channel"] = json!({"id": CHANNEL.to_string(), "type": 0, "name": "gpus", "permissions": permissions});
            v["member"] = member(user_id, permissions);
            v["context"] = json!(0);
        }
        Place::Dm => {
            v["channel_id"] = json!(DM_CHANNEL.to_string());
            v["channel"] = json!({"id": DM_CHANNEL.to_string(), "type": 1});
            v["user"] = user(user_id);
            v["context"] = json!(1);
        }
    }
    v
}

/// A slash command; `options` as Discord sends them: [{"name", "type", "value"}].
pub fn slash(
    id: u64,
    name: &str,
    options: Value,
    user_id: u64,
    locale: &str,
    place: Place,
) -> Value {
    let data = json!({"id": "940000000000000001", "name": name, "type": 1, "options": options});
    base_interaction(id, 2, user_id, locale, place, data)
}

/// An autocomplete request with the focused option's partial value.
pub fn autocomplete(
    id: u64,
    name: &str,
    mut options: Value,
    focused: &str,
    user_id: u64,
    locale: &str,
) -> Value {
    if let Some(opts) = options.as_array_mut() {
        for o in opts.iter_mut() {
            if o["name"] == focused {
                o["focused"] = json!(true);
            }
        }
    }
    let data = json!({"id": "940000000000000001", "name": name, "type": 1, "options": options});
    base_interaction(
        id,
        4,
        user_id,
        locale,
        Place::Guild {
            permissions: MEMBER_PERMISSIONS,
        },
        data,
    )
}

/// A button click on a message the bot sent.
pub fn click(id: u64, custom_id: &str, user_id: u64, locale: &str) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 2});
    component(id, data, user_id, locale)
}

/// A choice in a string select menu (MESSAGE_COMPONENT, component_type 3) on a message
/// the bot sent, with the chosen `values`.
pub fn select(id: u64, custom_id: &str, values: &[&str], user_id: u64, locale: &str) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 3, "values": values});
    component(id, data, user_id, locale)
}

/// A MESSAGE_COMPONENT interaction in the guild on the message the bot sent before it.
fn component(id: u64, data: Value, user_id: u64, locale: &str) -> Value {
    let mut v = base_interaction(
        id,
        3,
        user_id,
        locale,
        Place::Guild {
            permissions: MEMBER_PERMISSIONS,
        },
        data,
    );
    v["message"] = message_value(id - 1, CHANNEL, APP_ID, "", true);
    v
}

fn message_value(id: u64, channel: u64, author: u64, content: &str, bot: bool) -> Value {
    let mut author = if bot { bot_user() } else { user(author) };
    author["bot"] = json!(bot);
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": author,
        "content": content, "timestamp": TIMESTAMP, "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": false, "type": 0, "flags": 0, "components": []
    })
}

/// MESSAGE_CREATE in the guild channel; `mention` adds the bot to `mentions`.
pub fn guild_message(id: u64, author: u64, content: &str, mention: bool) -> Value {
    let mut m = message_value(id, CHANNEL, author, content, false);
    m["guild_id"] = json!(GUILD.to_string());
    m["member"] =
        json!({"roles": [], "joined_at": TIMESTAMP, "deaf": false, "mute": false, "flags": 0});
    if mention {
        m["mentions"] = json!([bot_user()]);
    }
    m
}

/// MESSAGE_CREATE in a DM.
pub fn dm_message(id: u64, author: u64, content: &str) -> Value {
    message_value(id, DM_CHANNEL, author, content, false)
}

/// What REST returns for a message the bot sent.
pub fn sent_message(id: u64, channel: u64, body: &Value) -> Value {
    let mut m = message_value(
        id,
        channel,
        APP_ID,
        body["content"].as_str().unwrap_or(""),
        true,
    );
    m["embeds"] = body.get("embeds").cloned().unwrap_or(json!([]));
    m
}

/// Every dispatch the tests send, as (event name, payload), for the deserialization test.
pub fn all_dispatches() -> Vec<(&'static str, Value)> {
    let admin = Place::Guild {
        permissions: ADMIN_PERMISSIONS,
    };
    vec![
        ("READY", ready("ws://127.0.0.1:1", Value::Null)),
        (
            "INTERACTION_CREATE",
            slash(
                1,
                "estimate",
                json!([{"name": "model", "type": 3, "value": "llama 70b"}]),
                USER,
                "pt-BR",
                admin,
            ),
        ),
        (
            "INTERACTION_CREATE",
            slash(
                2,
                "explain",
                json!([{"name": "topic", "type": 4, "value": 1}]),
                USER,
                "zh-CN",
                Place::Dm,
            ),
        ),
        (
            "INTERACTION_CREATE",
            autocomplete(
                3,
                "estimate",
                json!([{"name": "model", "type": 3, "value": "lam"}]),
                "model",
                USER,
                "en-US",
            ),
        ),
        (
            "INTERACTION_CREATE",
            click(5, "vg:x:1:en:nvlink", USER, "en-US"),
        ),
        (
            "INTERACTION_CREATE",
            select(
                8,
                "vg:p:1:en:llama-3.1-70b/1/8192//rtx-4090/2//",
                &["q4_k_m"],
                USER,
                "es-ES",
            ),
        ),
        (
            "MESSAGE_CREATE",
            guild_message(6, USER, "<@900000000000000001> llama 70b", true),
        ),
        ("MESSAGE_CREATE", dm_message(7, USER, "qwen 7b")),
    ]
}
