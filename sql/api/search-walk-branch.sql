-- One branch of the merged prefix walk (server/search/postgres.ts repeats it per (word, status) list,
-- /*i*/ the list's position in $1 and $2, and joins the branches with UNION ALL): the list in
-- name order, filtered index-only, cut at $10 entries. The planner merges the sorted branches
-- (Merge Append), so a page reads about offset + limit entries in all. Filters as search-walk.sql.
(SELECT p.name, p.id
 FROM search_postings p
 WHERE p.term = ($1::text[])[/*i*/] AND p.active = ($2::boolean[])[/*i*/] AND p.lcp < $12
   AND /*posting_filters*/
 ORDER BY /*order*/
 LIMIT $10)
