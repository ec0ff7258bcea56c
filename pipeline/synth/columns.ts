/**
 * Column lists of the files the generator writes, in file order, from
 * shared/reference/fmcsa-data.md (section numbers in the comments).
 */
import { CARGO_COLUMNS } from './model.ts';

const VEHICLE_SUFFIXES = [
  'TRUCK', 'TRACT', 'TRAIL', 'COACH', 'SCHOOL_1_8', 'SCHOOL_9_15', 'SCHOOL_16', 'BUS_16', 'VAN_1_8',
  'VAN_9_15', 'LIMO_1_8', 'LIMO_9_15', 'LIMO_16',
];

/** Company Census File az4n-8mr2, 147 columns (§1.2). */
export const CENSUS_COLUMNS: readonly string[] = [
  'MCS150_DATE', 'ADD_DATE', 'STATUS_CODE', 'DOT_NUMBER', 'DUN_BRADSTREET_NO', 'PHY_OMC_REGION',
  'SAFETY_INV_TERR', 'CARRIER_OPERATION', 'BUSINESS_ORG_ID', 'MCS150_MILEAGE', 'MCS150_MILEAGE_YEAR',
  'MCS151_MILEAGE', 'TOTAL_CARS', 'MCS150_UPDATE_CODE_ID', 'PRIOR_REVOKE_FLAG', 'PRIOR_REVOKE_DOT_NUMBER',
  'PHONE', 'FAX', 'CELL_PHONE', 'COMPANY_OFFICER_1', 'COMPANY_OFFICER_2', 'BUSINESS_ORG_DESC', 'TRUCK_UNITS',
  'POWER_UNITS', 'BUS_UNITS', 'FLEETSIZE', 'REVIEW_ID', 'RECORDABLE_CRASH_RATE', 'MAIL_NATIONALITY_INDICATOR',
  'PHY_NATIONALITY_INDICATOR', 'PHY_BARRIO', 'MAIL_BARRIO', 'CARSHIP', 'DOCKET1PREFIX', 'DOCKET1',
  'DOCKET2PREFIX', 'DOCKET2', 'DOCKET3PREFIX', 'DOCKET3', 'POINTNUM', 'TOTAL_INTRASTATE_DRIVERS', 'MCSIPSTEP',
  'MCSIPDATE', 'HM_Ind', 'INTERSTATE_BEYOND_100_MILES', 'INTERSTATE_WITHIN_100_MILES',
  'INTRASTATE_BEYOND_100_MILES', 'INTRASTATE_WITHIN_100_MILES', 'TOTAL_CDL', 'TOTAL_DRIVERS',
  'AVG_DRIVERS_LEASED_PER_MONTH', 'CLASSDEF', 'LEGAL_NAME', 'DBA_NAME', 'PHY_STREET', 'PHY_CITY',
  'PHY_COUNTRY', 'PHY_STATE', 'PHY_ZIP', 'PHY_CNTY', 'CARRIER_MAILING_STREET', 'CARRIER_MAILING_STATE',
  'CARRIER_MAILING_CITY', 'CARRIER_MAILING_COUNTRY', 'CARRIER_MAILING_ZIP', 'CARRIER_MAILING_CNTY',
  'CARRIER_MAILING_UND_DATE', 'DRIVER_INTER_TOTAL', 'EMAIL_ADDRESS', 'REVIEW_TYPE', 'REVIEW_DATE',
  'SAFETY_RATING', 'SAFETY_RATING_DATE', 'UNDELIV_PHY',
  ...CARGO_COLUMNS.map((c) => `CRGO_${c}`),
  'CRGO_CARGOOTHR_DESC',
  ...['OWN', 'TRM', 'TRP'].flatMap((p) => VEHICLE_SUFFIXES.map((s) => p + s)),
  'DOCKET1_STATUS_CODE', 'DOCKET2_STATUS_CODE', 'DOCKET3_STATUS_CODE',
];
if (CENSUS_COLUMNS.length !== 147) throw new Error(`census layout has ${CENSUS_COLUMNS.length} columns, not 147`);

