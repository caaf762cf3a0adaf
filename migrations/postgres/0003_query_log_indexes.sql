-- Statistics filter by time and guild; retention deletes by time; forgetting by user hash.
CREATE INDEX query_log_created_at ON query_log (created_at);
CREATE INDEX query_log_guild ON query_log (guild_id, created_at);
CREATE INDEX query_log_user_hash ON query_log (user_hash);
