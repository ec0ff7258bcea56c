-- A delta's postings with their sign (+1 in, -1 out): a carrier's old and new entry cancel out
-- when every posting column is the same (its row changed only in columns the postings do not hold).
SELECT sum(sign) AS sign, term, active, name, id, lcp, state, entity, cargo_bits, power_units, auth_since
FROM search_postings
GROUP BY ALL
HAVING sum(sign) <> 0
