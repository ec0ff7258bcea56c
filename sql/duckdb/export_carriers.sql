-- carriers rows of this run for COPY into PostgreSQL, in CARRIER_COLUMNS order (pipeline/load-plan/served-columns.ts).
-- {{filter}}: '' for a bulk load, or a WHERE clause on dot_number selecting the changed carriers (applied
-- to the snapshot and to the joined tables).
SELECT
  dot_number, mc_number, legal_name, dba_name, entity_type, carrier_status, carrier_operation,
  authority_status, contract_authority_status, broker_authority_status, common_authority_date,
  contract_authority_date,
  to_json(authorities)::VARCHAR AS authorities,
  authority_source, revocation_pending, phy_street, phy_city, phy_state, phy_zip,
  phone, email, officer_1, officer_2, power_units, drivers, mcs150_date, mcs150_mileage,
  mcs150_mileage_year, add_date, safety_rating,
  pg_text_array(cargo_carried) AS cargo_carried,
  pg_text_array(operation_classification) AS operation_classification,
  operation_other, bipd_required, bipd_on_file, cargo_filed, cargo_on_file, bond_filed, bond_on_file,
  max_bipd, max_cargo, active_policy_count, next_expiration, insurance_source,
  driver_inspections, driver_oos_inspections,
  vehicle_inspections, vehicle_oos_inspections, hazmat_inspections, hazmat_oos_inspections,
  driver_oos_rate, vehicle_oos_rate, hazmat_oos_rate, total_crashes, fatal_crashes,
  injury_crashes, tow_crashes,
  to_json(basics)::VARCHAR AS basics,
  lat, lon,
  to_json(scheduled_events)::VARCHAR AS scheduled_events,
  {{run_id}} AS etl_run_id,
  {{batch_ts}} AS updated_at,
  -- The risk columns of the score and related stages (pipeline/stages/score-load.ts).
  risk_score, related_companies, chameleon_links
FROM {{schema}}.snapshot
-- Joins, not a scalar subquery per column: the two over related built two hash tables of its
-- JSON. The filter applies to the joined tables too: a night's delta hashes only its carriers'
-- score JSON.
LEFT JOIN (SELECT dot_number, risk_score FROM {{schema}}.scores {{filter}}) s USING (dot_number)
LEFT JOIN (SELECT dot_number, related_companies, chameleon_links FROM {{schema}}.related {{filter}}) r USING (dot_number)
{{filter}}
