-- Exact matches, counted row by row (searches the precomputed counts cannot answer); per state
-- when $21 (geo searches sorted by distance page state by state).
SELECT CASE WHEN $21::boolean THEN s.state END AS state, count(*)::integer AS n
FROM carrier_search s
WHERE /*filters*/
GROUP BY 1
