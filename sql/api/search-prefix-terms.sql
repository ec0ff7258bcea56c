-- The dictionary words starting with a prefix ($1 <= term < $2).
SELECT term FROM search_terms WHERE term >= $1 AND term < $2 ORDER BY term
