-- Change rows of the carriers on account $1's watchlist from runs with batch_ts after $2
-- (exclusive), of category $3 (NULL: all), newest first, then DOT (numeric), then category in the
-- spec's order. $4 rows per page, $5 rows to skip. total counts every matching row.
WITH matching AS (
  SELECT ch.dot_number, ch.carrier_name, ch.etl_run_id, ch.batch_ts, ch.category, ch.old_values, ch.new_values
  FROM watchlist_entries w
  JOIN changes ch ON ch.dot_number = w.dot_number
  WHERE w.account_id = $1
    AND ch.batch_ts > $2
    AND ($3::text IS NULL OR ch.category = $3)
)
SELECT (SELECT count(*)::integer FROM matching) AS total,
       coalesce((
         SELECT json_agg(p ORDER BY p.batch_ts DESC, p.dot_number::bigint, change_category_ord(p.category))
         FROM (
           SELECT * FROM matching
           ORDER BY batch_ts DESC, dot_number::bigint, change_category_ord(category)
           LIMIT $4 OFFSET $5
         ) p
       ), '[]') AS changes
