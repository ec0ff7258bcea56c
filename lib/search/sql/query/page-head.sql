-- The head of the relevance order of a text search, its first $22 rows, after matches.sql (with
-- no word slots set: a name starting with the query holds every query word): carriers with a
-- name (legal or DBA) equal to the query ($23) or starting with it ($24 = query || '%'), in the
-- order of that name (an equal name sorts as the query itself, so those come first), then legal
-- name and DOT. Three index-only walks, each stopping after $22 rows: legal names in (name_norm,
-- name, id) order; DBA names in (dba_norm, name, id) order for carriers whose legal name does not
-- start with the query; and carriers whose DBA equals the query while their legal name only starts
-- with it. A carrier found twice keeps its first key.
SELECT id
FROM (
  SELECT DISTINCT ON (id) id, key, name
  FROM (
    (SELECT s.id, s.name_norm AS key, s.name
     FROM s
     WHERE s.name_norm LIKE $24
     ORDER BY s.name_norm, s.name, s.id
     LIMIT $22)
    UNION ALL
    (SELECT s.id, s.dba_norm, s.name
     FROM s
     WHERE s.dba_norm <> '' AND s.dba_norm LIKE $24 AND s.name_norm NOT LIKE $24
     ORDER BY s.dba_norm, s.name, s.id
     LIMIT $22)
    UNION ALL
    SELECT s.id, $23::text COLLATE "C", s.name
    FROM s
    WHERE s.dba_norm = $23 AND s.name_norm LIKE $24
  ) arms
  ORDER BY id, key
) head
ORDER BY key, name, id
LIMIT $22
