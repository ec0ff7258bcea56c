INSERT INTO etl_runs (batch_ts, input_dir)
VALUES ($1, $2)
RETURNING etl_run_id, batch_ts, input_dir, status, stages, summary, error, started_at, finished_at
