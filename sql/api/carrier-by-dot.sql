-- One carrier with the run it is served from, in one statement so a concurrent load cannot mix runs.
SELECT c.*, r.etl_run_id AS served_run_id, r.batch_ts AS data_as_of,
  carrier_contact_versions(c.dot_number, (r.batch_ts AT TIME ZONE 'UTC')::date) AS contact_versions
FROM carriers c
CROSS JOIN LATERAL (
  SELECT etl_run_id, batch_ts FROM etl_runs WHERE status = 'succeeded'
  ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1
) r
WHERE c.dot_number = $1
