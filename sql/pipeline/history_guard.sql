-- A later day's run that is already served, if any: history is written in run order, and
-- rewriting an older run under it would cut the later versions' chain (the load stage refuses
-- such a load too). $1 the run's batch_ts
SELECT etl_run_id, batch_ts
FROM etl_runs
WHERE status = 'succeeded' AND batch_ts > $1
ORDER BY batch_ts
LIMIT 1
