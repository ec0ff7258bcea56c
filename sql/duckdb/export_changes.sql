-- changes rows (CHANGE_COLUMNS order) in feed order: category, then DOT. A new carrier that
-- succeeds a revoked one (the related stage's successors: related_successors.sql) names its
-- predecessors in its new_carrier row's new_values, as successor_of. Vars: successors (the
-- run's successors table, or an empty relation of its shape for a run related ran on before it).
SELECT {{run_id}} AS etl_run_id, {{batch_ts}} AS batch_ts, c.dot_number, c.carrier_name, c.category, c.old_values,
       CASE WHEN s.successor_of IS NULL THEN c.new_values
            ELSE json_merge_patch(c.new_values, json_object('successor_of', json(s.successor_of)))::VARCHAR END AS new_values,
       c.phy_state
FROM {{schema}}.changes c
LEFT JOIN {{successors}} s ON s.dot_number = c.dot_number AND c.category = 'new_carrier'
ORDER BY c.category_ord, CAST(c.dot_number AS BIGINT)
