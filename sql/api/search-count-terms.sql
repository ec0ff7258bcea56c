-- Exact matches of a one-word search whose word stands for several dictionary words (a typo's
-- candidates, $1), read index-only from search_postings; a carrier holding two of the words
-- counts once. Filters: $2 active, $3 states, $4 entity, $5 cargo bit mask, $6/$7 fleet min/max,
-- $8 authority since. Per state when $9.
SELECT CASE WHEN $9::boolean THEN p.state END AS state, count(DISTINCT p.id)::integer AS n
FROM search_postings p
WHERE p.term = ANY ($1::text[])
  AND ($2::boolean IS NULL OR p.active = $2)
  AND ($3::text[] IS NULL OR p.state = ANY ($3))
  AND ($4::smallint IS NULL OR p.entity = $4)
  AND ($5::bigint IS NULL OR p.cargo_bits & $5 <> 0)
  AND ($6::integer IS NULL OR p.power_units >= $6)
  AND ($7::integer IS NULL OR p.power_units <= $7)
  AND ($8::date IS NULL OR p.auth_since <= $8)
GROUP BY 1
