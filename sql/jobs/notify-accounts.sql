-- Every active account (or only account $2 when not NULL) watching carriers that changed in run $1,
-- with the `changes` array of its watchlist.changes event (one entry per carrier in DOT order,
-- diffs in the spec's category order) and whether its webhook is enabled. The fan-out and the
-- digest e-mail both build on this one query, so they carry the same diffs. A successor
-- registration (a new_carrier row naming predecessors in new_values.successor_of:
-- docs/successor-registrations.md) reaches the watchers of each predecessor too, once.
WITH watched AS (
  SELECT w.account_id, ch.dot_number, ch.carrier_name, ch.category, ch.old_values, ch.new_values
  FROM changes ch
  JOIN watchlist_entries w ON w.dot_number = ch.dot_number
  WHERE ch.etl_run_id = $1 AND ($2::integer IS NULL OR w.account_id = $2)
  UNION
  SELECT w.account_id, ch.dot_number, ch.carrier_name, ch.category, ch.old_values, ch.new_values
  FROM changes ch
  CROSS JOIN LATERAL jsonb_array_elements(ch.new_values -> 'successor_of') p
  JOIN watchlist_entries w ON w.dot_number = p ->> 'dot_number'
  WHERE ch.etl_run_id = $1 AND ch.category = 'new_carrier' AND ch.new_values ? 'successor_of'
    AND ($2::integer IS NULL OR w.account_id = $2)
), per_carrier AS (
  SELECT account_id, dot_number,
         min(carrier_name) AS carrier_name,
         array_agg(category ORDER BY change_category_ord(category)) AS categories,
         json_agg(json_build_object('category', category, 'old_values', old_values, 'new_values', new_values)
                  ORDER BY change_category_ord(category)) AS diffs
  FROM watched
  GROUP BY account_id, dot_number
)
SELECT pc.account_id,
       coalesce(h.enabled, false) AS webhook_enabled,
       json_agg(json_build_object('dot_number', pc.dot_number, 'carrier_name', pc.carrier_name,
                                  'categories', pc.categories, 'diffs', pc.diffs)
                ORDER BY pc.dot_number::bigint) AS changes
FROM per_carrier pc
JOIN accounts a ON a.id = pc.account_id AND a.is_active
LEFT JOIN webhooks h ON h.account_id = pc.account_id
GROUP BY pc.account_id, h.enabled
ORDER BY pc.account_id
