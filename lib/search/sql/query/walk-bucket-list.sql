-- One list of a bucket walk (walk-bucket-start.sql): the (word, status) list at position {{list}}
-- of $1 and $2 in name order from the page's bucket, cut at the entries the page can reach.
SELECT * FROM (
  SELECT p.name, p.id
  FROM search_postings p
  WHERE p.term = ($1::text[])[{{list}}] AND p.active = ($2::boolean[])[{{list}}] AND p.lcp < $5
    AND p.name >= (SELECT bucket FROM walk) AND p.id <> ALL ($6::integer[])
  ORDER BY p.name, p.id
  LIMIT (SELECT skip FROM walk) + $4
) list{{list}}
