-- The typo dictionary of a full rebuild (empty table): the deletions of every word of six letters
-- or more (search_deletions), from search_terms.
INSERT INTO search_term_deletes (del, term)
SELECT d, t.term FROM search_terms t CROSS JOIN LATERAL search_deletions(t.term) d WHERE length(t.term) >= 6;
