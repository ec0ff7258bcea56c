/**
 * The columns of the served tables the load writes, in table order: carriers (the CarrierSnapshot
 * columns, also the order of DuckDB's snapshot, then the run's own), policies and changes. The
 * type checks keep SNAPSHOT_COLUMNS and lib/snapshot.ts in step: a column added there fails to
 * compile here.
 */
import type { CarrierSnapshot } from '../../lib/snapshot.ts';

export const SNAPSHOT_COLUMNS = [
  'dot_number', 'mc_number', 'legal_name', 'dba_name', 'entity_type', 'carrier_status', 'carrier_operation',
  'authority_status', 'contract_authority_status', 'broker_authority_status', 'common_authority_date',
  'contract_authority_date', 'authorities', 'authority_source', 'revocation_pending', 'phy_street', 'phy_city',
  'phy_state', 'phy_zip', 'phone', 'email', 'officer_1', 'officer_2', 'power_units', 'drivers', 'mcs150_date',
  'mcs150_mileage', 'mcs150_mileage_year', 'add_date', 'safety_rating', 'cargo_carried', 'operation_classification',
  'operation_other', 'bipd_required', 'bipd_on_file', 'cargo_filed', 'cargo_on_file', 'bond_filed', 'bond_on_file',
  'max_bipd', 'max_cargo', 'active_policy_count', 'next_expiration', 'insurance_source', 'driver_inspections',
  'driver_oos_inspections', 'vehicle_inspections', 'vehicle_oos_inspections', 'hazmat_inspections',
  'hazmat_oos_inspections', 'driver_oos_rate', 'vehicle_oos_rate', 'hazmat_oos_rate', 'total_crashes',
  'fatal_crashes', 'injury_crashes', 'tow_crashes', 'basics', 'lat', 'lon', 'scheduled_events',
] as const satisfies readonly (keyof CarrierSnapshot)[];

type Missing = Exclude<keyof CarrierSnapshot, (typeof SNAPSHOT_COLUMNS)[number]>;
// Compile-time: every CarrierSnapshot field is listed (Missing must be never).
const allListed: [Missing] extends [never] ? true : Missing = true;
void allListed;

/** carriers = the snapshot columns, who wrote the row, and the run's risk columns (score stage). */
export const CARRIER_COLUMNS = [...SNAPSHOT_COLUMNS, 'etl_run_id', 'updated_at', 'risk_score', 'related_companies', 'chameleon_links'] as const;

export const POLICY_COLUMNS = [
  'dot_number', 'policy_type', 'type_description', 'insurer_name', 'policy_number', 'coverage_amount',
  'effective_date', 'expiration_date', 'form_code', 'source',
] as const;

export const CHANGE_COLUMNS = [
  'etl_run_id', 'batch_ts', 'dot_number', 'carrier_name', 'category', 'old_values', 'new_values', 'phy_state',
] as const;
