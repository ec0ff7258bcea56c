-- A page of a large one-word text search in name order, read from search_postings: the first
-- $10 carriers of each (word, status) list, merged (a carrier holding several of the words once),
-- then offset $11 and limit $12. $1 words, $2 statuses, $3 states, $4 entity, $5 cargo bit mask,
-- $6/$7 fleet min/max, $8 authority since, $9 DOTs to skip.
SELECT x.id
FROM unnest($1::text[]) AS t(term)
CROSS JOIN unnest($2::boolean[]) AS a(active)
CROSS JOIN LATERAL (
  SELECT p.name, p.id
  FROM search_postings p
  WHERE p.term = t.term AND p.active = a.active
    AND /*posting_filters*/
  ORDER BY /*order*/
  LIMIT $10
) x
GROUP BY x.name, x.id
ORDER BY /*order_x*/
OFFSET $11 LIMIT $12
