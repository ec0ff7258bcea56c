-- Open a version for each touched carrier that is served and has no current version (new, or
-- just closed by history_close.sql). $1 run id, $2 batch date
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
  tow_crashes, basics, lat, lon, carrier_operation, authorities, authority_source, operation_other, cargo_filed, bond_filed, insurance_source,
  scheduled_events
)
SELECT
  c.dot_number, $2::date, $1,
  c.mc_number, c.legal_name, c.dba_name, c.entity_type, c.carrier_status, c.authority_status,
  c.contract_authority_status, c.broker_authority_status, c.common_authority_date,
  c.contract_authority_date, c.revocation_pending, c.phy_street, c.phy_city, c.phy_state, c.phy_zip,
  c.phone, c.email, c.officer_1, c.officer_2, c.power_units, c.drivers, c.mcs150_date,
  c.mcs150_mileage, c.mcs150_mileage_year, c.add_date, c.safety_rating, c.cargo_carried,
  c.operation_classification, c.bipd_required, c.bipd_on_file, c.cargo_on_file, c.bond_on_file,
  c.max_bipd, c.max_cargo, c.active_policy_count, c.next_expiration, c.driver_inspections,
  c.driver_oos_inspections, c.vehicle_inspections, c.vehicle_oos_inspections, c.hazmat_inspections,
  c.hazmat_oos_inspections, c.driver_oos_rate, c.vehicle_oos_rate, c.hazmat_oos_rate,
  c.total_crashes, c.fatal_crashes, c.injury_crashes, c.tow_crashes, c.basics, c.lat, c.lon,
  c.carrier_operation, c.authorities, c.authority_source, c.operation_other, c.cargo_filed, c.bond_filed, c.insurance_source,
  c.scheduled_events
FROM history_touched t
JOIN carriers c ON c.dot_number = t.dot_number
WHERE NOT EXISTS (SELECT 1 FROM carrier_history h WHERE h.dot_number = c.dot_number AND h.valid_to IS NULL)
