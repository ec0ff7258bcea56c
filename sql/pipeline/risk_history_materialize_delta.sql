-- Incremental load, before it rewrites the carriers of its delta (load_delta): their implicit
-- risk history rows (migration 025), written out.
INSERT INTO risk_history (dot_number, etl_run_id, computed_at, score, grade, tier, flag_codes, components, flags)
SELECT i.dot_number, i.etl_run_id, i.computed_at, i.score, i.grade, i.tier, i.flag_codes, i.components, i.flags
FROM load_delta d
JOIN risk_history_implicit i ON i.dot_number = d.dot_number
