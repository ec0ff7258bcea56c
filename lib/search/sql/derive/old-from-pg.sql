-- The carrier_search rows PostgreSQL holds for a delta's carriers (lib/search/sql/apply/old-rows.sql
-- wrote them), as search_rows has its rows.
CREATE OR REPLACE TEMP TABLE search_old AS
SELECT id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm,
       CAST(terms AS JSON)::VARCHAR[] AS terms, officers, CAST(keys AS JSON)::VARCHAR[] AS keys, phone, email, mc
FROM {{csv}}
