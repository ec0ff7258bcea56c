-- carrier_core_json rows (dot_number, mc_number, body) of the carriers with an MC number, all or
-- the changed ones ({{filter}}): each one's core profile (CoreCarrier) rendered once here, so
-- bulk-by-MC joins stored JSON instead of parsing and rendering up to 500 rows a request. The same
-- fields, in the same order, as server/carrier-view.ts coreCarrier; test/carriers-api.test.ts
-- holds every loaded row to it.
SELECT dot_number, mc_number, to_json({
  dot_number: dot_number,
  mc_number: mc_number,
  legal_name: legal_name,
  dba_name: dba_name,
  status: carrier_status,
  carrier_operation: nullif(carrier_operation, ''),
  address: {street: phy_street, city: phy_city, state: phy_state, zip: phy_zip, lat: lat, lon: lon},
  contact: {phone: phone, email: email},
  fleet: {power_units: power_units, drivers: drivers},
  authority: {
    -- The best of the three, as server/carrier-view.ts overallAuthority.
    status: rank_status(greatest(status_rank(authority_status), status_rank(contract_authority_status), status_rank(broker_authority_status))),
    common: authority_status,
    contract: contract_authority_status,
    common_authority_date: strftime(common_authority_date, '%Y-%m-%dT00:00:00Z'),
    contract_authority_date: strftime(contract_authority_date, '%Y-%m-%dT00:00:00Z'),
    broker_authority: broker_authority_status,
    authorities: authorities,
    source: authority_source
  },
  mcs150: {date: strftime(mcs150_date, '%Y-%m-%dT00:00:00Z'), mileage: mcs150_mileage, mileage_year: mcs150_mileage_year},
  cargo_carried: cargo_carried,
  operation_classification: operation_classification,
  operation_other: operation_other
})::VARCHAR AS body
FROM (SELECT * FROM {{schema}}.snapshot {{filter}})
WHERE mc_number IS NOT NULL
