-- Bulk lookup by bare MC number, any status (an MC can belong to several carriers). The columns
-- of coreCarrier (server/carrier-view.ts CoreRow) only.
SELECT c.dot_number, c.mc_number, c.legal_name, c.dba_name, c.carrier_status, c.phy_street,
       c.phy_city, c.phy_state, c.phy_zip, c.lat, c.lon, c.phone,
       c.email, c.power_units, c.drivers, c.authority_status, c.common_authority_date, c.contract_authority_date,
       c.broker_authority_status, c.mcs150_date, c.mcs150_mileage, c.mcs150_mileage_year, c.cargo_carried, c.operation_classification
FROM carriers c
WHERE c.mc_number = ANY($1::text[])
ORDER BY c.mc_number, c.dot_number
