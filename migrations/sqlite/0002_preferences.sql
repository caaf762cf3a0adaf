-- Preferences live apart from the log: forgetting a user touches both, retention only the log.
CREATE TABLE user_prefs (
    user_hash   TEXT    PRIMARY KEY,
    language    TEXT    NOT NULL,
    updated_at  INTEGER NOT NULL
);

CREATE TABLE guild_prefs (
    guild_id    INTEGER PRIMARY KEY,
    language    TEXT    NOT NULL,
    updated_at  INTEGER NOT NULL
);

CREATE TABLE listened_channels (
    channel_id  INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    created_at  INTEGER NOT NULL
);
