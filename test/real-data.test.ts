/**
 * The registry as FMCSA publishes it: day folders built from the real published rows
 * (test/fixtures/fmcsa-real, copies of shared/data/fmcsa-real loaded unedited; JSON records written
 * in both header spellings Socrata serves) run through the pipeline, and the API's answers checked
 * field by field against the raw rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/config.ts';
import { bindFile } from '../pipeline/adapters/index.ts';
import { readFirstLines } from '../pipeline/csv-lines.ts';
import { duckRows } from '../pipeline/duck.ts';
import { runDay } from '../pipeline/run-stages.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { hull, hullDay, REAL, smsCensusDay } from './helpers/published-days.ts';
import { freshDatabase } from './helpers/db.ts';
import { testPipeline, tempDir, type TestPipeline } from './pipeline-harness.ts';

const SHARED = path.resolve(ROOT, '..', 'shared', 'data', 'fmcsa-real');

describe('the real rows', () => {
  it.skipIf(!fs.existsSync(SHARED))('are unedited copies of shared/data/fmcsa-real', () => {
    for (const f of fs.readdirSync(SHARED)) {
      expect(fs.readFileSync(path.join(REAL, f)), f).toEqual(fs.readFileSync(path.join(SHARED, f)));
    }
  });

  it('bind to their layouts by content: both spellings, a header-less line, a header of its own naming', () => {
    const root = tempDir('real-bind-');
    const bind = (file: string) => bindFile(file, readFirstLines(file, 10))?.adapter.name;
    for (const spelling of ['rows', 'resource'] as const) {
      const dir = hullDay(root, spelling);
      expect([bind(path.join(dir, 'az4n-8mr2.csv')), bind(path.join(dir, '6eyk-hxee.csv')), bind(path.join(dir, 'qh9u-swkp.csv'))]).toEqual([
        'census147',
        'liCarrier',
        'liActPendIns',
      ]);
    }
    expect(bind(path.join(REAL, 'sms-census-kjg3-diqy.100-rows.csv'))).toBe('censusSms42'); // fax last
    expect(bind(path.join(REAL, 'ai-census1-header.txt'))).toBe('censusSms42'); // fax after telephone
    expect(bind(path.join(REAL, 'carrier_row_MC000675.txt'))).toBe('liCarrier');
    expect(bind(path.join(REAL, 'actpendins_rows.txt'))).toBe('liActPendIns');
    expect(bind(path.join(REAL, 'inshist_row.txt'))).toBe('liInsHist');
    expect(bind(path.join(REAL, 'li-revocation-2024-08-06.txt'))).toBe('liRevocation');
  });
});

let app: TestApp;
let env: TestPipeline;
let root: string;

beforeAll(async () => {
  app = await startApp();
  env = await testPipeline(app.db.pool);
  root = tempDir('real-days-');
});
afterAll(async () => {
  await env?.close();
  await app?.close();
});

describe('DOT 344554 (HULL COOPERATIVE ASSOCIATION) from its three published records', () => {
  let snapshotOf: Record<string, unknown>;

  beforeAll(async () => {
    const day = await runDay(env, hullDay(root, 'rows'));
    expect(day.status).toBe('succeeded');
    [snapshotOf] = await duckRows(env.duck.conn, `SELECT * FROM r${day.etl_run_id}.snapshot WHERE dot_number = '344554'`);
  });

  it('serves the profile field by field as the census and legacy Carrier records give it', async () => {
    const { data, response } = await app.api.GET('/v1/carriers/{dot_number}', { params: { path: { dot_number: '344554' } } });
    expect(response.status).toBe(200);
    const census = hull.census_az4n_8mr2;
    expect(data).toMatchObject({
      dot_number: census.dot_number,
      mc_number: census.docket1, // MC 421775
      legal_name: census.legal_name,
      dba_name: '',
      status: 'ACTIVE', // status_code A
      carrier_operation: census.carrier_operation, // A: interstate
      address: { street: census.phy_street, city: census.phy_city, state: census.phy_state, zip: census.phy_zip },
      contact: { phone: census.phone, email: census.email_address },
      fleet: { power_units: Number(census.power_units), drivers: Number(census.total_drivers) },
      mcs150: { date: '2025-04-29T00:00:00Z', mileage: Number(census.mcs150_mileage), mileage_year: Number(census.mcs150_mileage_year) },
      operation_classification: [census.classdef],
      operation_other: '',
      safety: { safety_rating: census.safety_rating },
    });
    // Contract authority A (common N, broker N): active, from the legacy archive.
    expect(data!.authority).toEqual({
      status: 'ACTIVE',
      common: 'NONE',
      contract: 'ACTIVE',
      common_authority_date: null,
      contract_authority_date: null,
      broker_authority: 'NONE',
      authorities: [{ docket: 'MC421775', authority: 'CONTRACT', status: 'ACTIVE', source: 'legacy' }],
      source: 'legacy',
    });
    // min_cov_amount 00750 and bipd_file 01000 are thousands; cargo_file and bond_file N.
    expect(data!.insurance).toEqual({
      bipd_required: 750_000,
      bipd_on_file: 1_000_000,
      cargo_filed: false,
      cargo_on_file: 0,
      bond_filed: false,
      bond_on_file: 0,
      max_bipd: 1_000_000,
      max_cargo: 0,
      active_policy_count: 1,
      next_expiration: null,
      source: 'legacy',
    });
    // It holds active authority: no authority flag.
    const codes = data!.risk_score!.flags.map((f) => f.code);
    expect(codes).not.toContain('NOT_AUTHORIZED');
    expect(codes).not.toContain('AUTHORITY_INACTIVE');
  });

  it('serves the ActPendInsur record as its active policy', async () => {
    const { data } = await app.api.GET('/v1/carriers/{dot_number}/insurance', { params: { path: { dot_number: '344554' } } });
    const ins = hull.actpendins_qh9u_swkp;
    expect(data!.policies).toEqual([
      {
        policy_type: 'BIPD', // mod_col_1 'BIPD/Primary'
        insurer_name: ins.name_company, // NATIONWIDE AGRIBUSINESS INSURANCE CO.
        policy_number: ins.policy_no, // CPP101046A
        coverage_amount: 1_000_000, // max_cov_amount 1000 (thousands)
        effective_date: '2015-01-01T00:00:00Z',
        expiration_date: null, // no cancl_effective_date: in force
        form_code: ins.ins_form_code, // 91X
        source: 'legacy',
      },
    ]);
  });

  it('reads the /resource spelling (lower case, mod_col_1, every field quoted) to the same snapshot', async () => {
    const db = await freshDatabase();
    const other = await testPipeline(db.pool);
    try {
      const day = await runDay(other, hullDay(root, 'resource'));
      const [row] = await duckRows(other.duck.conn, `SELECT * FROM r${day.etl_run_id}.snapshot WHERE dot_number = '344554'`);
      expect(row).toEqual(snapshotOf);
    } finally {
      await other.close();
      await db.drop();
    }
  });
});

/** A DD-MON-YY date as the SMS census writes it, ISO; two-digit years 69-99 are 19xx. */
function isoOfDdMonYy(s: string): string | null {
  const m = /^(\d{2})-([A-Z]{3})-(\d{2})$/.exec(s.trim().toUpperCase());
  if (!m) return null;
  const month = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'].indexOf(m[2]) + 1;
  const yy = Number(m[3]);
  return `${yy >= 69 ? 1900 + yy : 2000 + yy}-${String(month).padStart(2, '0')}-${m[1]}`;
}

