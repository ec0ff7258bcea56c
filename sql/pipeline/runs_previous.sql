-- The run a new run is compared with: the newest succeeded run before its batch.
SELECT etl_run_id, batch_ts
FROM etl_runs
WHERE status = 'succeeded' AND batch_ts < $1
ORDER BY batch_ts DESC
LIMIT 1
