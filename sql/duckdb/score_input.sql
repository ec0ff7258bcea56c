-- The score stage's input, one row per carrier: the RISK_SNAPSHOT_FIELDS of lib/risk/input.ts as
-- plain scalars (dates as 'YYYY-MM-DD', amounts as DOUBLE; of the BASICs only those in alert, the
-- only ones the model reads, as JSON) plus the run's chameleon links from the related stage, and a
-- hash of all of them (input_hash): equal inputs, equal hash, so an unchanged carrier can keep the
-- previous run's score (sql/duckdb/score_keep.sql). A temp table (in memory, spilled beyond
-- DuckDB's memory limit): it lives only while the stage runs, and writing it to the database
-- file would take several times as long. Vars: schema (r<run>), only ('' or a WHERE clause on
-- dot_number: the carriers whose score may change, score_scope.sql).
CREATE OR REPLACE TEMP TABLE score_input AS
WITH input AS (
SELECT
  s.dot_number,
  s.carrier_status,
  s.authority_status,
  s.contract_authority_status,
  s.broker_authority_status,
  CAST(s.common_authority_date AS VARCHAR) AS common_authority_date,
  CAST(s.contract_authority_date AS VARCHAR) AS contract_authority_date,
  s.revocation_pending,
  CAST(s.add_date AS VARCHAR) AS add_date,
  CAST(s.mcs150_date AS VARCHAR) AS mcs150_date,
  s.safety_rating,
  CAST(s.power_units AS DOUBLE) AS power_units,
  CAST(s.max_bipd AS DOUBLE) AS max_bipd,
  CAST(s.max_cargo AS DOUBLE) AS max_cargo,
  CAST(s.driver_inspections AS DOUBLE) AS driver_inspections,
  CAST(s.driver_oos_inspections AS DOUBLE) AS driver_oos_inspections,
  CAST(s.driver_oos_rate AS DOUBLE) AS driver_oos_rate,
  CAST(s.vehicle_inspections AS DOUBLE) AS vehicle_inspections,
  CAST(s.vehicle_oos_inspections AS DOUBLE) AS vehicle_oos_inspections,
  CAST(s.vehicle_oos_rate AS DOUBLE) AS vehicle_oos_rate,
  CAST(s.total_crashes AS DOUBLE) AS total_crashes,
  CAST(s.fatal_crashes AS DOUBLE) AS fatal_crashes,
  CASE WHEN len(list_filter(s.basics, b -> coalesce(b.alert, false))) > 0
    THEN to_json(list_filter(s.basics, b -> coalesce(b.alert, false)))::VARCHAR
  END AS basics,
  s.carrier_operation,
  s.entity_type,
  array_to_string(s.operation_classification, ';') AS operation_classification,
  r.chameleon_links
FROM (SELECT * FROM {{schema}}.snapshot {{only}}) s
LEFT JOIN {{schema}}.related r ON r.dot_number = s.dot_number
)
SELECT input.*, hash(input) AS input_hash FROM input;
