-- Exact matches of a search without text whose filters are status, state(s), entity type and a
-- power-units range ($4..$5, NULL: open): a sum over search_counts_fleet. Per state when $6.
SELECT CASE WHEN $6::boolean THEN c.state END AS state, sum(c.n)::integer AS n
FROM search_counts_fleet c
WHERE ($1::boolean IS NULL OR c.active = $1)
  AND ($2::text[] IS NULL OR c.state = ANY ($2))
  AND ($3::smallint IS NULL OR c.entity = $3)
  AND ($4::integer IS NULL OR c.power_units >= $4)
  AND ($5::integer IS NULL OR c.power_units <= $5)
GROUP BY 1
