-- A page of a one-word text search in descending name order, after postings.sql: the first $10
-- entries of each (word, status) list, merged (a carrier holding several of the words once), then
-- offset $11 and limit $12. $8 words, $9 statuses (each word's list is read per status).
SELECT x.id
FROM unnest($8::text[]) AS t(term)
CROSS JOIN unnest($9::boolean[]) AS a(active)
CROSS JOIN LATERAL (
  SELECT p.name, p.id
  FROM p
  WHERE p.term = t.term AND p.active = a.active
  ORDER BY p.name DESC, p.id
  LIMIT $10
) x
GROUP BY x.name, x.id
ORDER BY x.name DESC, x.id
OFFSET $11 LIMIT $12
