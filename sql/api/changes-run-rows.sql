-- One page of a run's change rows by DOT (numeric), then category in the spec's order, and how
-- many rows match. At least one row: an empty page is a single row with the total and NULL columns.
-- $1 run id, $2 category (NULL: all), $3 state (NULL: any; upper case), $4 limit, $5 offset.
-- State: a row records the carrier's physical state after its run (the last known one for a
-- removed carrier), written in the same transaction as `carriers`. For the newest run (latest,
-- the only caller with a state) that is the carrier's current state in `carriers`, so no join:
-- indexes changes_run_order_idx / changes_run_state_idx serve every filter combination.
SELECT t.total, p.dot_number, p.carrier_name, p.category, p.old_values, p.new_values
FROM (
  SELECT count(*)::int AS total
  FROM changes
  WHERE etl_run_id = $1
    AND ($2::text IS NULL OR category = $2::text)
    AND ($3::text IS NULL OR phy_state = $3::text)
) t
LEFT JOIN LATERAL (
  SELECT dot_number, carrier_name, category, old_values, new_values
  FROM changes
  WHERE etl_run_id = $1
    AND ($2::text IS NULL OR category = $2::text)
    AND ($3::text IS NULL OR phy_state = $3::text)
  ORDER BY dot_number::bigint, change_category_ord(category)
  LIMIT $4 OFFSET $5
) p ON true
