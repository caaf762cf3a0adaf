-- Only questions asked in a Discord server have a guild, and only the statistics of one
-- guild read this index; their `guild_id = $2` implies NOT NULL, so both databases still
-- use it. Indexed partially, a question from the web, the CLI or a direct message no
-- longer writes an index entry: one B-tree insert fewer per logged row.
DROP INDEX query_log_guild;
CREATE INDEX query_log_guild ON query_log (guild_id, created_at) WHERE guild_id IS NOT NULL;
