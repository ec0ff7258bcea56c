UPDATE etl_runs
SET status = 'succeeded', summary = $2, error = NULL, finished_at = now()
WHERE etl_run_id = $1
