-- Exact matches of a one-word search with cargo, fleet or authority filters (and status, state,
-- entity): the entries of the word's range ($1 <= term < $2) whose lcp is below $3, so each
-- carrier counts once however many of its words start with the prefix. Filters: $4 active,
-- $5 states, $6 entity, $7 cargo bit mask, $8/$9 fleet min/max, $10 authority since. Per state
-- when $11.
SELECT CASE WHEN $11::boolean THEN p.state END AS state, count(*)::integer AS n
FROM search_postings p
WHERE p.term >= $1 AND p.term < $2 AND p.lcp < $3
  AND ($4::boolean IS NULL OR p.active = $4)
  AND ($5::text[] IS NULL OR p.state = ANY ($5))
  AND ($6::smallint IS NULL OR p.entity = $6)
  AND ($7::bigint IS NULL OR p.cargo_bits & $7 <> 0)
  AND ($8::integer IS NULL OR p.power_units >= $8)
  AND ($9::integer IS NULL OR p.power_units <= $9)
  AND ($10::date IS NULL OR p.auth_since <= $10)
GROUP BY 1
