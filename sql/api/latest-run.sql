-- The run the API serves: the newest succeeded run (by batch_ts, then id).
SELECT etl_run_id, batch_ts FROM etl_runs WHERE status = 'succeeded' ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1
