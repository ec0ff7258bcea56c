-- The run an index now reflects ($1 backend, $2 run id or NULL, $3 full build, $4 time).
INSERT INTO search_index_state (backend, etl_run_id, full_build, indexed_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (backend) DO UPDATE
SET etl_run_id = EXCLUDED.etl_run_id, full_build = EXCLUDED.full_build, indexed_at = EXCLUDED.indexed_at