/** L&I Carrier file, 43 fields, no header (§2.2). */
export const CARRIER_FIELDS: readonly string[] = [
  'docket_number', 'dot_number', 'mx_type', 'rfc_number', 'common_stat', 'contract_stat', 'broker_stat',
  'common_app_pend', 'contract_app_pend', 'broker_app_pend', 'common_rev_pend', 'contract_rev_pend',
  'broker_rev_pend', 'property_chk', 'passenger_chk', 'hhg_chk', 'private_auth_chk', 'enterprise_chk',
  'min_cov_amount', 'cargo_req', 'bond_req', 'bipd_file', 'cargo_file', 'bond_file', 'undeliverable_mail',
  'dba_name', 'legal_name', 'bus_street_po', 'bus_colonia', 'bus_city', 'bus_state_code', 'bus_ctry_code',
  'bus_zip_code', 'bus_telno', 'bus_fax', 'mail_street_po', 'mail_colonia', 'mail_city', 'mail_state_code',
  'mail_ctry_code', 'mail_zip_code', 'mail_telno', 'mail_fax',
];

/** L&I ActPendInsur, 11 fields, no header (§2.3). */
export const ACTPENDINS_FIELDS: readonly string[] = [
  'docket_number', 'dot_number', 'ins_form_code', 'insurance_type_description', 'insurance_company_name',
  'policy_no', 'posted_date', 'underl_lim_amount', 'max_cov_amount', 'effective_date', 'cancel_effective_date',
];

/** L&I AuthHist, 9 fields, no header (§2.5). */
export const AUTHHIST_FIELDS: readonly string[] = [
  'docket_number', 'dot_number', 'sub_number', 'operating_authority_type', 'original_action_desc',
  'original_served_date', 'final_action_desc', 'final_decision_date', 'final_served_date',
];

/** L&I Revocation, 6 fields, no header (§2.5). */
export const REVOCATION_FIELDS: readonly string[] = [
  'docket_number', 'dot_number', 'operating_authority_registration_type', 'serve_date', 'revocation_type',
  'effective_date',
];

export const BASIC_PREFIXES = ['UNSAFE_DRIV', 'HOS_DRIV', 'DRIV_FIT', 'CONTR_SUBST', 'VEH_MAINT'] as const;

/** SMS AB Pass, 36 columns, header (§4). */
export const SMS_PASS_COLUMNS: readonly string[] = [
  'DOT_NUMBER', 'INSP_TOTAL', 'DRIVER_INSP_TOTAL', 'DRIVER_OOS_INSP_TOTAL', 'VEHICLE_INSP_TOTAL',
  'VEHICLE_OOS_INSP_TOTAL',
  ...BASIC_PREFIXES.flatMap((b) => ['_INSP_W_VIOL', '_MEASURE', '_PCT', '_RD_ALERT', '_AC', '_BASIC_ALERT'].map((x) => b + x)),
];

/** SMS Input – Inspection, 39 fields, header (§3.3). */
export const SMS_INSPECTION_COLUMNS: readonly string[] = [
  'Unique_ID', 'Report_Number', 'Report_State', 'DOT_Number', 'Insp_Date', 'Insp_level_ID', 'County_code_State',
  'Time_Weight', 'Driver_OOS_Total', 'Vehicle_OOS_Total', 'Total_Hazmat_Sent', 'OOS_Total', 'Hazmat_OOS_Total',
  'Hazmat_Placard_req', 'Unit_Type_Desc', 'Unit_Make', 'Unit_License', 'Unit_License_State', 'VIN',
  'Unit_Decal_Number', 'Unit_Type_Desc2', 'Unit_Make2', 'Unit_License2', 'Unit_License_State2', 'VIN2',
  'Unit_Decal_Number2', 'Unsafe_Insp', 'Fatigued_Insp', 'Dr_Fitness_Insp', 'Subt_Alcohol_Insp', 'Vh_Maint_Insp',
  'HM_Insp', 'BASIC_Viol', 'Unsafe_Viol', 'Fatigued_Viol', 'Dr_Fitness_Viol', 'Subt_Alcohol_Viol',
  'Vh_Maint_Viol', 'HM_Viol',
];

/** SMS Input – Crash, 22 fields, header (§3.3). */
export const CRASH_COLUMNS: readonly string[] = [
  'report_number', 'report_seq_no', 'dot_number', 'report_date', 'report_state', 'fatalities', 'injuries',
  'tow_away', 'hazmat_released', 'trafficway_desc', 'access_control_desc', 'road_surface_condition_desc',
  'weather_condition_desc', 'light_condition_desc', 'vehicle_id_number', 'vehicle_license_number',
  'vehicle_license_state', 'severity_weight', 'time_weight', 'citation_issued_desc', 'seq_num', 'not_preventable',
];

/** The files of a day folder (docs/CONVENTIONS-helpers.md). */
export const DAY_FILES = [
  'census.csv', 'carrier.txt', 'authhist.txt', 'actpendins.txt', 'revocation.txt', 'sms_ab_pass.csv',
  'sms_inspection.csv', 'crash.csv', 'manifest.json',
] as const;
