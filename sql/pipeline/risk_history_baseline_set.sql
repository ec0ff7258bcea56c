-- Risk history starts at this run: its carriers' scores are the implicit first rows (migration
-- 025). $1 run id, $2 batch_ts
INSERT INTO risk_history_baseline (etl_run_id, computed_at) VALUES ($1, $2)
ON CONFLICT (only_row) DO UPDATE SET etl_run_id = excluded.etl_run_id, computed_at = excluded.computed_at
