-- Runs whose batch is older than the change-feed retention leave the feed: marked purged (the run
-- row stays for risk history and the pipeline), their ids returned for the row deletion.
-- $1 cutoff (now - 52 weeks), $2 now
UPDATE etl_runs
SET changes_purged_at = $2
WHERE status = 'succeeded' AND changes_purged_at IS NULL AND batch_ts < $1
RETURNING etl_run_id
