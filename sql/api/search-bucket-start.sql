-- The bucket a deep page in name order starts at, shared by search-page-bucket.sql and
-- search-walk-bucket.sql (put in at their bucket_start marker, after their CTE
-- `bucket_counts (level, bucket, n)`): the last first-character bucket whose preceding buckets
-- hold at most $3 (the page's offset) entries, and within it (its first character's range) the
-- last two-character bucket likewise. `start` holds that bucket and the entries before it.
first AS MATERIALIZED (
  SELECT x.bucket, x.before
  FROM (
    SELECT c.bucket, sum(sum(c.n)) OVER (ORDER BY c.bucket) - sum(c.n) AS before
    FROM bucket_counts c
    WHERE c.level = 1
    GROUP BY c.bucket
  ) x
  WHERE x.before <= $3
  ORDER BY x.bucket DESC
  LIMIT 1
), start AS MATERIALIZED (
  SELECT x.bucket, x.before
  FROM (
    SELECT c.bucket, (SELECT before FROM first) + sum(sum(c.n)) OVER (ORDER BY c.bucket) - sum(c.n) AS before
    FROM bucket_counts c
    WHERE c.level = 2 AND c.bucket BETWEEN (SELECT bucket FROM first) AND (SELECT bucket FROM first) || chr(1114111)
    GROUP BY c.bucket
  ) x
  WHERE x.before <= $3
  ORDER BY x.bucket DESC
  LIMIT 1
)
