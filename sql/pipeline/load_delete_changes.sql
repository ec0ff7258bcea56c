-- Rerunning a load replaces the run's feed rows instead of adding a second copy.
DELETE FROM changes WHERE etl_run_id = $1
