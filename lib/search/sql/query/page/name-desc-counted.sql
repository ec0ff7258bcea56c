-- A page of the matches in name order, descending, after matches.sql, each row with the number of
-- matches (n: a count over all of them, which reads them all; for searches whose matches are
-- few, instead of a second pass to count them). $22 offset, $23 limit.
SELECT s.id, count(*) OVER () AS n
FROM s
ORDER BY s.name DESC, s.id
OFFSET $22 LIMIT $23
