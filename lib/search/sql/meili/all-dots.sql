-- Every DOT number after $1 in key order, $2 at a time (a full Meilisearch build pages by these).
SELECT dot_number FROM carriers WHERE dot_number > $1 ORDER BY dot_number LIMIT $2
