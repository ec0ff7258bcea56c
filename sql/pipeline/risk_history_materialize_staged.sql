-- Before the risk hook updates the scores of the staged carriers (risk_stage): their implicit
-- risk history rows (migration 025), written out.
INSERT INTO risk_history (dot_number, etl_run_id, computed_at, score, grade, tier, flag_codes, components, flags)
SELECT i.dot_number, i.etl_run_id, i.computed_at, i.score, i.grade, i.tier, i.flag_codes, i.components, i.flags
FROM risk_stage s
JOIN risk_history_implicit i ON i.dot_number = s.dot_number
