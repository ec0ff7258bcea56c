-- A page of a large one-word prefix search in name order over a few (word, status) lists: the
-- lists (walk-merged-list.sql, joined by UNION ALL) merged in order (Merge Append: about
-- offset $12 + limit $13 entries read in all), then the page.
ORDER BY name, id
OFFSET $12 LIMIT $13
