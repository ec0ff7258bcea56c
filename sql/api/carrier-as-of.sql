-- A carrier as of the end of UTC day $2: the version valid on that day (carrier_versions: the
-- history and the implicit first versions, migration 024), and the run the answer is read from
-- (the newest run of the feed whose batch date is on or before $2), with the as_of horizon
-- (oldest run of the feed, as meta's etl_changes_horizon). Always one row: `horizon`
-- NULL means no run yet; `served_run_id` NULL: $2 before the horizon; `dot_number` NULL: the
-- carrier did not exist that day. Versions start and end on run dates, so the version valid on $2
-- is the one the run served. $1 DOT (bare digits), $2 date
WITH feed AS (
  SELECT etl_run_id, batch_ts
  FROM etl_runs
  WHERE status = 'succeeded' AND changes_purged_at IS NULL
), run AS (
  SELECT etl_run_id, batch_ts
  FROM feed
  WHERE (batch_ts AT TIME ZONE 'UTC')::date <= $2::date
  ORDER BY batch_ts DESC, etl_run_id DESC
  LIMIT 1
)
SELECT (SELECT min(batch_ts) FROM feed) AS horizon, run.etl_run_id AS served_run_id, run.batch_ts AS data_as_of, h.*,
  carrier_contact_versions(h.dot_number, $2::date) AS contact_versions
FROM (SELECT 1) AS one
LEFT JOIN run ON true
LEFT JOIN LATERAL (
  SELECT *
  FROM carrier_versions
  WHERE dot_number = $1 AND valid_from <= $2::date AND (valid_to IS NULL OR valid_to > $2::date)
  ORDER BY valid_from DESC
  LIMIT 1
) h ON run.etl_run_id IS NOT NULL
