-- Runs that succeeded since $1 (the start of an ETL job), oldest first.
SELECT etl_run_id FROM etl_runs WHERE status = 'succeeded' AND finished_at >= $1 ORDER BY batch_ts, etl_run_id
