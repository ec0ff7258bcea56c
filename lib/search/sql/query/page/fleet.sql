-- A page of the matches in fleet order (power units), after matches.sql. $22 offset, $23 limit.
SELECT s.id
FROM s
ORDER BY s.power_units, s.id
OFFSET $22 LIMIT $23