/** The kjg3-diqy flags in CLASSDEF's words, in flag order (§5.2; OP_OTHER: a flag or words). */
const CLASSIFICATION: [string, string][] = [
  ['authorized_for_hire', 'AUTHORIZED FOR HIRE'],
  ['exempt_for_hire', 'EXEMPT FOR HIRE'],
  ['private_property', 'PRIVATE PROPERTY'],
  ['private_passenger_business', 'PRIVATE PASSENGER, BUSINESS'],
  ['private_passenger_nonbusiness', 'PRIVATE PASSENGER, NON-BUSINESS'],
  ['migrant', 'MIGRANT'],
  ['us_mail', 'U. S. MAIL'],
  ['federal_government', 'FEDERAL GOVERNMENT'],
  ['state_government', 'STATE GOVERNMENT'],
  ['local_government', 'LOCAL GOVERNMENT'],
  ['indian_tribe', 'INDIAN TRIBE'],
];

/** The sample's rows by header name (a plain CSV: no quoted commas in these 100 rows). */
function smsCensusRows(): Record<string, string>[] {
  const [header, ...lines] = fs.readFileSync(path.join(REAL, 'sms-census-kjg3-diqy.100-rows.csv'), 'utf8').trim().split('\n');
  const names = header.split(',');
  return lines.map((l) => {
    const cells = l.split(',');
    expect(cells.length).toBe(names.length);
    return Object.fromEntries(names.map((n, i) => [n, cells[i]]));
  });
}

