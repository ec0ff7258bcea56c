-- The baseline run of the implicit versions (migration 024), if any.
SELECT etl_run_id, valid_from FROM history_baseline
