-- The result rows of a search page (the caller restores the page's order).
SELECT c.dot_number, c.mc_number, c.legal_name, c.dba_name, c.phy_city AS city, c.phy_state AS state,
       c.carrier_status AS status, c.entity_type, c.power_units, c.drivers,
       c.vehicle_oos_rate, c.driver_oos_rate, c.max_bipd AS insurance_bipd, c.max_cargo AS insurance_cargo,
       c.lat, c.lon
FROM carriers c
WHERE c.dot_number = ANY ($1::text[])
