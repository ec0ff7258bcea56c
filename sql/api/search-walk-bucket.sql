-- A deep page of a one-word search filtered by status only, in name order: the word's list, or
-- a prefix's few lists merged (search-walk-merge.sql), started at the name bucket holding the
-- page's first entry (search_word_buckets, migration 021) as search-page-bucket.sql starts a
-- page of carriers (search-bucket-start.sql). The branches (search-walk-bucket-branch.sql, one
-- per (word, status) list) start there. $1 words, $2 statuses (the lists), $3 offset, $4 limit,
-- $5 lcp bound (the prefix's length: each carrier once), $6 DOTs to skip (the relevance order's
-- head: names starting with the query, all on the lists). The buckets count the skipped DOTs'
-- entries too: a bucket is picked by its entries before it, never fewer than the walk's, and the
-- walk then skips the rest of the offset plus the skipped entries named before the bucket.
WITH bucket_counts AS NOT MATERIALIZED (
  SELECT b.level, b.bucket, b.n
  FROM unnest($1::text[], $2::boolean[]) AS l(term, active)
  JOIN search_word_buckets b ON b.term = l.term AND b.active = l.active AND b.lcp < $5
), /*bucket_start*/, walk AS MATERIALIZED (
  SELECT s.bucket,
         $3::bigint - s.before + (SELECT count(*) FROM carrier_search c WHERE c.id = ANY ($6::integer[]) AND c.name < s.bucket) AS skip
  FROM start s
)
SELECT u.id
FROM (/*branches*/) u
ORDER BY /*order_x*/
OFFSET (SELECT skip FROM walk) LIMIT $4
