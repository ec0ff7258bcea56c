-- A run whose process ended before it finished (etl_run_states: interrupted) is recorded as
-- failed before the day is tried again. $1 run id.
UPDATE etl_runs
SET status = 'failed', finished_at = now(),
    error = coalesce(error, 'interrupted: the process running it ended before it finished')
WHERE etl_run_id = $1 AND status = 'running'
