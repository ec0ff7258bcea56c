-- The run readers are served: the newest succeeded one. Its batch_ts is the data's as-of time.
SELECT etl_run_id, batch_ts
FROM etl_runs
WHERE status = 'succeeded'
ORDER BY batch_ts DESC
LIMIT 1
