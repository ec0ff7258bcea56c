-- A run's quarantined rows, replaced (a rerun of the ingest stage finds them again).
-- $1 run id; $2..$6 arrays of file, dataset, line, reason, raw.
WITH gone AS (DELETE FROM etl_quarantine WHERE etl_run_id = $1)
INSERT INTO etl_quarantine (etl_run_id, file, dataset, line, reason, raw)
SELECT $1, * FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[])
