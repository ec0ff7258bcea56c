-- A page of the matches in fleet order (power units), descending, after matches.sql. $22 offset, $23 limit.
SELECT s.id
FROM s
ORDER BY s.power_units DESC, s.id
OFFSET $22 LIMIT $23
