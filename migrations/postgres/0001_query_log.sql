-- One row per question answered (Discord, web, CLI). Times are Unix milliseconds so the
-- same arithmetic works on SQLite and Postgres. The user id is stored only as a keyed hash.
CREATE TABLE query_log (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at     BIGINT           NOT NULL,
    source         TEXT             NOT NULL,
    guild_id       BIGINT,
    channel_id     BIGINT,
    user_hash      TEXT,
    locale         TEXT,
    language       TEXT             NOT NULL,
    question       TEXT             NOT NULL,
    query_json     TEXT,
    model_id       TEXT,
    precision_id   TEXT,
    gpu_id         TEXT,
    total_gib      DOUBLE PRECISION,
    understood     BOOLEAN          NOT NULL,
    latency_us     BIGINT           NOT NULL
);
