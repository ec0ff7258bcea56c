-- A run that was already served stays served (a stage after load failed): only the error is kept.
UPDATE etl_runs
SET status = CASE WHEN status = 'succeeded' THEN status ELSE 'failed' END,
    error = $2,
    finished_at = now()
WHERE etl_run_id = $1
