-- The status flip, last in the load transaction; carriers is then exactly what the run serves.
UPDATE etl_runs
SET status = 'succeeded', summary = $2, error = NULL, finished_at = now(),
    carriers = (SELECT count(*) FROM carriers)
WHERE etl_run_id = $1
