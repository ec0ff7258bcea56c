-- word_buckets.sql for a full rebuild (empty tables, plain inserts): counted from the postings
-- just written, one scan (3.8 s at 2.1M carriers, against 15 s unnesting every row's words
-- again). Level 1 is summed from level 2.
WITH g AS MATERIALIZED (
  SELECT term, active, left(name, 2) AS bucket, lcp, count(*)::integer AS n FROM search_postings GROUP BY 1, 2, 3, 4
)
INSERT INTO search_word_buckets (term, active, level, bucket, lcp, n)
SELECT term, active, 2, bucket, lcp, n FROM g
UNION ALL
SELECT term, active, 1, left(bucket, 1), lcp, sum(n) FROM g GROUP BY 1, 2, 4, 5
