-- A delta's carrier_search rows with their sign (+1 in, -1 out), for COPY into PostgreSQL.
SELECT sign, id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm,
       search_pg_array(terms) AS terms, officers, search_pg_array(keys) AS keys, phone, email, mc
FROM search_signed
