UPDATE etl_runs SET summary = $2 WHERE etl_run_id = $1
