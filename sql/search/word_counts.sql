-- search_word_counts and the dictionary from search_word_delta: exact rows per word, prefix rows
-- for every prefix longer than the word's lcp (see word_delta.sql).
INSERT INTO search_word_counts AS w (word, exact, active, state, entity, n)
SELECT word, exact, active, state, entity, sum(n) FROM (
  SELECT left(d.term, l) AS word, false AS exact, d.active, d.state, d.entity, d.n
  FROM search_word_delta d CROSS JOIN LATERAL generate_series(d.lcp + 1, length(d.term)) AS l
  UNION ALL
  SELECT d.term, true, d.active, d.state, d.entity, d.n FROM search_word_delta d
) x
GROUP BY 1, 2, 3, 4, 5
HAVING sum(n) <> 0
ON CONFLICT (word, exact, active, state, entity) DO UPDATE SET n = w.n + EXCLUDED.n;
DELETE FROM search_word_counts WHERE n = 0;
INSERT INTO search_terms AS t (term, n)
SELECT term, sum(n) FROM search_word_delta GROUP BY term HAVING sum(n) <> 0
ON CONFLICT (term) DO UPDATE SET n = t.n + EXCLUDED.n;
-- The deletion table (migration 013) follows the words of 6+ letters that left the dictionary
-- (count now 0) or entered it (count now exactly this run's delta: it was 0).
CREATE TEMP TABLE search_term_moves AS
SELECT t.term, t.n > 0 AS entered
FROM (SELECT term, sum(n) AS n FROM search_word_delta WHERE length(term) >= 6 GROUP BY term) d
JOIN search_terms t USING (term)
WHERE t.n = 0 OR t.n = d.n;
DELETE FROM search_term_deletes x
USING search_term_moves m CROSS JOIN LATERAL search_deletions(m.term) d
WHERE NOT m.entered AND x.del = d AND x.term = m.term;
INSERT INTO search_term_deletes (del, term)
SELECT d, m.term FROM search_term_moves m CROSS JOIN LATERAL search_deletions(m.term) d WHERE m.entered;
DROP TABLE search_term_moves;
DELETE FROM search_terms WHERE n = 0;
