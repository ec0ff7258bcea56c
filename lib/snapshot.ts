/**
 * The carrier snapshot: one row per USDOT number per ETL run, holding everything the API serves.
 *
 * This is the contract between the pipeline (which builds it in DuckDB from the registry dumps),
 * the risk model (which scores it), the change feed (which diffs two of them) and PostgreSQL
 * (where the `carriers` table has exactly these columns). Column names are snake_case and equal
 * in DuckDB, PostgreSQL and this type.
 *
 * Derivations (source file → column):
 * - census.csv (Company Census, 147 columns; or the 42-column SMS census):
 *   dot_number (digits, no leading zeros), legal_name, dba_name ('' when none),
 *   carrier_status = STATUS_CODE A → 'ACTIVE', anything else → 'INACTIVE',
 *   entity_type = first of CARSHIP in the order C, B, F, S, R, I, T →
 *     CARRIER, BROKER, FREIGHT FORWARDER, SHIPPER, REGISTRANT, INTERMODAL EQUIPMENT PROVIDER, CARGO TANK,
 *   phy_street/phy_city/phy_state/phy_zip (trimmed, city and state uppercase, zip as given),
 *   phone = digits only (leading US country code 1 dropped when 11 digits), email = trimmed lowercase,
 *   officer_1/officer_2 = COMPANY_OFFICER_1/2 trimmed uppercase ('' when none),
 *   power_units = POWER_UNITS, drivers = TOTAL_DRIVERS (0 when blank),
 *   mcs150_date/add_date as ISO dates, mcs150_mileage, mcs150_mileage_year,
 *   cargo_carried = labels of the CRGO_* columns set to X/Y/true, in column order,
 *   operation_classification = CLASSDEF split on ';' (SMS census: labels of its Y/true flags),
 *   mc_number = DOCKET1..3 with prefix MC (first one found), bare digits, no leading zeros; null when none.
 * - carrier.txt (L&I Carrier, 43 fields, no header):
 *   authority_status / contract_authority_status / broker_authority_status = common_stat /
 *   contract_stat / broker_stat: A → 'ACTIVE', I → 'INACTIVE', N or missing → 'NONE',
 *   revocation_pending = the authority kinds whose *_rev_pend is Y, joined with ';' in the order
 *   COMMON;CONTRACT;BROKER ('' when none),
 *   bipd_required = min_cov_amount × 1000, bipd_on_file / cargo_on_file / bond_on_file = amount × 1000
 *   (Y → null amount is unknown: 0), mc_number falls back to the L&I docket when census has none.
 * - authhist.txt (AuthHist): common_authority_date / contract_authority_date = the newest
 *   GRANTED (or REINSTATED) served date of a COMMON / CONTRACT authority, ISO date, null when none.
 * - actpendins.txt (active/pending insurance): policies; max_bipd = max max_cov_amount × 1000 over
 *   active BIPD policies (insurance_type_description starting with BIPD), 0 when none; max_cargo the
 *   same over CARGO policies; active_policy_count; next_expiration = earliest cancel_effective_date
 *   in the future of the batch date, or null.
 * - sms_ab_pass.csv (SMS AB Pass, 36 columns): driver_inspections = DRIVER_INSP_TOTAL,
 *   driver_oos_inspections = DRIVER_OOS_INSP_TOTAL, vehicle_inspections / vehicle_oos_inspections
 *   likewise, basics (five public BASICs with measure, percentile, alert).
 * - sms_inspection.csv (SMS Input Inspection, 39 columns; rows of hazmat inspections):
 *   hazmat_inspections = rows with Total_Hazmat_Sent > 0, hazmat_oos_inspections = those with
 *   Hazmat_OOS_Total > 0.
 * - *_oos_rate = round(oos × 100 / inspections, 2); null when inspections = 0.
 * - crash.csv (SMS Input Crash, 22 columns, one row per crash over 24 months): total_crashes,
 *   fatal_crashes (fatalities > 0), injury_crashes (injuries > 0), tow_crashes (tow_away = Y).
 * - lat/lon: the state centroid of phy_state (data/state-centroids.csv); null when unknown.
 */
export interface CarrierSnapshot {
  dot_number: string;
  mc_number: string | null;
  legal_name: string;
  dba_name: string;
  entity_type: string;
  carrier_status: 'ACTIVE' | 'INACTIVE';
  authority_status: AuthorityStatus;
  contract_authority_status: AuthorityStatus;
  broker_authority_status: AuthorityStatus;
  common_authority_date: string | null;
  contract_authority_date: string | null;
  revocation_pending: string;
  phy_street: string;
  phy_city: string;
  phy_state: string;
  phy_zip: string;
  phone: string;
  email: string;
  officer_1: string;
  officer_2: string;
  power_units: number;
  drivers: number;
  mcs150_date: string | null;
  mcs150_mileage: number;
  mcs150_mileage_year: number;
  add_date: string | null;
  safety_rating: string;
  cargo_carried: string[];
  operation_classification: string[];
  bipd_required: number;
  bipd_on_file: number;
  cargo_on_file: number;
  bond_on_file: number;
  max_bipd: number;
  max_cargo: number;
  active_policy_count: number;
  next_expiration: string | null;
  driver_inspections: number;
  driver_oos_inspections: number;
  vehicle_inspections: number;
  vehicle_oos_inspections: number;
  hazmat_inspections: number;
  hazmat_oos_inspections: number;
  driver_oos_rate: number | null;
  vehicle_oos_rate: number | null;
  hazmat_oos_rate: number | null;
  total_crashes: number;
  fatal_crashes: number;
  injury_crashes: number;
  tow_crashes: number;
  basics: Basic[];
  lat: number | null;
  lon: number | null;
}

export type AuthorityStatus = 'ACTIVE' | 'INACTIVE' | 'NONE';

export interface Basic {
  name: string;
  measure: number | null;
  percentile: number | null;
  threshold: number;
  alert: boolean;
}
