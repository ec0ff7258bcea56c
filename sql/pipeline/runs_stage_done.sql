UPDATE etl_runs
SET stages = stages || jsonb_build_object($2::text, $3::jsonb)
WHERE etl_run_id = $1
