-- Run $1 when it is served (succeeded): its id and batch_ts.
SELECT etl_run_id, batch_ts FROM etl_runs WHERE etl_run_id = $1 AND status = 'succeeded'
