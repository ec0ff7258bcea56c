-- Exact matches of a one-word search with cargo, fleet or authority filters (and status, state,
-- entity), after postings.sql: the entries of the word's range ($8 <= term < $9) whose lcp is
-- below $10, so each carrier counts once however many of its words start with the prefix (one
-- word: the range of that word alone, any lcp). $11 active; per state when $12.
SELECT CASE WHEN $12::boolean THEN p.state END AS state, count(*)::integer AS n
FROM p
WHERE p.term >= $8 AND p.term < $9 AND p.lcp < $10
  AND ($11::boolean IS NULL OR p.active = $11)
GROUP BY 1
