-- The carriers of search_delta still in the registry, as input.sql has every carrier.
SELECT dot_number, carrier_status, phy_state, entity_type, power_units, authority_status, common_authority_date,
       array_to_json(cargo_carried) AS cargo_carried, legal_name, dba_name, officer_1, officer_2, phy_city,
       carrier_operation, phone, email, mc_number
FROM carriers
WHERE dot_number IN (SELECT dot_number FROM search_delta)
