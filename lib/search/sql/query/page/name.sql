-- A page of the matches in name order, after matches.sql. $22 offset, $23 limit.
SELECT s.id
FROM s
ORDER BY s.name, s.id
OFFSET $22 LIMIT $23
