-- One branch of search-walk-bucket.sql (server/search/postgres.ts repeats it per (word, status)
-- list, /*i*/ the list's position in $1 and $2): the list in name order from the page's bucket,
-- cut at the entries the page can reach.
(SELECT p.name, p.id
 FROM search_postings p
 WHERE p.term = ($1::text[])[/*i*/] AND p.active = ($2::boolean[])[/*i*/] AND p.lcp < $5
   AND p.name >= (SELECT bucket FROM walk) AND p.id <> ALL ($6::integer[])
 ORDER BY /*order*/
 LIMIT (SELECT skip FROM walk) + $4)
