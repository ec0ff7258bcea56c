-- GET /v1/meta: freshness and horizons, all from small tables or indexes.
WITH served AS (
  SELECT etl_run_id, batch_ts, carriers FROM etl_runs WHERE status = 'succeeded'
  ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1
)
SELECT
  (SELECT batch_ts FROM served) AS data_freshness,
  (SELECT etl_run_id FROM served) AS latest_etl_run_id,
  -- Oldest run still in the change feed (jobs/retention.ts purges after 52 weeks); also the as_of horizon.
  (SELECT min(batch_ts) FROM etl_runs WHERE status = 'succeeded' AND changes_purged_at IS NULL) AS etl_changes_horizon,
  -- Per-run counts kept by the load's risk step: no count over millions of history rows.
  (SELECT min(computed_at) FROM risk_history_runs WHERE rows > 0) AS risk_history_horizon,
  (SELECT coalesce(sum(rows), 0) FROM risk_history_runs)::bigint AS risk_history_rows,
  -- Counted by the run's load (sql/pipeline/runs_succeed.sql).
  coalesce((SELECT carriers FROM served), 0) AS carriers_total
