-- A key each row is given when it is recorded, so the writer can commit a batch again
-- after a failure it cannot judge (a COMMIT that errored, a read-back that failed) without
-- storing any row twice, and can read a committed row back to confirm it. Keys of one
-- process run upward from a random start, so the index grows at its end like the time
-- index. Null for rows written before this migration.
ALTER TABLE query_log ADD COLUMN row_key INTEGER;
CREATE UNIQUE INDEX query_log_row_key ON query_log (row_key);
