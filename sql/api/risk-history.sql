-- GET /v1/carriers/{dot}/risk-history: the served run (for the ETag) and the carrier's newest $2
-- history rows (risk_history_all: explicit and implicit, migration 025), newest first, in one statement. No served run: no row at all; a carrier without
-- history: one row of NULLs beside the run.
SELECT r.etl_run_id AS served_run_id, h.etl_run_id, h.computed_at, h.score, h.grade, h.tier, h.flag_codes, h.components, h.flags
FROM (
  SELECT etl_run_id FROM etl_runs WHERE status = 'succeeded'
  ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1
) r
LEFT JOIN LATERAL (
  SELECT etl_run_id, computed_at, score, grade, tier, flag_codes, components, flags
  FROM risk_history_all
  WHERE dot_number = $1
  ORDER BY computed_at DESC
  LIMIT $2
) h ON true
ORDER BY h.computed_at DESC
