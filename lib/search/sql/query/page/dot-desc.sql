-- A page of the matches in DOT order, descending, after matches.sql. $22 offset, $23 limit.
SELECT s.id
FROM s
ORDER BY s.id DESC
OFFSET $22 LIMIT $23
