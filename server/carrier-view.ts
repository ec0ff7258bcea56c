/**
 * Shapes a `carriers` row (the snapshot columns of lib/snapshot.ts) into the response bodies of
 * the contract: the core profile, the full profile, the safety record.
 */
import type { components } from '../generated/openapi.ts';
import type { AuthorityStatus, CarrierSnapshot } from '../lib/snapshot.ts';
import { NATIONAL_OOS } from '../lib/domain.ts';
import { contactTenureField, type ContactVersions } from './contact-tenure.ts';

type Schemas = components['schemas'];
export type CarrierRow = CarrierSnapshot & {
  risk_score?: Schemas['RiskScore'] | null;
  related_companies?: Schemas['FullCarrier']['related_companies'] | null;
  served_run_id?: number;
  data_as_of?: Date;
  /** The versions contact tenure is read from (migration 035); absent from rows read elsewhere. */
  contact_versions?: ContactVersions | null;
};

/** DATE columns arrive as 'YYYY-MM-DD'; the contract speaks RFC 3339 timestamps. */
export const timestamp = (d: string | Date | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : `${d}T00:00:00Z`;

/**
 * The columns coreCarrier reads: the carrier_core view (migration 011) the bulk lookup by DOT
 * selects. Bulk-by-MC does not render here: the load stores the core profile of each carrier with
 * an MC number as JSON (sql/duckdb/export_carrier_core.sql, the same fields in the same order), and
 * test/carriers-api.test.ts holds every stored one to coreCarrier of its row.
 */
export type CoreRow = Pick<
  CarrierRow,
  | 'dot_number'
  | 'mc_number'
  | 'legal_name'
  | 'dba_name'
  | 'carrier_status'
  | 'carrier_operation'
  | 'phy_street'
  | 'phy_city'
  | 'phy_state'
  | 'phy_zip'
  | 'lat'
  | 'lon'
  | 'phone'
  | 'email'
  | 'power_units'
  | 'drivers'
  | 'authority_status'
  | 'contract_authority_status'
  | 'common_authority_date'
  | 'contract_authority_date'
  | 'broker_authority_status'
  | 'authorities'
  | 'authority_source'
  | 'mcs150_date'
  | 'mcs150_mileage'
  | 'mcs150_mileage_year'
  | 'cargo_carried'
  | 'operation_classification'
  | 'operation_other'
>;

/** The carrier's overall standing: its best authority (ACTIVE > PENDING > INACTIVE > NONE). */
function overallAuthority(c: Pick<CoreRow, 'authority_status' | 'contract_authority_status' | 'broker_authority_status'>): AuthorityStatus {
  const order: AuthorityStatus[] = ['ACTIVE', 'PENDING', 'INACTIVE', 'NONE'];
  return order.find((s) => [c.authority_status, c.contract_authority_status, c.broker_authority_status].includes(s)) ?? 'NONE';
}

export function coreCarrier(c: CoreRow): Schemas['CoreCarrier'] {
  return {
    dot_number: c.dot_number,
    mc_number: c.mc_number,
    legal_name: c.legal_name,
    dba_name: c.dba_name,
    status: c.carrier_status,
    carrier_operation: c.carrier_operation || null,
    address: { street: c.phy_street, city: c.phy_city, state: c.phy_state, zip: c.phy_zip, lat: c.lat, lon: c.lon },
    contact: { phone: c.phone, email: c.email },
    fleet: { power_units: c.power_units, drivers: c.drivers },
    authority: {
      status: overallAuthority(c),
      common: c.authority_status,
      contract: c.contract_authority_status,
      common_authority_date: timestamp(c.common_authority_date),
      contract_authority_date: timestamp(c.contract_authority_date),
      broker_authority: c.broker_authority_status,
      // In the contract's key order (PostgreSQL's jsonb keeps its own).
      authorities: c.authorities.map((a) => ({ docket: a.docket, authority: a.authority, status: a.status, source: a.source })),
      source: c.authority_source,
    },
    mcs150: { date: timestamp(c.mcs150_date), mileage: c.mcs150_mileage, mileage_year: c.mcs150_mileage_year },
    cargo_carried: c.cargo_carried,
    operation_classification: c.operation_classification,
    operation_other: c.operation_other,
  };
}

function inspections(c: CarrierRow) {
  return {
    driver: { inspections: c.driver_inspections, oos: c.driver_oos_inspections },
    vehicle: { inspections: c.vehicle_inspections, oos: c.vehicle_oos_inspections },
    hazmat: { inspections: c.hazmat_inspections, oos: c.hazmat_oos_inspections },
  };
}

function oosRates(c: CarrierRow) {
  return {
    driver: { rate: c.driver_oos_rate, national_average: NATIONAL_OOS.driver },
    vehicle: { rate: c.vehicle_oos_rate, national_average: NATIONAL_OOS.vehicle },
    hazmat: { rate: c.hazmat_oos_rate, national_average: NATIONAL_OOS.hazmat },
  };
}

function crashes(c: CarrierRow) {
  return { total: c.total_crashes, fatal: c.fatal_crashes, injury: c.injury_crashes, tow: c.tow_crashes };
}

export function safetyRecord(c: CarrierRow): Schemas['Safety'] {
  return {
    dot_number: c.dot_number,
    legal_name: c.legal_name,
    period_months: 24,
    inspections: inspections(c),
    oos_rates: oosRates(c),
    crashes: crashes(c),
    basics: c.basics,
    safety_rating: c.safety_rating,
    etl_run_id: c.served_run_id!,
    data_as_of: timestamp(c.data_as_of)!,
  };
}

export function fullCarrier(c: CarrierRow): Schemas['FullCarrier'] {
  return {
    ...coreCarrier(c),
    entity_type: c.entity_type,
    revocation_pending: c.revocation_pending,
    safety: {
      inspections: inspections(c),
      oos_rates: oosRates(c),
      crashes: crashes(c),
      safety_rating: c.safety_rating,
    },
    insurance: {
      bipd_required: c.bipd_required,
      bipd_on_file: c.bipd_on_file,
      cargo_filed: c.cargo_filed,
      cargo_on_file: c.cargo_on_file,
      bond_filed: c.bond_filed,
      bond_on_file: c.bond_on_file,
      max_bipd: c.max_bipd,
      max_cargo: c.max_cargo,
      active_policy_count: c.active_policy_count,
      next_expiration: timestamp(c.next_expiration),
      source: c.insurance_source,
    },
    related_companies: c.related_companies ?? [],
    ...(c.risk_score ? { risk_score: c.risk_score } : {}),
    ...contactTenureField(c.contact_versions),
    etl_run_id: c.served_run_id!,
    data_as_of: timestamp(c.data_as_of)!,
  };
}
