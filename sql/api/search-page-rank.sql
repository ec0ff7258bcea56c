-- One page of a text search in relevance order (the order of search-page-head.sql, then the
-- rest): names (legal or DBA) equal to the query ($23) or starting with it ($24 = query || '%'),
-- by that name (an equal one as the query itself), legal name and DOT; then the other matches by
-- legal name and DOT.
-- The caller may add the number of matches to every row after s.id (a count over all of them).
SELECT s.id/*n*/
FROM carrier_search s
WHERE /*filters*/
ORDER BY CASE WHEN s.name_norm LIKE $24 OR s.dba_norm LIKE $24 THEN 0 ELSE 1 END,
         CASE WHEN s.name_norm = $23 OR s.dba_norm = $23 THEN $23::text COLLATE "C"
              WHEN s.name_norm LIKE $24 THEN s.name_norm
              WHEN s.dba_norm LIKE $24 THEN s.dba_norm END,
         s.name, s.id
OFFSET $21 LIMIT $22
