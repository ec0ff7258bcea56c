-- A page of a one-word text search whose word is one dictionary word, in name order,
-- after postings.sql: straight off that word's list. $8 word, $9 active, $10 offset, $11 limit.
SELECT p.id
FROM p
WHERE p.term = $8 AND p.active = $9
ORDER BY p.name, p.id
OFFSET $10 LIMIT $11
