-- Company Census az4n-8mr2 → {{view}}, the canonical census view (columns by canonical name,
-- pipeline/adapters/census.ts). STATUS_CODE A → ACTIVE, P → PENDING, anything else → INACTIVE.
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_dot(dot_number, 'DOT_NUMBER'),
    chk_date(mcs150_date, 'MCS150_DATE'),
    chk_date(add_date, 'ADD_DATE'),
    chk_int(power_units, 'POWER_UNITS'),
    chk_int(total_drivers, 'TOTAL_DRIVERS'),
    chk_int(mcs150_mileage, 'MCS150_MILEAGE'),
    chk_int(mcs150_mileage_year, 'MCS150_MILEAGE_YEAR'),
    chk_docket(docket1, 'DOCKET1'),
    chk_docket(docket2, 'DOCKET2'),
    chk_docket(docket3, 'DOCKET3')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  txt(legal_name) AS legal_name,
  txt(dba_name) AS dba_name,
  CASE utxt(status_code) WHEN 'A' THEN 'ACTIVE' WHEN 'P' THEN 'PENDING' ELSE 'INACTIVE' END AS carrier_status,
  -- The first entity type in the order C, B, F, S, R, I, T ('' when CARSHIP names none).
  CASE
    WHEN has_code(carship_of(carship), 'C', 'CARRIER') THEN 'CARRIER'
    WHEN has_code(carship_of(carship), 'B', 'BROKER') THEN 'BROKER'
    WHEN has_code(carship_of(carship), 'F', 'FREIGHT FORWARDER') THEN 'FREIGHT FORWARDER'
    WHEN has_code(carship_of(carship), 'S', 'SHIPPER') THEN 'SHIPPER'
    WHEN has_code(carship_of(carship), 'R', 'REGISTRANT') THEN 'REGISTRANT'
    WHEN has_code(carship_of(carship), 'I', 'INTERMODAL EQUIPMENT PROVIDER') THEN 'INTERMODAL EQUIPMENT PROVIDER'
    WHEN has_code(carship_of(carship), 'T', 'CARGO TANK') THEN 'CARGO TANK'
    ELSE ''
  END AS entity_type,
  -- A interstate, B intrastate hazmat, C intrastate non-hazmat; '' when not given (~7 % of rows).
  CASE WHEN utxt(carrier_operation) IN ('A', 'B', 'C') THEN utxt(carrier_operation) ELSE '' END AS carrier_operation,
  txt(phy_street) AS phy_street,
  utxt(phy_city) AS phy_city,
  utxt(phy_state) AS phy_state,
  txt(phy_zip) AS phy_zip,
  phone_of(phone) AS phone,
  email_of(email_address) AS email,
  utxt(company_officer_1) AS officer_1,
  utxt(company_officer_2) AS officer_2,
  int0(power_units) AS power_units,
  int0(total_drivers) AS drivers,
  date_of(mcs150_date) AS mcs150_date,
  int0(mcs150_mileage) AS mcs150_mileage,
  int0(mcs150_mileage_year) AS mcs150_mileage_year,
  date_of(add_date) AS add_date,
  utxt(safety_rating) AS safety_rating,
  -- Cargo labels in column order (the QCMobile cargoClassDesc wording; ids = positions).
  label_list(concat_ws(';',
    CASE WHEN flag(crgo_genfreight) THEN 'General Freight' END,
    CASE WHEN flag(crgo_household) THEN 'Household Goods' END,
    CASE WHEN flag(crgo_metalsheet) THEN 'Metal: sheets, coils, rolls' END,
    CASE WHEN flag(crgo_motoveh) THEN 'Motor Vehicles' END,
    CASE WHEN flag(crgo_drivetow) THEN 'Drive/Tow away' END,
    CASE WHEN flag(crgo_logpole) THEN 'Logs, Poles, Beams, Lumber' END,
    CASE WHEN flag(crgo_bldgmat) THEN 'Building Materials' END,
    CASE WHEN flag(crgo_mobilehome) THEN 'Mobile Homes' END,
    CASE WHEN flag(crgo_machlrg) THEN 'Machinery, Large Objects' END,
    CASE WHEN flag(crgo_produce) THEN 'Fresh Produce' END,
    CASE WHEN flag(crgo_liqgas) THEN 'Liquids/Gases' END,
    CASE WHEN flag(crgo_intermodal) THEN 'Intermodal Cont.' END,
    CASE WHEN flag(crgo_passengers) THEN 'Passengers' END,
    CASE WHEN flag(crgo_oilfield) THEN 'Oilfield Equipment' END,
    CASE WHEN flag(crgo_livestock) THEN 'Livestock' END,
    CASE WHEN flag(crgo_grainfeed) THEN 'Grain, Feed, Hay' END,
    CASE WHEN flag(crgo_coalcoke) THEN 'Coal/Coke' END,
    CASE WHEN flag(crgo_meat) THEN 'Meat' END,
    CASE WHEN flag(crgo_garbage) THEN 'Garbage/Refuse' END,
    CASE WHEN flag(crgo_usmail) THEN 'US Mail' END,
    CASE WHEN flag(crgo_chem) THEN 'Chemicals' END,
    CASE WHEN flag(crgo_drybulk) THEN 'Commodities Dry Bulk' END,
    CASE WHEN flag(crgo_coldfood) THEN 'Refrigerated Food' END,
    CASE WHEN flag(crgo_beverages) THEN 'Beverages' END,
    CASE WHEN flag(crgo_paperprod) THEN 'Paper Products' END,
    CASE WHEN flag(crgo_utility) THEN 'Utilities' END,
    CASE WHEN flag(crgo_farmsupp) THEN 'Agricultural/Farm Supplies' END,
    CASE WHEN flag(crgo_construct) THEN 'Construction' END,
    CASE WHEN flag(crgo_waterwell) THEN 'Water Well' END,
    CASE WHEN flag(crgo_cargoothr) THEN 'Other' END
  )) AS cargo_carried,
  split_list(classdef) AS operation_classification,
  '' AS operation_other,
  -- The first docket with prefix MC, bare digits.
  coalesce(mc_of(docket1prefix, docket1), mc_of(docket2prefix, docket2), mc_of(docket3prefix, docket3)) AS mc_number,
  -- Peer group of the SMS intervention thresholds.
  flag(crgo_passengers) AS is_passenger,
  flag(hm_ind) AS is_hazmat
FROM {{src}} AS src;
