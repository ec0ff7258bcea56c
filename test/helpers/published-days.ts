/**
 * Day folders of real published rows (test/fixtures/fmcsa-real, fmcsa-derived): DOT 344554's
 * three SODA records written as CSV in either header spelling Socrata serves, with the derived SMS
 * files, header-only files for datasets without a public real row, and the real legacy text files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/config.ts';

export const REAL = path.join(ROOT, 'test', 'fixtures', 'fmcsa-real');
const DERIVED = path.join(ROOT, 'test', 'fixtures', 'fmcsa-derived');

/** DOT 344554's census, legacy Carrier and ActPendInsur records (SODA JSON, captured 2026-09-14). */
export const hull = JSON.parse(fs.readFileSync(path.join(REAL, 'hull-344554-three-datasets.json'), 'utf8')) as Record<string, Record<string, string>>;

/** `rows.csv` headers (display names) as fmcsa-published-2026.md gives them: §5.1, §4.1, §2.2. */
const ROWS_HEADER: Record<string, string> = {
  'az4n-8mr2':
    'MCS150_DATE,ADD_DATE,STATUS_CODE,DOT_NUMBER,DUN_BRADSTREET_NO,PHY_OMC_REGION,SAFETY_INV_TERR,CARRIER_OPERATION,BUSINESS_ORG_ID,MCS150_MILEAGE,MCS150_MILEAGE_YEAR,MCS151_MILEAGE,TOTAL_CARS,MCS150_UPDATE_CODE_ID,PRIOR_REVOKE_FLAG,PRIOR_REVOKE_DOT_NUMBER,PHONE,FAX,CELL_PHONE,COMPANY_OFFICER_1,COMPANY_OFFICER_2,BUSINESS_ORG_DESC,TRUCK_UNITS,POWER_UNITS,BUS_UNITS,FLEETSIZE,REVIEW_ID,RECORDABLE_CRASH_RATE,MAIL_NATIONALITY_INDICATOR,PHY_NATIONALITY_INDICATOR,PHY_BARRIO,MAIL_BARRIO,CARSHIP,DOCKET1PREFIX,DOCKET1,DOCKET2PREFIX,DOCKET2,DOCKET3PREFIX,DOCKET3,POINTNUM,TOTAL_INTRASTATE_DRIVERS,MCSIPSTEP,MCSIPDATE,HM_Ind,INTERSTATE_BEYOND_100_MILES,INTERSTATE_WITHIN_100_MILES,INTRASTATE_BEYOND_100_MILES,INTRASTATE_WITHIN_100_MILES,TOTAL_CDL,TOTAL_DRIVERS,AVG_DRIVERS_LEASED_PER_MONTH,CLASSDEF,LEGAL_NAME,DBA_NAME,PHY_STREET,PHY_CITY,PHY_COUNTRY,PHY_STATE,PHY_ZIP,PHY_CNTY,CARRIER_MAILING_STREET,CARRIER_MAILING_STATE,CARRIER_MAILING_CITY,CARRIER_MAILING_COUNTRY,CARRIER_MAILING_ZIP,CARRIER_MAILING_CNTY,CARRIER_MAILING_UND_DATE,DRIVER_INTER_TOTAL,EMAIL_ADDRESS,REVIEW_TYPE,REVIEW_DATE,SAFETY_RATING,SAFETY_RATING_DATE,UNDELIV_PHY,CRGO_GENFREIGHT,CRGO_HOUSEHOLD,CRGO_METALSHEET,CRGO_MOTOVEH,CRGO_DRIVETOW,CRGO_LOGPOLE,CRGO_BLDGMAT,CRGO_MOBILEHOME,CRGO_MACHLRG,CRGO_PRODUCE,CRGO_LIQGAS,CRGO_INTERMODAL,CRGO_PASSENGERS,CRGO_OILFIELD,CRGO_LIVESTOCK,CRGO_GRAINFEED,CRGO_COALCOKE,CRGO_MEAT,CRGO_GARBAGE,CRGO_USMAIL,CRGO_CHEM,CRGO_DRYBULK,CRGO_COLDFOOD,CRGO_BEVERAGES,CRGO_PAPERPROD,CRGO_UTILITY,CRGO_FARMSUPP,CRGO_CONSTRUCT,CRGO_WATERWELL,CRGO_CARGOOTHR,CRGO_CARGOOTHR_DESC,OWNTRUCK,OWNTRACT,OWNTRAIL,OWNCOACH,OWNSCHOOL_1_8,OWNSCHOOL_9_15,OWNSCHOOL_16,OWNBUS_16,OWNVAN_1_8,OWNVAN_9_15,OWNLIMO_1_8,OWNLIMO_9_15,OWNLIMO_16,TRMTRUCK,TRMTRACT,TRMTRAIL,TRMCOACH,TRMSCHOOL_1_8,TRMSCHOOL_9_15,TRMSCHOOL_16,TRMBUS_16,TRMVAN_1_8,TRMVAN_9_15,TRMLIMO_1_8,TRMLIMO_9_15,TRMLIMO_16,TRPTRUCK,TRPTRACT,TRPTRAIL,TRPCOACH,TRPSCHOOL_1_8,TRPSCHOOL_9_15,TRPSCHOOL_16,TRPBUS_16,TRPVAN_1_8,TRPVAN_9_15,TRPLIMO_1_8,TRPLIMO_9_15,TRPLIMO_16,DOCKET1_STATUS_CODE,DOCKET2_STATUS_CODE,DOCKET3_STATUS_CODE',
  '6eyk-hxee':
    'DOCKET_NUMBER,DOT_NUMBER,MX_TYPE,RFC_NUMBER,COMMON_STAT,CONTRACT_STAT,BROKER_STAT,COMMON_APP_PEND,CONTRACT_APP_PEND,BROKER_APP_PEND,COMMON_REV_PEND,CONTRACT_REV_PEND,BROKER_REV_PEND,PROPERTY_CHK,PASSENGER_CHK,HHG_CHK,PRIVATE_AUTH_CHK,ENTERPRISE_CHK,MIN_COV_AMOUNT,CARGO_REQ,BOND_REQ,BIPD_FILE,CARGO_FILE,BOND_FILE,UNDELIVERABLE_MAIL,DBA_NAME,LEGAL_NAME,BUS_STREET_PO,BUS_COLONIA,BUS_CITY,BUS_STATE_CODE,BUS_CTRY_CODE,BUS_ZIP_CODE,BUS_TELNO,BUS_FAX,MAIL_STREET_PO,MAIL_COLONIA,MAIL_CITY,MAIL_STATE_CODE,MAIL_CTRY_CODE,MAIL_ZIP_CODE,MAIL_TELNO,MAIL_FAX',
  'qh9u-swkp': 'DOCKET_NUMBER,DOT_NUMBER,ins_form_code,ins_type_desc,name_company,policy_no,trans_date,underl_lim_amount,max_cov_amount,effective_date,cancl_effective_date',
};

