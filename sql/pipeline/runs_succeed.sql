-- The status flip, last in the load transaction. $3: the carriers the run serves (its snapshot's
-- rows, which carriers now holds).
UPDATE etl_runs
SET status = 'succeeded', summary = $2, error = NULL, finished_at = now(),
    carriers = $3
WHERE etl_run_id = $1
