-- SMS Input census (42 columns) → view {{schema}}.census. The set lists active carriers only (so
-- every row is ACTIVE and a CARRIER); it has no officers, cargo, safety rating or dockets (the MC
-- number then comes from the L&I carrier file).
CREATE OR REPLACE VIEW {{schema}}.census AS
SELECT
  _row,
  coalesce(
    chk_dot(DOT_NUMBER, 'DOT_NUMBER'),
    chk_date(MCS150_DATE, 'MCS150_DATE'),
    chk_date(ADD_DATE, 'ADD_DATE'),
    chk_int(NBR_POWER_UNIT, 'NBR_POWER_UNIT'),
    chk_int(DRIVER_TOTAL, 'DRIVER_TOTAL'),
    chk_int(MCS150_MILEAGE, 'MCS150_MILEAGE'),
    chk_int(MCS150_MILEAGE_YEAR, 'MCS150_MILEAGE_YEAR')
  ) AS _error,
  dot_of(DOT_NUMBER) AS dot_number,
  txt(LEGAL_NAME) AS legal_name,
  txt(DBA_NAME) AS dba_name,
  'ACTIVE' AS carrier_status,
  'CARRIER' AS entity_type,
  txt(PHY_STREET) AS phy_street,
  utxt(PHY_CITY) AS phy_city,
  utxt(PHY_STATE) AS phy_state,
  txt(PHY_ZIP) AS phy_zip,
  phone_of(TELEPHONE) AS phone,
  email_of(EMAIL_ADDRESS) AS email,
  '' AS officer_1,
  '' AS officer_2,
  int0(NBR_POWER_UNIT) AS power_units,
  int0(DRIVER_TOTAL) AS drivers,
  date_of(MCS150_DATE) AS mcs150_date,
  int0(MCS150_MILEAGE) AS mcs150_mileage,
  int0(MCS150_MILEAGE_YEAR) AS mcs150_mileage_year,
  date_of(ADD_DATE) AS add_date,
  '' AS safety_rating,
  []::VARCHAR[] AS cargo_carried,
  -- Classification flags (Y / true / X) as the census CLASSDEF labels, in flag order.
  label_list(concat_ws(';',
    CASE WHEN flag(AUTHORIZED_FOR_HIRE) THEN 'AUTHORIZED FOR HIRE' END,
    CASE WHEN flag(EXEMPT_FOR_HIRE) THEN 'EXEMPT FOR HIRE' END,
    CASE WHEN flag(PRIVATE_PROPERTY) THEN 'PRIVATE PROPERTY' END,
    CASE WHEN flag(PRIVATE_PASSENGER_BUSINESS) THEN 'PRIVATE PASSENGER, BUSINESS' END,
    CASE WHEN flag(PRIVATE_PASSENGER_NONBUSINESS) THEN 'PRIVATE PASSENGER, NON-BUSINESS' END,
    CASE WHEN flag(MIGRANT) THEN 'MIGRANT' END,
    CASE WHEN flag(US_MAIL) THEN 'U. S. MAIL' END,
    CASE WHEN flag(FEDERAL_GOVERNMENT) THEN 'FEDERAL GOVERNMENT' END,
    CASE WHEN flag(STATE_GOVERNMENT) THEN 'STATE GOVERNMENT' END,
    CASE WHEN flag(LOCAL_GOVERNMENT) THEN 'LOCAL GOVERNMENT' END,
    CASE WHEN flag(INDIAN_TRIBE) THEN 'INDIAN TRIBE' END,
    CASE WHEN flag(OP_OTHER) THEN 'OTHER' END
  )) AS operation_classification,
  NULL::VARCHAR AS mc_number,
  flag(PC_FLAG) AS is_passenger,
  flag(HM_FLAG) AS is_hazmat
FROM {{schema}}.census_src AS src;
