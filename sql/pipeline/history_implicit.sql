-- The DOTs whose implicit versions (migration 024) a load is about to change, for
-- history_materialize_*.sql (dropped at COMMIT). Filled by history_implicit_delta.sql
-- (incremental load) or history_implicit_all.sql (bulk load).
CREATE TEMP TABLE history_implicit (dot_number text PRIMARY KEY) ON COMMIT DROP
