-- Exact matches of a one-word search with cargo, fleet or authority filters (and status, state,
-- entity): the entries of the word's range ($1 <= term < $10) whose lcp is below $11, so each
-- carrier counts once however many of its words start with the prefix. $2 active; the shared
-- posting filters $3..$9 (search-posting-filters.sql). Per state when $12.
SELECT CASE WHEN $12::boolean THEN p.state END AS state, count(*)::integer AS n
FROM search_postings p
WHERE p.term >= $1 AND p.term < $10 AND p.lcp < $11
  AND ($2::boolean IS NULL OR p.active = $2)
  AND /*posting_filters*/
GROUP BY 1
