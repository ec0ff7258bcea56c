/**
 * Hand-made registry rows for tests that need exact control over runs, carriers and changes
 * (the pipeline tests load real dumps instead).
 */
import type { Pool, PoolClient } from '../../lib/postgres.ts';

/** A pool or a transaction's client. */
type Db = Pool | PoolClient;
import type { CarrierSnapshot } from '../../lib/snapshot.ts';
import { coreCarrier, type CoreRow } from '../../server/carrier-view.ts';

/** A complete snapshot row; `over` replaces any column. */
export function carrierRow(dot: string, over: Partial<CarrierSnapshot> = {}): CarrierSnapshot {
  return {
    dot_number: dot,
    mc_number: null,
    legal_name: `CARRIER ${dot} LLC`,
    dba_name: '',
    entity_type: 'CARRIER',
    carrier_status: 'ACTIVE',
    carrier_operation: 'A',
    authority_status: 'ACTIVE',
    contract_authority_status: 'NONE',
    broker_authority_status: 'NONE',
    common_authority_date: '2020-05-01',
    contract_authority_date: null,
    authorities: [{ docket: 'MC100', authority: 'COMMON', status: 'ACTIVE', source: 'legacy' }],
    authority_source: 'legacy',
    revocation_pending: '',
    phy_street: '1 MAIN ST',
    phy_city: 'OMAHA',
    phy_state: 'NE',
    phy_zip: '68102',
    phone: '4025550100',
    email: `ops${dot}@example.com`,
    officer_1: 'JANE DOE',
    officer_2: '',
    power_units: 3,
    drivers: 3,
    mcs150_date: '2025-01-15',
    mcs150_mileage: 120000,
    mcs150_mileage_year: 2024,
    add_date: '2019-04-01',
    safety_rating: '',
    cargo_carried: ['General Freight'],
    operation_classification: ['AUTHORIZED FOR HIRE'],
    operation_other: '',
    bipd_required: 750000,
    bipd_on_file: 1000000,
    cargo_filed: false,
    cargo_on_file: 0,
    bond_filed: false,
    bond_on_file: 0,
    max_bipd: 1000000,
    max_cargo: 0,
    active_policy_count: 1,
    next_expiration: null,
    insurance_source: 'legacy',
    driver_inspections: 4,
    driver_oos_inspections: 0,
    vehicle_inspections: 3,
    vehicle_oos_inspections: 1,
    hazmat_inspections: 0,
    hazmat_oos_inspections: 0,
    driver_oos_rate: 0,
    vehicle_oos_rate: 33.33,
    hazmat_oos_rate: null,
    total_crashes: 0,
    fatal_crashes: 0,
    injury_crashes: 0,
    tow_crashes: 0,
    basics: [],
    lat: 41.5,
    lon: -99.8,
    scheduled_events: [],
    ...over,
  };
}

/** Inserts or replaces carriers rows as run `runId` wrote them, with their stored core profiles. */
export async function putCarriers(pool: Db, runId: number, rows: CarrierSnapshot[]): Promise<void> {
  for (const r of rows) {
    const cols = [...Object.keys(r), 'etl_run_id', 'updated_at'];
    const values = [...Object.entries(r).map(([k, v]) => (k === 'basics' || k === 'authorities' || k === 'scheduled_events' ? JSON.stringify(v) : v)), runId, new Date()];
    await pool.query(
      `INSERT INTO carriers (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (dot_number) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
      values,
    );
  }
  await putCoreJson(pool, rows.map((r) => r.dot_number));
}

/**
 * Rewrites the stored core profiles (carrier_core_json) of `dots` from their carriers rows, as the
 * load would after a change to those rows: one per carrier with an MC number.
 */
export async function putCoreJson(pool: Db, dots: string[]): Promise<void> {
  const { rows } = await pool.query<CoreRow>('SELECT * FROM carriers WHERE dot_number = ANY($1) AND mc_number IS NOT NULL', [dots]);
  await pool.query('DELETE FROM carrier_core_json WHERE dot_number = ANY($1)', [dots]);
  await pool.query(
    `INSERT INTO carrier_core_json (dot_number, mc_number, body) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`,
    [rows.map((r) => r.dot_number), rows.map((r) => r.mc_number), rows.map((r) => JSON.stringify(coreCarrier(r)))],
  );
}

/** An etl_runs row; returns its id. */
export async function putRun(
  pool: Db,
  day: string,
  opts: { status?: 'running' | 'succeeded' | 'failed'; summary?: Record<string, number> | null; purged?: boolean } = {},
): Promise<number> {
  const { rows } = await pool.query(
    `INSERT INTO etl_runs (batch_ts, input_dir, status, summary, changes_purged_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING etl_run_id`,
    [`${day}T00:00:00Z`, `/dumps/${day}`, opts.status ?? 'succeeded', opts.summary ? JSON.stringify(opts.summary) : null, opts.purged ? new Date() : null],
  );
  return rows[0].etl_run_id;
}

export interface ChangeInput {
  dot: string;
  category: string;
  old?: Record<string, unknown>;
  new?: Record<string, unknown>;
  name?: string;
  state?: string;
}

/** Change rows of a run (batch_ts copied from the run). */
export async function putChanges(pool: Db, runId: number, changes: ChangeInput[]): Promise<void> {
  for (const c of changes) {
    await pool.query(
      `INSERT INTO changes (etl_run_id, batch_ts, dot_number, carrier_name, category, old_values, new_values, phy_state)
       SELECT $1, batch_ts, $2, $3, $4, $5, $6, $7 FROM etl_runs WHERE etl_run_id = $1`,
      [runId, c.dot, c.name ?? `CARRIER ${c.dot} LLC`, c.category, JSON.stringify(c.old ?? {}), JSON.stringify(c.new ?? {}), c.state ?? 'NE'],
    );
  }
}

export interface PolicyInput {
  dot: string;
  type: 'BIPD' | 'CARGO' | 'BOND';
  amount: number;
  number?: string;
  effective?: string | null;
  expiration?: string | null;
}

/** Replaces the served policies of the DOTs in `policies` (and of `dots`, when given). */
export async function putPolicies(pool: Db, policies: PolicyInput[], dots: string[] = []): Promise<void> {
  await pool.query('DELETE FROM insurance_policies WHERE dot_number = ANY($1)', [[...new Set([...dots, ...policies.map((p) => p.dot)])]]);
  for (const p of policies) {
    await pool.query(
      `INSERT INTO insurance_policies (dot_number, policy_type, type_description, insurer_name, policy_number,
         coverage_amount, effective_date, expiration_date, form_code)
       VALUES ($1, $2, $3, 'ACME MUTUAL', $4, $5, $6, $7, $8)`,
      [p.dot, p.type, `${p.type}/Primary`, p.number ?? `P-${p.dot}-${p.type}`, p.amount, p.effective ?? '2025-01-01', p.expiration ?? null, p.type === 'BIPD' ? '91X' : '34'],
    );
  }
}
