-- GET /v1/changes: one page of the runs in the change feed (succeeded, not purged by the 52-week
-- retention), newest first, and how many there are. Always one row at least: a page past the end
-- comes back as a single row with the total and a NULL run.
-- The summary is the one the load stored with the run (same transaction as its rows); a run
-- without it is counted from its rows. $1 limit, $2 offset
WITH feed AS (
  SELECT etl_run_id, batch_ts, summary
  FROM etl_runs
  WHERE status = 'succeeded' AND changes_purged_at IS NULL
)
SELECT t.total, p.etl_run_id, p.batch_ts, p.summary
FROM (SELECT count(*)::int AS total FROM feed) t
LEFT JOIN LATERAL (
  SELECT etl_run_id, batch_ts,
         CASE WHEN summary ? 'total_changes' THEN summary ELSE change_summary(etl_run_id) END AS summary
  FROM feed
  ORDER BY batch_ts DESC, etl_run_id DESC
  LIMIT $1 OFFSET $2
) p ON true
