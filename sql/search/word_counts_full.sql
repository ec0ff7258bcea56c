-- word_counts.sql for a full rebuild (empty tables): plain inserts, no conflict checks.
INSERT INTO search_word_counts (word, exact, active, state, entity, n)
SELECT word, exact, active, state, entity, sum(n) FROM (
  SELECT left(d.term, l) AS word, false AS exact, d.active, d.state, d.entity, d.n
  FROM search_word_delta d CROSS JOIN LATERAL generate_series(d.lcp + 1, length(d.term)) AS l
  UNION ALL
  SELECT d.term, true, d.active, d.state, d.entity, d.n FROM search_word_delta d
) x
GROUP BY 1, 2, 3, 4, 5;
INSERT INTO search_terms (term, n)
SELECT term, sum(n) FROM search_word_delta GROUP BY term;
