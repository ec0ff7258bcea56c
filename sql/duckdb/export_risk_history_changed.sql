-- risk_history rows of the run for carriers whose score, grade, tier or flag set differs from the
-- previous run's (component drift and message text do not count), and carriers the previous run
-- did not have (the load checks those against their last row: a carrier may come back).
-- Vars: schema, prev (the previous run's schema), run_id, batch_ts (timestamp literal), only (''
-- or a WHERE clause on dot_number: the carriers risk_candidates.sql leaves).
SELECT
  n.dot_number, {{run_id}} AS etl_run_id, {{batch_ts}} AS computed_at, n.score, n.grade, n.tier, n.flag_codes,
  json_extract(n.risk_score, '$.components')::VARCHAR AS components,
  json_extract(n.risk_score, '$.flags')::VARCHAR AS flags
FROM (SELECT * FROM {{schema}}.scores {{only}}) n
LEFT JOIN (SELECT dot_number, score, grade, tier, flag_codes FROM {{prev}}.scores {{only}}) o ON o.dot_number = n.dot_number
WHERE o.dot_number IS NULL
   OR o.score <> n.score OR o.grade <> n.grade OR o.tier <> n.tier OR o.flag_codes <> n.flag_codes
