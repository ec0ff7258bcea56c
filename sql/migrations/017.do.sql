-- Each served carrier's core profile (CoreCarrier), rendered by the load (sql/duckdb/
-- export_carrier_core.sql): the bulk lookups join these texts instead of reading, parsing and
-- rendering up to 500 carriers rows a request. Written only by the load, beside carriers: every
-- carrier has exactly one row. MC numbers are not unique, as in carriers.
CREATE TABLE carrier_core_json (
  dot_number text PRIMARY KEY,
  mc_number  text,
  body       text NOT NULL
);
CREATE INDEX carrier_core_json_mc_number_idx ON carrier_core_json (mc_number) WHERE mc_number IS NOT NULL;

-- The bulk lookups' view of carriers (migration 011) has no reader left.
DROP VIEW carrier_core;
