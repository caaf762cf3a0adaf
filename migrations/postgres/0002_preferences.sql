-- Preferences live apart from the log: forgetting a user touches both, retention only the log.
CREATE TABLE user_prefs (
    user_hash   TEXT    PRIMARY KEY,
    language    TEXT    NOT NULL,
    updated_at  BIGINT  NOT NULL
);

CREATE TABLE guild_prefs (
    guild_id    BIGINT  PRIMARY KEY,
    language    TEXT    NOT NULL,
    updated_at  BIGINT  NOT NULL
);

CREATE TABLE listened_channels (
    channel_id  BIGINT  PRIMARY KEY,
    guild_id    BIGINT  NOT NULL,
    created_at  BIGINT  NOT NULL
);
