-- The rows run $1's ingest quarantined, in file and line order.
SELECT file, dataset, line, reason, raw FROM etl_quarantine WHERE etl_run_id = $1 ORDER BY file, line
