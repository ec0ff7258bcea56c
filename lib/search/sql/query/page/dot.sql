-- A page of the matches in DOT order (also each state of a distance order), after matches.sql. $22 offset, $23 limit.
SELECT s.id
FROM s
ORDER BY s.id
OFFSET $22 LIMIT $23
