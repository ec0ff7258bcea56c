-- The head of the relevance order of a text search, first $21 rows: matches whose legal or DBA
-- name equals the query ($22, tier 0) or starts with it ($23 = query || '%', tier 1), by legal
-- name and DOT. Two disjoint index-only reads (legal names starting with the query; DBA names
-- starting with it whose legal name does not), at most $24 entries in all, then a top-$21 sort.
-- n: the entries read; when it reaches $24 the head is too large to sort and the caller walks.
WITH head AS (
  SELECT * FROM (
    SELECT s.id, s.name, CASE WHEN s.name_norm = $22 OR s.dba_norm = $22 THEN 0 ELSE 1 END AS tier
    FROM carrier_search s
    WHERE s.name_norm LIKE $23 AND /*filters*/
    UNION ALL
    SELECT s.id, s.name, CASE WHEN s.dba_norm = $22 THEN 0 ELSE 1 END
    FROM carrier_search s
    WHERE s.dba_norm <> '' AND s.dba_norm LIKE $23 AND s.name_norm NOT LIKE $23 AND /*filters*/
  ) arms
  LIMIT $24
)
SELECT h.id, (SELECT count(*) FROM head)::integer AS n
FROM head h
ORDER BY h.tier, h.name, h.id
LIMIT $21
