-- A page of a text search in relevance order (the order of page-head.sql, then the rest), after
-- matches.sql: names (legal or DBA) equal to the query ($24) or starting with it ($25 = query ||
-- '%'), by that name (an equal one as the query itself), legal name and DOT; then the other
-- matches by legal name and DOT. $22 offset, $23 limit.
SELECT s.id
FROM s
ORDER BY CASE WHEN s.name_norm LIKE $25 OR s.dba_norm LIKE $25 THEN 0 ELSE 1 END,
         CASE WHEN s.name_norm = $24 OR s.dba_norm = $24 THEN $24::text COLLATE "C"
              WHEN s.name_norm LIKE $25 THEN s.name_norm
              WHEN s.dba_norm LIKE $25 THEN s.dba_norm END,
         s.name, s.id
OFFSET $22 LIMIT $23
