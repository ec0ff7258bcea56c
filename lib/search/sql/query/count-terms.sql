-- Exact matches of a one-word search whose word stands for several dictionary words (a typo's
-- candidates, $8), after postings.sql, read index-only; a carrier holding two of the words counts
-- once. $9 active; per state when $10.
SELECT CASE WHEN $10::boolean THEN p.state END AS state, count(DISTINCT p.id)::integer AS n
FROM p
WHERE p.term = ANY ($8::text[])
  AND ($9::boolean IS NULL OR p.active = $9)
GROUP BY 1
