-- Exact matches counted row by row (the searches no precomputed count answers), after
-- matches.sql; per state when $22 (geo searches sorted by distance page state by state).
SELECT CASE WHEN $22::boolean THEN s.state END AS state, count(*)::integer AS n
FROM s
GROUP BY 1
