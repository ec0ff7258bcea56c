import type { Adapter } from './types.ts';

const CARGO = [
  'GENFREIGHT', 'HOUSEHOLD', 'METALSHEET', 'MOTOVEH', 'DRIVETOW', 'LOGPOLE', 'BLDGMAT', 'MOBILEHOME',
  'MACHLRG', 'PRODUCE', 'LIQGAS', 'INTERMODAL', 'PASSENGERS', 'OILFIELD', 'LIVESTOCK', 'GRAINFEED',
  'COALCOKE', 'MEAT', 'GARBAGE', 'USMAIL', 'CHEM', 'DRYBULK', 'COLDFOOD', 'BEVERAGES', 'PAPERPROD',
  'UTILITY', 'FARMSUPP', 'CONSTRUCT', 'WATERWELL',
].map((c) => `crgo_${c.toLowerCase()}`);
const VEHICLES = [
  'truck', 'tract', 'trail', 'coach', 'school_1_8', 'school_9_15', 'school_16', 'bus_16', 'van_1_8',
  'van_9_15', 'limo_1_8', 'limo_9_15', 'limo_16',
];

/**
 * Company Census File az4n-8mr2: 147 columns (the `rows.csv` header writes `HM_Ind` in mixed
 * case; fmcsa-published-2026.md §5.1). STATUS_CODE A, I or P (pending).
 */
export const census147: Adapter = {
  name: 'census147',
  role: 'census',
  label: 'Company Census (az4n-8mr2)',
  datasets: ['az4n-8mr2'],
  columns: [
    'mcs150_date', 'add_date', 'status_code', 'dot_number', 'dun_bradstreet_no', 'phy_omc_region',
    'safety_inv_terr', 'carrier_operation', 'business_org_id', 'mcs150_mileage', 'mcs150_mileage_year',
    'mcs151_mileage', 'total_cars', 'mcs150_update_code_id', 'prior_revoke_flag', 'prior_revoke_dot_number',
    'phone', 'fax', 'cell_phone', 'company_officer_1', 'company_officer_2', 'business_org_desc',
    'truck_units', 'power_units', 'bus_units', 'fleetsize', 'review_id', 'recordable_crash_rate',
    'mail_nationality_indicator', 'phy_nationality_indicator', 'phy_barrio', 'mail_barrio', 'carship',
    'docket1prefix', 'docket1', 'docket2prefix', 'docket2', 'docket3prefix', 'docket3', 'pointnum',
    'total_intrastate_drivers', 'mcsipstep', 'mcsipdate', 'hm_ind', 'interstate_beyond_100_miles',
    'interstate_within_100_miles', 'intrastate_beyond_100_miles', 'intrastate_within_100_miles',
    'total_cdl', 'total_drivers', 'avg_drivers_leased_per_month', 'classdef', 'legal_name', 'dba_name',
    'phy_street', 'phy_city', 'phy_country', 'phy_state', 'phy_zip', 'phy_cnty', 'carrier_mailing_street',
    'carrier_mailing_state', 'carrier_mailing_city', 'carrier_mailing_country', 'carrier_mailing_zip',
    'carrier_mailing_cnty', 'carrier_mailing_und_date', 'driver_inter_total', 'email_address',
    'review_type', 'review_date', 'safety_rating', 'safety_rating_date', 'undeliv_phy',
    ...CARGO, 'crgo_cargoothr', 'crgo_cargoothr_desc',
    ...VEHICLES.map((v) => `own${v}`), ...VEHICLES.map((v) => `trm${v}`), ...VEHICLES.map((v) => `trp${v}`),
    'docket1_status_code', 'docket2_status_code', 'docket3_status_code',
  ],
};

/**
 * SMS Input - Motor Carrier Census kjg3-diqy: 42 columns (§5.2). Flags are `true`/`false`, dates
 * DD-MON-YY. FAX sits after TELEPHONE in the metadata, but exports with FAX last exist (the
 * real sample in shared/data/fmcsa-real): columns are bound by name.
 */
export const censusSms42: Adapter = {
  name: 'censusSms42',
  role: 'census',
  label: 'SMS Motor Carrier Census (kjg3-diqy)',
  datasets: ['kjg3-diqy'],
  columns: [
    'dot_number', 'legal_name', 'dba_name', 'carrier_operation', 'hm_flag', 'pc_flag', 'phy_street',
    'phy_city', 'phy_state', 'phy_zip', 'phy_country', 'mailing_street', 'mailing_city', 'mailing_state',
    'mailing_zip', 'mailing_country', 'telephone', 'fax', 'email_address', 'mcs150_date', 'mcs150_mileage',
    'mcs150_mileage_year', 'add_date', 'oic_state', 'nbr_power_unit', 'driver_total', 'recent_mileage',
    'recent_mileage_year', 'vmt_source_id', 'private_only', 'authorized_for_hire', 'exempt_for_hire',
    'private_property', 'private_passenger_business', 'private_passenger_nonbusiness', 'migrant', 'us_mail',
    'federal_government', 'state_government', 'local_government', 'indian_tribe', 'op_other',
  ],
};
