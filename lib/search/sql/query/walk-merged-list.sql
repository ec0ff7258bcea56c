-- One list of a merged walk (walk-merged-end.sql), after postings.sql: the (word, status) list
-- at position {{list}} of $8 and $9 in name order, cut at $10 entries (a page can only hold entries
-- from the heads of its lists); lcp below $11 keeps each carrier in one list only.
SELECT * FROM (
  SELECT p.name, p.id
  FROM p
  WHERE p.term = ($8::text[])[{{list}}] AND p.active = ($9::boolean[])[{{list}}] AND p.lcp < $11
  ORDER BY p.name, p.id
  LIMIT $10
) list{{list}}
