-- The baseline run of the implicit risk history rows (migration 025), if any.
SELECT etl_run_id FROM risk_history_baseline
