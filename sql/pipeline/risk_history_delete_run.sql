-- Rerunning a load replaces the run's risk history rows instead of adding a second copy.
DELETE FROM risk_history WHERE etl_run_id = $1
