-- The implicit versions (migration 024) of the DOTs in history_implicit, written as explicit
-- versions of the baseline run before the load changes those DOTs: the carrier's here, its
-- policies' in history_materialize_policies.sql.
INSERT INTO carrier_history (
  dot_number, valid_from, valid_from_run,
  mc_number, legal_name, dba_name, entity_type, carrier_status, authority_status,
  contract_authority_status, broker_authority_status, common_authority_date,
  contract_authority_date, revocation_pending, phy_street, phy_city, phy_state, phy_zip, phone,
  email, officer_1, officer_2, power_units, drivers, mcs150_date, mcs150_mileage,
  mcs150_mileage_year, add_date, safety_rating, cargo_carried, operation_classification,
  bipd_required, bipd_on_file, cargo_on_file, bond_on_file, max_bipd, max_cargo,
  active_policy_count, next_expiration, driver_inspections, driver_oos_inspections,
  vehicle_inspections, vehicle_oos_inspections, hazmat_inspections, hazmat_oos_inspections,
  driver_oos_rate, vehicle_oos_rate, hazmat_oos_rate, total_crashes, fatal_crashes, injury_crashes,
  tow_crashes, basics, lat, lon
)
SELECT
  c.dot_number, b.valid_from, b.etl_run_id,
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
FROM history_implicit i
JOIN carriers c ON c.dot_number = i.dot_number
CROSS JOIN history_baseline b
