-- risk_history rows of the run (table column order) for every carrier, when no previous run's
-- scores are there to compare with (the load then checks each against its last row).
-- Vars: schema, run_id, batch_ts (timestamp literal).
SELECT
  n.dot_number, {{run_id}} AS etl_run_id, {{batch_ts}} AS computed_at, n.score, n.grade, n.tier, n.flag_codes,
  json_extract(n.risk_score, '$.components')::VARCHAR AS components,
  json_extract(n.risk_score, '$.flags')::VARCHAR AS flags
FROM {{schema}}.scores n
