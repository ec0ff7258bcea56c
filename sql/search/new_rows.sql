-- The rows as derived now: $1 every carrier (full rebuild), else those in search_delta that are
-- still in the registry.
CREATE TEMP TABLE search_new ON COMMIT DROP AS
-- Two arms, not `$1 OR ...`: see labels.sql.
SELECT id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm, terms,
       officers, keys, phone, email, mc
FROM search_source v
WHERE $1
UNION ALL
SELECT id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm, terms,
       officers, keys, phone, email, mc
FROM search_source v
WHERE NOT $1 AND v.dot_number IN (SELECT dot_number FROM search_delta)
