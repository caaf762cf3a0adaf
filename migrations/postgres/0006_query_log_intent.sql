-- What each question asked: estimate, compare, explain, fit, max_context, buy or diagnose.
-- Null for the rows logged before intents were read.
ALTER TABLE query_log ADD COLUMN intent TEXT;
