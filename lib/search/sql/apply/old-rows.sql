-- The carrier_search rows of the carriers of search_delta (COPY TO a file that
-- lib/search/sql/derive/old-from-pg.sql reads; arrays as JSON).
SELECT id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm,
       array_to_json(terms) AS terms, officers, array_to_json(keys) AS keys, phone, email, mc
FROM carrier_search
WHERE id IN (SELECT dot_number::integer FROM search_delta)
