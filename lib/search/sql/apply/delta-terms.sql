-- The dictionary += a delta's changes. The deletion table (search_deletions, migration 013)
-- follows the words of 6+ letters that left the dictionary (count now 0) or entered it (count now
-- exactly this delta's: it was 0).
INSERT INTO search_terms AS t SELECT * FROM delta_search_terms
ON CONFLICT (term) DO UPDATE SET n = t.n + EXCLUDED.n;
CREATE TEMP TABLE search_term_moves ON COMMIT DROP AS
SELECT t.term, t.n > 0 AS entered
FROM delta_search_terms d JOIN search_terms t USING (term)
WHERE length(d.term) >= 6 AND (t.n = 0 OR t.n = d.n);
DELETE FROM search_term_deletes x
USING search_term_moves m CROSS JOIN LATERAL search_deletions(m.term) d
WHERE NOT m.entered AND x.del = d AND x.term = m.term;
INSERT INTO search_term_deletes (del, term)
SELECT d, m.term FROM search_term_moves m CROSS JOIN LATERAL search_deletions(m.term) d WHERE m.entered;
DROP TABLE search_term_moves;
DELETE FROM search_terms WHERE n = 0;
