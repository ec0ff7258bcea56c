-- The head of the relevance order when many names start with the query: tier $24 (0: the name
-- equals the query $22; 1: starts with it, $23 = query || '%', without equalling it), in legal
-- name order (the planner walks the name index), at most $21.
SELECT s.id
FROM carrier_search s
WHERE (s.name_norm LIKE $23 OR s.dba_norm LIKE $23)
  AND (s.name_norm = $22 OR s.dba_norm = $22) = ($24 = 0)
  AND /*filters*/
ORDER BY s.name, s.id
LIMIT $21
