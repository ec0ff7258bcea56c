-- Rows the run wrote to risk_history ($1 run, $2 batch_ts, $3 rows): what GET /v1/meta sums.
INSERT INTO risk_history_runs (etl_run_id, computed_at, rows)
VALUES ($1, $2, $3)
ON CONFLICT (etl_run_id) DO UPDATE SET computed_at = EXCLUDED.computed_at, rows = EXCLUDED.rows