describe('the SMS census sample (kjg3-diqy, 100 rows, FAX last) with real legacy text lines', () => {
  let runId: number;
  beforeAll(async () => {
    const day = await runDay(env, smsCensusDay(root));
    expect(day.status).toBe('succeeded');
    runId = day.etl_run_id!;
  });

  it('serves every row field by field as published', async () => {
    const rows = smsCensusRows();
    expect(rows).toHaveLength(100);
    for (const r of rows) {
      const { data, response } = await app.api.GET('/v1/carriers/{dot_number}', { params: { path: { dot_number: r.dot_number } } });
      expect(response.status, r.dot_number).toBe(200);
      const other = ['', 'N'].includes(r.op_other) ? '' : r.op_other;
      expect(data, r.dot_number).toMatchObject({
        legal_name: r.legal_name,
        dba_name: r.dba_name,
        status: 'ACTIVE',
        carrier_operation: r.carrier_operation,
        address: { street: r.phy_street.trim(), city: r.phy_city.toUpperCase(), state: r.phy_state.toUpperCase(), zip: r.phy_zip },
        contact: { phone: r.telephone.replace(/\D/g, '').replace(/^1(\d{10})$/, '$1'), email: r.email_address.toLowerCase() },
        fleet: { power_units: Number(r.nbr_power_unit), drivers: Number(r.driver_total) },
        mcs150: {
          date: isoOfDdMonYy(r.mcs150_date) && `${isoOfDdMonYy(r.mcs150_date)}T00:00:00Z`,
          mileage: Number(r.mcs150_mileage || 0),
          mileage_year: Number(r.mcs150_mileage_year || 0),
        },
        operation_classification: [...CLASSIFICATION.filter(([f]) => r[f] === 'true').map(([, w]) => w), ...(other ? ['OTHER'] : [])],
        operation_other: other,
      });
    }
  });

  it('flags missing authority only where FMCSA requires it: interstate for-hire carriers', async () => {
    const grades: Record<string, number> = {};
    const flags: Record<string, number> = {};
    for (const r of smsCensusRows()) {
      const { data } = await app.api.GET('/v1/carriers/{dot_number}', { params: { path: { dot_number: r.dot_number } } });
      const codes = data!.risk_score!.flags.map((f) => f.code);
      const needs = r.carrier_operation === 'A' && r.authorized_for_hire === 'true';
      expect(codes.includes('NOT_AUTHORIZED'), `${r.dot_number} ${r.carrier_operation} ${r.authorized_for_hire}`).toBe(needs);
      grades[data!.risk_score!.grade] = (grades[data!.risk_score!.grade] ?? 0) + 1;
      for (const c of codes) flags[c] = (flags[c] ?? 0) + 1;
    }
    // docs/risk-model.md quotes these distributions.
    console.info(`real SMS census sample: grades ${JSON.stringify(grades)}, flags ${JSON.stringify(flags)}`);
  });

  it('reads the legacy text lines as published', async () => {
    const q = <T>(sql: string) => duckRows<T>(env.duck.conn, sql);
    // carrier_row_MC000675.txt: common and contract I, amounts in thousands, CARGO/BOND_FILE N.
    expect(await q(`SELECT * EXCLUDE (_row, _error) FROM r${runId}.li_carrier`)).toEqual([
      {
        dot_number: '124159',
        docket_prefix: 'MC',
        docket_number: '675',
        common_status: 'INACTIVE',
        contract_status: 'INACTIVE',
        broker_status: 'NONE',
        common_rev_pend: false,
        contract_rev_pend: false,
        broker_rev_pend: false,
        bipd_required: 5_000_000,
        bipd_on_file: 1_500_000,
        cargo_filed: false,
        cargo_on_file: 0,
        bond_filed: false,
        bond_on_file: 0,
      },
    ]);
    // actpendins_rows.txt: the second line carries a date where the underlying limit belongs (a
    // shape the reference marks unverified): read, the limit unknown.
    const policies = await q<Record<string, unknown>>(
      `SELECT dot_number, docket_number, form_code, type_description, insurer_name, policy_number, coverage_amount,
              CAST(effective_date AS VARCHAR) AS effective_date, CAST(cancel_date AS VARCHAR) AS cancel_date
       FROM r${runId}.li_insurance ORDER BY policy_number`,
    );
    expect(policies).toEqual([
      {
        dot_number: '4553798', docket_number: '1808911', form_code: '91X', type_description: 'BIPD/Primary',
        insurer_name: 'NATIONAL FIRE & MARINE INSURANCE CO.', policy_number: '72TRS136977', coverage_amount: 300_000,
        effective_date: '2027-05-09', cancel_date: '2027-06-13',
      },
      {
        dot_number: '4349172', docket_number: '1700301', form_code: '91X', type_description: 'BIPD/Primary',
        insurer_name: 'UNITED FINANCIAL CASUALTY COMPANY', policy_number: 'CA872530460', coverage_amount: 1_500_000,
        effective_date: '2026-07-16', cancel_date: null,
      },
    ]);
    // inshist_row.txt: 17 fields, one amount unquoted.
    expect(await q(`SELECT dot_number, policy_number, form_code, CAST(cancel_date AS VARCHAR) AS cancel_date FROM r${runId}.li_inshist`)).toEqual([
      { dot_number: '280055', policy_number: 'T-0201715-DM', form_code: '91', cancel_date: '1995-04-16' },
    ]);
    // li-revocation-2024-08-06.txt: its own header line binds by name; 2,244 rows; 29 rows occur
    // more than once (55 repeats), all read; DOT 00000000 is none.
    const [rev] = await q<{ n: number; repeated: number; repeats: number; no_dot: number }>(
      `SELECT sum(c) AS n, count(*) FILTER (WHERE c > 1) AS repeated, sum(c - 1) AS repeats, sum(c) FILTER (WHERE dot_number IS NULL) AS no_dot
       FROM (SELECT dot_number, count(*) AS c FROM r${runId}.li_revocation
             GROUP BY docket_prefix, docket_number, dot_number, kind, order_type, serve_date, effective_date)`,
    );
    expect(rev).toMatchObject({ n: 2244, repeated: 29, repeats: 55 });
    expect(rev.no_dot).toBeGreaterThan(0);
  });

  it('reads the SMS Pass files together: a Pass row wins over PassProperty; percentile words are reasons', async () => {
    // DOTs 100115 and 1021580 are not in the census sample: the merged view, as the snapshot reads it.
    const pass = await duckRows<Record<string, unknown>>(
      env.duck.conn,
      `SELECT dot_number, has_percentiles, veh_maint_pct, hos_driv_pct_reason, veh_maint_pct_reason
       FROM r${runId}.sms_pass ORDER BY dot_number, has_percentiles DESC`,
    );
    expect(pass).toEqual([
      { dot_number: '100115', has_percentiles: true, veh_maint_pct: 4, hos_driv_pct_reason: null, veh_maint_pct_reason: null },
      { dot_number: '100115', has_percentiles: false, veh_maint_pct: null, hos_driv_pct_reason: 'Not public for property carriers', veh_maint_pct_reason: 'Not public for property carriers' },
      {
        dot_number: '1021580', has_percentiles: true, veh_maint_pct: null,
        hos_driv_pct_reason: 'Less than 3 driver inspections', veh_maint_pct_reason: 'Less than 5 vehicle inspections with violations',
      },
    ]);
  });
});
