-- Candidates for a word no name holds: the dictionary words nearest by trigram distance, of a
-- length within the typo budget ($2..$3); the caller keeps those within the edit budget.
SELECT term, n FROM search_terms
WHERE length(term) BETWEEN $2 AND $3
ORDER BY term <-> $1
LIMIT 64
