-- A failed or interrupted run of the same day starts over under its own id.
UPDATE etl_runs
SET status = 'running', input_dir = $2, stages = '{}', summary = NULL, error = NULL,
    started_at = now(), finished_at = NULL
WHERE etl_run_id = $1
RETURNING etl_run_id, batch_ts, input_dir, status, stages, summary, error, started_at, finished_at
