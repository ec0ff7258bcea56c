-- A page of a large one-word prefix search in name order over a few (word, status) lists: the
-- branches (search-walk-branch.sql) merged in order (Merge Append: about offset $11 + limit $13
-- entries read in all). lcp below $12 (the prefix length) keeps each carrier in one list only.
SELECT u.id
FROM (/*branches*/) u
ORDER BY /*order_x*/
OFFSET $11 LIMIT $13
