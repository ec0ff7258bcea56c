-- As walk-lateral.sql, for searches with more words or filters than search_postings holds,
-- after matches.sql (the walked word's slot NULL): each list entry is checked against the
-- matching carriers. $22 words, $23 statuses, $24 DOTs to leave out, $25 entries per list,
-- $26 offset, $27 limit.
SELECT x.id
FROM unnest($22::text[]) AS t(term)
CROSS JOIN unnest($23::boolean[]) AS a(active)
CROSS JOIN LATERAL (
  SELECT p.name, p.id
  FROM search_postings p
  JOIN s ON s.id = p.id
  WHERE p.term = t.term AND p.active = a.active
    AND p.id <> ALL ($24::integer[])
  ORDER BY p.name, p.id
  LIMIT $25
) x
GROUP BY x.name, x.id
ORDER BY x.name, x.id
OFFSET $26 LIMIT $27
