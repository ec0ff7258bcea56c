/**
 * The carrier snapshot: one row per USDOT number per ETL run, holding everything the API serves.
 *
 * This is the contract between the pipeline (which builds it in DuckDB from the registry as FMCSA
 * publishes it: sql/duckdb/snapshot.sql), the risk model (which scores it), the change feed
 * (which diffs two of them) and PostgreSQL (where the `carriers` table has these columns).
 * Column names are snake_case and equal in DuckDB, PostgreSQL and this type.
 *
 * Derivations (dataset → column; shared/reference/fmcsa-published-2026.md has the layouts):
 * - Census (Company Census az4n-8mr2, or the SMS census kjg3-diqy): dot_number (digits, no
 *   leading zeros), legal_name, dba_name ('' when none), carrier_status = STATUS_CODE A → ACTIVE,
 *   P → PENDING, anything else → INACTIVE (the SMS census lists active carriers: ACTIVE),
 *   carrier_operation = A (interstate), B (intrastate hazmat), C (intrastate non-hazmat), '' unknown,
 *   entity_type = first of CARSHIP in the order C, B, F, S, R, I, T → CARRIER, BROKER, FREIGHT
 *   FORWARDER, SHIPPER, REGISTRANT, INTERMODAL EQUIPMENT PROVIDER, CARGO TANK,
 *   phy_street/phy_city/phy_state/phy_zip (trimmed, city and state uppercase), phone = digits
 *   (leading US country code dropped), email = lowercase, officer_1/officer_2 uppercase,
 *   power_units, drivers, mcs150_date/add_date, mcs150_mileage(_year), safety_rating,
 *   cargo_carried = labels of the CRGO_* flags in column order, operation_classification = CLASSDEF
 *   split on ';' (SMS census: labels of its flags; OP_OTHER → OTHER, with its words in
 *   operation_other), mc_number = DOCKET1..3 with prefix MC, bare digits; null when none.
 * - Registration (authority, insurance, revocations): the legacy L&I archive, frozen on
 *   2026-05-14, and Motus. Per dataset family, Motus wins for every docket it holds for the DOT;
 *   authority_source / insurance_source and each policy's source say where a fact came from.
 *   - authorities = one entry per operating authority of the carrier's dockets: legacy Carrier
 *     COMMON / CONTRACT / BROKER (A → ACTIVE, I → INACTIVE, N with the application pending →
 *     PENDING), Motus Carrier rows under their published type with their status.
 *   - authority_status / contract_authority_status / broker_authority_status = the best status
 *     (ACTIVE > PENDING > INACTIVE > NONE) of the carrier's common (Motus: motor-carrier; Motus no
 *     longer tells common from contract carriage), contract and broker authorities.
 *   - common_authority_date / contract_authority_date = the newest grant or reinstatement
 *     (legacy AuthHist GRANTED / REINSTATED served dates; Motus AuthHist changes to granted).
 *   - revocation_pending = the kinds (COMMON;CONTRACT;BROKER) with a pending revocation: legacy
 *     *_REV_PEND flags unless a legacy order of that kind took effect by the batch date; Motus
 *     RevokeSuspend orders effective after the batch date.
 *   - scheduled_events = what the registry has already dated after the batch date, in date order:
 *     revocation and suspension orders not yet in effect (legacy Revocation for the dockets Motus
 *     RevokeSuspend does not hold for the DOT; Motus RevokeSuspend, a suspension when its type
 *     says so), and the cancellations of the policies in force (the policy's own cancellation
 *     date, legacy ActPendInsur, else InsHist's), each with the source and dataset of the record
 *     that dates it and that record (docs/foresight.md).
 *   - bipd_required / bipd_on_file (dollars; legacy thousands × 1000), cargo_filed / bond_filed
 *     (a filing on record), cargo_on_file / bond_on_file (its amount; when the record says only
 *     "Y", the largest active cargo / bond policy, else null): from the primary docket (MC, lowest).
 *   - policies: legacy ActPendInsur and Insur, Motus Insur; expiration = the policy's cancellation
 *     date, else InsHist's. max_bipd / max_cargo = the largest active BIPD / CARGO policy, 0 when
 *     none; active_policy_count; next_expiration = the earliest future expiration, or null.
 * - SMS (the four Pass / PassProperty sets merged per DOT, a Pass row first): inspections and
 *   OOS counts, basics (five public BASICs: measure, percentile, or null with percentile_reason
 *   when SMS publishes a reason in words instead, alert); Inspection: hazmat inspections and OOS;
 *   Crash: total, fatal, injury, tow-away crashes. *_oos_rate = round(oos × 100 / inspections, 2);
 *   null when inspections = 0.
 * - lat/lon: the state centroid of phy_state (data/state-centroids.csv); null when unknown.
 */
export interface CarrierSnapshot {
  dot_number: string;
  mc_number: string | null;
  legal_name: string;
  dba_name: string;
  entity_type: string;
  carrier_status: 'ACTIVE' | 'INACTIVE' | 'PENDING';
  carrier_operation: '' | 'A' | 'B' | 'C';
  authority_status: AuthorityStatus;
  contract_authority_status: AuthorityStatus;
  broker_authority_status: AuthorityStatus;
  common_authority_date: string | null;
  contract_authority_date: string | null;
  authorities: AuthorityEntry[];
  authority_source: Source | null;
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
  operation_other: string;
  bipd_required: number;
  bipd_on_file: number;
  cargo_filed: boolean;
  cargo_on_file: number | null;
  bond_filed: boolean;
  bond_on_file: number | null;
  max_bipd: number;
  max_cargo: number;
  active_policy_count: number;
  next_expiration: string | null;
  insurance_source: Source | null;
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
  scheduled_events: ScheduledEvent[];
}

export type AuthorityStatus = 'ACTIVE' | 'PENDING' | 'INACTIVE' | 'NONE';

/** Where a registration fact comes from: the legacy L&I archive (frozen 2026-05-14) or Motus. */
type Source = 'legacy' | 'motus';

/** One operating authority of a carrier's dockets. */
export interface AuthorityEntry {
  /** The docket, prefix and bare number ('MC421775'). */
  docket: string;
  /** Legacy: COMMON, CONTRACT or BROKER; Motus: the published OP_AUTH_TYPE. */
  authority: string;
  /** ACTIVE, PENDING, INACTIVE, or Motus's other states in upper case (WITHDRAWN). */
  status: string;
  source: Source;
}

/**
 * A registry record dated after the batch date (scheduled_events). `record` holds the record's
 * fields: for orders docket, authority (as published), authority_kind (as revocation_pending
 * names it), order_type, serve_date, effective_date; for cancellations docket, policy_number,
 * insurer_name, policy_type, type_description, form_code, coverage_amount, effective_date,
 * cancellation_date and policy_source (where the policy itself is on file).
 */
export interface ScheduledEvent {
  kind: 'revocation' | 'suspension' | 'insurance_cancellation';
  /** YYYY-MM-DD: the day it takes effect. */
  date: string;
  source: Source;
  /** The FMCSA dataset of the record that dates it: Revocation, RevokeSuspend, ActPendInsur or InsHist. */
  dataset: string;
  record: Record<string, string | number | null>;
}

export interface Basic {
  name: string;
  measure: number | null;
  percentile: number | null;
  /** Why there is no percentile, in SMS's words ('Less than 5 vehicle inspections'); else null. */
  percentile_reason: string | null;
  threshold: number;
  alert: boolean;
}
