-- Exact matches of a search without text whose filters are only status, state(s), entity type
-- and cargo: a sum over search_counts ($4: cargo bit, or -1 for any). Per state when $5.
SELECT CASE WHEN $5::boolean THEN c.state END AS state, sum(c.n)::integer AS n
FROM search_counts c
WHERE ($1::boolean IS NULL OR c.active = $1)
  AND ($2::text[] IS NULL OR c.state = ANY ($2))
  AND ($3::smallint IS NULL OR c.entity = $3)
  AND c.cargo = $4
GROUP BY 1
