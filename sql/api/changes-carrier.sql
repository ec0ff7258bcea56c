-- One page of a carrier's change rows within the feed's retention, newest run first, then
-- category in the spec's order (index changes_dot_run_idx), how many match, and the newest and
-- oldest run of the feed (the answer's ETag). At least one row: an empty page is a single row
-- with the counts and NULL columns.
-- $1 DOT (bare digits), $2 category (NULL: all), $3 limit, $4 offset
WITH runs AS (
  SELECT etl_run_id, batch_ts
  FROM etl_runs
  WHERE status = 'succeeded' AND changes_purged_at IS NULL
), feed AS (
  SELECT ch.etl_run_id, ch.batch_ts, ch.category, ch.old_values, ch.new_values
  FROM changes ch
  JOIN runs r ON r.etl_run_id = ch.etl_run_id
  WHERE ch.dot_number = $1
    AND ($2::text IS NULL OR ch.category = $2::text)
)
SELECT t.total,
       (SELECT etl_run_id FROM runs ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1) AS newest_run,
       (SELECT etl_run_id FROM runs ORDER BY batch_ts, etl_run_id LIMIT 1) AS oldest_run,
       p.etl_run_id, p.batch_ts, p.category, p.old_values, p.new_values
FROM (SELECT count(*)::int AS total FROM feed) t
LEFT JOIN LATERAL (
  SELECT * FROM feed
  ORDER BY batch_ts DESC, etl_run_id DESC, change_category_ord(category)
  LIMIT $3 OFFSET $4
) p ON true
