-- The first run writes no history (it cost the bootstrap's load ~20 s at 2.1M carriers: a copy of
-- every carrier and policy). The carriers and policies it served are the implicit first versions:
-- a served DOT with no carrier_history row holds its baseline run's values in carriers and
-- insurance_policies, valid from that run's batch date. Before a load changes such a DOT it
-- writes those versions (pipeline/stages/history.ts), and from then on the DOT's history is
-- explicit, as before. Databases whose history started earlier have no baseline row: nothing
-- is implicit there.
CREATE TABLE history_baseline (
  only_row   boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  etl_run_id integer NOT NULL REFERENCES etl_runs (etl_run_id),
  valid_from date NOT NULL
);

-- The implicit versions, in carrier_history's columns.
CREATE VIEW carrier_history_implicit AS
SELECT c.dot_number, b.valid_from, NULL::date AS valid_to, b.etl_run_id AS valid_from_run, NULL::integer AS valid_to_run,
  c.mc_number, c.legal_name, c.dba_name, c.entity_type, c.carrier_status, c.authority_status,
  c.contract_authority_status, c.broker_authority_status, c.common_authority_date,
  c.contract_authority_date, c.revocation_pending, c.phy_street, c.phy_city, c.phy_state,
  c.phy_zip, c.phone, c.email, c.officer_1, c.officer_2, c.power_units, c.drivers, c.mcs150_date,
  c.mcs150_mileage, c.mcs150_mileage_year, c.add_date, c.safety_rating, c.cargo_carried,
  c.operation_classification, c.bipd_required, c.bipd_on_file, c.cargo_on_file, c.bond_on_file,
  c.max_bipd, c.max_cargo, c.active_policy_count, c.next_expiration, c.driver_inspections,
  c.driver_oos_inspections, c.vehicle_inspections, c.vehicle_oos_inspections, c.hazmat_inspections,
  c.hazmat_oos_inspections, c.driver_oos_rate, c.vehicle_oos_rate, c.hazmat_oos_rate,
  c.total_crashes, c.fatal_crashes, c.injury_crashes, c.tow_crashes, c.basics, c.lat, c.lon
FROM carriers c
CROSS JOIN history_baseline b
WHERE NOT EXISTS (SELECT 1 FROM carrier_history x WHERE x.dot_number = c.dot_number);

-- The policies of a DOT are implicit with its carrier version (they are written out together).
CREATE VIEW insurance_policy_implicit AS
SELECT p.dot_number, p.policy_type, p.type_description, p.insurer_name, p.policy_number, p.coverage_amount,
       p.effective_date, p.expiration_date, p.form_code, b.valid_from, NULL::date AS valid_to,
       b.etl_run_id AS valid_from_run, NULL::integer AS valid_to_run
FROM insurance_policies p
CROSS JOIN history_baseline b
WHERE NOT EXISTS (SELECT 1 FROM carrier_history x WHERE x.dot_number = p.dot_number);

-- Every version, explicit or implicit: what point-in-time lookups read.
CREATE VIEW carrier_versions AS
SELECT * FROM carrier_history
UNION ALL
SELECT * FROM carrier_history_implicit;

CREATE VIEW insurance_policy_versions AS
SELECT dot_number, policy_type, type_description, insurer_name, policy_number, coverage_amount,
       effective_date, expiration_date, form_code, valid_from, valid_to, valid_from_run, valid_to_run
FROM insurance_policy_history
UNION ALL
SELECT * FROM insurance_policy_implicit;
