-- Exact matches of a search without text whose filters are status, state(s), entity type and a
-- common authority date on or before $5: the whole months before its month ($4, YYYY-MM) from
-- search_counts_auth, plus the carriers of that month up to the day. Per state when $6.
SELECT CASE WHEN $6::boolean THEN x.state END AS state, sum(x.n)::integer AS n
FROM (
  SELECT c.state, c.n
  FROM search_counts_auth c
  WHERE c.month < $4
    AND ($1::boolean IS NULL OR c.active = $1)
    AND ($2::text[] IS NULL OR c.state = ANY ($2))
    AND ($3::smallint IS NULL OR c.entity = $3)
  UNION ALL
  SELECT s.state, 1
  FROM carrier_search s
  WHERE s.keys @> ARRAY['a:' || $4] AND s.auth_since <= $5
    AND ($1::boolean IS NULL OR s.active = $1)
    AND ($2::text[] IS NULL OR s.state = ANY ($2))
    AND ($3::smallint IS NULL OR s.entity = $3)
) x
GROUP BY 1
