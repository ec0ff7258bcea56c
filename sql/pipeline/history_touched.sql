-- The DOTs whose history a run may move, for the statements of this hook (dropped at COMMIT).
-- Filled by history_touched_delta.sql (incremental load) or history_touched_all.sql (bulk load).
CREATE TEMP TABLE history_touched (dot_number text PRIMARY KEY) ON COMMIT DROP
