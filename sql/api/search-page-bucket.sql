-- A deep page of a search without text in name order whose only filters are the status ($1;
-- NULL: any), one state or none ($2; '*': every state) and one cargo label or none ($5, its bit;
-- -1: any). Name order is bucket order (search_name_buckets, migrations 015 and 022), so the
-- page's first row (offset $3) lies in the bucket search-bucket-start.sql finds; the walk starts
-- there and skips only the rest of the offset. $4: rows.
WITH bucket_counts AS NOT MATERIALIZED (
  SELECT level, bucket, n
  FROM search_name_buckets
  WHERE ($1::boolean IS NULL OR active = $1) AND state = $2 AND cargo = $5
), /*bucket_start*/
SELECT s.id
FROM carrier_search s
WHERE s.name >= (SELECT bucket FROM start)
  AND ($1::boolean IS NULL OR s.active = $1)
  AND ($2 = '*' OR s.state = $2)
  AND ($5::smallint = -1 OR s.cargo_bits & (1::bigint << $5) <> 0)
ORDER BY s.name, s.id
OFFSET $3::bigint - (SELECT before FROM start)
LIMIT $4
