-- Bulk load, before it rewrites every carrier: every implicit risk history row (migration 025),
-- written out.
INSERT INTO risk_history (dot_number, etl_run_id, computed_at, score, grade, tier, flag_codes, components, flags)
SELECT dot_number, etl_run_id, computed_at, score, grade, tier, flag_codes, components, flags
FROM risk_history_implicit
