-- A delta: the rows derived now (+1) against those the index holds for the same carriers
-- (search_old, read from PostgreSQL: -1). A row the same on both sides cancels out (the carrier's
-- searchable columns did not change); a changed carrier has its old row at -1 and its new at +1,
-- a removed one only the old, a new one only the new. tables.sql then derives every table's
-- change from these, as it derives a full build's tables from rows that all count +1.
CREATE OR REPLACE TEMP TABLE search_signed AS
SELECT sum(sign)::INTEGER AS sign, id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm,
       dba_norm, terms, officers, keys, phone, email, mc
FROM (
  SELECT 1 AS sign, * FROM search_rows
  UNION ALL
  SELECT -1, * FROM search_old
)
GROUP BY ALL
HAVING sum(sign) <> 0
