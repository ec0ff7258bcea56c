-- The day's run that counts: the one that is not failed, else the newest failed attempt.
SELECT etl_run_id, batch_ts, input_dir, status, stages, summary, error, started_at, finished_at
FROM etl_run_states
WHERE batch_ts = $1
ORDER BY status = 'failed', etl_run_id DESC
LIMIT 1
