-- History starts at this run: its carriers and policies are the implicit first versions
-- (migration 024). $1 run id, $2 batch date
INSERT INTO history_baseline (etl_run_id, valid_from) VALUES ($1, $2::date)
ON CONFLICT (only_row) DO UPDATE SET etl_run_id = excluded.etl_run_id, valid_from = excluded.valid_from
