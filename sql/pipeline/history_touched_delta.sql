-- Incremental load: the carriers it inserted, updated or deleted (the load's temp table load_delta).
INSERT INTO history_touched (dot_number)
SELECT dot_number FROM load_delta
