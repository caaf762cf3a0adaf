-- Statistics filter by time and guild; retention deletes by time. Both indexes grow at
-- their end (times only increase), so they cost the writer little. There is deliberately
-- no index on user_hash: hashes are random, and indexing them cut the SQLite writer from
-- 138k to 52k rows/s; `forget` is rare and scans instead.
CREATE INDEX query_log_created_at ON query_log (created_at);
CREATE INDEX query_log_guild ON query_log (guild_id, created_at);
