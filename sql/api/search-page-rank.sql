-- One page of a text search in relevance order: the name (legal or DBA) equal to the query
-- ($23), then names starting with it ($24 = query || '%'), then the rest; each by legal name, DOT.
-- The caller may add the number of matches to every row after s.id (a count over all of them).
SELECT s.id/*n*/
FROM carrier_search s
WHERE /*filters*/
ORDER BY CASE WHEN s.name_norm = $23 OR s.dba_norm = $23 THEN 0
              WHEN s.name_norm LIKE $24 OR s.dba_norm LIKE $24 THEN 1
              ELSE 2 END,
         s.name, s.id
OFFSET $21 LIMIT $22
