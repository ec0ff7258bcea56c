-- search_word_buckets (migration 021) += the postings entries inserted - those deleted
-- (search_posting_rows), per word, status, lcp and a name's first character (level 1) and first
-- two (level 2).
INSERT INTO search_word_buckets AS b (term, active, level, bucket, lcp, n)
SELECT g.term, g.active, l.level, left(g.bucket, l.level), g.lcp, sum(g.n)
FROM (
  SELECT term, active, bucket, lcp, sum(n) AS n FROM (
    SELECT x.term, x.active, left(x.name, 2) AS bucket, x.lcp, -1 AS n FROM search_posting_rows x
    UNION ALL
    SELECT t.term, w.active, left(w.name, 2), search_lcp(w.terms[t.ord - 1], t.term), 1
    FROM search_new w
    JOIN search_posting_ids c ON c.id = w.id
    CROSS JOIN LATERAL unnest(w.terms) WITH ORDINALITY AS t(term, ord)
  ) e
  GROUP BY 1, 2, 3, 4
  HAVING sum(n) <> 0
) g
CROSS JOIN (VALUES (1), (2)) l(level)
GROUP BY 1, 2, 3, 4, 5
HAVING sum(g.n) <> 0
ON CONFLICT (term, active, level, bucket, lcp) DO UPDATE SET n = b.n + EXCLUDED.n;
DELETE FROM search_word_buckets WHERE n = 0;
