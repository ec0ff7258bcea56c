-- Adds the registry carriers among DOTs $2 (distinct, bare) that account $1 does not watch yet,
-- unless that takes the watchlist over cap $3: then nothing is added. $4 now.
-- Answers added, fresh (carriers that would be added), size (watched before) and missing (the
-- DOTs of $2 that match no carrier, in request order).
WITH fresh AS (
  SELECT c.dot_number
  FROM carriers c
  WHERE c.dot_number = ANY ($2::text[])
    AND NOT EXISTS (SELECT 1 FROM watchlist_entries w WHERE w.account_id = $1 AND w.dot_number = c.dot_number)
), size AS (
  SELECT count(*)::integer AS n FROM watchlist_entries WHERE account_id = $1
), added AS (
  INSERT INTO watchlist_entries (account_id, dot_number, created_at)
  SELECT $1, dot_number, $4 FROM fresh
  WHERE (SELECT n FROM size) + (SELECT count(*) FROM fresh) <= $3
  RETURNING 1
)
SELECT (SELECT count(*)::integer FROM added) AS added,
       (SELECT count(*)::integer FROM fresh) AS fresh,
       (SELECT n FROM size) AS size,
       ARRAY(
         SELECT d FROM unnest($2::text[]) WITH ORDINALITY AS r (d, i)
         WHERE NOT EXISTS (SELECT 1 FROM carriers c WHERE c.dot_number = r.d)
         ORDER BY i
       ) AS missing
