-- One run of the change feed with its per-category counts over all its rows: run $1, or the
-- newest one when $1 is NULL. No row: unknown, unfinished or purged run (or no run yet).
SELECT etl_run_id, batch_ts, change_summary(etl_run_id) AS summary
FROM etl_runs
WHERE status = 'succeeded' AND changes_purged_at IS NULL
  AND ($1::int IS NULL OR etl_run_id = $1)
ORDER BY batch_ts DESC, etl_run_id DESC
LIMIT 1
