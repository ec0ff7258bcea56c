-- Carriers read from PostgreSQL (the file lib/search/sql/apply/input*.sql wrote, read as {{csv}}) as the
-- snapshot's columns the rows are derived from.
CREATE OR REPLACE TEMP TABLE search_input AS
SELECT * EXCLUDE (cargo_carried), CAST(cargo_carried AS JSON)::VARCHAR[] AS cargo_carried
FROM {{csv}}
