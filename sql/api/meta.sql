-- GET /v1/meta: freshness and horizons, all from small tables or indexes.
WITH served AS (
  SELECT etl_run_id, batch_ts FROM etl_runs WHERE status = 'succeeded'
  ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1
)
SELECT
  (SELECT batch_ts FROM served) AS data_freshness,
  (SELECT etl_run_id FROM served) AS latest_etl_run_id,
  (SELECT min(batch_ts) FROM etl_runs WHERE status = 'succeeded') AS etl_changes_horizon,
  NULL::timestamptz AS risk_history_horizon,
  0 AS risk_history_rows,
  (SELECT count(*) FROM carriers)::int AS carriers_total
