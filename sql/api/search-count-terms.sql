-- Exact matches of a one-word search whose word stands for several dictionary words (a typo's
-- candidates, $1), read index-only from search_postings; a carrier holding two of the words
-- counts once. $2 active; the shared posting filters $3..$9 (search-posting-filters.sql). Per
-- state when $10.
SELECT CASE WHEN $10::boolean THEN p.state END AS state, count(DISTINCT p.id)::integer AS n
FROM search_postings p
WHERE p.term = ANY ($1::text[])
  AND ($2::boolean IS NULL OR p.active = $2)
  AND /*posting_filters*/
GROUP BY 1
