SELECT etl_run_id, batch_ts, input_dir, status, stages, summary, error, started_at, finished_at
FROM etl_run_states
WHERE batch_ts = $1
