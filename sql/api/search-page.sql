-- One page of matching DOTs in an order given by the caller (one of the fixed orders of
-- server/search/postgres.ts). $21 offset, $22 limit.
-- The caller may add the number of matches to every row after s.id (a count over all of them).
SELECT s.id/*n*/
FROM carrier_search s
WHERE /*filters*/
ORDER BY /*order*/
OFFSET $21 LIMIT $22
