-- Close the current version of each touched carrier that is gone, or whose snapshot columns
-- differ from the served row. $1 run id, $2 batch date
UPDATE carrier_history h
SET valid_to = $2::date, valid_to_run = $1
FROM history_touched t
LEFT JOIN carriers c ON c.dot_number = t.dot_number
WHERE h.dot_number = t.dot_number
  AND h.valid_to IS NULL
  AND (c.dot_number IS NULL OR (
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
  ) IS DISTINCT FROM (
    h.mc_number, h.legal_name, h.dba_name, h.entity_type, h.carrier_status, h.authority_status,
    h.contract_authority_status, h.broker_authority_status, h.common_authority_date,
    h.contract_authority_date, h.revocation_pending, h.phy_street, h.phy_city, h.phy_state, h.phy_zip,
    h.phone, h.email, h.officer_1, h.officer_2, h.power_units, h.drivers, h.mcs150_date,
    h.mcs150_mileage, h.mcs150_mileage_year, h.add_date, h.safety_rating, h.cargo_carried,
    h.operation_classification, h.bipd_required, h.bipd_on_file, h.cargo_on_file, h.bond_on_file,
    h.max_bipd, h.max_cargo, h.active_policy_count, h.next_expiration, h.driver_inspections,
    h.driver_oos_inspections, h.vehicle_inspections, h.vehicle_oos_inspections, h.hazmat_inspections,
    h.hazmat_oos_inspections, h.driver_oos_rate, h.vehicle_oos_rate, h.hazmat_oos_rate,
    h.total_crashes, h.fatal_crashes, h.injury_crashes, h.tow_crashes, h.basics, h.lat, h.lon,
    h.carrier_operation, h.authorities, h.authority_source, h.operation_other, h.cargo_filed, h.bond_filed, h.insurance_source,
    h.scheduled_events
  ))
