-- What GET /v1/carriers/{dot}/upcoming reads of one carrier (the columns lib/foresight/events.ts
-- reads), with the run it is served from, in one statement so a concurrent load cannot mix runs.
-- $1 DOT (bare digits)
SELECT c.dot_number, c.legal_name, c.carrier_status, c.revocation_pending, c.authorities, c.scheduled_events,
       c.mcs150_date, r.etl_run_id AS served_run_id, r.batch_ts AS data_as_of
FROM carriers c
CROSS JOIN LATERAL (
  SELECT etl_run_id, batch_ts FROM etl_runs WHERE status = 'succeeded'
  ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1
) r
WHERE c.dot_number = $1
