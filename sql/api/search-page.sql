-- One page of matching DOTs in an order given by the caller (one of the fixed orders of
-- server/search/postgres.ts). $21 offset, $22 limit.
SELECT s.id
FROM carrier_search s
WHERE /*filters*/
ORDER BY /*order*/
OFFSET $21 LIMIT $22
