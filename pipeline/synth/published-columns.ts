/**
 * Column lists of the files the generator writes, in file order, as FMCSA publishes them
 * (shared/reference/fmcsa-published-2026.md, cited as §n), and the dataset ids that name them.
 */
import { CARGO_COLUMNS } from './model.ts';

const VEHICLE_SUFFIXES = [
  'TRUCK', 'TRACT', 'TRAIL', 'COACH', 'SCHOOL_1_8', 'SCHOOL_9_15', 'SCHOOL_16', 'BUS_16', 'VAN_1_8',
  'VAN_9_15', 'LIMO_1_8', 'LIMO_9_15', 'LIMO_16',
];

/** Company Census File az4n-8mr2, 147 columns (§5.1; `HM_Ind` in mixed case). */
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

/** The headers of the other files, as `rows.csv` writes them (display names, §2.2, §3, §4, §6). */
const names = (s: string): readonly string[] => s.split(',');

/** Legacy L&I Carrier 6eyk-hxee, 43 columns (§4.1). */
export const LEGACY_CARRIER_COLUMNS = names(
  'DOCKET_NUMBER,DOT_NUMBER,MX_TYPE,RFC_NUMBER,COMMON_STAT,CONTRACT_STAT,BROKER_STAT,COMMON_APP_PEND,CONTRACT_APP_PEND,' +
    'BROKER_APP_PEND,COMMON_REV_PEND,CONTRACT_REV_PEND,BROKER_REV_PEND,PROPERTY_CHK,PASSENGER_CHK,HHG_CHK,PRIVATE_AUTH_CHK,' +
    'ENTERPRISE_CHK,MIN_COV_AMOUNT,CARGO_REQ,BOND_REQ,BIPD_FILE,CARGO_FILE,BOND_FILE,UNDELIVERABLE_MAIL,DBA_NAME,LEGAL_NAME,' +
    'BUS_STREET_PO,BUS_COLONIA,BUS_CITY,BUS_STATE_CODE,BUS_CTRY_CODE,BUS_ZIP_CODE,BUS_TELNO,BUS_FAX,MAIL_STREET_PO,' +
    'MAIL_COLONIA,MAIL_CITY,MAIL_STATE_CODE,MAIL_CTRY_CODE,MAIL_ZIP_CODE,MAIL_TELNO,MAIL_FAX',
);
/** Legacy L&I ActPendInsur qh9u-swkp, 11 columns (§2.2; mixed case as `rows.csv` writes it). */
export const LEGACY_ACTPENDINS_COLUMNS = names(
  'DOCKET_NUMBER,DOT_NUMBER,ins_form_code,ins_type_desc,name_company,policy_no,trans_date,underl_lim_amount,max_cov_amount,' +
    'effective_date,cancl_effective_date',
);
/** Legacy L&I AuthHist 9mw4-x3tu, 9 columns (§2.2). */
export const LEGACY_AUTHHIST_COLUMNS = names(
  'DOCKET_NUMBER,DOT_NUMBER,SUB_NUMBER,OP_AUTH_TYPE,ORIGINAL_ACTION_DESC,ORIG_SERVED_DATE,DISP_ACTION_DESC,' +
    'DISP_DECIDED_DATE,DISP_SERVED_DATE',
);
/** Legacy L&I Revocation sa6p-acbp, 6 columns (§2.2; `order2_effective_Date` as published). */
export const LEGACY_REVOCATION_COLUMNS = names('DOCKET_NUMBER,DOT_NUMBER,TYPE_LICENSE,ORDER1_SERVE_DATE,ORDER2_TYPE_DESC,order2_effective_Date');

/** Motus Carrier inys-ebih / nakq-58th, 28 columns (§3.1). */
export const MOTUS_CARRIER_COLUMNS = names(
  'DOCKET_NUMBER,USDOT_NUMBER,RFC_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,MIN_COV_AMOUNT,CARGO_REQ,BOND_REQ,BIPD_FILE,CARGO_FILE,' +
    'BOND_FILE,BUS_UNDELIVERABLE_MAIL,MAIL_UNDELIVERABLE_MAIL,DBA_NAME,LEGAL_NAME,BUS_STREET_PO,BUS_COLONIA,BUS_CITY,' +
    'BUS_STATE_CODE,BUS_CTRY_CODE,BUS_ZIP_CODE,BUS_TELNO,MAIL_STREET_PO,MAIL_COLONIA,MAIL_CITY,MAIL_STATE_CODE,' +
    'MAIL_CTRY_CODE,MAIL_ZIP_CODE',
);
/** Motus Insur c5y8-a4uz / x96h-evps, 11 columns (§3.2). */
export const MOTUS_INSUR_COLUMNS = names(
  'DOCKET_NUMBER,USDOT_NUMBER,INS_FORM_CODE,INS_TYPE_CODE,INS_CLASS_CODE,MAX_COV_AMOUNT,UNDERL_LIM_AMOUNT,POLICY_NO,' +
    'EFFECTIVE_DATE,INSURANCE_COMPANY_NAME,TRANS_DATE',
);
/** Motus InsHist 3uet-3z4i / xe5s-wca7, 15 columns (§3.3). */
export const MOTUS_INSHIST_COLUMNS = names(
  'DOCKET_NUMBER,USDOT_NUMBER,INS_FORM_CODE,FILING_STATUS_REASON,INS_TYPE_CODE,INS_TYPE_IND,POLICY_NO,INS_TYPE_DESC,' +
    'MIN_COV_AMOUNT,INS_CLASS_CODE,EFFECTIVE_DATE,UNDERL_LIM_AMOUNT,MAX_COV_AMOUNT,CANCL_EFFECTIVE_DATE,INSURANCE_COMPANY_NAME',
);
/** Motus AuthHist yu5v-wbh6 / dm5j-zc6c, 6 columns (§3.4). */
export const MOTUS_AUTHHIST_COLUMNS = names('DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,REASON,STATUS_CHANGE_DATE');
/** Motus RevokeSuspend wb4f-neki / e67p-xyd5, 6 columns (§3.5). */
export const MOTUS_REVOKE_COLUMNS = names('DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,ORDER1_SERVE_DATE,ORDER1_TYPE_DESC,ORDER1_EFFECTIVE_DATE');

