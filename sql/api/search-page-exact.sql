-- The first $21 matches whose name (legal or DBA) equals the query ($22): the head of the
-- relevance order of a large text search.
SELECT s.id
FROM carrier_search s
WHERE (s.name_norm = $22 OR s.dba_norm = $22) AND /*filters*/
ORDER BY s.name, s.id
LIMIT $21
