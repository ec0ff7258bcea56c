-- search_rows.sql's rows for COPY into PostgreSQL's carrier_search (PREBUILT_TABLES' columns),
-- in name order (byte order, as the column's COLLATE "C"), as a rebuild in place inserts them:
-- the heap then follows the (name, id) indexes the deep pages walk.
SELECT id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm,
       pg_text_array(terms) AS terms, officers, pg_text_array(keys) AS keys, phone, email, mc
FROM search_rows
ORDER BY name, id
