-- The dictionary words among $1 (the words one edit from a misspelt one), with their carriers.
SELECT term, n FROM search_terms WHERE term = ANY ($1::text[]) ORDER BY term
