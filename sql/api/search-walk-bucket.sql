-- A deep page of a one-word search filtered by status only, in name order: the word's list, or
-- a prefix's few lists merged (search-walk-merge.sql), started at the name bucket holding the
-- page's first entry (search_word_buckets, migration 021) as search-page-bucket.sql starts a
-- page of carriers. The branches (search-walk-bucket-branch.sql, one per (word, status) list)
-- start there. $1 words, $2 statuses (the lists), $3 lcp bound (the prefix's length: each
-- carrier once), $4 DOTs to skip (the relevance order's head: names starting with the query, all
-- on the lists), $5 offset, $6 limit. The buckets count the skipped DOTs' entries too: a bucket
-- is picked by its entries before it, never fewer than the walk's, and the walk then skips the
-- rest of the offset plus the skipped entries named before the bucket.
WITH lists AS MATERIALIZED (
  SELECT l.term, l.active FROM unnest($1::text[], $2::boolean[]) AS l(term, active)
), first AS MATERIALIZED (
  SELECT x.bucket, x.before
  FROM (
    SELECT b.bucket, sum(sum(b.n)) OVER (ORDER BY b.bucket) - sum(b.n) AS before
    FROM lists l
    JOIN search_word_buckets b ON b.term = l.term AND b.active = l.active AND b.level = 1 AND b.lcp < $3
    GROUP BY b.bucket
  ) x
  WHERE x.before <= $5
  ORDER BY x.bucket DESC
  LIMIT 1
), second AS MATERIALIZED (
  SELECT x.bucket, x.before
  FROM (
    SELECT b.bucket, (SELECT before FROM first) + sum(sum(b.n)) OVER (ORDER BY b.bucket) - sum(b.n) AS before
    FROM lists l
    JOIN search_word_buckets b ON b.term = l.term AND b.active = l.active AND b.level = 2 AND b.lcp < $3
      AND b.bucket BETWEEN (SELECT bucket FROM first) AND (SELECT bucket FROM first) || chr(1114111)
    GROUP BY b.bucket
  ) x
  WHERE x.before <= $5
  ORDER BY x.bucket DESC
  LIMIT 1
), start AS MATERIALIZED (
  SELECT s.bucket,
         $5::bigint - s.before + (SELECT count(*) FROM carrier_search c WHERE c.id = ANY ($4::integer[]) AND c.name < s.bucket) AS skip
  FROM second s
)
SELECT u.id
FROM (/*branches*/) u
ORDER BY u.name, u.id
OFFSET (SELECT skip FROM start) LIMIT $6
