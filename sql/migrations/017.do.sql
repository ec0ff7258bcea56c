-- The core profile (CoreCarrier) of each served carrier that has an MC number, rendered by the
-- load (sql/duckdb/export_carrier_core.sql): bulk-by-MC joins these texts instead of reading,
-- parsing and rendering up to 500 carriers rows a request. Carriers without an MC number have no
-- row: no MC lookup can reach them, and the bulk lookup by DOT (at most 50) renders its rows.
-- Written only by the load, beside carriers. MC numbers are not unique, as in carriers.
CREATE TABLE carrier_core_json (
  dot_number text PRIMARY KEY,
  mc_number  text NOT NULL,
  body       text NOT NULL
);
CREATE INDEX carrier_core_json_mc_number_idx ON carrier_core_json (mc_number);
