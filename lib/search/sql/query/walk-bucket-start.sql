-- A deep page of a one-word search filtered by status only, in name order: the word's list, or a
-- prefix's few lists merged, started at the name bucket holding the page's first entry
-- (search_word_buckets: each list's entries per status, lcp and name bucket, a name's first
-- character, level 1, and first two, level 2). This part finds the bucket as
-- page-from-name-bucket.sql does (`start`: the bucket and the entries before it); the lists
-- (walk-bucket-list.sql, joined by UNION ALL) and the page (walk-bucket-end.sql) follow.
-- $1 words, $2 statuses (the lists), $3 offset, $4 limit, $5 lcp bound (the prefix's length: each
-- carrier once), $6 DOTs to leave out (the relevance order's head: names starting with the
-- query, all on the lists). The buckets count the left-out DOTs' entries too: a bucket is picked
-- by its entries before it, never fewer than the walk's, and the walk then skips the rest of the
-- offset plus the left-out entries named before the bucket.
WITH bucket_counts AS NOT MATERIALIZED (
  SELECT b.level, b.bucket, b.n
  FROM unnest($1::text[], $2::boolean[]) AS l(term, active)
  JOIN search_word_buckets b ON b.term = l.term AND b.active = l.active AND b.lcp < $5
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
), walk AS MATERIALIZED (
  SELECT s.bucket,
         $3::bigint - s.before + (SELECT count(*) FROM carrier_search c WHERE c.id = ANY ($6::integer[]) AND c.name < s.bucket) AS skip
  FROM start s
)
