-- No history yet (first run, or history introduced after runs were loaded): every served carrier
-- opens its first version, in one pass. $1 run id, $2 batch date
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
  dot_number, $2::date, $1,
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
FROM carriers