/** `/resource` field names (§2.2): lower case, `mod_col_N` where the display name is not a field name. */
const RESOURCE_HEADER: Record<string, string> = {
  'az4n-8mr2': ROWS_HEADER['az4n-8mr2'].toLowerCase(),
  '6eyk-hxee': ROWS_HEADER['6eyk-hxee'].toLowerCase(),
  // The JSON record's own field list (hull-344554-three-datasets.json: qh9u_swkp_fields).
  'qh9u-swkp': (hull.qh9u_swkp_fields as unknown as string[]).join(','),
};

const RECORD: Record<string, Record<string, string>> = {
  'az4n-8mr2': hull.census_az4n_8mr2,
  '6eyk-hxee': hull.carrier_6eyk_hxee,
  'qh9u-swkp': hull.actpendins_qh9u_swkp,
};

const quoted = (v: string) => `"${v.replace(/"/g, '""')}"`;

/**
 * One SODA record in a CSV file of its dataset, in either spelling. A field's value is looked up by
 * its field name; display names map to field names as §2.2 says (lower case, ins_type_desc is
 * mod_col_1 in qh9u-swkp). `rows.csv` quotes where needed, `/resource` every field.
 */
function recordFile(dataset: string, spelling: 'rows' | 'resource'): string {
  const record = RECORD[dataset];
  const display = ROWS_HEADER[dataset].split(',');
  const fields = RESOURCE_HEADER[dataset].split(',');
  const header = spelling === 'rows' ? display : fields;
  const values = fields.map((f) => record[f] ?? '');
  const cell = spelling === 'rows' ? (v: string) => (/[",\n]/.test(v) ? quoted(v) : v) : quoted;
  return `${header.map(spelling === 'rows' ? (h) => h : quoted).join(',')}\n${values.map(cell).join(',')}\n`;
}

/** The derived SMS and header-only files (test/fixtures/fmcsa-derived), the real revocation and InsHist files. */
function commonFiles(dir: string): void {
  for (const f of fs.readdirSync(DERIVED).filter((n) => n.endsWith('.csv'))) fs.copyFileSync(path.join(DERIVED, f), path.join(dir, f));
  for (const f of ['li-revocation-2024-08-06.txt', 'inshist_row.txt']) fs.copyFileSync(path.join(REAL, f), path.join(dir, f));
}

/** A day folder of DOT 344554's published records in one spelling. */
export function hullDay(root: string, spelling: 'rows' | 'resource', date = '2026-09-14'): string {
  const dir = path.join(root, spelling, date);
  fs.mkdirSync(dir, { recursive: true });
  for (const dataset of Object.keys(RECORD)) fs.writeFileSync(path.join(dir, `${dataset}.csv`), recordFile(dataset, spelling));
  commonFiles(dir);
  return dir;
}

/** A day folder of the SMS census sample with the real legacy text lines. */
export function smsCensusDay(root: string): string {
  const dir = path.join(root, 'sms-census', '2026-09-15');
  fs.mkdirSync(dir, { recursive: true });
  for (const f of ['sms-census-kjg3-diqy.100-rows.csv', 'carrier_row_MC000675.txt', 'actpendins_rows.txt']) {
    fs.copyFileSync(path.join(REAL, f), path.join(dir, f));
  }
  commonFiles(dir);
  return dir;
}

