-- A deep page of a search without text in name order whose only filters are the status ($1;
-- NULL: any), one state or none ($2; '*': every state) and one cargo label or none ($5, its bit;
-- -1: any). Name order is bucket order (search_name_buckets: carriers per name's first character,
-- level 1, and first two, level 2), so the page's first row (offset $3) lies in the bucket found
-- here: the last first-character bucket whose preceding buckets hold at most $3 carriers, and
-- within it the last two-character bucket likewise (`start`: that bucket and the carriers before
-- it). The walk starts there and skips only the rest of the offset. $4: rows.
WITH bucket_counts AS NOT MATERIALIZED (
  SELECT level, bucket, n
  FROM search_name_buckets
  WHERE ($1::boolean IS NULL OR active = $1) AND state = $2 AND cargo = $5
), first AS MATERIALIZED (
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
SELECT s.id
FROM carrier_search s
WHERE s.name >= (SELECT bucket FROM start)
  AND ($1::boolean IS NULL OR s.active = $1)
  AND ($2 = '*' OR s.state = $2)
  AND ($5::smallint = -1 OR s.cargo_bits & (1::bigint << $5) <> 0)
ORDER BY s.name, s.id
OFFSET $3::bigint - (SELECT before FROM start)
LIMIT $4
