-- Hub look-ups (a model's config and weight-file headers, or why there was none), kept
-- until expires_at (ms since the epoch) so a second question costs no request.
CREATE TABLE hub_cache (
    cache_key   TEXT    PRIMARY KEY,
    body        TEXT    NOT NULL,
    fetched_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
);
