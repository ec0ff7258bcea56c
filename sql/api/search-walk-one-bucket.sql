-- A deep page of search-walk-one.sql without filters but the status: one word's list ($1 word,
-- $2 active) in name order, started at the name bucket holding its first entry
-- (search_word_buckets, migration 021) as search-page-bucket.sql starts a page of carriers. $3:
-- DOTs to skip (the relevance order's head: names starting with the word, all on its list), $4
-- offset, $5 limit. The buckets count the skipped DOTs' entries too: a bucket is picked by its
-- entries before it, never fewer than the walk's, and the walk then skips the rest of the offset
-- plus the skipped entries named before the bucket.
WITH first AS MATERIALIZED (
  SELECT x.bucket, x.before
  FROM (
    SELECT bucket, sum(n) OVER (ORDER BY bucket) - n AS before
    FROM search_word_buckets
    WHERE term = $1 AND active = $2 AND level = 1
  ) x
  WHERE x.before <= $4
  ORDER BY x.bucket DESC
  LIMIT 1
), second AS MATERIALIZED (
  SELECT x.bucket, x.before
  FROM (
    SELECT bucket, (SELECT before FROM first) + sum(n) OVER (ORDER BY bucket) - n AS before
    FROM search_word_buckets
    WHERE term = $1 AND active = $2 AND level = 2
      AND bucket >= (SELECT bucket FROM first) AND left(bucket, 1) = (SELECT bucket FROM first)
  ) x
  WHERE x.before <= $4
  ORDER BY x.bucket DESC
  LIMIT 1
)
SELECT p.id
FROM search_postings p
WHERE p.term = $1 AND p.active = $2 AND p.name >= (SELECT bucket FROM second)
  AND p.id <> ALL ($3::integer[])
ORDER BY p.name, p.id
OFFSET $4::bigint - (SELECT before FROM second)
  + (SELECT count(*) FROM carrier_search s WHERE s.id = ANY ($3::integer[]) AND s.name < (SELECT bucket FROM second))
LIMIT $5
