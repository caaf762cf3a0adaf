-- One row per question answered (Discord, web, CLI). Times are Unix milliseconds so the
-- same arithmetic works on SQLite and Postgres. The user id is stored only as a keyed hash.
CREATE TABLE query_log (
    id             INTEGER PRIMARY KEY,
    created_at     INTEGER NOT NULL,
    source         TEXT    NOT NULL,
    guild_id       INTEGER,
    channel_id     INTEGER,
    user_hash      TEXT,
    locale         TEXT,
    language       TEXT    NOT NULL,
    question       TEXT    NOT NULL,
    query_json     TEXT,
    model_id       TEXT,
    precision_id   TEXT,
    gpu_id         TEXT,
    total_gib      REAL,
    understood     INTEGER NOT NULL,
    latency_us     INTEGER NOT NULL
);
