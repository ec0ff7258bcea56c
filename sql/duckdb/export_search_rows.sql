-- search_rows.sql's rows for COPY into PostgreSQL's search_new (SEARCH_ROW_COLUMNS order).
SELECT id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm,
       pg_text_array(terms) AS terms, officers, pg_text_array(keys) AS keys, phone, email, mc
FROM search_rows
