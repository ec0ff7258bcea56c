-- changes rows (CHANGE_COLUMNS order) in feed order: category, then DOT.
SELECT {{run_id}} AS etl_run_id, {{batch_ts}} AS batch_ts, dot_number, carrier_name, category,
       old_values, new_values, phy_state
FROM {{schema}}.changes
ORDER BY category_ord, CAST(dot_number AS BIGINT)
