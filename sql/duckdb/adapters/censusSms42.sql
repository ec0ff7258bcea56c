-- SMS Motor Carrier Census kjg3-diqy → {{view}}, the canonical census view. The set lists active
-- carriers (every row ACTIVE and a CARRIER); it has no officers, cargo, safety rating or dockets
-- (the MC number then comes from the L&I or Motus docket). OP_OTHER is a flag or, in some
-- exports, the words of the other operation: either way OTHER, the words kept.
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_dot(dot_number, 'DOT_NUMBER'),
    chk_date(mcs150_date, 'MCS150_DATE'),
    chk_date(add_date, 'ADD_DATE'),
    chk_int(nbr_power_unit, 'NBR_POWER_UNIT'),
    chk_int(driver_total, 'DRIVER_TOTAL'),
    chk_int(mcs150_mileage, 'MCS150_MILEAGE'),
    chk_int(mcs150_mileage_year, 'MCS150_MILEAGE_YEAR')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  txt(legal_name) AS legal_name,
  txt(dba_name) AS dba_name,
  'ACTIVE' AS carrier_status,
  'CARRIER' AS entity_type,
  CASE WHEN utxt(carrier_operation) IN ('A', 'B', 'C') THEN utxt(carrier_operation) ELSE '' END AS carrier_operation,
  txt(phy_street) AS phy_street,
  utxt(phy_city) AS phy_city,
  utxt(phy_state) AS phy_state,
  txt(phy_zip) AS phy_zip,
  phone_of(telephone) AS phone,
  email_of(email_address) AS email,
  '' AS officer_1,
  '' AS officer_2,
  int0(nbr_power_unit) AS power_units,
  int0(driver_total) AS drivers,
  date_of(mcs150_date) AS mcs150_date,
  int0(mcs150_mileage) AS mcs150_mileage,
  int0(mcs150_mileage_year) AS mcs150_mileage_year,
  date_of(add_date) AS add_date,
  '' AS safety_rating,
  []::VARCHAR[] AS cargo_carried,
  -- Classification flags (Y / true / X) as the census CLASSDEF labels, in flag order.
  label_list(concat_ws(';',
    CASE WHEN flag(authorized_for_hire) THEN 'AUTHORIZED FOR HIRE' END,
    CASE WHEN flag(exempt_for_hire) THEN 'EXEMPT FOR HIRE' END,
    CASE WHEN flag(private_property) THEN 'PRIVATE PROPERTY' END,
    CASE WHEN flag(private_passenger_business) THEN 'PRIVATE PASSENGER, BUSINESS' END,
    CASE WHEN flag(private_passenger_nonbusiness) THEN 'PRIVATE PASSENGER, NON-BUSINESS' END,
    CASE WHEN flag(migrant) THEN 'MIGRANT' END,
    CASE WHEN flag(us_mail) THEN 'U. S. MAIL' END,
    CASE WHEN flag(federal_government) THEN 'FEDERAL GOVERNMENT' END,
    CASE WHEN flag(state_government) THEN 'STATE GOVERNMENT' END,
    CASE WHEN flag(local_government) THEN 'LOCAL GOVERNMENT' END,
    CASE WHEN flag(indian_tribe) THEN 'INDIAN TRIBE' END,
    CASE WHEN flag(op_other) OR op_other_text(op_other) <> '' THEN 'OTHER' END
  )) AS operation_classification,
  op_other_text(op_other) AS operation_other,
  NULL::VARCHAR AS mc_number,
  flag(pc_flag) AS is_passenger,
  flag(hm_flag) AS is_hazmat
FROM {{src}} AS src;
