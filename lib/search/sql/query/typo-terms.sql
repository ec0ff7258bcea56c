-- Candidates for a misspelt word of 8+ letters: the dictionary words filed under one of its
-- deletions ($1; see sql/migrations/013.do.sql). The caller keeps those within two edits. (An
-- array, not IN: the planner's guess at the candidates made it hash the whole dictionary.)
SELECT term, n
FROM search_terms
WHERE term = ANY (ARRAY(SELECT DISTINCT d.term FROM search_term_deletes d WHERE d.del = ANY ($1::text[])))
ORDER BY term
