/**
 * What the risk model reads: a subset of the carrier snapshot (lib/snapshot.ts, same column
 * names), the chameleon links precomputed nightly, and the date the score is "as of".
 */
import type { Basic, CarrierSnapshot } from '../snapshot.ts';
import { authorityState } from './authority.ts';
import { isoDate } from './dates.ts';

/** The snapshot columns the model reads; nothing else in a snapshot changes a score. */
export const RISK_SNAPSHOT_FIELDS = [
  'dot_number',
  'carrier_status',
  'authority_status',
  'contract_authority_status',
  'broker_authority_status',
  'common_authority_date',
  'contract_authority_date',
  'revocation_pending',
  'add_date',
  'mcs150_date',
  'safety_rating',
  'power_units',
  'max_bipd',
  'max_cargo',
  'driver_inspections',
  'driver_oos_inspections',
  'driver_oos_rate',
  'vehicle_inspections',
  'vehicle_oos_inspections',
  'vehicle_oos_rate',
  'total_crashes',
  'fatal_crashes',
  'basics',
  'carrier_operation',
  'entity_type',
  'operation_classification',
] as const satisfies ReadonlyArray<keyof CarrierSnapshot>;

export type RiskSnapshotFields = Pick<CarrierSnapshot, (typeof RISK_SNAPSHOT_FIELDS)[number]>;

/** What a related company shares with the carrier (DESIGN §4 related_companies). */
export const SHARED_IDENTIFIERS = ['phone', 'email', 'address', 'officer'] as const;
export type SharedIdentifier = (typeof SHARED_IDENTIFIERS)[number];

/**
 * One link from the carrier to a revoked or shut-down carrier that shares identifiers with it.
 * The nightly job stores the revocation date, not an age, so the same row is valid for any as_of.
 */
export interface ChameleonLink {
  /** The related (revoked or inactive) carrier. */
  dot_number: string;
  /** Its legal name, for the flag message; optional. */
  legal_name?: string;
  /** What the two carriers share; order does not matter. */
  shared: SharedIdentifier[];
  /**
   * ISO date on which the related carrier lost its standing: the effective date of the
   * revocation of its authority, or the first batch date on which it was INACTIVE.
   */
  revoked_on: string;
}

/**
 * Chameleon signals of one carrier from the nightly snapshot. Every link within the last
 * CHAMELEON.maxDays (3 years) should be listed; the model picks the strongest itself.
 */
export interface ChameleonSignals {
  links: ChameleonLink[];
}

export const NO_CHAMELEON_SIGNALS: ChameleonSignals = Object.freeze({ links: [] }) as ChameleonSignals;

export interface RiskInput extends RiskSnapshotFields {
  /** 'YYYY-MM-DD': the date every age is measured at (the batch date of the snapshot's ETL run). */
  as_of: string;
  chameleon: ChameleonSignals;
}

// Rows straight from a driver are looser than the type: node-postgres returns BIGINT and NUMERIC
// as strings and DATE as Date (unless parsers are set), DuckDB may hand JSON over as text.
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};
const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : num(v));
const basicsOf = (v: unknown): Basic[] => {
  const parsed = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(parsed) ? (parsed as Basic[]) : [];
};
const operationOf = (v: unknown): RiskInput['carrier_operation'] => (v === 'A' || v === 'B' || v === 'C' ? v : '');
/** A text[] (PostgreSQL), a list (DuckDB) or the items joined with ';' (the score stage's input). */
const listOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' && v !== '' ? v.split(';') : [];
const dateOrNull = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : isoDate(v as string | Date);

/**
 * Builds the model input from a snapshot row (a CarrierSnapshot, or a raw DuckDB/PostgreSQL row
 * cast to one), normalising dates to 'YYYY-MM-DD' and numeric strings to numbers.
 * @param asOf the batch date of the ETL run that produced the snapshot — never "now", so the
 *   nightly score and POST /risk-score agree exactly.
 * @example scoreCarrier(riskInputFromSnapshot(row, signals, '2026-03-15'), DEFAULT_POLICY)
 */
export function riskInputFromSnapshot(
  snapshot: RiskSnapshotFields,
  chameleon: ChameleonSignals | null | undefined,
  asOf: string | Date,
): RiskInput {
  const s = snapshot as Record<keyof RiskSnapshotFields, unknown>;
  return {
    dot_number: String(s.dot_number),
    carrier_status: s.carrier_status === 'ACTIVE' || s.carrier_status === 'PENDING' ? s.carrier_status : 'INACTIVE',
    authority_status: authorityState(String(s.authority_status ?? '')),
    contract_authority_status: authorityState(String(s.contract_authority_status ?? '')),
    broker_authority_status: authorityState(String(s.broker_authority_status ?? '')),
    common_authority_date: dateOrNull(s.common_authority_date),
    contract_authority_date: dateOrNull(s.contract_authority_date),
    revocation_pending: String(s.revocation_pending ?? ''),
    add_date: dateOrNull(s.add_date),
    mcs150_date: dateOrNull(s.mcs150_date),
    safety_rating: String(s.safety_rating ?? ''),
    power_units: num(s.power_units),
    max_bipd: num(s.max_bipd),
    max_cargo: num(s.max_cargo),
    driver_inspections: num(s.driver_inspections),
    driver_oos_inspections: num(s.driver_oos_inspections),
    driver_oos_rate: numOrNull(s.driver_oos_rate),
    vehicle_inspections: num(s.vehicle_inspections),
    vehicle_oos_inspections: num(s.vehicle_oos_inspections),
    vehicle_oos_rate: numOrNull(s.vehicle_oos_rate),
    total_crashes: num(s.total_crashes),
    fatal_crashes: num(s.fatal_crashes),
    basics: basicsOf(s.basics),
    carrier_operation: operationOf(s.carrier_operation),
    entity_type: String(s.entity_type ?? ''),
    operation_classification: listOf(s.operation_classification),
    as_of: isoDate(asOf),
    chameleon: chameleon ?? NO_CHAMELEON_SIGNALS,
  };
}
