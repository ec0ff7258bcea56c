-- Carriers served by each run, counted once in its load transaction (sql/pipeline/runs_succeed.sql)
-- instead of on every GET /v1/meta (a count over two million rows took ~100 ms).
ALTER TABLE etl_runs ADD COLUMN carriers integer;
UPDATE etl_runs SET carriers = (SELECT count(*) FROM carriers)
WHERE etl_run_id = (SELECT etl_run_id FROM etl_runs WHERE status = 'succeeded' ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1);
