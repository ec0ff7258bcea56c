-- The first $21 matches whose name (legal or DBA) starts with the query ($23 = query || '%')
-- without equalling it ($22): the second tier of the relevance order of a large text search.
SELECT s.id
FROM carrier_search s
WHERE (s.name_norm LIKE $23 OR s.dba_norm LIKE $23) AND NOT (s.name_norm = $22 OR s.dba_norm = $22) AND /*filters*/
ORDER BY s.name, s.id
LIMIT $21
