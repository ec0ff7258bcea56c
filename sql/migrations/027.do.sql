-- The registry as published (issue: real layouts and Motus). New snapshot columns, served in the
-- profiles (lib/snapshot.ts documents each):
--   carrier_operation  census CARRIER_OPERATION: A interstate, B intrastate hazmat, C intrastate
--                      non-hazmat, '' unknown;
--   authorities        every operating authority of the carrier's dockets, with its status and
--                      source ([{docket, authority, status, source}]);
--   authority_source   'legacy' (L&I archive frozen on 2026-05-14) or 'motus'; NULL when none;
--   operation_other    the words of an OTHER operation classification ('' when none);
--   cargo_filed / bond_filed   a cargo / bond filing on record; cargo_on_file and bond_on_file
--                      become NULL where the record says "on file" without an amount;
--   insurance_source   like authority_source, for the insurance facts.
-- carrier_status may be PENDING (census STATUS_CODE P). Each active policy records its source.
ALTER TABLE carriers DROP CONSTRAINT carriers_carrier_status_check;
ALTER TABLE carriers ADD CONSTRAINT carriers_carrier_status_check CHECK (carrier_status IN ('ACTIVE', 'INACTIVE', 'PENDING'));

ALTER TABLE carriers
  ADD COLUMN carrier_operation text NOT NULL DEFAULT '',
  ADD COLUMN authorities jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN authority_source text,
  ADD COLUMN operation_other text NOT NULL DEFAULT '',
  ADD COLUMN cargo_filed boolean NOT NULL DEFAULT false,
  ADD COLUMN bond_filed boolean NOT NULL DEFAULT false,
  ADD COLUMN insurance_source text,
  ALTER COLUMN cargo_on_file DROP NOT NULL,
  ALTER COLUMN bond_on_file DROP NOT NULL;

ALTER TABLE carrier_history
  ADD COLUMN carrier_operation text NOT NULL DEFAULT '',
  ADD COLUMN authorities jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN authority_source text,
  ADD COLUMN operation_other text NOT NULL DEFAULT '',
  ADD COLUMN cargo_filed boolean NOT NULL DEFAULT false,
  ADD COLUMN bond_filed boolean NOT NULL DEFAULT false,
  ADD COLUMN insurance_source text,
  ALTER COLUMN cargo_on_file DROP NOT NULL,
  ALTER COLUMN bond_on_file DROP NOT NULL;

ALTER TABLE insurance_policies ADD COLUMN source text NOT NULL DEFAULT 'legacy';
ALTER TABLE insurance_policy_history ADD COLUMN source text NOT NULL DEFAULT 'legacy';

-- The implicit versions (migration 024) and the views over them, with the new columns.
DROP VIEW carrier_versions;
DROP VIEW carrier_history_implicit;
DROP VIEW insurance_policy_versions;
DROP VIEW insurance_policy_implicit;

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
  c.total_crashes, c.fatal_crashes, c.injury_crashes, c.tow_crashes, c.basics, c.lat, c.lon,
  c.carrier_operation, c.authorities, c.authority_source, c.operation_other, c.cargo_filed,
  c.bond_filed, c.insurance_source
FROM carriers c
CROSS JOIN history_baseline b
WHERE NOT EXISTS (SELECT 1 FROM carrier_history x WHERE x.dot_number = c.dot_number);

CREATE VIEW insurance_policy_implicit AS
SELECT p.dot_number, p.policy_type, p.type_description, p.insurer_name, p.policy_number, p.coverage_amount,
       p.effective_date, p.expiration_date, p.form_code, b.valid_from, NULL::date AS valid_to,
       b.etl_run_id AS valid_from_run, NULL::integer AS valid_to_run, p.source
FROM insurance_policies p
CROSS JOIN history_baseline b
WHERE NOT EXISTS (SELECT 1 FROM carrier_history x WHERE x.dot_number = p.dot_number);

CREATE VIEW carrier_versions AS
SELECT * FROM carrier_history
UNION ALL
SELECT * FROM carrier_history_implicit;

CREATE VIEW insurance_policy_versions AS
SELECT dot_number, policy_type, type_description, insurer_name, policy_number, coverage_amount,
       effective_date, expiration_date, form_code, valid_from, valid_to, valid_from_run, valid_to_run, source
FROM insurance_policy_history
UNION ALL
SELECT * FROM insurance_policy_implicit;

-- The columns of CoreCarrier (migration 011), with the carrier's authorities and operation.
CREATE OR REPLACE VIEW carrier_core AS
SELECT dot_number, mc_number, legal_name, dba_name, carrier_status, phy_street, phy_city, phy_state,
       phy_zip, lat, lon, phone, email, power_units, drivers, authority_status, common_authority_date,
       contract_authority_date, broker_authority_status, mcs150_date, mcs150_mileage,
       mcs150_mileage_year, cargo_carried, operation_classification,
       contract_authority_status, authorities, authority_source, carrier_operation, operation_other
FROM carriers;
