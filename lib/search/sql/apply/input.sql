-- Every carrier, as the snapshot's columns the search rows are derived from (COPY TO a file that
-- lib/search/sql/derive/input-from-pg.sql reads; cargo_carried as JSON).
SELECT dot_number, carrier_status, phy_state, entity_type, power_units, authority_status, common_authority_date,
       array_to_json(cargo_carried) AS cargo_carried, legal_name, dba_name, officer_1, officer_2, phy_city,
       carrier_operation, phone, email, mc_number
FROM carriers
