-- The columns of CoreCarrier (server/carrier-view.ts CoreRow, coreCarrier): what the bulk lookups
-- read (sql/api/carriers-by-dots.sql, carriers-by-mcs.sql), in one place. A view, so each lookup
-- still plans against carriers' own indexes.
CREATE VIEW carrier_core AS
SELECT dot_number, mc_number, legal_name, dba_name, carrier_status, phy_street, phy_city, phy_state,
       phy_zip, lat, lon, phone, email, power_units, drivers, authority_status, common_authority_date,
       contract_authority_date, broker_authority_status, mcs150_date, mcs150_mileage,
       mcs150_mileage_year, cargo_carried, operation_classification
FROM carriers;