export const BASIC_PREFIXES = ['UNSAFE_DRIV', 'HOS_DRIV', 'DRIV_FIT', 'CONTR_SUBST', 'VEH_MAINT'] as const;
const TOTALS = ['DOT_NUMBER', 'INSP_TOTAL', 'DRIVER_INSP_TOTAL', 'DRIVER_OOS_INSP_TOTAL', 'VEHICLE_INSP_TOTAL', 'VEHICLE_OOS_INSP_TOTAL'];

/** SMS AB / C Pass m3ry-qcip / h3zn-uid9 (passenger carriers), 36 columns (§6.4). */
export const SMS_PASS_COLUMNS: readonly string[] = [
  ...TOTALS,
  ...BASIC_PREFIXES.flatMap((b) => ['_INSP_W_VIOL', '_MEASURE', '_PCT', '_RD_ALERT', '_AC', '_BASIC_ALERT'].map((x) => b + x)),
];
/** SMS AB / C PassProperty 4y6x-dmck / h9zy-gjn8 (all carriers), 21 columns (§6.4). */
export const SMS_PASS_PROPERTY_COLUMNS: readonly string[] = [
  ...TOTALS,
  ...BASIC_PREFIXES.flatMap((b) => ['_INSP_W_VIOL', '_MEASURE', '_AC'].map((x) => b + x)),
];

/** SMS Input – Inspection rbkj-cgst, 39 columns (§6.1). */
export const SMS_INSPECTION_COLUMNS = names(
  'Unique_ID,Report_Number,Report_State,DOT_Number,Insp_Date,Insp_level_ID,County_code_State,Time_Weight,Driver_OOS_Total,' +
    'Vehicle_OOS_Total,Total_Hazmat_Sent,OOS_Total,Hazmat_OOS_Total,Hazmat_Placard_req,Unit_Type_Desc,Unit_Make,Unit_License,' +
    'Unit_License_State,VIN,Unit_Decal_Number,Unit_Type_Desc2,Unit_Make2,Unit_License2,Unit_License_State2,VIN2,' +
    'Unit_Decal_Number2,Unsafe_Insp,Fatigued_Insp,Dr_Fitness_Insp,Subt_Alcohol_Insp,Vh_Maint_Insp,HM_Insp,BASIC_Viol,' +
    'Unsafe_Viol,Fatigued_Viol,Dr_Fitness_Viol,Subt_Alcohol_Viol,Vh_Maint_Viol,HM_Viol',
);

/** SMS Input – Crash 4wxs-vbns, 22 columns (§2.2). */
export const SMS_CRASH_COLUMNS = names(
  'Report_number,Report_seq_no,DOT_Number,Report_Date,Report_State,Fatalities,Injuries,Tow_Away,Hazmat_Released,' +
    'Trafficway_Desc,Access_Control_Desc,Road_Surface_Condition_Desc,Weather_Condition_Desc,Light_Condition_Desc,' +
    'Vehicle_ID_Number,Vehicle_License_number,Vehicle_License_State,Severity_Weight,Time_Weight,Citation_Issued_Desc,' +
    'Seq_Num,Not_Preventable',
);

/** Dataset ids (data/fmcsa-datasets.json): each file of a day folder is `<id>.csv`. */
export const DATASET = {
  census: 'az4n-8mr2',
  legacyCarrier: '6eyk-hxee',
  legacyActPendIns: 'qh9u-swkp',
  legacyAuthHist: '9mw4-x3tu',
  legacyRevocation: 'sa6p-acbp',
  smsAbPass: 'm3ry-qcip',
  smsCPass: 'h3zn-uid9',
  smsAbPassProperty: '4y6x-dmck',
  smsCPassProperty: 'h9zy-gjn8',
  smsInspection: 'rbkj-cgst',
  smsCrash: '4wxs-vbns',
} as const;

/** Motus sets: [All With History, Daily Difference]. */
export const MOTUS_DATASET = {
  carrier: ['inys-ebih', 'nakq-58th'],
  insur: ['c5y8-a4uz', 'x96h-evps'],
  inshist: ['3uet-3z4i', 'xe5s-wca7'],
  authhist: ['yu5v-wbh6', 'dm5j-zc6c'],
  revoke: ['wb4f-neki', 'e67p-xyd5'],
} as const;

/** The frozen legacy archives: written on the first day, the same file on every later day. */
export const LEGACY_FILES = [DATASET.legacyCarrier, DATASET.legacyActPendIns, DATASET.legacyAuthHist, DATASET.legacyRevocation].map((id) => `${id}.csv`);
