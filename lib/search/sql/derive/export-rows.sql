-- A full build's carrier_search rows for COPY into PostgreSQL (DERIVED columns), in name order
-- (byte order, as the column's COLLATE "C"): the heap then follows the (name, id) indexes the
-- deep pages walk.
SELECT id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm,
       search_pg_array(terms) AS terms, officers, search_pg_array(keys) AS keys, phone, email, mc
FROM search_rows
ORDER BY name, id
