-- A page of a large one-word text search whose word is one dictionary word, in name order:
-- straight off that word's list. $1 word, $2 active, $3 states, $4 entity, $5 cargo bit mask,
-- $6/$7 fleet min/max, $8 authority since, $9 DOTs to skip, $10 offset, $11 limit.
SELECT p.id
FROM search_postings p
WHERE p.term = $1 AND p.active = $2
  AND /*posting_filters*/
ORDER BY /*order*/
OFFSET $10 LIMIT $11
