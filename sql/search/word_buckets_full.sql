-- word_buckets.sql for a full rebuild (empty tables, plain inserts): counted from the postings
-- just written, one scan (4.6 s at 2.1M carriers, against 15 s unnesting every row's words again).
-- Level 1 is summed from level 2.
WITH g AS MATERIALIZED (
  SELECT term, active, left(name, 2) AS bucket, count(*)::integer AS n FROM search_postings GROUP BY 1, 2, 3
)
INSERT INTO search_word_buckets (term, active, level, bucket, n)
SELECT term, active, 2, bucket, n FROM g
UNION ALL
SELECT term, active, 1, left(bucket, 1), sum(n) FROM g GROUP BY 1, 2, 4
