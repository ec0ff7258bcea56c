-- A deep page of a search without text in name order whose only filters are the status ($1;
-- NULL: any) and one state or none ($2; '*': every state). Name order is bucket order
-- (search_name_buckets, migration 015), so the page's first row (offset $3) lies in the last
-- first-character bucket, and within it the last two-character bucket, whose preceding buckets
-- hold at most $3 carriers; the walk starts there and skips only the rest of the offset. $4: rows.
WITH first AS MATERIALIZED (
  SELECT x.bucket, x.before
  FROM (
    SELECT bucket, sum(sum(n)) OVER (ORDER BY bucket) - sum(n) AS before
    FROM search_name_buckets
    WHERE ($1::boolean IS NULL OR active = $1) AND state = $2 AND level = 1
    GROUP BY bucket
  ) x
  WHERE x.before <= $3
  ORDER BY x.bucket DESC
  LIMIT 1
), second AS MATERIALIZED (
  SELECT x.bucket, x.before
  FROM (
    SELECT bucket, (SELECT before FROM first) + sum(sum(n)) OVER (ORDER BY bucket) - sum(n) AS before
    FROM search_name_buckets
    WHERE ($1::boolean IS NULL OR active = $1) AND state = $2 AND level = 2
      AND bucket BETWEEN (SELECT bucket FROM first) AND (SELECT bucket FROM first) || chr(1114111)
    GROUP BY bucket
  ) x
  WHERE x.before <= $3
  ORDER BY x.bucket DESC
  LIMIT 1
)
SELECT s.id
FROM carrier_search s
WHERE s.name >= (SELECT bucket FROM second)
  AND ($1::boolean IS NULL OR s.active = $1)
  AND ($2 = '*' OR s.state = $2)
ORDER BY s.name, s.id
OFFSET $3::bigint - (SELECT before FROM second)
LIMIT $4
