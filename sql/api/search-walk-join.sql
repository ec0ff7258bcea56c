-- As search-walk.sql, for searches with more words or filters than search_postings holds: each
-- list entry is checked against carrier_search (filters $1..$20, with the walked word's slot
-- NULL). $21 words, $22 statuses, $23 DOTs to skip, $24 per-list limit, $25 offset, $26 limit.
SELECT x.id
FROM unnest($21::text[]) AS t(term)
CROSS JOIN unnest($22::boolean[]) AS a(active)
CROSS JOIN LATERAL (
  SELECT p.name, p.id
  FROM search_postings p
  JOIN carrier_search s ON s.id = p.id
  WHERE p.term = t.term AND p.active = a.active
    AND p.id <> ALL ($23::integer[])
    AND /*filters*/
  ORDER BY /*order*/
  LIMIT $24
) x
GROUP BY x.name, x.id
ORDER BY /*order_x*/
OFFSET $25 LIMIT $26
