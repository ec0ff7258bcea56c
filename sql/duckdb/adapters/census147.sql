-- Company Census (147 columns) → view {{schema}}.census, the canonical census table.
CREATE OR REPLACE VIEW {{schema}}.census AS
SELECT
  _row,
  coalesce(
    chk_dot(DOT_NUMBER, 'DOT_NUMBER'),
    chk_date(MCS150_DATE, 'MCS150_DATE'),
    chk_date(ADD_DATE, 'ADD_DATE'),
    chk_int(POWER_UNITS, 'POWER_UNITS'),
    chk_int(TOTAL_DRIVERS, 'TOTAL_DRIVERS'),
    chk_int(MCS150_MILEAGE, 'MCS150_MILEAGE'),
    chk_int(MCS150_MILEAGE_YEAR, 'MCS150_MILEAGE_YEAR'),
    chk_docket(DOCKET1, 'DOCKET1'),
    chk_docket(DOCKET2, 'DOCKET2'),
    chk_docket(DOCKET3, 'DOCKET3')
  ) AS _error,
  dot_of(DOT_NUMBER) AS dot_number,
  txt(LEGAL_NAME) AS legal_name,
  txt(DBA_NAME) AS dba_name,
  CASE WHEN utxt(STATUS_CODE) = 'A' THEN 'ACTIVE' ELSE 'INACTIVE' END AS carrier_status,
  -- The first entity type in the order C, B, F, S, R, I, T ('' when CARSHIP names none).
  CASE
    WHEN has_code(carship_of(CARSHIP), 'C', 'CARRIER') THEN 'CARRIER'
    WHEN has_code(carship_of(CARSHIP), 'B', 'BROKER') THEN 'BROKER'
    WHEN has_code(carship_of(CARSHIP), 'F', 'FREIGHT FORWARDER') THEN 'FREIGHT FORWARDER'
    WHEN has_code(carship_of(CARSHIP), 'S', 'SHIPPER') THEN 'SHIPPER'
    WHEN has_code(carship_of(CARSHIP), 'R', 'REGISTRANT') THEN 'REGISTRANT'
    WHEN has_code(carship_of(CARSHIP), 'I', 'INTERMODAL EQUIPMENT PROVIDER') THEN 'INTERMODAL EQUIPMENT PROVIDER'
    WHEN has_code(carship_of(CARSHIP), 'T', 'CARGO TANK') THEN 'CARGO TANK'
    ELSE ''
  END AS entity_type,
  txt(PHY_STREET) AS phy_street,
  utxt(PHY_CITY) AS phy_city,
  utxt(PHY_STATE) AS phy_state,
  txt(PHY_ZIP) AS phy_zip,
  phone_of(PHONE) AS phone,
  email_of(EMAIL_ADDRESS) AS email,
  utxt(COMPANY_OFFICER_1) AS officer_1,
  utxt(COMPANY_OFFICER_2) AS officer_2,
  int0(POWER_UNITS) AS power_units,
  int0(TOTAL_DRIVERS) AS drivers,
  date_of(MCS150_DATE) AS mcs150_date,
  int0(MCS150_MILEAGE) AS mcs150_mileage,
  int0(MCS150_MILEAGE_YEAR) AS mcs150_mileage_year,
  date_of(ADD_DATE) AS add_date,
  utxt(SAFETY_RATING) AS safety_rating,
  -- Cargo labels in column order (the QCMobile cargoClassDesc wording; ids = positions).
  label_list(concat_ws(';',
    CASE WHEN flag(CRGO_GENFREIGHT) THEN 'General Freight' END,
    CASE WHEN flag(CRGO_HOUSEHOLD) THEN 'Household Goods' END,
    CASE WHEN flag(CRGO_METALSHEET) THEN 'Metal: sheets, coils, rolls' END,
    CASE WHEN flag(CRGO_MOTOVEH) THEN 'Motor Vehicles' END,
    CASE WHEN flag(CRGO_DRIVETOW) THEN 'Drive/Tow away' END,
    CASE WHEN flag(CRGO_LOGPOLE) THEN 'Logs, Poles, Beams, Lumber' END,
    CASE WHEN flag(CRGO_BLDGMAT) THEN 'Building Materials' END,
    CASE WHEN flag(CRGO_MOBILEHOME) THEN 'Mobile Homes' END,
    CASE WHEN flag(CRGO_MACHLRG) THEN 'Machinery, Large Objects' END,
    CASE WHEN flag(CRGO_PRODUCE) THEN 'Fresh Produce' END,
    CASE WHEN flag(CRGO_LIQGAS) THEN 'Liquids/Gases' END,
    CASE WHEN flag(CRGO_INTERMODAL) THEN 'Intermodal Cont.' END,
    CASE WHEN flag(CRGO_PASSENGERS) THEN 'Passengers' END,
    CASE WHEN flag(CRGO_OILFIELD) THEN 'Oilfield Equipment' END,
    CASE WHEN flag(CRGO_LIVESTOCK) THEN 'Livestock' END,
    CASE WHEN flag(CRGO_GRAINFEED) THEN 'Grain, Feed, Hay' END,
    CASE WHEN flag(CRGO_COALCOKE) THEN 'Coal/Coke' END,
    CASE WHEN flag(CRGO_MEAT) THEN 'Meat' END,
    CASE WHEN flag(CRGO_GARBAGE) THEN 'Garbage/Refuse' END,
    CASE WHEN flag(CRGO_USMAIL) THEN 'US Mail' END,
    CASE WHEN flag(CRGO_CHEM) THEN 'Chemicals' END,
    CASE WHEN flag(CRGO_DRYBULK) THEN 'Commodities Dry Bulk' END,
    CASE WHEN flag(CRGO_COLDFOOD) THEN 'Refrigerated Food' END,
    CASE WHEN flag(CRGO_BEVERAGES) THEN 'Beverages' END,
    CASE WHEN flag(CRGO_PAPERPROD) THEN 'Paper Products' END,
    CASE WHEN flag(CRGO_UTILITY) THEN 'Utilities' END,
    CASE WHEN flag(CRGO_FARMSUPP) THEN 'Agricultural/Farm Supplies' END,
    CASE WHEN flag(CRGO_CONSTRUCT) THEN 'Construction' END,
    CASE WHEN flag(CRGO_WATERWELL) THEN 'Water Well' END,
    CASE WHEN flag(CRGO_CARGOOTHR) THEN 'Other' END
  )) AS cargo_carried,
  split_list(CLASSDEF) AS operation_classification,
  -- The first docket with prefix MC, bare digits.
  coalesce(mc_of(DOCKET1PREFIX, DOCKET1), mc_of(DOCKET2PREFIX, DOCKET2), mc_of(DOCKET3PREFIX, DOCKET3)) AS mc_number,
  -- Peer group of the SMS intervention thresholds.
  flag(CRGO_PASSENGERS) AS is_passenger,
  flag(HM_Ind) AS is_hazmat
FROM {{schema}}.census_src AS src;
