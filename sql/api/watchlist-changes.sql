-- Change rows of the carriers on account $1's watchlist from runs with batch_ts after $2
-- (exclusive), of category $3 (NULL: all), newest first, then DOT (numeric), then category in the
-- spec's order. $4 rows per page, $5 rows to skip. total counts every matching row. A successor
-- registration (a new_carrier row naming a watched carrier in new_values.successor_of:
-- docs/successor-registrations.md) is one of them too, once (partial index changes_successors_idx).
WITH matching AS (
  SELECT ch.dot_number, ch.carrier_name, ch.etl_run_id, ch.batch_ts, ch.category, ch.old_values, ch.new_values
  FROM watchlist_entries w
  JOIN changes ch ON ch.dot_number = w.dot_number
  WHERE w.account_id = $1
    AND ch.batch_ts > $2
    AND ($3::text IS NULL OR ch.category = $3)
  UNION
  SELECT ch.dot_number, ch.carrier_name, ch.etl_run_id, ch.batch_ts, ch.category, ch.old_values, ch.new_values
  FROM changes ch
  CROSS JOIN LATERAL jsonb_array_elements(ch.new_values -> 'successor_of') p
  JOIN watchlist_entries w ON w.account_id = $1 AND w.dot_number = p ->> 'dot_number'
  WHERE ch.category = 'new_carrier' AND ch.new_values ? 'successor_of'
    AND ch.batch_ts > $2
    AND ($3::text IS NULL OR $3::text = 'new_carrier')
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
